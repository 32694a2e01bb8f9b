//! Where a repository lives on GitHub, for the links the pages draw to it.

/// `https://github.com/owner/name` for a repository named `owner/name`; nothing for a name no
/// GitHub repository has. SWE-Dev names a repository by its package alone (`advertools`), and
/// `github.com/advertools` is an account's page, not the repository.
pub fn github_url(repo: &str) -> Option<String> {
    let (owner, name) = repo.split_once('/')?;
    let valid = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b));
    (valid(owner) && valid(name)).then(|| format!("https://github.com/{owner}/{name}"))
}

#[cfg(test)]
mod tests {
    use super::*;

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
