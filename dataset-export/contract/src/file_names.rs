//! Files given compressed: told by their first bytes ([`Compression::of_start`]), and named
//! without their compression suffix (`a.jsonl.gz` is read, and named, as `a.jsonl`). The CLI
//! reads gzip and zstd; the explorer, whose browser decompresses gzip alone, says so of zstd.

/// How a file is compressed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Compression {
    /// gzip (`.gz`), one member or several.
    Gzip,
    /// Zstandard (`.zst`, `.zstd`).
    Zstd,
}

const GZIP_MAGIC: &[u8] = &[0x1f, 0x8b];
const ZSTD_MAGIC: &[u8] = &[0x28, 0xb5, 0x2f, 0xfd];

impl Compression {
    /// The compression whose magic `start` (a file's first bytes, four are enough) begins with.
    pub fn of_start(start: &[u8]) -> Option<Self> {
        if start.starts_with(GZIP_MAGIC) {
            Some(Compression::Gzip)
        } else if start.starts_with(ZSTD_MAGIC) {
            Some(Compression::Zstd)
        } else {
            None
        }
    }

    /// "gzip", "zstd".
    pub fn name(self) -> &'static str {
        match self {
            Compression::Gzip => "gzip",
            Compression::Zstd => "zstd",
        }
    }
}

/// The UTF-8 byte order mark, which editors on Windows save before a file's text.
pub const BYTE_ORDER_MARK: &[u8] = b"\xEF\xBB\xBF";

/// `bytes` past a UTF-8 byte order mark, if they start with one.
pub fn without_byte_order_mark(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix(BYTE_ORDER_MARK).unwrap_or(bytes)
}

/// What a file in UTF-16 is said to be, by the CLI and the explorer alike: both read UTF-8.
pub const UTF16_TEXT: &str = "UTF-16 text (as Windows PowerShell's `>` writes it), not UTF-8: save it as UTF-8";

/// Whether a file starting with `start` is UTF-16 text, told by its byte order mark.
pub fn is_utf16(start: &[u8]) -> bool {
    start.starts_with(&[0xFF, 0xFE]) || start.starts_with(&[0xFE, 0xFF])
}

/// An archive given where a file of records belongs (runs and datasets are shared as `.tar.gz`
/// or `.zip` files), or a file in a compression neither the CLI nor a browser reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Archive {
    /// `.zip`.
    Zip,
    /// `.tar`, `.tar.gz` once inflated.
    Tar,
    /// `.7z`.
    SevenZip,
    /// One file compressed with xz (`.xz`).
    Xz,
    /// One file compressed with bzip2 (`.bz2`).
    Bzip2,
}

impl Archive {
    /// The archive a file starting with `head` is, told by its header: its first bytes, or a
    /// tar's `ustar` at byte 257 (so 262 bytes are enough).
    pub fn of_start(head: &[u8]) -> Option<Self> {
        let bzip2 = |head: &[u8]| head.starts_with(b"BZh") && head.get(3).is_some_and(|level| (b'1'..=b'9').contains(level));
        if head.starts_with(b"PK\x03\x04") {
            Some(Archive::Zip)
        } else if head.get(257..262) == Some(b"ustar") {
            Some(Archive::Tar)
        } else if head.starts_with(b"7z\xBC\xAF\x27\x1C") {
            Some(Archive::SevenZip)
        } else if head.starts_with(b"\xFD7zXZ\x00") {
            Some(Archive::Xz)
        } else if bzip2(head) {
            Some(Archive::Bzip2)
        } else {
            None
        }
    }

    /// What the archive is called, and the command that extracts it.
    pub fn named(self) -> &'static str {
        match self {
            Archive::Zip => "a zip archive: extract it (unzip)",
            Archive::Tar => "a tar archive: extract it (tar -xf)",
            Archive::SevenZip => "a 7-Zip archive: extract it (7z x)",
            Archive::Xz => "compressed with xz, which is not read here: decompress it (xz -d) or gzip it",
            Archive::Bzip2 => "compressed with bzip2, which is not read here: decompress it (bunzip2) or gzip it",
        }
    }

    /// Whether it holds files (a folder's worth), rather than being one file compressed.
    pub fn holds_files(self) -> bool {
        matches!(self, Archive::Zip | Archive::Tar | Archive::SevenZip)
    }
}

/// The suffixes of the compressions the CLI reads.
pub const COMPRESSION_SUFFIXES: [&str; 3] = [".gz", ".zst", ".zstd"];

/// `name` less `suffix`, whatever its case; `None` when it does not end so.
pub fn strip_suffix_ignoring_case<'a>(name: &'a str, suffix: &str) -> Option<&'a str> {
    let cut = name.len().checked_sub(suffix.len())?;
    (name.is_char_boundary(cut) && name[cut..].eq_ignore_ascii_case(suffix)).then(|| &name[..cut])
}

/// `name` without a compression suffix (`a.jsonl.gz` is `a.jsonl`).
pub fn plain_name(name: &str) -> &str {
    COMPRESSION_SUFFIXES
        .iter()
        .find_map(|suffix| strip_suffix_ignoring_case(name, suffix))
        .unwrap_or(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_compression_is_told_by_its_magic() {
        assert_eq!(Compression::of_start(&[0x1f, 0x8b, 0x08, 0x00]), Some(Compression::Gzip));
        assert_eq!(Compression::of_start(&[0x28, 0xb5, 0x2f, 0xfd, 0x24]), Some(Compression::Zstd));
        assert_eq!(Compression::of_start(&[0x28, 0xb5, 0x2f]), None, "cut short");
        assert_eq!(Compression::of_start(b"{\"id\""), None);
        assert_eq!(Compression::of_start(&[]), None);
    }

    #[test]
    fn archives_and_compressions_not_read_are_told_by_their_headers() {
        assert_eq!(Archive::of_start(b"7z\xBC\xAF\x27\x1C\x00\x04"), Some(Archive::SevenZip));
        assert_eq!(Archive::of_start(b"\xFD7zXZ\x00\x00\x04"), Some(Archive::Xz));
        assert_eq!(Archive::of_start(b"BZh91AY&SY"), Some(Archive::Bzip2));
        assert_eq!(Archive::of_start(b"BZh"), None, "cut short");
        assert_eq!(Archive::of_start(b"BZhello"), None);
        assert!(!Archive::Xz.holds_files() && Archive::SevenZip.holds_files());
    }

    #[test]
    fn plain_names_lose_only_a_compression_suffix() {
        assert_eq!(plain_name("a.jsonl.gz"), "a.jsonl");
        assert_eq!(plain_name("a.traj.ZST"), "a.traj");
        assert_eq!(plain_name("a.json.zstd"), "a.json");
        assert_eq!(plain_name("a.json"), "a.json");
        assert_eq!(plain_name(".gz"), "");
        assert_eq!(plain_name("é.gz"), "é");
        assert_eq!(strip_suffix_ignoring_case("run.JSON.GZ", ".gz"), Some("run.JSON"));
        assert_eq!(strip_suffix_ignoring_case("é", ".gz"), None, "shorter than the suffix");
        assert_eq!(strip_suffix_ignoring_case("xé", "éé"), None);
    }
}
