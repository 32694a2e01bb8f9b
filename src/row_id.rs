//! How a row shows its instance's id: the part that names the repository (and the commit, where
//! the id spells one), then the part that tells the instance from its repository's others, and
//! its last short word (FeatureBench's and SWE-Dev's level) on its own.
//!
//! FeatureBench's and SWE-smith's ids run to seventy characters (`Lightning-AI__pytorch-lightning.
//! 126fa6f1.test_fsdp_integration.61c07610.lv2`). Cut at their end, every row of a repository read
//! the same, `astropy__astropy.b0db0da…`, and the part the reader needs was the part cut. The row
//! shows the parts side by side: the first gives way first, then the middle, and the last short
//! word stays, as `.lv1` and `.lv2` are often all that tell two rows apart.
//!
//! The row's repository is cut the same way round: its owner first, then its name.

use std::ops::Range;

use benchscope_contract::wording::repo_name;

/// Whether `id` holds the name of `repo` (its part after the owner), in any case: SWE-bench's,
/// FeatureBench's and most Long Code Arena ids do, a numeric id (a CI job's, an issue's) does not.
pub fn names_repo(id: &str, repo: &str) -> bool {
    let name = repo_name(repo).as_bytes();
    name.is_empty() || id.as_bytes().windows(name.len()).any(|part| part.eq_ignore_ascii_case(name))
}

/// An id in its three parts, as byte ranges: what names the repository (and its commit), what
/// tells the instance from its repository's others ([`distinct_part_start`]), and a last word of
/// up to six characters with its separator ([`last_word_start`]). Parts the id does not have are
/// empty, at its end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IdParts {
    pub ranges: [Range<usize>; 3],
    /// The first part spells the repository and a commit (FeatureBench's and SWE-smith's ids,
    /// `astropy__astropy.b0db0daa.`): a long part every row of the repository repeats, which the
    /// list folds to an ellipsis beside its Repository column, and cuts to one width on a phone's
    /// card, so that the parts after it line up from row to row.
    pub commit_head: bool,
}

impl IdParts {
    pub fn of(id: &str, repo: &str) -> Self {
        let (distinct, commit_head) = distinct_part_start(id, repo);
        let last_word = last_word_start(id, distinct);
        IdParts {
            ranges: [0..distinct, distinct..last_word, last_word..id.len()],
            commit_head,
        }
    }
}

/// Where the part of `id` that tells it from its repository's other instances starts: after
/// `owner__name` (SWE-bench's spelling of `repo`, in any case; a repository named without its
/// owner, as SWE-Dev's are, by its name), its separator, and a commit's hash with its own when
/// one follows (FeatureBench, SWE-smith), and whether such a hash does. `id.len()` when the id
/// does not start with the repository's name, or nothing follows it: the id is one part.
fn distinct_part_start(id: &str, repo: &str) -> (usize, bool) {
    let whole = (id.len(), false);
    let spelled = match repo.split_once('/') {
        Some((owner, name)) if !owner.is_empty() && !name.is_empty() => format!("{owner}__{name}"),
        Some(_) => return whole,
        None => repo.to_string(),
    };
    let bytes = id.as_bytes();
    if spelled.is_empty()
        || !bytes
            .get(..spelled.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(spelled.as_bytes()))
    {
        return whole;
    }
    let Some(at) = after_separator(bytes, spelled.len()) else {
        return whole;
    };
    let (at, commit) = match after_commit(bytes, at) {
        Some(after_commit) => (after_commit, true),
        None => (at, false),
    };
    match at < id.len() {
        true => (at, commit),
        false => whole,
    }
}

/// The longest last word kept whole, in characters.
const LAST_WORD_MOST: usize = 6;

/// Where the last word of `id`'s part from `from` starts, with its separator (FeatureBench's
/// `.lv1`, SWE-Dev's `-level1`), when it has one to six characters and is not the part's only
/// word; `id.len()` when not.
fn last_word_start(id: &str, from: usize) -> usize {
    let bytes = id.as_bytes();
    let Some(separator) = bytes[from..].iter().rposition(|byte| matches!(byte, b'.' | b'-' | b'_')) else {
        return id.len();
    };
    let at = from + separator;
    match at > from && (1..=LAST_WORD_MOST).contains(&id[at + 1..].chars().count()) {
        true => at,
        false => id.len(),
    }
}

/// The place after the separator (`.`, `-`, `_`) at `at`, if one is there.
fn after_separator(bytes: &[u8], at: usize) -> Option<usize> {
    matches!(bytes.get(at), Some(b'.' | b'-' | b'_')).then_some(at + 1)
}

/// The place after a commit's hash (7 to 40 hex digits) at `at` and the separator after it.
fn after_commit(bytes: &[u8], at: usize) -> Option<usize> {
    let digits = bytes[at..].iter().take_while(|byte| byte.is_ascii_hexdigit()).count();
    if !(7..=40).contains(&digits) {
        return None;
    }
    after_separator(bytes, at + digits)
}

/// A piece of a marked text, and whether it is marked (`components::highlight::Piece`).
type Piece = (String, bool);

/// `pieces` (a text cut up) cut again at byte `at` of their joined text: the pieces before it and
/// those after, a marked piece astride it marked on both sides.
fn split_pieces(pieces: &[Piece], at: usize) -> (Vec<Piece>, Vec<Piece>) {
    let (mut before, mut after) = (Vec::new(), Vec::new());
    let mut start = 0;
    for (text, marked) in pieces {
        let end = start + text.len();
        match (end <= at, start >= at) {
            (true, _) => before.push((text.clone(), *marked)),
            (_, true) => after.push((text.clone(), *marked)),
            _ => {
                let (head, tail) = text.split_at(at - start);
                before.push((head.to_string(), *marked));
                after.push((tail.to_string(), *marked));
            }
        }
        start = end;
    }
    (before, after)
}

/// `pieces` (a text cut up) cut again at the ends of `parts` (the text's parts, in order).
pub fn pieces_by_part(pieces: &[Piece], parts: &[Range<usize>; 3]) -> [Vec<Piece>; 3] {
    let (first, rest) = split_pieces(pieces, parts[0].end);
    let (second, third) = split_pieces(&rest, parts[1].end - parts[0].end);
    [first, second, third]
}

/// A repository's owner and the rest from its first slash on (`Lightning-AI`,
/// `/pytorch-lightning`); a name with no owner is all name.
pub fn owner_and_name(repo: &str) -> (&str, &str) {
    repo.split_at(repo.find('/').unwrap_or(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts<'a>(id: &'a str, repo: &str) -> [&'a str; 3] {
        IdParts::of(id, repo).ranges.map(|part| &id[part])
    }

    #[test]
    fn featurebench_ids_part_after_their_repository_and_commit_and_before_their_level() {
        assert_eq!(
            parts("astropy__astropy.b0db0daa.test_basic_rgb.8d1c1e15.lv1", "astropy/astropy"),
            ["astropy__astropy.b0db0daa.", "test_basic_rgb.8d1c1e15", ".lv1"]
        );
        assert_eq!(
            parts(
                "Lightning-AI__pytorch-lightning.126fa6f1.test_data.c8b292af.lv2",
                "Lightning-AI/pytorch-lightning"
            ),
            ["Lightning-AI__pytorch-lightning.126fa6f1.", "test_data.c8b292af", ".lv2"]
        );
    }

    #[test]
    fn swe_bench_and_swe_smith_ids_part_after_their_repository() {
        assert_eq!(parts("django__django-11099", "django/django"), ["django__django-", "11099", ""]);
        assert_eq!(
            parts("pandas-dev__pandas.95280573.func_pm_remove_assign__ab12cd", "pandas-dev/pandas"),
            ["pandas-dev__pandas.95280573.", "func_pm_remove_assign_", "_ab12cd"]
        );
        assert_eq!(
            parts("Mwaskom__Seaborn-3187", "mwaskom/seaborn"),
            ["Mwaskom__Seaborn-", "3187", ""],
            "any case"
        );
    }

    #[test]
    fn a_repository_is_cut_into_its_owner_and_the_rest_from_its_slash() {
        assert_eq!(
            owner_and_name("Lightning-AI/pytorch-lightning"),
            ("Lightning-AI", "/pytorch-lightning")
        );
        assert_eq!(owner_and_name("sympy"), ("", "sympy"));
        assert_eq!(owner_and_name("o/r/s"), ("o", "/r/s"));
        assert_eq!(owner_and_name(""), ("", ""));
    }

    #[test]
    fn only_a_first_part_that_spells_a_commit_is_told() {
        let commit_head = |id: &str, repo: &str| IdParts::of(id, repo).commit_head;
        assert!(commit_head(
            "astropy__astropy.b0db0daa.test_basic_rgb.8d1c1e15.lv1",
            "astropy/astropy"
        ));
        assert!(commit_head(
            "pandas-dev__pandas.95280573.func_pm_remove_assign__ab12cd",
            "pandas-dev/pandas"
        ));
        assert!(!commit_head("django__django-11099", "django/django"));
        assert!(!commit_head("pydata__xarray.abc12.test", "pydata/xarray"), "too short for a commit");
        assert!(!commit_head("casbin-test_config-level1", "casbin"));
        assert!(
            !commit_head("astropy__astropy.b0db0daa.", "astropy/astropy"),
            "nothing after it: one part"
        );
    }

    #[test]
    fn swe_dev_ids_part_after_their_repository_named_without_its_owner() {
        assert_eq!(
            parts("amazon_textract_textractor-test_t_pipeline-level2", "amazon_textract_textractor"),
            ["amazon_textract_textractor-", "test_t_pipeline", "-level2"]
        );
        assert_eq!(parts("casbin-test_config-level1", "casbin"), ["casbin-", "test_config", "-level1"]);
    }

    #[test]
    fn a_word_after_the_repository_is_not_taken_for_a_commit() {
        assert_eq!(
            parts("pydata__xarray-deadbeefcafe", "pydata/xarray"),
            ["pydata__xarray-", "deadbeefcafe", ""],
            "no separator after the hex"
        );
        assert_eq!(
            parts("pydata__xarray.abc12.test", "pydata/xarray"),
            ["pydata__xarray.", "abc12", ".test"],
            "too short for a commit"
        );
    }

    #[test]
    fn other_ids_are_one_part() {
        for (id, repo) in [
            ("12907", "astropy/astropy"),
            ("astropy-12907.lv1", "astropy/astropy"),
            ("astropy__astropy", "astropy/astropy"),
            ("astropy__astropy-", "astropy/astropy"),
            ("astropy__astropyx-1", "astropy/astropy"),
            ("a__b-1", "ab"),
            ("a__b-1", "/b"),
            ("b-1", ""),
        ] {
            assert_eq!(parts(id, repo), [id, "", ""], "{id} of {repo}");
        }
    }

    #[test]
    fn only_a_short_last_word_after_other_words_stands_alone() {
        assert_eq!(parts("o__r-x.level1", "o/r"), ["o__r-", "x", ".level1"], "six characters");
        assert_eq!(parts("o__r-x.levels1", "o/r"), ["o__r-", "x.levels1", ""], "seven characters");
        assert_eq!(parts("o__r-lv1", "o/r"), ["o__r-", "lv1", ""], "the only word");
        assert_eq!(parts("o__r-x.", "o/r"), ["o__r-", "x.", ""], "no word after the separator");
        assert_eq!(
            parts("o__r-x.éé😀éé😀", "o/r"),
            ["o__r-", "x", ".éé😀éé😀"],
            "six characters, not bytes"
        );
    }

    #[test]
    fn any_id_is_cut_at_its_characters_edges_into_parts_that_make_it_whole() {
        let ids = [
            "",
            "_",
            "é",
            "é__é-",
            "é__é-ü.é",
            "o__r",
            "o__r.",
            "o__r.1234567",
            "o__r.1234567.",
            "O__R-😀-a",
            "o__r--",
            "o__r-.-.-",
        ];
        for id in ids {
            for repo in ["", "/", "o/r", "é/é", "é", "o__r", "O/R"] {
                let [head, middle, end] = IdParts::of(id, repo).ranges;
                assert_eq!(
                    (head.start, head.end, middle.end, end.end),
                    (0, middle.start, end.start, id.len()),
                    "{id} of {repo}"
                );
                assert!(
                    id.is_char_boundary(middle.start) && id.is_char_boundary(end.start),
                    "{id} of {repo}"
                );
            }
        }
    }

    #[test]
    fn ids_name_their_repository_in_any_case() {
        assert!(names_repo("astropy__astropy-12907", "astropy/astropy"));
        assert!(names_repo("Mwaskom__Seaborn-1", "mwaskom/seaborn"));
        assert!(!names_repo("12907", "astropy/astropy"));
    }

    #[test]
    fn pieces_split_at_a_byte_keep_their_marks_on_both_sides() {
        let piece = |text: &str, marked| (text.to_string(), marked);
        let pieces = [
            piece("astropy__", false),
            piece("astropy.b0", true),
            piece("db0daa.test_", false),
            piece("rgb", true),
            piece("", false),
        ];
        let (before, after) = split_pieces(&pieces, "astropy__astropy.".len());
        assert_eq!(before, [("astropy__".to_string(), false), ("astropy.".to_string(), true)]);
        assert_eq!(
            after,
            [
                ("b0".to_string(), true),
                ("db0daa.test_".to_string(), false),
                ("rgb".to_string(), true),
                (String::new(), false)
            ]
        );
        let (all, none) = split_pieces(&pieces, "astropy__astropy.b0db0daa.test_rgb".len());
        assert_eq!((all, none.len()), (pieces.to_vec(), 0));
        let [head, middle, end] = pieces_by_part(&pieces, &[0..17, 17..26, 26..34]);
        assert_eq!(head, before);
        assert_eq!(middle, [("b0".to_string(), true), ("db0daa.".to_string(), false)]);
        assert_eq!(
            end,
            [("test_".to_string(), false), ("rgb".to_string(), true), (String::new(), false)]
        );
    }
}
