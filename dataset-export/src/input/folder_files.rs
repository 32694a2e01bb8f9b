//! The files below a folder, walked with a stack rather than by recursion.

use std::path::{Path, PathBuf};

/// Every file below `dir`, sorted.
pub fn files_below(dir: &Path) -> Vec<PathBuf> {
    files_below_where(dir, |_| false, usize::MAX)
}

/// Every file below `dir`, sorted, passing over the folders and files whose name `skip` holds
/// for, and at most `max` of them.
pub fn files_below_where(dir: &Path, skip: impl Fn(&str) -> bool, max: usize) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else { continue };
        for entry in entries.flatten() {
            if skip(&entry.file_name().to_string_lossy()) {
                continue;
            }
            if out.len() >= max {
                out.sort();
                return out;
            }
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}
