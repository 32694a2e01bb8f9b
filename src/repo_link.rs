//! Where a repository lives on GitHub, and the pull request a task came from, for the links the
//! pages draw to them.

use serde_json::Value;

/// `https://github.com/owner/name` for a repository named `owner/name`; nothing for a name no
/// GitHub repository has. SWE-Dev names a repository by its package alone (`advertools`), and
/// `github.com/advertools` is an account's page, not the repository.
pub fn github_url(repo: &str) -> Option<String> {
    let (owner, name) = repo.split_once('/')?;
    let valid = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b));
    (valid(owner) && valid(name)).then(|| format!("https://github.com/{owner}/{name}"))
}

/// The pull request an id names: SWE-bench's collection names a task `owner__name-<pull number>`
/// (`(repo + "-" + number).replace("/", "__")`), as do the benchmarks built the same way (FEA-Bench,
/// SWE-Gym, SWE-rebench, SWE-bench-Live, Multi-SWE-bench). Only an id that spells this instance's
/// repository counts: SWE-smith's and FeatureBench's ids, which add a commit, name none.
pub fn pull_number_in_id(id: &str, repo: &str) -> Option<u64> {
    let (owner, name) = repo.split_once('/')?;
    let number = id.strip_prefix(owner)?.strip_prefix("__")?.strip_prefix(name)?.strip_prefix('-')?;
    number_in_text(number)
}

/// A pull request's or an issue's number as records write one: a JSON integer, or its digits as
/// a string (SWE-bench's collection writes `issue_numbers` as strings).
pub fn number_of(value: &Value) -> Option<u64> {
    match value {
        Value::Number(n) => n.as_u64().filter(|n| *n > 0),
        Value::String(s) => number_in_text(s),
        _ => None,
    }
}

/// A non-empty list of numbers, every one well formed.
pub fn numbers_of(value: &Value) -> Option<Vec<u64>> {
    let numbers: Vec<u64> = value.as_array()?.iter().map(number_of).collect::<Option<_>>()?;
    (!numbers.is_empty()).then_some(numbers)
}

/// Digits with no leading zero.
fn number_in_text(text: &str) -> Option<u64> {
    let well_formed = !text.is_empty() && !text.starts_with('0') && text.bytes().all(|b| b.is_ascii_digit());
    well_formed.then(|| text.parse().ok()).flatten()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn numbers_are_integers_or_their_digits() {
        assert_eq!(number_of(&json!(270)), Some(270));
        assert_eq!(number_of(&json!("10227")), Some(10227));
        for bad in [
            json!(0),
            json!(-3),
            json!(1.5),
            json!("12a"),
            json!(""),
            json!("007"),
            json!(null),
            json!([1]),
        ] {
            assert_eq!(number_of(&bad), None, "{bad}");
        }
        assert_eq!(numbers_of(&json!(["30351", 30352])), Some(vec![30351, 30352]));
        assert_eq!(numbers_of(&json!([])), None);
        assert_eq!(numbers_of(&json!(["30351", "x"])), None);
    }

    #[test]
    fn an_id_names_its_pull_request_only_when_it_spells_the_repository() {
        assert_eq!(pull_number_in_id("django__django-11001", "django/django"), Some(11001));
        assert_eq!(pull_number_in_id("pylint-dev__pylint-5859", "pylint-dev/pylint"), Some(5859));
        assert_eq!(pull_number_in_id("Lightning-AI__lightning-1", "Lightning-AI/lightning"), Some(1));
        for (id, repo) in [
            ("django__django-11001", "django/other"),
            ("django__django-11001", "django"),
            ("django__django-", "django/django"),
            ("django__django-011", "django/django"),
            ("django__django-11a", "django/django"),
            ("django__django-11 ", "django/django"),
            ("django__django-99999999999999999999999", "django/django"),
            ("astropy__astropy.b0db0daa.test_basic_rgb.067e927c.lv2", "astropy/astropy"),
            ("acme__widgets.abc12345.combine_file__09vlzh3c", "swesmith/acme__widgets.abc12345"),
            ("advertools-test_reverse_dns_lookup-level1", "advertools"),
        ] {
            assert_eq!(pull_number_in_id(id, repo), None, "{id} in {repo}");
        }
    }

    #[test]
    fn only_an_owner_and_a_name_make_an_address() {
        assert_eq!(github_url("django/django").as_deref(), Some("https://github.com/django/django"));
        assert_eq!(
            github_url("Lightning-AI/pytorch-lightning").as_deref(),
            Some("https://github.com/Lightning-AI/pytorch-lightning")
        );
        assert_eq!(
            github_url("pydata/xarray.js").as_deref(),
            Some("https://github.com/pydata/xarray.js")
        );
        for name in ["advertools", "", "/name", "owner/", "a/b/c", "o/r?x=1", "o/r#x", "o wner/r"] {
            assert_eq!(github_url(name), None, "{name:?}");
        }
    }
}
