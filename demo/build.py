#!/usr/bin/env python3
"""Build Benchscope's demo benchmark from the sources in this folder.

The demo is a small benchmark in the SWE-bench record format. Its sources are plain files:

- ``repos/<name>/``: each repository at its base commit (small Python projects with pytest tests);
- ``instances/<instance_id>/``: ``statement.md`` (the problem statement), ``meta.json`` (repo,
  dates, version, hints, FAIL_TO_PASS, PASS_TO_PASS, and optional ``gold_ops``/``test_ops`` with
  ``rename``/``delete`` lists), ``gold/`` and ``tests/`` (files as they are after the change);
- ``models/<set>/``: a model's predictions: ``model.json`` names the model and, per instance,
  ``gold`` (the gold patch), ``empty`` (no patch), ``overlay`` (files after the model's change, in
  ``<instance_id>/``) or ``raw`` (a diff written by hand, ``<instance_id>.diff``, for patches that
  do not apply or reach outside the checkout).

This script turns every repository into a real git repository with a fixed author and date (so
commit ids are stable), derives each instance's gold patch and test patch with ``git diff -M``,
and writes ``demo.jsonl`` with FAIL_TO_PASS / PASS_TO_PASS as JSON-encoded strings, as the
Hugging Face dumps have them, and ``predictions/<set>.jsonl`` in the SWE-bench predictions format
for the gold patches and each model set.

    python3 demo/build.py                  # rewrite demo/demo.jsonl
    python3 demo/build.py --check          # fail if demo/demo.jsonl is out of date
    python3 demo/build.py --verify         # also run pytest: FAIL_TO_PASS fail before the gold
                                           # patch and pass after it, PASS_TO_PASS pass throughout
    python3 demo/build.py --repos-out DIR  # keep the git repositories in DIR/<name>
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
OWNER = "benchscope-demo"
GIT_ENV = {
    "GIT_AUTHOR_NAME": "Benchscope Demo",
    "GIT_AUTHOR_EMAIL": "demo@benchscope.invalid",
    "GIT_AUTHOR_DATE": "2023-01-01T00:00:00Z",
    "GIT_COMMITTER_NAME": "Benchscope Demo",
    "GIT_COMMITTER_EMAIL": "demo@benchscope.invalid",
    "GIT_COMMITTER_DATE": "2023-01-01T00:00:00Z",
    "GIT_CONFIG_NOSYSTEM": "1",
    "HOME": "/nonexistent",
}
GIT_FLAGS = ["-c", "core.autocrlf=false", "-c", "commit.gpgsign=false", "-c", "core.quotepath=true", "-c", "diff.renames=true"]


def git(repo, *args, input=None):
    env = {**os.environ, **GIT_ENV}
    env.pop("GIT_DIR", None)
    result = subprocess.run(["git", *GIT_FLAGS, *args], cwd=repo, env=env, input=input, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"git {' '.join(args)} failed in {repo}:\n{result.stderr}")
    return result.stdout


def copy_tree(source, target):
    """Copy regular files with mode 0644 so the tree hash does not depend on the checkout."""
    for path in sorted(source.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            destination = target / path.relative_to(source)
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, destination)
            os.chmod(destination, 0o644)


def init_repo(name, workdir):
    repo = workdir / name
    repo.mkdir(parents=True)
    git(repo, "init", "-q", "-b", "main")
    copy_tree(HERE / "repos" / name, repo)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", f"{name}: base")
    return repo, git(repo, "rev-parse", "HEAD").strip()


def diff_for(repo, ops, overlay):
    """Apply renames, deletions and the overlay on the base commit; return the staged diff."""
    for old, new in ops.get("rename", []):
        git(repo, "mv", old, new)
    for path in ops.get("delete", []):
        git(repo, "rm", "-q", path)
    if overlay.is_dir():
        copy_tree(overlay, repo)
    git(repo, "add", "-A")
    diff = git(repo, "diff", "--cached", "-M", "--no-color", "--no-ext-diff", "--src-prefix=a/", "--dst-prefix=b/", "HEAD")
    git(repo, "reset", "-q", "--hard", "HEAD")
    git(repo, "clean", "-qfdx")
    return diff


def load_instance(directory):
    meta = json.loads((directory / "meta.json").read_text())
    meta["instance_id"] = directory.name
    meta["problem_statement"] = (directory / "statement.md").read_text()
    return meta


def build(workdir):
    repos = {}
    records = []
    for directory in sorted((HERE / "instances").iterdir(), key=lambda d: d.name):
        meta = load_instance(directory)
        name = meta["repo"].split("/", 1)[1]
        if name not in repos:
            repos[name] = init_repo(name, workdir)
        repo, base = repos[name]
        patch = diff_for(repo, meta.get("gold_ops", {}), directory / "gold")
        test_patch = diff_for(repo, meta.get("test_ops", {}), directory / "tests")
        records.append({
            "repo": meta["repo"],
            "instance_id": meta["instance_id"],
            "base_commit": base,
            "patch": patch,
            "test_patch": test_patch,
            "problem_statement": meta["problem_statement"],
            "hints_text": meta.get("hints_text", ""),
            "created_at": meta["created_at"],
            "version": meta["version"],
            "FAIL_TO_PASS": json.dumps(meta["FAIL_TO_PASS"]),
            "PASS_TO_PASS": json.dumps(meta["PASS_TO_PASS"]),
            "environment_setup_commit": base,
        })
    return records, repos


def build_predictions(records, repos):
    """Prediction sets: the gold patches, and each ``models/<set>``."""
    gold = {r["instance_id"]: r["patch"] for r in records}
    sets = {"gold": [{"instance_id": i, "model_name_or_path": "gold", "model_patch": p} for i, p in sorted(gold.items())]}
    for model_dir in sorted((HERE / "models").iterdir()):
        model = json.loads((model_dir / "model.json").read_text())
        predictions = []
        for instance_id, kind in sorted(model["instances"].items()):
            if kind == "gold":
                patch = gold[instance_id]
            elif kind == "empty":
                patch = None
            elif kind == "raw":
                patch = (model_dir / f"{instance_id}.diff").read_text()
            elif kind == "overlay":
                record = next(r for r in records if r["instance_id"] == instance_id)
                repo, _ = repos[record["repo"].split("/", 1)[1]]
                patch = diff_for(repo, {}, model_dir / instance_id)
            else:
                sys.exit(f"{model_dir.name}/model.json: {instance_id}: unknown kind {kind!r}")
            predictions.append({"instance_id": instance_id, "model_name_or_path": model["model_name_or_path"], "model_patch": patch})
        sets[model_dir.name] = predictions
    return sets


def run_pytest(repo, tests):
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    result = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *tests], cwd=repo, env=env, capture_output=True, text=True)
    return result.returncode, result.stdout + result.stderr


def verify(record, repo):
    """FAIL_TO_PASS fail with only the test patch and pass with the gold patch; PASS_TO_PASS pass both times."""
    f2p, p2p = json.loads(record["FAIL_TO_PASS"]), json.loads(record["PASS_TO_PASS"])
    problems = []
    git(repo, "apply", "--whitespace=nowarn", "-", input=record["test_patch"])
    for test in f2p:
        code, _ = run_pytest(repo, [test])
        if code == 0:
            problems.append(f"FAIL_TO_PASS test passes before the gold patch: {test}")
    if p2p:
        code, out = run_pytest(repo, p2p)
        if code != 0:
            problems.append(f"PASS_TO_PASS fails before the gold patch:\n{out}")
    git(repo, "apply", "--whitespace=nowarn", "-", input=record["patch"])
    code, out = run_pytest(repo, f2p + p2p)
    if code != 0:
        problems.append(f"tests fail with the gold patch:\n{out}")
    git(repo, "reset", "-q", "--hard", "HEAD")
    git(repo, "clean", "-qfdx")
    return problems


def to_jsonl(records):
    return "".join(json.dumps(record) + "\n" for record in records)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="fail if demo.jsonl differs from what the sources give")
    parser.add_argument("--verify", action="store_true", help="run each instance's tests with real pytest")
    parser.add_argument("--repos-out", type=Path, help="keep the built git repositories here")
    parser.add_argument("--out", type=Path, default=HERE / "demo.jsonl")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="benchscope-demo-") as tmp:
        records, repos = build(Path(tmp))
        predictions = build_predictions(records, repos)
        failures = 0
        if args.verify:
            for record in records:
                repo, _ = repos[record["repo"].split("/", 1)[1]]
                for problem in verify(record, repo):
                    failures += 1
                    print(f"{record['instance_id']}: {problem}", file=sys.stderr)
            print(f"verified {len(records)} instances: {failures} problems")
        if args.repos_out:
            args.repos_out.mkdir(parents=True, exist_ok=True)
            for name, (repo, _) in repos.items():
                target = args.repos_out / name
                if target.exists():
                    shutil.rmtree(target)
                shutil.copytree(repo, target, symlinks=True)
    outputs = {args.out: to_jsonl(records)}
    for name, rows in predictions.items():
        outputs[HERE / "predictions" / f"{name}.jsonl"] = to_jsonl(rows)
    for path, text in outputs.items():
        if args.check:
            current = path.read_text() if path.exists() else ""
            if current != text:
                sys.exit(f"{path} is out of date: run python3 demo/build.py")
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp_out = path.with_suffix(".jsonl.tmp")
            tmp_out.write_text(text)
            tmp_out.replace(path)
    print(f"{'checked' if args.check else 'wrote'} {args.out} ({len(records)} instances) and {len(predictions)} prediction sets")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
