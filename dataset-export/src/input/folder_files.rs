//! The files below a folder, walked with stacks rather than by recursion. A folder linked to
//! from inside itself (`up -> ..`), or reached by two names, is walked once: its real path is
//! remembered, so a loop of links ends rather than walking for ever. Folders reached without a
//! link are walked first, so a folder keeps its own name rather than a link's (`latest -> run-2`).

use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// Every file below `dir`, sorted.
pub fn files_below(dir: &Path) -> Vec<PathBuf> {
    files_below_where(dir, |_| false, usize::MAX)
}

/// Every file below `dir`, sorted, passing over the folders and files whose name `skip` holds
/// for, and at most `max` of them: the walk stops after the folder that reaches `max`, a bound
/// for a folder too large to be what was meant.
pub fn files_below_where(dir: &Path, skip: impl Fn(&str) -> bool, max: usize) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut walked = HashSet::new();
    let (mut folders, mut linked) = (vec![dir.to_path_buf()], Vec::new());
    while let Some(d) = folders.pop().or_else(|| linked.pop()) {
        let first_time = std::fs::canonicalize(&d).is_ok_and(|real| walked.insert(real));
        if !first_time {
            continue;
        }
        let Ok(entries) = std::fs::read_dir(&d) else { continue };
        let mut entries: Vec<_> = entries.flatten().filter(|e| !skip(&e.file_name().to_string_lossy())).collect();
        entries.sort_by_key(|e| e.file_name());
        for entry in entries.into_iter().rev() {
            let path = entry.path();
            if !path.is_dir() {
                out.push(path);
            } else if entry.file_type().is_ok_and(|t| t.is_symlink()) {
                linked.push(path);
            } else {
                folders.push(path);
            }
        }
        if out.len() >= max {
            break;
        }
    }
    out.sort();
    out.truncate(max);
    out
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    /// `runs/a/up -> ..`: walked link by link, the file was found again below every `up`, until
    /// the system refused a path of forty links; with a second such link the walk never ended.
    #[test]
    fn a_loop_of_links_is_walked_once() {
        let tmp = tempfile::tempdir().unwrap();
        let runs = tmp.path().join("runs");
        std::fs::create_dir_all(runs.join("a")).unwrap();
        std::fs::write(runs.join("a/report.json"), "{}").unwrap();
        std::os::unix::fs::symlink("..", runs.join("a/up")).unwrap();

        assert_eq!(files_below(&runs), vec![runs.join("a/report.json")]);
    }

    /// A folder linked from beside it (`latest -> run-2`, sorting before it) is walked once,
    /// under its own name.
    #[test]
    fn a_folder_reached_by_two_names_is_walked_once_under_its_own() {
        let tmp = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(tmp.path().join("run-2")).unwrap();
        std::fs::write(tmp.path().join("run-2/report.json"), "{}").unwrap();
        std::os::unix::fs::symlink("run-2", tmp.path().join("latest")).unwrap();

        assert_eq!(files_below(tmp.path()), vec![tmp.path().join("run-2/report.json")]);
    }

    /// At most `max` files of a folder: the first by name, whatever order the system lists them in.
    #[test]
    fn the_files_kept_under_a_cap_are_the_first_by_name() {
        let tmp = tempfile::tempdir().unwrap();
        for name in ["c", "a", "d", "b"] {
            std::fs::write(tmp.path().join(name), "").unwrap();
        }
        let names: Vec<_> = files_below_where(tmp.path(), |_| false, 2)
            .into_iter()
            .map(|p| p.file_name().unwrap().to_owned())
            .collect();
        assert_eq!(names, ["a", "b"]);
    }
}
