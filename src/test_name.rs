//! Where a test's name may wrap on a narrow screen, so that a line ends between the names it is
//! made of rather than inside one: Django's `test_x (auth_tests.test_validators.UsernameValidatorsTests)`
//! broke as `…UsernameValidator` / `sTests)` at a phone's width.

/// A test's name cut where a line may end: its file part (`tests/test_x.py::`, which a narrow
/// screen keeps whole on a line of its own when it can) and the pieces of the rest.
#[derive(Debug, PartialEq, Eq)]
pub struct TestNameParts<'a> {
    /// The pieces of the file part, through its `::`; empty when the name has none.
    pub file: Vec<&'a str>,
    /// The pieces of the rest.
    pub rest: Vec<&'a str>,
}

/// `name` cut into its parts, each cut into pieces with a place to break between any two.
pub fn test_name_parts(name: &str) -> TestNameParts<'_> {
    match name.find("::") {
        Some(at) => TestNameParts {
            file: wrap_pieces(&name[..at + 2]),
            rest: wrap_pieces(&name[at + 2..]),
        },
        None => TestNameParts {
            file: Vec::new(),
            rest: wrap_pieces(name),
        },
    }
}

/// `text` cut after each `/` and `::`, and after each `.` of a dotted path: one in parentheses
/// (unittest's class, as Django's and SymPy's runners name a test) or a whole name with no path
/// or `::` in it (`tests.test_x.TestY.test_z`, a Java class). A parameter in brackets
/// (`test_x[1.5-a/b]`) is never cut: it is the part that tells one case from another.
fn wrap_pieces(text: &str) -> Vec<&str> {
    let dotted_name = !text.contains('/') && !text.contains("::") && !text.contains(' ');
    let bytes = text.as_bytes();
    let (mut pieces, mut start, mut brackets, mut parens) = (Vec::new(), 0, 0usize, 0usize);
    for (at, &byte) in bytes.iter().enumerate() {
        match byte {
            b'[' => brackets += 1,
            b']' => brackets = brackets.saturating_sub(1),
            b'(' => parens += 1,
            b')' => parens = parens.saturating_sub(1),
            _ => {}
        }
        let next = bytes.get(at + 1).copied();
        let breaks_after = brackets == 0
            && match byte {
                b'/' => true,
                b':' => at > 0 && bytes[at - 1] == b':',
                b'.' => (parens > 0 || dotted_name) && next.is_some_and(|c| c.is_ascii_alphabetic() || c == b'_'),
                _ => false,
            };
        if breaks_after && at + 1 < bytes.len() {
            pieces.push(&text[start..=at]);
            start = at + 1;
        }
    }
    pieces.push(&text[start..]);
    pieces
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_unittest_class_breaks_between_its_modules() {
        assert_eq!(
            wrap_pieces("test_ascii_validator (auth_tests.test_validators.UsernameValidatorsTests)"),
            ["test_ascii_validator (auth_tests.", "test_validators.", "UsernameValidatorsTests)"]
        );
    }

    #[test]
    fn a_pytest_id_keeps_its_file_part_and_breaks_at_its_separators() {
        let parts = test_name_parts("astropy/io/fits/tests/test_table.py::TestTableFunctions::test_new_table[1.5-a/b]");
        assert_eq!(parts.file, ["astropy/", "io/", "fits/", "tests/", "test_table.py::"]);
        assert_eq!(parts.rest, ["TestTableFunctions::", "test_new_table[1.5-a/b]"]);
    }

    #[test]
    fn a_dotted_name_breaks_between_its_parts_but_not_inside_a_number() {
        assert_eq!(wrap_pieces("tests.test_x.TestY.test_z"), ["tests.", "test_x.", "TestY.", "test_z"]);
        assert_eq!(wrap_pieces("test_version_1.5"), ["test_version_1.5"]);
    }

    #[test]
    fn a_plain_name_is_one_piece_and_nothing_is_lost() {
        assert_eq!(test_name_parts("test_issue_1234").rest, ["test_issue_1234"]);
        let name = "a::b/c (d.e) [f.g]::";
        let parts = test_name_parts(name);
        assert_eq!(parts.file.concat() + &parts.rest.concat(), name);
        assert_eq!(wrap_pieces(""), [""]);
    }
}
