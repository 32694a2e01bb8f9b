//! Archives given where a file of records belongs: each is named as what it is, with the command
//! that opens it, rather than as a format nothing reads.

use std::io::Read;
use std::path::Path;

use benchscope_contract::file_names::{is_utf16, Archive, UTF16_TEXT};

/// The bytes that tell an archive: a tar's header is 512.
const HEAD: u64 = 512;

/// What the file at `path` is said to be when it is an archive or UTF-16 text, told from its
/// first bytes (read past its gzip or zstd, if compressed); `None` for any other file.
pub fn archive_or_utf16_note(path: &Path) -> Option<String> {
    let mut head = Vec::new();
    super::compressed::open(path).ok()?.take(HEAD).read_to_end(&mut head).ok()?;
    if is_utf16(&head) {
        return Some(UTF16_TEXT.to_string());
    }
    archive_kind(&head)
}

/// The note for a file starting with `head` when it is an archive.
pub fn archive_kind(head: &[u8]) -> Option<String> {
    Archive::of_start(head).map(|archive| match archive.holds_files() {
        true => format!("{} and give the folder, or the files, it holds", archive.named()),
        false => format!("{}, then give it again", archive.named()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zip_and_tar_are_told_by_their_headers() {
        assert!(archive_kind(b"PK\x03\x04rest").is_some_and(|n| n.starts_with("a zip archive")));
        let mut tar = vec![0u8; 512];
        tar[257..262].copy_from_slice(b"ustar");
        assert!(archive_kind(&tar).is_some_and(|n| n.starts_with("a tar archive")));
        assert_eq!(archive_kind(b"{\"a\": 1}"), None);
        assert_eq!(archive_kind(b""), None);
    }
}
