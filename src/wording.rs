//! Counted nouns, amounts and names, as the pages write them.

pub use benchscope_contract::wording::plural;

/// What a run spent on an instance: "$0.23 · 14 calls", either part alone, or nothing.
pub fn spent(cost: Option<f64>, calls: Option<u64>) -> String {
    let cost = cost.map(|c| format!("${c:.2}"));
    let calls = calls.map(|n| plural(n as usize, "call"));
    cost.into_iter().chain(calls).collect::<Vec<_>>().join(" · ")
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
