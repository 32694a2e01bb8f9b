//! Inspect AI's logs read as trajectories: the real `.eval` archive, a JSON log built from it
//! (`--log-format json`), and an `.eval` written in Inspect's sample schema for an agent's tool
//! calls.

mod common;

use std::path::Path;

use benchscope_cli::trajectories::read_file;
use benchscope_contract::trajectory::ActionForm;
use benchscope_contract::Run;
use common::{benchscope_ok, import_as_new_run, read_json, realdata};
use serde_json::Value;

/// The sample documents of an `.eval` archive, read here straight from the zip.
fn eval_samples(path: &Path) -> Vec<Value> {
    let mut archive = zip::ZipArchive::new(std::fs::File::open(path).unwrap()).unwrap();
    let names: Vec<String> = archive
        .file_names()
        .filter(|n| n.starts_with("samples/"))
        .map(str::to_string)
        .collect();
    names
        .iter()
        .map(|name| {
            let mut text = String::new();
            std::io::Read::read_to_string(&mut archive.by_name(name).unwrap(), &mut text).unwrap();
            serde_json::from_str(&text).unwrap()
        })
        .collect()
}

#[test]
fn an_inspect_eval_log_is_a_zip_of_samples_each_a_trajectory() {
    let Some(real) = realdata() else { return };
    let path = real.join("trajectories_formats/inspect_log_formats.eval");
    let samples = eval_samples(&path);
    let read = read_file(&path).unwrap();
    assert_eq!(read.len(), samples.len());
    for (trajectory, sample) in read.iter().zip(&samples) {
        assert_eq!(trajectory.format, "inspect");
        assert_eq!(trajectory.instance_id, sample["id"].to_string());
        let assistant: Vec<&Value> = sample["messages"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m["role"] == "assistant")
            .collect();
        assert_eq!(trajectory.steps.len(), assistant.len(), "no tool calls: a step per answer");
        assert_eq!(trajectory.steps[0].thought, assistant[0]["content"].as_str().unwrap());
        assert_eq!(
            trajectory.exit_status.as_deref(),
            sample["output"]["choices"][0]["stop_reason"].as_str()
        );
        // Summed over the models used; a log that kept no per-model usage has the output's.
        let models = sample["model_usage"].as_object().filter(|m| !m.is_empty());
        let used = |key: &str| match models {
            Some(models) => models.values().map(|u| u[key].as_u64().unwrap()).sum::<u64>(),
            None => sample["output"]["usage"][key].as_u64().unwrap(),
        };
        assert_eq!(
            (trajectory.tokens_in, trajectory.tokens_out),
            (Some(used("input_tokens")), Some(used("output_tokens")))
        );
        assert_eq!(trajectory.task.as_deref(), sample["input"].as_str());
    }
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    import_as_new_run(&path, &data, "inspect");
    let run: Run = read_json(&data.join("runs/inspect.json"));
    assert_eq!(run.results.len(), samples.len());
    assert!(run.results.iter().all(|r| r.trajectory.is_some()));
}

/// Inspect's JSON log (`--log-format json`): the header's fields and every sample in one document.
/// Built from the real `.eval`, it reads as the archive does; a sample of a later epoch is its own
/// instance, and a sample no format knows is named by its place.
#[test]
fn an_inspect_json_log_reads_as_its_eval_archive_does() {
    let Some(real) = realdata() else { return };
    let eval = real.join("trajectories_formats/inspect_log_formats.eval");
    let mut archive = zip::ZipArchive::new(std::fs::File::open(&eval).unwrap()).unwrap();
    let mut header = String::new();
    std::io::Read::read_to_string(&mut archive.by_name("header.json").unwrap(), &mut header).unwrap();
    let mut log: Value = serde_json::from_str(&header).unwrap();
    let samples = eval_samples(&eval);
    let mut later = samples[0].clone();
    later["epoch"] = serde_json::json!(2);
    log["samples"] = Value::Array(samples.iter().cloned().chain([later]).collect());
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("2024-10-31T12-00-00+00-00_swe-bench_abc.json");
    std::fs::write(&path, serde_json::to_vec_pretty(&log).unwrap()).unwrap();

    let from_json = read_file(&path).unwrap();
    let from_eval = read_file(&eval).unwrap();
    assert_eq!(from_json.len(), from_eval.len() + 1);
    assert_eq!(
        from_json[..from_eval.len()],
        from_eval[..],
        "the same trajectories as the archive's"
    );
    assert_eq!(from_json.last().unwrap().instance_id, format!("{}.epoch2", samples[0]["id"]));
    // The model as the header names it, with its provider (a sample's `output` leaves it out).
    let model = log["eval"]["model"].as_str().unwrap();
    assert!(model.contains('/'), "{model}");
    assert!(from_json.iter().chain(&from_eval).all(|t| t.model.as_deref() == Some(model)));

    let data = tmp.path().join("data");
    import_as_new_run(&path, &data, "inspect-json");
    let run: Run = read_json(&data.join("runs/inspect-json.json"));
    assert_eq!(run.results.len(), from_json.len());
    assert!(run.results.iter().all(|r| r.trajectory.is_some()));
    // Inspect's log folder: its logs known by how they begin, its `logs.json` listing left alone.
    let folder = tmp.path().join("logs");
    std::fs::create_dir(&folder).unwrap();
    std::fs::copy(&path, folder.join(path.file_name().unwrap())).unwrap();
    std::fs::write(
        folder.join("logs.json"),
        br#"{"2024-10-31T12-00-00+00-00_swe-bench_abc.json": {"status": "success"}}"#,
    )
    .unwrap();
    let out = benchscope_ok(&[
        "import",
        folder.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
        "--run",
        "inspect-folder",
    ]);
    assert!(out.contains(&format!("run inspect-folder: {} instances", from_json.len())), "{out}");

    log["samples"].as_array_mut().unwrap().push(serde_json::json!({"not": "a sample"}));
    std::fs::write(&path, serde_json::to_vec(&log).unwrap()).unwrap();
    let error = read_file(&path).unwrap_err();
    let expected = format!("samples[{}]: not a trajectory of a known agent", from_json.len());
    assert!(format!("{error:#}").contains(&expected), "{error:#}");
}

/// An `.eval` of an agent on a SWE-bench task, written in Inspect's sample schema: tool calls
/// answered by `tool_call_id` (one with an error), a second epoch, and the scorer's patch.
#[test]
fn inspect_tool_calls_are_answered_by_id_and_a_later_epoch_is_its_own_instance() {
    let sample = |epoch: u64| {
        serde_json::json!({
            "id": "django__django-11099", "epoch": epoch, "input": "Fix the validator.", "target": "",
            "messages": [
                {"role": "system", "content": "You are an agent."},
                {"role": "user", "content": "Fix the validator."},
                {"role": "assistant", "content": [{"type": "text", "text": "Look first."}], "tool_calls": [
                    {"id": "call_1", "function": "bash", "arguments": {"cmd": "grep -rn UsernameValidator django/"}},
                    {"id": "call_2", "function": "python", "arguments": {"code": "print(1)"}}
                ]},
                {"role": "tool", "tool_call_id": "call_2", "function": "python", "content": "1\n"},
                {"role": "tool", "tool_call_id": "call_1", "function": "bash", "content": "", "error": {"type": "timeout", "message": "Command timed out"}},
                {"role": "assistant", "content": "Done.", "tool_calls": [
                    {"id": "call_3", "function": "submit", "arguments": {"answer": "done"}}
                ]},
                {"role": "tool", "tool_call_id": "call_3", "function": "submit", "content": "done"}
            ],
            "output": {"choices": [{"message": {"role": "assistant", "content": "Done."}, "stop_reason": "tool_calls"}]},
            "scores": {"swe_bench_scorer": {"value": 1.0, "metadata": {"model_patch": "diff --git a/x b/x\n"}}},
            "model_usage": {"openai/gpt-4o": {"input_tokens": 1000, "output_tokens": 50}, "openai/gpt-4o-mini": {"input_tokens": 10, "output_tokens": 5}},
            "events": [{"event": "model"}, {"event": "tool"}, {"event": "model"}],
            "limit": if epoch == 2 { serde_json::json!({"type": "message", "limit": 3}) } else { Value::Null }
        })
    };
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("agent.eval");
    let mut archive = zip::ZipWriter::new(std::fs::File::create(&path).unwrap());
    let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    archive.start_file("header.json", options).unwrap();
    std::io::Write::write_all(&mut archive, br#"{"version": 2, "status": "success"}"#).unwrap();
    for epoch in [1, 2] {
        archive
            .start_file(format!("samples/django__django-11099_epoch_{epoch}.json"), options)
            .unwrap();
        std::io::Write::write_all(&mut archive, sample(epoch).to_string().as_bytes()).unwrap();
    }
    archive.finish().unwrap();
    let read = read_file(&path).unwrap();
    let ids: Vec<&str> = read.iter().map(|t| t.instance_id.as_str()).collect();
    assert_eq!(ids, ["django__django-11099", "django__django-11099.epoch2"]);
    let first = &read[0];
    let steps = common::tool_action_observation(first);
    assert_eq!(
        steps,
        [
            (Some("bash"), "grep -rn UsernameValidator django/", "Command timed out"),
            (Some("python"), "print(1)", "1\n"),
            (Some("submit"), r#"{"answer":"done"}"#, "done"),
        ]
    );
    assert_eq!(first.steps[0].thought, "Look first.");
    assert_eq!(
        first.steps.iter().map(|s| s.action_form).collect::<Vec<_>>(),
        [ActionForm::Command, ActionForm::Python, ActionForm::Words],
        "the python tool's code is Python, a call's arguments JSON"
    );
    assert_eq!(first.submission.as_deref(), Some("diff --git a/x b/x\n"));
    assert_eq!(
        (first.tokens_in, first.tokens_out, first.api_calls),
        (Some(1010), Some(55), Some(2))
    );
    assert_eq!(first.exit_status.as_deref(), Some("tool_calls"));
    assert_eq!(read[1].exit_status.as_deref(), Some("limit: message"));
    std::fs::write(tmp.path().join("broken.eval"), b"PK\x03\x04 not really a zip").unwrap();
    let error = read_file(&tmp.path().join("broken.eval")).unwrap_err();
    assert!(
        format!("{error:#}").contains("broken.eval: not a readable zip archive"),
        "{error:#}"
    );
}

/// A header is read whole, so one that inflates past 16 MB (a zip bomb's way) is not read: the
/// samples still are, without the model it names.
#[test]
fn a_header_that_inflates_past_its_bound_is_not_read() {
    let tmp = tempfile::tempdir().unwrap();
    let write = |name: &str, padding: usize| {
        let path = tmp.path().join(name);
        let mut archive = zip::ZipWriter::new(std::fs::File::create(&path).unwrap());
        let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
        archive.start_file("header.json", options).unwrap();
        let header = serde_json::json!({"eval": {"task": "t", "model": "openai/gpt-4o", "padding": "a".repeat(padding)}});
        std::io::Write::write_all(&mut archive, header.to_string().as_bytes()).unwrap();
        archive.start_file("samples/o__r-1_epoch_1.json", options).unwrap();
        let sample = serde_json::json!({"id": "o__r-1", "epoch": 1, "messages": [
            {"role": "assistant", "content": "ls", "tool_calls": [{"id": "c", "function": "bash", "arguments": {"cmd": "ls"}}]},
            {"role": "tool", "tool_call_id": "c", "function": "bash", "content": "x"}]});
        std::io::Write::write_all(&mut archive, sample.to_string().as_bytes()).unwrap();
        archive.finish().unwrap();
        read_file(&path).unwrap()
    };
    assert_eq!(write("small.eval", 10)[0].model.as_deref(), Some("openai/gpt-4o"));
    let inflated = write("inflated.eval", 17 << 20);
    assert_eq!(inflated.len(), 1);
    assert_eq!(inflated[0].model, None);
}

/// Inspect's Python writes a metric that is not a number as `NaN` (a mean over no samples): the
/// header's model and the sample's steps are read past it.
#[test]
fn a_header_and_a_sample_with_a_nan_are_read() {
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("nan.eval");
    let mut archive = zip::ZipWriter::new(std::fs::File::create(&path).unwrap());
    let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    archive.start_file("header.json", options).unwrap();
    let header = r#"{"eval": {"task": "t", "model": "openai/gpt-4o"}, "results": {"scores": [{"metrics": {"mean": {"value": NaN}}}]}}"#;
    std::io::Write::write_all(&mut archive, header.as_bytes()).unwrap();
    archive.start_file("samples/o__r-1_epoch_1.json", options).unwrap();
    let sample = r#"{"id": "o__r-1", "epoch": 1, "scores": {"s": {"value": NaN}}, "messages": [
        {"role": "assistant", "content": "ls", "tool_calls": [{"id": "c", "function": "bash", "arguments": {"cmd": "ls"}}]},
        {"role": "tool", "tool_call_id": "c", "function": "bash", "content": "x"}]}"#;
    std::io::Write::write_all(&mut archive, sample.as_bytes()).unwrap();
    archive.finish().unwrap();
    let read = read_file(&path).unwrap();
    assert_eq!(read.len(), 1);
    assert_eq!(read[0].model.as_deref(), Some("openai/gpt-4o"));
    assert_eq!(read[0].steps.len(), 1);
}
