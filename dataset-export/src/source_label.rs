//! How a run names the file it came from once published: a path on the author's machine says
//! nothing to a reader and may say who the author is (`/home/alice/...`), so an absolute path is
//! written from `.`, the folder the command ran in, when it lies below it, and from `~`, the home
//! folder, otherwise. A relative path, or a leaderboard's name, is kept as given.

use std::path::{Path, PathBuf};

/// `source` as a published run states it, the command having run in `current` with `home`.
pub fn published_source(source: &str, current: Option<&Path>, home: Option<&Path>) -> String {
    let path = Path::new(source);
    if !path.is_absolute() {
        return source.to_string();
    }
    if let Some(inside) = current.and_then(|dir| path.strip_prefix(dir).ok()) {
        return from_mark(".", inside);
    }
    match home.and_then(|dir| path.strip_prefix(dir).ok()) {
        Some(inside) => from_mark("~", inside),
        None => source.to_string(),
    }
}

/// `inside` written from the folder `mark` stands for.
fn from_mark(mark: &str, inside: &Path) -> String {
    match inside.as_os_str().is_empty() {
        true => mark.to_string(),
        false => Path::new(mark).join(inside).display().to_string(),
    }
}

/// [`published_source`] for this process's folder and home.
pub fn published_source_here(source: &str) -> String {
    let current = std::env::current_dir().ok();
    let home = std::env::var_os("HOME").map(PathBuf::from).filter(|h| h.is_absolute());
    published_source(source, current.as_deref(), home.as_deref())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn label(source: &str) -> String {
        published_source(source, Some(Path::new("/work/site")), Some(Path::new("/home/alice")))
    }

    #[test]
    fn a_path_below_the_working_folder_is_written_from_it() {
        assert_eq!(label("/work/site/runs/report.json"), "./runs/report.json");
    }

    #[test]
    fn a_path_in_the_home_folder_hides_whose_it_is() {
        assert_eq!(label("/home/alice/evals/lite/report.json"), "~/evals/lite/report.json");
    }

    #[test]
    fn other_paths_and_names_are_kept_as_given() {
        assert_eq!(label("/tmp/predictions.jsonl"), "/tmp/predictions.jsonl");
        assert_eq!(label("../shared/leaderboards.json"), "../shared/leaderboards.json");
        assert_eq!(label("swe-bench.github.io"), "swe-bench.github.io");
        assert_eq!(label("/work/sitemap.json"), "/work/sitemap.json");
    }

    #[test]
    fn the_folders_themselves_are_named_by_their_marks() {
        assert_eq!(label("/work/site"), ".");
        assert_eq!(label("/home/alice"), "~");
    }
}
