//! SWE-smith's task instances, SWE-bench's shape with the patch the other way round: its
//! `patch` puts the bug in (the harness applies it to make the task, and applies it reversed as
//! the gold solution). Such a row keeps that diff as its bug patch, and its gold patch is the
//! diff reversed. A row is SWE-smith's when its repository is one of SWE-smith's mirrors
//! (`swesmith/owner__name.commit`) or its image is one of SWE-smith's.

use benchscope_contract::{Instance, PatchRole, RolePatch};
use serde_json::{Map, Value};

use super::reversed_diff::reversed_diff;

/// Whether the record, its core fields taken, is a SWE-smith task instance.
pub fn is_swe_smith(instance: &Instance, rest: &Map<String, Value>) -> bool {
    let image = rest.get("image_name").and_then(Value::as_str).unwrap_or_default();
    upstream_of(&instance.repo).is_some() || image.contains("swesmith")
}

/// The upstream `owner/name` of a SWE-smith mirror (`swesmith/oauthlib__oauthlib.1fd52536`).
pub fn upstream_of(repo: &str) -> Option<String> {
    let (owner_name, _commit) = mirror_parts(repo)?;
    let (owner, name) = owner_name.split_once("__")?;
    (!owner.is_empty() && !name.is_empty()).then(|| format!("{owner}/{name}"))
}

/// The upstream commit a SWE-smith mirror holds, as its name abbreviates it (`1fd52536`): the
/// commit its tasks start from, before the bug patch.
pub fn mirror_commit(repo: &str) -> Option<&str> {
    let (_, commit) = mirror_parts(repo)?;
    (commit.len() >= 7 && commit.bytes().all(|b| b.is_ascii_hexdigit())).then_some(commit)
}

fn mirror_parts(repo: &str) -> Option<(&str, &str)> {
    repo.strip_prefix("swesmith/")?.rsplit_once('.')
}

/// Turns the published patch into the bug patch, and puts its reverse first as the gold patch
/// (none where the diff cannot be reversed: a binary patch).
pub fn bug_patch_reversed(instance: &mut Instance) {
    let Some(at) = instance.patches.iter().position(|p| p.role == PatchRole::Gold) else {
        return;
    };
    instance.patches[at].role = PatchRole::Bug;
    if let Some(fix) = reversed_diff(&instance.patches[at].diff) {
        instance.patches.insert(
            0,
            RolePatch {
                role: PatchRole::Gold,
                diff: fix,
            },
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mirror_names_its_upstream() {
        assert_eq!(
            upstream_of("swesmith/oauthlib__oauthlib.1fd52536").as_deref(),
            Some("oauthlib/oauthlib")
        );
        assert_eq!(
            upstream_of("swesmith/pydantic__pydantic.acb0f10f").as_deref(),
            Some("pydantic/pydantic")
        );
        assert_eq!(mirror_commit("swesmith/oauthlib__oauthlib.1fd52536"), Some("1fd52536"));
        for not_a_mirror in ["oauthlib/oauthlib", "swesmith/plain", "swesmith/__x.abc", "other/o__n.abc"] {
            assert_eq!(upstream_of(not_a_mirror), None, "{not_a_mirror}");
            assert_eq!(mirror_commit(not_a_mirror), None, "{not_a_mirror}");
        }
    }

    #[test]
    fn the_published_patch_becomes_the_bug_and_its_reverse_the_gold() {
        let bug = "diff --git a/m.py b/m.py\n--- a/m.py\n+++ b/m.py\n@@ -1 +1 @@\n-return a + b\n+return a - b\n";
        let mut instance = Instance {
            patches: vec![RolePatch {
                role: PatchRole::Gold,
                diff: bug.into(),
            }],
            ..Instance::default()
        };
        bug_patch_reversed(&mut instance);
        assert_eq!(instance.patch(PatchRole::Bug).unwrap().diff, bug);
        assert_eq!(
            instance.patch(PatchRole::Gold).unwrap().diff,
            "diff --git a/m.py b/m.py\n--- a/m.py\n+++ b/m.py\n@@ -1 +1 @@\n-return a - b\n+return a + b\n"
        );
        assert_eq!(instance.patches[0].role, PatchRole::Gold, "the gold patch shows first");
    }
}
