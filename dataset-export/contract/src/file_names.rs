//! Names of files given compressed: `a.jsonl.gz` is read, and named, as `a.jsonl`. The CLI strips
//! every compression suffix it reads; the explorer, which reads gzip alone, strips `.gz`.

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
