//! Counted nouns and repositories' short names, as the explorer's pages and the CLI's summaries
//! write them.

/// "1 file", "3 files".
pub fn plural(count: usize, noun: &str) -> String {
    if count == 1 {
        format!("1 {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

/// `one` for a count of one, `many` for any other: the verb or pronoun that agrees with a count
/// ("is"/"are", "names"/"name", "it"/"them").
pub fn agreeing<'a>(count: usize, one: &'a str, many: &'a str) -> &'a str {
    if count == 1 {
        one
    } else {
        many
    }
}

/// A repository's name without its owner (`flask` for `pallets/flask`): how a chart labels it,
/// and so the order repositories are listed in beside one.
pub fn repo_name(repo: &str) -> &str {
    repo.rsplit('/').next().unwrap_or(repo)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular_and_any_other_count_plural() {
        assert_eq!(plural(1, "instance"), "1 instance");
        assert_eq!(plural(0, "error"), "0 errors");
        assert_eq!(plural(300, "instance"), "300 instances");
        assert_eq!(agreeing(1, "is", "are"), "is");
        assert_eq!(agreeing(0, "is", "are"), "are");
        assert_eq!(agreeing(2, "names", "name"), "name");
    }
}
