//! The file-level rules of a data directory: which names may be path components, how a file is
//! described in the manifest, and how one is replaced without a reader ever seeing half of it.

use std::path::{Path, PathBuf};

use anyhow::Context;
use benchscope_contract::FileEntry;
use sha2::{Digest, Sha256};

/// Whether `name` can be used as a path component of the data directory.
pub fn is_safe_name(name: &str) -> bool {
    !name.is_empty() && name != "." && name != ".." && name.bytes().all(|b| b.is_ascii_alphanumeric() || b"._-".contains(&b))
}

/// An instance id as a file name: anything but letters, digits, `.`, `_` and `-` becomes `_`.
/// An id changed that way also gets 64 bits of its SHA-256, so that ids differing only in such
/// characters (`a/b`, `a:b`, `a_b`) never share a file and overwrite each other's log or
/// trajectory; an id that is already a safe name is its own file name.
pub fn file_name_for(instance: &str) -> String {
    let name: String = instance
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || "._-".contains(c) { c } else { '_' })
        .collect();
    if name == instance && !name.is_empty() && !name.starts_with('.') {
        return name;
    }
    let digest = hex(&Sha256::digest(instance.as_bytes())[..8]);
    format!("{}-{digest}", name.trim_start_matches('.'))
}

/// The manifest's description of a file: its path, size and SHA-256.
pub fn file_entry(path: &str, bytes: &[u8]) -> FileEntry {
    FileEntry {
        path: path.to_string(),
        bytes: bytes.len() as u64,
        sha256: hex(&Sha256::digest(bytes)),
    }
}

/// Lower-case hexadecimal, as the manifest stores hashes.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Writes `bytes` at `path`, creating its folders first.
pub fn write_file(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).with_context(|| format!("cannot create {}", parent.display()))?;
    }
    std::fs::write(path, bytes).with_context(|| format!("cannot write {}", path.display()))
}

/// Writes `bytes` to a sibling temporary file, then renames it over `path`.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let tmp: PathBuf = path.with_extension(format!("partial-{}", std::process::id()));
    std::fs::write(&tmp, bytes).with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("cannot replace {}", path.display()))?;
    Ok(())
}

/// What wrote a manifest: this program and its version.
pub fn generator() -> String {
    format!("benchscope {}", env!("CARGO_PKG_VERSION"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_safe_id_is_its_own_file_name() {
        assert_eq!(file_name_for("django__django-11099"), "django__django-11099");
        assert_eq!(file_name_for("a.b_c-1"), "a.b_c-1");
    }

    #[test]
    fn ids_that_differ_only_in_unsafe_characters_get_different_names() {
        let ids = ["a/b", "a:b", "a b", "a_b", "a\\b", "a\u{e9}b", "a_b-0000000000000000"];
        let names: std::collections::BTreeSet<String> = ids.iter().map(|id| file_name_for(id)).collect();
        assert_eq!(names.len(), ids.len(), "{names:?}");
        for name in &names {
            assert!(is_safe_name(name), "{name}");
        }
    }

    #[test]
    fn a_name_never_hides_as_a_dot_file_or_climbs_out() {
        for id in [".hidden", "..", ".", "../etc/passwd", "/abs", ""] {
            assert!(!file_name_for(id).is_empty(), "{id:?}");
            let name = file_name_for(id);
            assert!(!name.starts_with('.'), "{id:?} -> {name:?}");
            assert!(!name.contains('/'), "{id:?} -> {name:?}");
        }
        assert_ne!(file_name_for(".hidden"), file_name_for("hidden"));
    }
}
