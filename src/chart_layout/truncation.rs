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
/// (verified.20241108_devlo)` and `devlo (verified.20250519_devlo)`); where that too reads as
/// another's, what is kept is where they differ (`CodeLlama-70b-Instruct-hf` beside `-7b-`).
pub fn truncate_apart<S: AsRef<str>>(names: &[S], keep: usize) -> Vec<String> {
    let names: Vec<&str> = names.iter().map(AsRef::as_ref).collect();
    let mut cut: Vec<String> = names.iter().map(|n| truncate(n, keep)).collect();
    for at in clashing(&names, &cut) {
        cut[at] = truncate_middle(names[at], keep);
    }
    let still = clashing(&names, &cut);
    let partners = |at: usize| -> Vec<&str> {
        still
            .iter()
            .filter(|&&o| cut[o] == cut[at] && names[o] != names[at])
            .map(|&o| names[o])
            .collect()
    };
    let apart: Vec<(usize, String)> = still
        .iter()
        .map(|&at| (at, truncate_to_difference(names[at], &partners(at), keep)))
        .collect();
    for (at, text) in apart {
        cut[at] = text;
    }
    cut
}

/// The places whose text reads as another place's, for another name.
fn clashing(names: &[&str], texts: &[String]) -> Vec<usize> {
    (0..names.len())
        .filter(|&at| (0..names.len()).any(|other| other != at && texts[other] == texts[at] && names[other] != names[at]))
        .collect()
}

/// `name` cut to `keep` characters keeping where it first differs from `others`: from the start
/// of the word it differs in (at most a few characters back) to its end, after as much of its
/// start as there is room for, else that stretch alone between two `…`.
fn truncate_to_difference(name: &str, others: &[&str], keep: usize) -> String {
    let chars: Vec<char> = name.chars().collect();
    let shared = |other: &str| chars.iter().zip(other.chars()).take_while(|(a, b)| **a == *b).count();
    let differs_at = others.iter().map(|o| shared(o)).min().unwrap_or(0);
    let word_start = chars[..differs_at].iter().rposition(|c| "/-_. (".contains(*c)).map_or(0, |i| i + 1);
    let from = word_start.max(differs_at.saturating_sub(WORD_CONTEXT));
    let tail = chars.len() - from;
    if chars.len() <= keep || keep < 3 {
        truncate(name, keep)
    } else if tail + 2 <= keep {
        chars[..keep - 1 - tail].iter().chain(['…'].iter()).chain(&chars[from..]).collect()
    } else {
        ['…'].iter().chain(&chars[from..from + keep - 2]).chain(['…'].iter()).collect()
    }
}

/// How far back from where two names differ the kept part may start, to begin with its word.
const WORD_CONTEXT: usize = 6;

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

    #[test]
    fn names_alike_at_both_ends_keep_where_they_differ() {
        let configs = [
            "bm25/codellama/CodeLlama-70b-Instruct-hf",
            "bm25/codellama/CodeLlama-7b-Instruct-hf",
            "codellama/CodeLlama-70b-Instruct-hf",
            "codellama/CodeLlama-7b-Instruct-hf",
            "gpt-4-0125-preview",
        ];
        assert_eq!(
            truncate_apart(&configs, 20),
            [
                "bm25…70b-Instruct-hf",
                "bm25/…7b-Instruct-hf",
                "code…70b-Instruct-hf",
                "codel…7b-Instruct-hf",
                "gpt-4-0125-preview"
            ]
        );
        assert_eq!(
            truncate_apart(
                &[
                    "a-long-shared-start-x1-and-a-long-shared-end",
                    "a-long-shared-start-x2-and-a-long-shared-end"
                ],
                12
            ),
            ["…x1-and-a-l…", "…x2-and-a-l…"],
            "the stretch alone where the end is too long to keep"
        );
    }
}
