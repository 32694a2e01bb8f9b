//! Typed views of the benchmark-specific fields an instance keeps verbatim in
//! [`crate::Instance::extra`]: one home for each schema, read the same way by the export (which
//! checks it), the scorer and the explorer's panels.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::Value;

use crate::json_document::kind_of;
use crate::TestStatus;

/// A field of `extra` that is not in its benchmark's published shape.
#[derive(Debug, Clone, PartialEq)]
pub struct ExtraError {
    /// The field.
    pub field: &'static str,
    /// What is wrong with it.
    pub message: String,
}

impl ExtraError {
    fn new(field: &'static str, message: impl Into<String>) -> Self {
        ExtraError {
            field,
            message: message.into(),
        }
    }
}

/// The label's start of Long Code Arena library-based code generation's reference program (a
/// code document).
pub const REFERENCE_PROGRAM: &str = "Reference program";

/// The reference program among an instance's documents.
pub fn reference_program(documents: &[crate::Document]) -> Option<&str> {
    documents
        .iter()
        .find(|d| d.kind == crate::DocumentKind::Code && d.label.starts_with(REFERENCE_PROGRAM))
        .map(|d| d.markdown.as_str())
}

/// Long Code Arena's code completion task: the file to complete and its target lines.
#[derive(Debug, Clone, PartialEq)]
pub struct CompletionTask {
    /// The file's path in the repository.
    pub filename: String,
    /// Its content.
    pub content: String,
    /// Line category (`infile`, `inproject`, `commited` as spelled upstream, ...) → the 0-based
    /// indices of the lines to complete.
    pub lines: BTreeMap<String, Vec<usize>>,
}

impl CompletionTask {
    /// The file field's name.
    pub const FILE_FIELD: &'static str = "completion_file";
    /// The lines field's name.
    pub const LINES_FIELD: &'static str = "completion_lines";

    /// Reads `completion_file` (`{filename, content}`) and `completion_lines`
    /// (`{category: [line index]}`).
    pub fn of(extra: &BTreeMap<String, Value>) -> Result<Self, ExtraError> {
        Self::from_fields(extra.get(Self::FILE_FIELD), extra.get(Self::LINES_FIELD))
    }

    /// [`CompletionTask::of`] from the two fields' values.
    pub fn from_fields(file: Option<&Value>, lines: Option<&Value>) -> Result<Self, ExtraError> {
        let file = file.ok_or_else(|| ExtraError::new(Self::FILE_FIELD, "missing required field"))?;
        let text = |key: &str| file.get(key).and_then(Value::as_str).map(str::to_string);
        let (Some(filename), Some(content)) = (text("filename"), text("content")) else {
            return Err(ExtraError::new(Self::FILE_FIELD, "expected {filename, content}"));
        };
        let lines = match lines {
            None => return Err(ExtraError::new(Self::LINES_FIELD, "missing required field")),
            Some(value) => line_lists(value).ok_or_else(|| {
                ExtraError::new(
                    Self::LINES_FIELD,
                    format!("expected {{category: [line numbers]}}, found {}", kind_of(value)),
                )
            })?,
        };
        Ok(CompletionTask { filename, content, lines })
    }

    /// Line index → the categories that target it.
    pub fn targets(&self) -> BTreeMap<usize, Vec<String>> {
        let mut targets: BTreeMap<usize, Vec<String>> = BTreeMap::new();
        for (category, numbers) in &self.lines {
            for number in numbers {
                targets.entry(*number).or_default().push(category.clone());
            }
        }
        targets
    }
}

fn line_lists(value: &Value) -> Option<BTreeMap<String, Vec<usize>>> {
    let lists = value
        .as_object()?
        .iter()
        .map(|(category, numbers)| {
            let numbers = numbers
                .as_array()?
                .iter()
                .map(|n| n.as_u64().map(|n| n as usize))
                .collect::<Option<Vec<_>>>()?;
            Some((category.clone(), numbers))
        })
        .collect::<Option<Vec<_>>>()?;
    Some(crate::sorting::map_of(lists))
}

/// One file of FEA-Bench's `new_components`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct NewComponentsFile {
    /// The file's path.
    pub file: String,
    /// What the gold patch adds to it.
    pub components: Vec<NewComponent>,
}

/// A function, method or class the gold patch adds.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct NewComponent {
    /// `function`, `method` or `class`.
    #[serde(rename = "type", default)]
    pub kind: String,
    /// Its name.
    #[serde(default)]
    pub name: String,
    /// Its signature, as source.
    #[serde(default)]
    pub signature: String,
    /// Its docstring.
    #[serde(default)]
    pub doc: String,
    /// Its first and last line.
    #[serde(default)]
    pub lines: Vec<u64>,
}

/// The field's name.
pub const NEW_COMPONENTS_FIELD: &str = "new_components";

/// FEA-Bench's `new_components` (`[{file, components: [{type, name, signature, doc, lines}]}]`);
/// `Ok(None)` when the instance has none.
pub fn new_components(extra: &BTreeMap<String, Value>) -> Result<Option<Vec<NewComponentsFile>>, ExtraError> {
    extra.get(NEW_COMPONENTS_FIELD).map(read_new_components).transpose()
}

/// The files of a `new_components` value.
pub fn read_new_components(value: &Value) -> Result<Vec<NewComponentsFile>, ExtraError> {
    let Value::Array(files) = value else {
        return Err(ExtraError::new(
            NEW_COMPONENTS_FIELD,
            format!("expected a list of {{file, components}}, found {}", kind_of(value)),
        ));
    };
    files
        .iter()
        .enumerate()
        .map(|(i, file)| {
            NewComponentsFile::deserialize(file)
                .map_err(|e| ExtraError::new(NEW_COMPONENTS_FIELD, format!("item {i}: expected {{file, components}}: {e}")))
        })
        .collect()
}

/// How many functions (methods included) and classes the components add.
pub fn count_components(files: &[NewComponentsFile]) -> (u32, u32) {
    let mut counts = (0, 0);
    for component in files.iter().flat_map(|f| &f.components) {
        match component.kind.as_str() {
            "class" => counts.1 += 1,
            "function" | "method" => counts.0 += 1,
            _ => {}
        }
    }
    counts
}

/// R2E-Gym's `expected_output` (its `expected_output_json`, decoded): each hidden test's status
/// on the fixed code. A run is rewarded only when every test ends as this says.
pub const EXPECTED_OUTPUT_FIELD: &str = "expected_output";

/// One of R2E-Gym's hidden tests and the status a run must leave it in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExpectedTest {
    /// The test, named as R2E-Gym compares them ([`r2e_gym_test_name`]).
    pub name: String,
    /// `PASSED`, `FAILED` or `ERROR`, as R2E-Gym's log parser words them.
    pub status: String,
}

impl ExpectedTest {
    /// Whether the fixed code passed it (a FAIL_TO_PASS or PASS_TO_PASS test).
    pub fn passes(&self) -> bool {
        self.status == "PASSED"
    }

    /// The status a run must leave it in, as the contract types statuses.
    pub fn expected_status(&self) -> TestStatus {
        TestStatus::from_word(&self.status)
    }
}

/// R2E-Gym's expected output, in the tests' name order; `Ok(None)` when the instance has none.
pub fn expected_output(extra: &BTreeMap<String, Value>) -> Result<Option<Vec<ExpectedTest>>, ExtraError> {
    let Some(value) = extra.get(EXPECTED_OUTPUT_FIELD) else {
        return Ok(None);
    };
    let Some(tests) = value.as_object() else {
        let message = format!("expected {{test: status}}, found {}", kind_of(value));
        return Err(ExtraError::new(EXPECTED_OUTPUT_FIELD, message));
    };
    let mut read = tests.iter().map(expected_test).collect::<Result<Vec<_>, _>>()?;
    crate::sorting::sort_by(&mut read, |a, b| a.name.cmp(&b.name));
    Ok(Some(read))
}

fn expected_test((name, status): (&String, &Value)) -> Result<ExpectedTest, ExtraError> {
    let Some(status) = status.as_str() else {
        let message = format!("{name}: expected a status, found {}", kind_of(status));
        return Err(ExtraError::new(EXPECTED_OUTPUT_FIELD, message));
    };
    Ok(ExpectedTest {
        name: r2e_gym_test_name(name),
        status: status.to_string(),
    })
}

/// A test's name as R2E-Gym compares them: without terminal colours, and less any ` - reason`.
pub fn r2e_gym_test_name(name: &str) -> String {
    let plain = strip_colours(name);
    plain.split(" - ").next().unwrap_or_default().to_string()
}

/// `name` without the `ESC[<digits>m` colour codes R2E-Gym's `decolor_dict_keys` removes.
fn strip_colours(name: &str) -> String {
    let mut plain = String::with_capacity(name.len());
    let mut rest = name;
    while let Some(at) = rest.find("\u{1b}[") {
        plain.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        match after[digits..].starts_with('m') && digits > 0 {
            true => rest = &after[digits + 1..],
            false => {
                plain.push_str(&rest[at..at + 2]);
                rest = after;
            }
        }
    }
    plain.push_str(rest);
    plain
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn extra(value: Value) -> BTreeMap<String, Value> {
        value.as_object().unwrap().clone().into_iter().collect()
    }

    #[test]
    fn a_completion_task_is_read_and_its_faults_named() {
        let task = CompletionTask::of(&extra(json!({
            "completion_file": {"filename": "a.py", "content": "x\ny\n"},
            "completion_lines": {"infile": [1], "commited": [0, 1]}
        })))
        .unwrap();
        assert_eq!(task.filename, "a.py");
        assert_eq!(task.targets()[&1], ["commited", "infile"]);
        let bad_lines = extra(json!({"completion_file": {"filename": "a", "content": ""}, "completion_lines": {"infile": ["x"]}}));
        assert_eq!(CompletionTask::of(&bad_lines).unwrap_err().field, "completion_lines");
        let bad_file = extra(json!({"completion_file": "a.py", "completion_lines": {}}));
        assert_eq!(CompletionTask::of(&bad_file).unwrap_err().field, "completion_file");
    }

    #[test]
    fn r2e_gyms_expected_output_is_read_by_the_names_it_compares() {
        let tests = expected_output(&extra(json!({"expected_output": {
            "test_b - flaky": "FAILED", "\u{1b}[1mtest_a\u{1b}[0m": "PASSED", "test_c": "ERROR"}})))
        .unwrap()
        .unwrap();
        let read: Vec<(&str, &str, bool)> = tests.iter().map(|t| (t.name.as_str(), t.status.as_str(), t.passes())).collect();
        assert_eq!(
            read,
            [("test_a", "PASSED", true), ("test_b", "FAILED", false), ("test_c", "ERROR", false)]
        );
        assert_eq!(expected_output(&extra(json!({}))).unwrap(), None);
        for bad in [json!(["test_a"]), json!({"test_a": 1})] {
            let error = expected_output(&extra(json!({ "expected_output": bad }))).unwrap_err();
            assert_eq!(error.field, "expected_output");
        }
        assert_eq!(
            strip_colours("\u{1b}[ plain \u{1b}[31"),
            "\u{1b}[ plain \u{1b}[31",
            "what is not a colour stays"
        );
    }

    #[test]
    fn new_components_are_counted_and_their_faults_named() {
        let files = new_components(&extra(json!({"new_components": [{"file": "a.py", "components": [
            {"type": "class", "name": "A"}, {"type": "method", "name": "f"}, {"type": "function", "name": "g"}]}]})))
        .unwrap()
        .unwrap();
        assert_eq!(count_components(&files), (2, 1));
        assert_eq!(new_components(&extra(json!({}))).unwrap(), None);
        for bad in [json!("nope"), json!([{"file": "a.py"}])] {
            let error = new_components(&extra(json!({ "new_components": bad }))).unwrap_err();
            assert_eq!(error.field, "new_components");
        }
    }
}
