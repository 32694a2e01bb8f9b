//! Archives given where a file of records belongs: runs and datasets are shared as `.tar.gz` or
//! `.zip` files, and each is named as what it is, with the command that opens it, rather than as
//! a format nothing reads.

use std::io::Read;
use std::path::Path;

/// Where a tar header says `ustar`, and how long the header is.
const TAR_MAGIC_AT: usize = 257;
const TAR_HEADER: usize = 512;

/// What the file at `path` is said to be when it is an archive (read past its gzip or zstd, if
/// compressed); `None` for any other file.
pub fn archive_note(path: &Path) -> Option<&'static str> {
    let mut head = Vec::with_capacity(TAR_HEADER);
    super::compressed::open(path)
        .ok()?
        .take(TAR_HEADER as u64)
        .read_to_end(&mut head)
        .ok()?;
    archive_kind(&head)
}

/// The note for a file starting with `head` (its first 512 bytes) when it is an archive.
pub fn archive_kind(head: &[u8]) -> Option<&'static str> {
    if head.starts_with(b"PK\x03\x04") {
        Some("a zip archive: extract it (unzip) and give the folder, or the files, it holds")
    } else if head.get(TAR_MAGIC_AT..TAR_MAGIC_AT + 5) == Some(b"ustar") {
        Some("a tar archive: extract it (tar -xf) and give the folder, or the files, it holds")
    } else {
        None
    }
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
