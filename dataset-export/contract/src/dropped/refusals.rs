//! The files a reader may drop that the page does not read and `benchscope import` does (a
//! leaderboard, an agent's trajectories, a harness report) or that are no run at all (a web
//! page): each named for what it is, with the command that reads it.

use serde_json::Value;

use crate::run_summary::is_instance_report;
use crate::trajectory::transcripts;
use crate::{json_document, json_forgiven};

/// Why the file `name` (its `text`, and its JSON `value` when it is one document) is not read as a
/// run, naming what it is; `None` when it may be one.
pub fn refusal(name: &str, text: &str, value: Option<&Value>) -> Option<String> {
    // An R2E-Gym record names its instance inside its dataset row (`ds`), or not at all.
    let trajectory_row = |row: &Value| {
        let steps = ["trajectory", "history"].iter().any(|k| row.get(*k).is_some_and(Value::is_array));
        (row.get("instance_id").is_some() && (row.get("messages").is_some() || steps))
            || row.get("trajectory_steps").is_some_and(Value::is_array)
    };
    // The file's first record, not copied (a run file may be large): an array's first element,
    // the document itself, or a JSON Lines file's first line.
    let first_line = value.is_none().then(|| json_document::first_line_record(text)).flatten();
    let first_record = match value {
        Some(Value::Array(items)) => items.first(),
        Some(document) => Some(document),
        None => first_line.as_ref(),
    };
    let trajectories = first_record.is_some_and(trajectory_row);
    let live_board = first_record.is_some_and(crate::leaderboard::is_live_board_line);
    if live_board {
        return Some(format!(
            "{name}: SWE-bench-Live's leaderboard, a run a line, which the page does not read: \
             `benchscope import {name}` makes a run of each line"
        ));
    }
    if value.is_none() && text.trim_start().starts_with('<') {
        let hint = match text.contains("sortableTable1") {
            true => format!("; SWE-Dev's leaderboard page is read by `benchscope import {name}`"),
            false => String::new(),
        };
        return Some(format!(
            "{name}: a web page, not a run file, a harness summary or predictions{hint}"
        ));
    }
    if let Some(agent) = transcript_agent(text, value) {
        return Some(format!(
            "{name}: {} transcript, which the page does not read: \
             `benchscope import {name}` makes a run of it (or of the folder of them)",
            with_article(agent.name())
        ));
    }
    if first_record.is_some_and(is_harness_report) {
        return Some(format!(
            "{name}: a harness report of an instance's test statuses, which the page does not read: \
             `benchscope import {name}` makes a run of it, with its test log when it is beside it"
        ));
    }
    if value.is_some_and(is_config_means) {
        return Some(format!("{name}: {CONFIG_MEANS}"));
    }
    if let Some(kind) = value.and_then(import_only_kind) {
        return Some(format!(
            "{name}: {kind}, which the page does not read: `benchscope import {name}` reads it"
        ));
    }
    if trajectories {
        return Some(format!(
            "{name}: agent trajectories as a dataset's rows (`messages`, `trajectory`), which the page does not read: \
             `benchscope import {name}` makes a run of each model's, with their verdicts and patches"
        ));
    }
    if let Some(refused) = first_record.and_then(|record| long_code_arena_refusal(name, record)) {
        return Some(refused);
    }
    match value {
        Some(document) => id_list_refusal(name, document),
        None => text_refusal(name, text),
    }
}

/// Long Code Arena's results, told by their first record: what `benchscope import` reads (a
/// CI builds repair job without its conclusion only with the results beside it).
fn long_code_arena_refusal(name: &str, record: &Value) -> Option<String> {
    let has = |key: &str| record.get(key).is_some();
    let kind = if has("generation") && has("config") {
        "Long Code Arena's library-based code generation outputs"
    } else if has("conclusion") && has("sha_original") {
        "Long Code Arena's CI builds repair results"
    } else if has("sha_original") && has("branch_name") {
        return Some(format!(
            "{name}: Long Code Arena's CI builds repair jobs, without their CI runs' conclusions, which the page does not read: \
             `benchscope import` of the folder holding it reads them with the results beside them (`jobs_results*.jsonl`)"
        ));
    } else {
        return None;
    };
    Some(format!(
        "{name}: {kind}, which the page does not read: `benchscope import {name}` makes a run of each model's"
    ))
}

/// A list of instance ids (FEA-Bench's `instances_lite.json`, a subset's `instance_ids`): what
/// `export --mark` reads, not a run.
fn id_list_refusal(name: &str, document: &Value) -> Option<String> {
    let ids = match document {
        Value::Array(items) => items,
        Value::Object(map) => map.get("instance_ids")?.as_array()?,
        _ => return None,
    };
    (!ids.is_empty() && ids.iter().all(Value::is_string)).then(|| {
        format!(
            "{name}: a list of {}, not a run: `benchscope export <dataset> --mark subset=<name>={name}` marks the instances it names",
            crate::wording::plural(ids.len(), "instance id")
        )
    })
}

/// Text that is not JSON the page could read, told by its first lines: a table of verdicts in
/// CSV, a harness's test log, its image names a line, FeatureBench's environment images a line.
fn text_refusal(name: &str, text: &str) -> Option<String> {
    let text = text.trim_start_matches('\u{feff}');
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .take(TEXT_LINES_TOLD)
        .collect();
    let header: Vec<&str> = lines.first()?.split(',').map(|c| c.trim().trim_matches('"')).collect();
    if header.contains(&"instance_id") && header.contains(&"resolved") {
        return Some(format!(
            "{name}: a table of verdicts in CSV, which the page does not read: `benchscope import {name}` reads it"
        ));
    }
    if name.ends_with("test_output.txt") || text.contains(">>>>> Start Test Output") {
        return Some(format!(
            "{name}: a harness test log, which the page does not read: \
             `benchscope grade {name} --data <data directory> --dataset <dataset> --run <run>` grades it"
        ));
    }
    if crate::image_names::is_image_list(text.as_bytes()) {
        return Some(format!(
            "{name}: a list of the SWE-bench harness's image names, not a run: \
             `benchscope export <dataset> --mark subset=<name>={name}` marks the instances they name"
        ));
    }
    if crate::image_names::is_environment_image_list(text.as_bytes()) {
        return Some(format!("{name}: {}", crate::image_names::ENVIRONMENT_IMAGE_LIST));
    }
    None
}

/// How many of a text's first lines tell what it is.
const TEXT_LINES_TOLD: usize = 20;

/// Long Code Arena's `metadata_all_configs.json`: each configuration's metric means, no run's
/// results.
pub fn is_config_means(document: &Value) -> bool {
    let Value::Array(configs) = document else {
        return false;
    };
    configs
        .first()
        .is_some_and(|c| c.get("metrics").is_some_and(Value::is_object) && c.get("config_dir").is_some())
}

/// What a file of configurations' metric means is, and where its runs are.
pub const CONFIG_MEANS: &str = "Long Code Arena's metric means per configuration, not a run: \
     `benchscope import generations.jsonl` (the file beside it) makes a run of each configuration";

/// A name after its indefinite article (`a Codex`, `an OpenCode`).
fn with_article(name: &str) -> String {
    let vowel = name.starts_with(['A', 'E', 'I', 'O', 'U']);
    format!("{} {name}", if vowel { "an" } else { "a" })
}

/// What a file that `benchscope import` reads and the page does not is, told by its shape: a
/// leaderboard, per-model results or an agent's trajectory.
fn import_only_kind(document: &Value) -> Option<&'static str> {
    let first_value = |v: &Value| v.as_object().and_then(|map| map.values().next()).cloned();
    match document {
        Value::Object(map) if map.get("leaderboards").is_some_and(Value::is_array) => {
            Some("a leaderboard file (swebench.com's or FEA-Bench's boards)")
        }
        Value::Object(map) if map.contains_key("llm_table") || map.contains_key("mas_table") => Some("SWE-Dev's leaderboard"),
        Value::Object(map) if map.contains_key("Generate_code") && map.contains_key("sample_name") => {
            Some("a SWE-Dev model output (its `Generate_code`), the run of one sample")
        }
        // A trajectory's file (SWE-agent's `.traj`, mini-swe-agent's `.traj.json`) says how it ended
        // in `info`, which a dataset's trajectory rows do not have.
        Value::Object(map)
            if map.contains_key("info") && (map.get("trajectory").is_some_and(Value::is_array) || map.contains_key("messages")) =>
        {
            Some("an agent's trajectory")
        }
        Value::Object(_)
            if first_value(document)
                .as_ref()
                .and_then(first_value)
                .is_some_and(|r| r.get("resolved").is_some_and(Value::is_boolean)) =>
        {
            Some("per-model results, each instance's verdict (swebench.com's `info_for_leaderboard.json`)")
        }
        // A conversation alone (mini-swe-agent's messages, as its tests keep one).
        Value::Array(items) if items.first().is_some_and(|m| m.get("role").is_some() && m.get("content").is_some()) => {
            Some("an agent's trajectory, its messages alone")
        }
        Value::Array(items) => items
            .first()
            .filter(|row| {
                row.get("instance_id").is_none()
                    && row.get("resolved").is_some()
                    && ["model", "agent", "name"].iter().any(|k| row.get(*k).is_some())
            })
            .map(|_| "a leaderboard's rows, a system a row"),
        _ => None,
    }
}

/// The agent whose transcript the file is: its first lines (or the one document it is, the
/// `result` that Claude Code's `--output-format json` writes, or with `--verbose` the array of
/// its events) begin one.
fn transcript_agent(text: &str, value: Option<&Value>) -> Option<transcripts::TranscriptAgent> {
    match value {
        Some(Value::Array(events)) => return transcripts::transcript_agent(events),
        Some(document) => return transcripts::transcript_agent([document]),
        None => {}
    }
    let lines: Vec<Value> = text
        .trim_start_matches('\u{feff}')
        .lines()
        .filter(|line| !line.trim().is_empty())
        .take(transcripts::MOST_LEADING_LINES)
        .map_while(|line| json_forgiven::from_slice_forgiving(line.as_bytes()).ok())
        .collect();
    transcripts::transcript_agent(&lines)
}

/// A harness `report.json`: `{<id>: {resolved, tests_status, ...}}`, or one instance's report
/// kept without its id (`{resolved: true, tests_status: ...}`).
fn is_harness_report(record: &Value) -> bool {
    is_instance_report(record)
        || record
            .as_object()
            .and_then(|map| map.values().next())
            .is_some_and(is_instance_report)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(name: &str, text: &str) -> String {
        let value = match json_document::read(text.as_bytes()) {
            json_document::Document::Json(value, _) => Some(value),
            _ => None,
        };
        refusal(name, text, value.as_ref()).expect("refused")
    }

    #[test]
    fn id_lists_csv_tables_test_logs_and_image_lists_are_sent_to_the_command_that_reads_them() {
        let mark = "marks the instances";
        for (name, text, kind, command) in [
            ("ids.json", r#"["o__r-1", "o__r-2"]"#, "a list of 2 instance ids, not a run", mark),
            (
                "lite_dataset.json",
                r#"{"name": "lite", "instance_ids": ["o__r-1"]}"#,
                "a list of 1 instance id",
                mark,
            ),
            (
                "results.csv",
                "\u{feff}instance_id,resolved,patch_applied\r\no__r-1,True,True\r\n",
                "a table of verdicts in CSV",
                "`benchscope import results.csv` reads it",
            ),
            (
                "test_output.txt",
                "+ git checkout abc\n>>>>> Start Test Output\nok\n",
                "a harness test log",
                "`benchscope grade test_output.txt --data",
            ),
            (
                "images.txt",
                "sweb.base.x86_64:latest\nsweb.eval.x86_64.o_1776_r-1:latest\n",
                "a list of the SWE-bench harness's image names",
                mark,
            ),
            (
                "fast_images.txt",
                "libercoders/featurebench-specs_astropy-instance_493bb78b\n",
                "a list of FeatureBench's environment images, one a repository",
                "names no instance",
            ),
        ] {
            let error = refused(name, text);
            assert!(error.starts_with(&format!("{name}: {kind}")), "{error}");
            assert!(error.contains(command), "{error}");
        }
        let configs = r#"[{"metrics": {"ChrF": {"mean": 0.1}}, "name": "bm25/m", "config_dir": "bm25/m"}]"#;
        let error = refused("metadata_all_configs.json", configs);
        assert!(
            error.contains("metric means per configuration, not a run: `benchscope import generations.jsonl`"),
            "{error}"
        );
        for (text, said) in [
            (
                "{\"config\": \"bm25/m\", \"model\": \"m\", \"index\": 0, \"generation\": \"x\"}\n",
                "Long Code Arena's library-based code generation outputs, which the page does not read: `benchscope import f.jsonl`",
            ),
            (
                "{\"id\": 1, \"sha_original\": \"a\", \"branch_name\": \"b\", \"conclusion\": \"success\"}\n",
                "Long Code Arena's CI builds repair results, which the page does not read: `benchscope import f.jsonl`",
            ),
            (
                "{\"id\": 1, \"sha_original\": \"a\", \"branch_name\": \"b\"}\n",
                "Long Code Arena's CI builds repair jobs, without their CI runs' conclusions",
            ),
        ] {
            let error = refused("f.jsonl", text);
            assert!(error.starts_with(&format!("f.jsonl: {said}")), "{error}");
        }
        // Text of another kind is left to the readers, which name its fault.
        assert_eq!(refusal("notes.txt", "some notes\n", None), None);
        assert_eq!(refusal("empty.json", "[]", Some(&Value::Array(Vec::new()))), None);
    }

    #[test]
    fn harness_reports_are_sent_to_import() {
        let keyed =
            r#"{"o__r-1": {"patch_exists": true, "resolved": true, "tests_status": {"FAIL_TO_PASS": {"success": ["t"], "failure": []}}}}"#;
        let bare = r#"{"patch_exists": true, "resolved": false, "tests_status": {}}"#;
        for text in [keyed, bare] {
            let error = refused("report.json", text);
            assert!(
                error.starts_with("report.json: a harness report of an instance's test statuses"),
                "{error}"
            );
            assert!(error.contains("`benchscope import report.json`"), "{error}");
        }
    }

    #[test]
    fn leaderboards_results_and_trajectories_are_sent_to_import() {
        for (text, kind) in [
            (r#"{"leaderboards": [{"name": "Lite", "results": []}]}"#, "a leaderboard file"),
            (r#"{"source": "x", "llm_table": []}"#, "SWE-Dev's leaderboard"),
            (
                r#"{"environment": "swe_main", "trajectory": [], "history": [], "info": {}}"#,
                "an agent's trajectory",
            ),
            (r#"{"instance_id": "o__r-1", "info": {}, "messages": []}"#, "an agent's trajectory"),
            (r#"{"gpt-5": {"o__r-1": {"resolved": true, "cost": 0.4}}}"#, "per-model results"),
            (
                r#"[{"agent": "A", "model": "m", "resolved": 12.5, "passed": 40}]"#,
                "a leaderboard's rows",
            ),
            (
                r#"[{"role": "system", "content": "You are"}, {"role": "user", "content": "Fix"}]"#,
                "an agent's trajectory, its messages",
            ),
            (
                r#"{"sample_name": "s", "PRD": "p", "Generate_code": {"a.py": "x"}}"#,
                "a SWE-Dev model output",
            ),
        ] {
            let error = refused("f.json", text);
            assert!(error.starts_with(&format!("f.json: {kind}")), "{error}");
            assert!(error.ends_with("`benchscope import f.json` reads it"), "{error}");
        }
        // OpenHands' output: a trajectory a line, its steps in `history`.
        let line = r#"{"instance_id": "o__r-1", "history": [], "test_result": {"git_patch": ""}}"#;
        let error = refused("output.jsonl", &format!("{line}\n{line}\n"));
        assert!(error.starts_with("output.jsonl: agent trajectories as a dataset's rows"), "{error}");
        // Predictions keyed by id may be a run.
        let keyed = r#"{"o__r-1": {"model_name_or_path": "m", "model_patch": "diff"}}"#;
        assert_eq!(refusal("p.json", keyed, serde_json::from_str::<Value>(keyed).ok().as_ref()), None);
    }

    #[test]
    fn agents_transcripts_are_sent_to_import() {
        let summary = r#"{"type": "summary", "summary": "Fix it", "leafUuid": "u"}"#;
        let init = r#"{"type": "system", "subtype": "init", "session_id": "s", "model": "claude-sonnet-4-5"}"#;
        let user = r#"{"type": "user", "sessionId": "s", "message": {"role": "user", "content": "Fix it"}}"#;
        let result = r#"{"type": "result", "subtype": "success", "session_id": "s", "result": "Done.", "total_cost_usd": 0.2}"#;
        for text in [format!("{init}\n{result}\n"), format!("{summary}\n{user}\n"), result.to_string()] {
            let error = refused("o__r-1.jsonl", &text);
            assert!(error.starts_with("o__r-1.jsonl: a Claude Code transcript"), "{error}");
            assert!(error.contains("`benchscope import o__r-1.jsonl`"), "{error}");
        }
        let codex = [
            r#"{"type":"thread.started","thread_id":"t"}"#,
            r#"{"type":"item.completed","item":{"id":"item_0","type":"agent_message","text":"Done."}}"#,
        ];
        let error = refused("o__r-2.jsonl", &codex.join("\n"));
        assert!(error.starts_with("o__r-2.jsonl: a Codex transcript"), "{error}");
        let gemini = [
            r#"{"type":"init","session_id":"s","model":"gemini-3.5-flash"}"#,
            r#"{"type":"message","role":"user","content":"Fix it."}"#,
        ];
        let error = refused("o__r-3.jsonl", &gemini.join("\n"));
        assert!(error.starts_with("o__r-3.jsonl: a Gemini CLI transcript"), "{error}");
        let events = format!("[{init},{result}]");
        assert!(refused("o__r-5.json", &events).starts_with("o__r-5.json: a Claude Code transcript"));
        let qwen =
            r#"{"uuid":"u1","parentUuid":null,"sessionId":"q","type":"user","message":{"role":"user","parts":[{"text":"Fix it."}]}}"#;
        assert!(refused("o__r-4.jsonl", qwen).starts_with("o__r-4.jsonl: a Qwen Code transcript"));
        let opencode = r#"{"type":"step_start","timestamp":1767036059338,"sessionID":"ses_1","part":{"type":"step-start"}}"#;
        assert!(refused("o__r-6.jsonl", opencode).starts_with("o__r-6.jsonl: an OpenCode transcript"));
        let export = r#"{"info": {"id": "ses_1"}, "messages": [{"info": {"role": "user"}, "parts": []}]}"#;
        assert!(refused("o__r-7.json", export).starts_with("o__r-7.json: an agent's trajectory"));
        // Their own files: a Codex session file, Gemini CLI's chat file as one document.
        let session = r#"{"timestamp":"2026-03-04T00:53:03Z","type":"session_meta","payload":{"id":"s","cli_version":"0.98.0"}}"#;
        assert!(refused("rollout.jsonl", session).starts_with("rollout.jsonl: a Codex transcript"));
        let chat = "{\n  \"sessionId\": \"s\",\n  \"projectHash\": \"h\",\n  \"messages\": []\n}";
        assert!(refused("session.json", chat).starts_with("session.json: a Gemini CLI transcript"));
    }

    #[test]
    fn trajectories_as_rows_are_sent_to_import() {
        let row = r#"{"instance_id": "a", "resolved": true, "model": "m", "messages": [{"role": "user", "content": "x"}]}"#;
        let classic = r#"{"instance_id": "a", "target": true, "model_name": "m", "trajectory": [{"role": "ai", "text": "x"}]}"#;
        let r2e_gym = r#"{"trajectory_steps": [], "docker_image": "i", "ds": {"instance_id": "a"}, "output_patch": "", "reward": 1.0}"#;
        for (name, text) in [
            ("t.jsonl", format!("{row}\n{row}\n")),
            ("t.json", format!("[{row}, {row}]")),
            ("n.jsonl", format!("{classic}\n")),
            ("r.jsonl", format!("{r2e_gym}\n")),
        ] {
            let error = refused(name, &text);
            assert!(
                error.starts_with(&format!("{name}: agent trajectories as a dataset's rows")),
                "{error}"
            );
            assert!(error.contains(&format!("`benchscope import {name}`")), "{error}");
        }
    }

    #[test]
    fn leaderboards_the_cli_reads_are_sent_to_import() {
        let line = r#"{"name": "SWE-agent + GPT 4o", "set": "lite", "total": 300, "resolved": ["a"]}"#;
        for text in [format!("{line}\n{line}\n"), format!("{line}\n")] {
            let error = refused("reports-0605.jsonl", &text);
            assert!(error.starts_with("reports-0605.jsonl: SWE-bench-Live's leaderboard"), "{error}");
            assert!(error.contains("`benchscope import reports-0605.jsonl`"), "{error}");
        }
        let page = "<!DOCTYPE html><html><body><table id=\"sortableTable1\"></table></body></html>";
        let error = refused("index.html", page);
        assert_eq!(
            error,
            "index.html: a web page, not a run file, a harness summary or predictions; SWE-Dev's leaderboard page is read by `benchscope import index.html`"
        );
        let error = refused("other.html", "<html></html>");
        assert_eq!(error, "other.html: a web page, not a run file, a harness summary or predictions");
    }
}
