//! A run against its split: the instances it names that the split does not have are left out
//! and said, never counted; the CLI's imports and a file dropped on the page share this.

use std::collections::HashSet;

use crate::run::Run;

/// How many ids a message names.
const IDS_NAMED: usize = 5;

/// Leaves out of `run` the results of instances `split_ids` does not hold; returns their ids,
/// in the run's order.
pub fn keep_split_instances(run: &mut Run, split_ids: &HashSet<&str>) -> Vec<String> {
    let outside: Vec<String> = run
        .results
        .iter()
        .filter(|r| !split_ids.contains(r.instance_id.as_str()))
        .map(|r| r.instance_id.clone())
        .collect();
    run.results.retain(|r| split_ids.contains(r.instance_id.as_str()));
    outside
}

/// "42 instances are not in swe-bench-lite/test and are not counted: a, b, c, d, e, ...".
pub fn outside_message(outside: &[String], dataset: &str, split: &str) -> String {
    let named: Vec<&str> = outside.iter().take(IDS_NAMED).map(String::as_str).collect();
    let more = if outside.len() > IDS_NAMED { ", ..." } else { "" };
    let (instances, are) = if outside.len() == 1 {
        ("instance is", "is")
    } else {
        ("instances are", "are")
    };
    format!(
        "{} {instances} not in {dataset}/{split} and {are} not counted: {}{more}",
        outside.len(),
        named.join(", ")
    )
}

/// Why a share its source states over `total` instances is not the run's headline on a split of
/// `split_size` (a SWE-bench Verified summary read as a run of Lite, say).
pub fn another_total_message(total: usize, dataset: &str, split: &str, split_size: usize) -> String {
    format!(
        "the source states its resolved share over {total} instances, and {dataset}/{split} has {split_size}: the run is counted over the split"
    )
}

/// `id` made distinct from `taken`: `id-2`, `id-3`, ... (a dropped file never replaces a run).
pub fn distinct_id(id: &str, taken: &[&str]) -> String {
    if !taken.contains(&id) {
        return id.to_string();
    }
    (2..)
        .map(|n| format!("{id}-{n}"))
        .find(|candidate| !taken.contains(&candidate.as_str()))
        .expect("a free id")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::InstanceResult;

    #[test]
    fn outside_instances_are_left_out_and_named() {
        let mut run: Run = serde_json::from_value(serde_json::json!({
            "id": "r", "dataset": "d", "split": "test", "system": {"name": "r"}, "source": "",
            "results": [{"instance_id": "a"}, {"instance_id": "x"}, {"instance_id": "b"}]
        }))
        .unwrap();
        let outside = keep_split_instances(&mut run, &["a", "b"].into_iter().collect());
        assert_eq!(outside, ["x"]);
        assert_eq!(
            run.results
                .iter()
                .map(|r: &InstanceResult| r.instance_id.as_str())
                .collect::<Vec<_>>(),
            ["a", "b"]
        );
        let many: Vec<String> = (0..7).map(|i| format!("i{i}")).collect();
        assert_eq!(
            outside_message(&many, "d", "test"),
            "7 instances are not in d/test and are not counted: i0, i1, i2, i3, i4, ..."
        );
        assert_eq!(distinct_id("r", &["r", "r-2"]), "r-3");
        assert_eq!(distinct_id("s", &["r"]), "s");
    }
}
