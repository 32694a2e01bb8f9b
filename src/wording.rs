//! Counted nouns, amounts and names, as the pages write them.

use std::collections::HashMap;

use benchscope_contract::list::facet_label;
use benchscope_contract::outcomes::{aspect_of_facet, run_facet, run_of_facet, RUN_FACET_PREFIX};
use benchscope_contract::site::View;
use benchscope_contract::RunEntry;

pub use benchscope_contract::wording::plural;

/// The window's title, as a tab, a bookmark and the browser's history name the page: the open
/// instance's id or the view's name, before the site's (`django__django-11001 · Benchscope`). The
/// view the site opens on (`default`, which a bare URL shows) is named by the site alone.
pub fn page_title(site: &str, instance: Option<&str>, view: Option<View>, default: View) -> String {
    match (instance, view.unwrap_or(default)) {
        (Some(id), _) => format!("{id} · {site}"),
        (None, view) if view != default => format!("{} · {site}", view.label()),
        _ => site.to_string(),
    }
}

/// What a run spent on an instance: "$0.23 · 14 calls", either part alone, or nothing.
pub fn spent(cost: Option<f64>, calls: Option<u64>) -> String {
    let cost = cost.map(|c| format!("${c:.2}"));
    let calls = calls.map(|n| plural(n as usize, "call"));
    cost.into_iter().chain(calls).collect::<Vec<_>>().join(" · ")
}

/// Runs' names as a reader sees them, in order, from each run's `(id, system name)`: the name, or
/// where another of `runs` has the same name, the name followed by the run's id in parentheses
/// (less the name, when the id starts with it and a `.`, `-` or `_`). Real boards list one
/// system's runs under one name (devlo three times on SWE-bench Verified), and a campaign's report
/// and its logs imported as two runs keep one model's name.
pub fn run_labels(runs: &[(&str, &str)]) -> Vec<String> {
    let mut count: HashMap<&str, usize> = HashMap::new();
    for (_, name) in runs {
        *count.entry(name).or_default() += 1;
    }
    runs.iter()
        .map(|&(id, name)| match count[name] > 1 && id != name {
            true => format!("{name} ({})", id_beyond_name(id, name)),
            false => name.to_string(),
        })
        .collect()
}

/// Run id → the name the pages call it by: its system's name, with its id where another of
/// `runs` has that name ([`run_labels`]).
pub fn run_names(runs: &[RunEntry]) -> HashMap<String, String> {
    let pairs: Vec<(&str, &str)> = runs.iter().map(|r| (r.id.as_str(), r.system.name.as_str())).collect();
    runs.iter().map(|r| r.id.clone()).zip(run_labels(&pairs)).collect()
}

/// A facet's name for readers: a run's facet, and each aspect of its trajectories, by the run's
/// name as the leaderboard and the charts call it (`Run: navigator · gemini/gemini-3-flash-preview`,
/// `… · steps`), where `run_names` (run id → name) holds the run; any other as [`facet_label`]
/// spells it (a run not loaded by its id).
pub fn facet_title(facet: &str, run_names: &HashMap<String, String>) -> String {
    let run = run_of_facet(facet);
    let named = run
        .starts_with(RUN_FACET_PREFIX)
        .then(|| run_names.iter().find(|(id, _)| run_facet(id) == run))
        .flatten();
    match (named, aspect_of_facet(facet)) {
        (Some((_, name)), Some(aspect)) => format!("Run: {name} · {aspect}"),
        (Some((_, name)), None) => format!("Run: {name}"),
        (None, _) => facet_label(facet),
    }
}

/// [`facet_title`] within a sentence ("% resolved by files changed"): its first letter in lower
/// case, unless it starts an abbreviation (`SWE-type` stays).
pub fn facet_in_sentence(facet: &str, run_names: &HashMap<String, String>) -> String {
    let mut title = facet_title(facet, run_names);
    let mut letters = title.chars();
    let starts_abbreviation =
        letters.next().is_some_and(|c| c.is_ascii_uppercase()) && letters.next().is_some_and(|c| c.is_ascii_uppercase());
    if !starts_abbreviation {
        if let Some(first) = title.get_mut(..1) {
            first.make_ascii_lowercase();
        }
    }
    title
}

/// What run `id` adds to its system's `name`: `tonight` for `glm-5.3.tonight` named `glm-5.3`.
fn id_beyond_name<'a>(id: &'a str, name: &str) -> &'a str {
    id.strip_prefix(name)
        .and_then(|rest| rest.strip_prefix(['.', '-', '_']))
        .filter(|rest| !rest.is_empty())
        .unwrap_or(id)
}

/// What tells `names` apart: each less the start they all share, when that start ends a word
/// (at a `-`, `_` or `.`): `swe-bench-lite` beside `swe-bench-verified` is `lite`, beside it
/// `verified`. Where no such start is shared, or a name would be left empty (`swe-bench` beside
/// `swe-bench-lite`), the names are whole.
pub fn distinct_parts<'a>(names: &[&'a str]) -> Vec<&'a str> {
    let Some(first) = names.first() else { return Vec::new() };
    let shared = names.iter().fold(first.len(), |len, name| shared_start(&first[..len], name));
    let start = &first[..shared];
    let cut = start.ends_with(['-', '_', '.']) && names.iter().all(|name| name.len() > shared);
    names.iter().map(|name| if cut { &name[shared..] } else { name }).collect()
}

/// The length in bytes of the start `a` and `b` share, whole characters only.
fn shared_start(a: &str, b: &str) -> usize {
    a.char_indices()
        .zip(b.chars())
        .find(|((_, x), y)| x != y)
        .map_or_else(|| a.len().min(b.len()), |((at, _), _)| at)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_is_titled_by_its_instance_or_its_view() {
        assert_eq!(
            page_title("Benchscope", Some("django__django-11001"), None, View::Instances),
            "django__django-11001 · Benchscope"
        );
        assert_eq!(
            page_title("Our board", Some("o__r-1"), Some(View::Leaderboard), View::Instances),
            "o__r-1 · Our board"
        );
        let instances_first = |view| page_title("Benchscope", None, view, View::Instances);
        assert_eq!(instances_first(Some(View::Leaderboard)), "Leaderboard · Benchscope");
        assert_eq!(instances_first(Some(View::Analysis)), "Breakdowns and comparison · Benchscope");
        assert_eq!(instances_first(Some(View::Instances)), "Benchscope");
        assert_eq!(instances_first(None), "Benchscope");
    }

    #[test]
    fn a_site_that_opens_on_another_view_names_its_instances_view() {
        let board_first = |view| page_title("Our board", None, view, View::Leaderboard);
        assert_eq!(board_first(None), "Our board");
        assert_eq!(board_first(Some(View::Leaderboard)), "Our board");
        assert_eq!(board_first(Some(View::Instances)), "Instances · Our board");
    }

    #[test]
    fn a_runs_facet_is_headed_by_the_runs_name_and_others_as_spelled() {
        let names = HashMap::from([
            ("2026-02-09__00-15.nav.gemini".to_string(), "nav · gemini".to_string()),
            ("a:b".to_string(), "Colon".to_string()),
        ]);
        assert_eq!(facet_title(&run_facet("2026-02-09__00-15.nav.gemini"), &names), "Run: nav · gemini");
        assert_eq!(
            facet_title(
                &benchscope_contract::outcomes::agent_facet("2026-02-09__00-15.nav.gemini", "steps"),
                &names
            ),
            "Run: nav · gemini · steps"
        );
        assert_eq!(
            facet_title(&run_facet("a:b"), &names),
            "Run: Colon",
            "an id whose facet spells its colon otherwise"
        );
        assert_eq!(facet_title(&run_facet("not-loaded"), &names), "Run: not-loaded");
        assert_eq!(facet_title("files", &names), "Files changed");
        assert_eq!(facet_in_sentence("files", &names), "files changed");
        assert_eq!(
            facet_in_sentence(&run_facet("2026-02-09__00-15.nav.gemini"), &names),
            "run: nav · gemini"
        );
        assert_eq!(
            facet_in_sentence("SWE-type", &names),
            "SWE-type",
            "an abbreviation keeps its capitals"
        );
    }

    #[test]
    fn names_are_told_apart_by_what_follows_the_word_they_share() {
        assert_eq!(distinct_parts(&["swe-bench-lite", "swe-bench-verified"]), ["lite", "verified"]);
        assert_eq!(distinct_parts(&["demo-a", "demo-b", "demo-c"]), ["a", "b", "c"]);
        assert_eq!(distinct_parts(&["SWE-bench_Lite", "SWE-bench_Verified"]), ["Lite", "Verified"]);
        assert_eq!(
            distinct_parts(&["lca-bug-localization", "lca-ci-builds"]),
            ["bug-localization", "ci-builds"]
        );
    }

    #[test]
    fn names_sharing_no_whole_word_or_holding_each_other_stay_whole() {
        assert_eq!(distinct_parts(&["swe-bench", "swe-bench-lite"]), ["swe-bench", "swe-bench-lite"]);
        assert_eq!(distinct_parts(&["fea-bench", "featurebench"]), ["fea-bench", "featurebench"]);
        assert_eq!(
            distinct_parts(&["swe-bench-lite", "swe-bench-lite"]),
            ["swe-bench-lite", "swe-bench-lite"]
        );
        assert_eq!(distinct_parts(&["é-a", "é-b"]), ["a", "b"]);
        assert_eq!(distinct_parts(&["éa", "èb"]), ["éa", "èb"]);
        assert_eq!(distinct_parts(&["only"]), ["only"]);
        assert!(distinct_parts(&[]).is_empty());
    }

    #[test]
    fn runs_sharing_a_name_are_told_apart_by_their_ids() {
        let runs = [
            ("verified.20241108_devlo", "devlo"),
            ("verified.20250519_trae", "TRAE"),
            ("verified.20250519_devlo", "devlo"),
            ("glm-logs", "glm-logs"),
        ];
        assert_eq!(
            run_labels(&runs),
            [
                "devlo (verified.20241108_devlo)",
                "TRAE",
                "devlo (verified.20250519_devlo)",
                "glm-logs"
            ]
        );
        let named_as_its_id = [("glm", "glm"), ("glm.tonight", "glm"), ("glm.", "glm"), ("glmx", "glm")];
        assert_eq!(
            run_labels(&named_as_its_id),
            ["glm", "glm (tonight)", "glm (glm.)", "glm (glmx)"],
            "an id that starts with the name and a separator adds what follows"
        );
        assert!(run_labels(&[]).is_empty());
    }

    #[test]
    fn spending_says_what_is_known() {
        assert_eq!(spent(Some(0.22785), Some(14)), "$0.23 · 14 calls");
        assert_eq!(spent(None, Some(1)), "1 call");
        assert_eq!(spent(Some(1.5), None), "$1.50");
        assert_eq!(spent(None, None), "");
    }

    #[test]
    fn one_is_singular_and_the_rest_plural() {
        assert_eq!(
            [plural(0, "run"), plural(1, "run"), plural(2, "run")],
            ["0 runs", "1 run", "2 runs"]
        );
    }
}
