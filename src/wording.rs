//! Counted nouns and amounts, as the pages write them.

pub use benchscope_contract::wording::plural;

/// What a run spent on an instance: "$0.23 · 14 calls", either part alone, or nothing.
pub fn spent(cost: Option<f64>, calls: Option<u64>) -> String {
    let cost = cost.map(|c| format!("${c:.2}"));
    let calls = calls.map(|n| plural(n as usize, "call"));
    cost.into_iter().chain(calls).collect::<Vec<_>>().join(" · ")
}

#[cfg(test)]
mod tests {
    use super::*;

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
