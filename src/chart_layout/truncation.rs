//! Names cut to a number of characters, and still told apart where cutting their ends would not.

/// `name` cut to `keep` characters, with `…` when it was longer.
pub fn truncate(name: &str, keep: usize) -> String {
    if name.chars().count() > keep {
        name.chars().take(keep - 1).chain(['…']).collect()
    } else {
        name.to_string()
    }
}

/// `names` each cut to `keep` characters, told apart: a name whose end-cut would read as another
/// name's is cut in its middle instead, keeping its end, where runs of one system differ (`devlo
/// (verified.20241108_devlo)` and `devlo (verified.20250519_devlo)`).
pub fn truncate_apart<S: AsRef<str>>(names: &[S], keep: usize) -> Vec<String> {
    let cut: Vec<String> = names.iter().map(|n| truncate(n.as_ref(), keep)).collect();
    let clashes =
        |at: usize| (0..names.len()).any(|other| other != at && cut[other] == cut[at] && names[other].as_ref() != names[at].as_ref());
    (0..names.len())
        .map(|at| match clashes(at) {
            true => truncate_middle(names[at].as_ref(), keep),
            false => cut[at].clone(),
        })
        .collect()
}

/// `name` cut to `keep` characters by taking out its middle, with `…` in its place; two thirds
/// of what is kept is its end, where a run's id tells it apart.
fn truncate_middle(name: &str, keep: usize) -> String {
    let chars: Vec<char> = name.chars().collect();
    if chars.len() <= keep || keep < 3 {
        return truncate(name, keep);
    }
    let head = (keep - 1) / 3;
    let tail = keep - 1 - head;
    chars[..head]
        .iter()
        .chain(['…'].iter())
        .chain(&chars[chars.len() - tail..])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_cut_alike_are_cut_in_the_middle_instead() {
        let runs = [
            "devlo (verified.20241108_devlo)",
            "devlo (verified.20250519_devlo)",
            "gold",
            "a-long-name-cut-at-its-end",
        ];
        assert_eq!(
            truncate_apart(&runs, 16),
            ["devlo…108_devlo)", "devlo…519_devlo)", "gold", "a-long-name-cut…"]
        );
        assert_eq!(
            truncate_apart(&["same-long-name-here", "same-long-name-here"], 8),
            ["same-lo…", "same-lo…"],
            "equal names stay alike"
        );
        assert_eq!(
            truncate_apart(&["élan-vital-α", "élan-vital-β"], 6),
            ["é…al-α", "é…al-β"],
            "whole characters"
        );
        assert_eq!(truncate_apart(&["abcd", "abce"], 2), ["a…", "a…"], "too narrow to tell apart");
        assert!(truncate_apart::<&str>(&[], 10).is_empty());
    }
}
