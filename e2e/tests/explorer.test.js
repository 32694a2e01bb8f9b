// The explorer in headless Chromium on the built site and the demo data exported by the real CLI.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, cpSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mcnemar, naturalCompare, standings } from './standings.js';
import { ROOT, DIST, APP_ROWS, buildDemoRepos, exportDemo, evaluateDemo, serve, openBrowser, collectErrors, gitNumstat, tempDir, benchscope, rowMarks } from './support.js';
import { largeData, hugeData, lcaData, bigTrajectoryData, scaleBoardData } from './fixtures.js';

const demo = readFileSync(join(ROOT, 'demo', 'demo.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line));
/** The demo instance graded from a log that leaves some of its listed tests out. */
const PARTIAL = 'benchscope-demo__slugkit-4';
/** The instances the graded directory's summary run resolves (it attempts two more). */
const SUMMARY_RESOLVED = ['benchscope-demo__matrixlite-7', 'benchscope-demo__slugkit-5', 'benchscope-demo__unitcalc-1'];
let server;
let session;
let lite = null;
let featurebench = null;
let boards = null;
let alone = null;
/** A board whose runs all publish each instance's cost: more of them than the cost table shows. */
let priced = null;
const PRICED_RUNS = 30;
let trajs = null;
let trajsTampered = null;
let formats = null;
let trajsTwo = null;
let tamperedBucket = null;
let trajsHostile = null;
/** The step where the twin trajectory's command was changed. */
const TWIN_PARTS_AT = 4;
/** Steps of the generated large trajectory. */
const BIG_TRAJ_STEPS = 400;
/** One real file per trajectory format, each imported as its own run and dataset. */
const FORMAT_FILES = [
  { file: 'pydicom__pydicom-1458.traj', run: 'swe-agent', format: 'swe-agent' },
  { file: 'marshmallow-1867_function_calling_replace.traj', run: 'swe-agent-fc', format: 'swe-agent' },
  { file: 'mini-swe-agent_github_issue.traj.json', run: 'mini-swe-agent', format: 'mini-swe-agent' },
  { file: 'openhands_multi_swe_bench_output.jsonl', run: 'openhands', format: 'openhands' },
  { file: 'inspect_log_formats.eval', run: 'inspect', format: 'inspect' },
];
let repos;
let huge;
/** A generated trajectory too large for one file: 400 steps, stored as a head and chunks. */
let bigTraj;

before(async () => {
  repos = buildDemoRepos();
  const data = exportDemo(repos);
  evaluateDemo(data, ['gold', 'partly-right'], repos);
  const broken = join(tempDir('broken'), 'data');
  cpSync(data, broken, { recursive: true });
  writeFileSync(join(broken, 'detail', 'demo', 'test', '0000.json'), '{"format_version": 1, "instances": [tru');
  // One more copy with a run file, a block of results, a patch shard and a search bucket each
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
  const bucket = readdirSync(join(faults, 'search', 'demo', 'test')).find((f) => f.startsWith('sl'));
  rmSync(join(faults, 'search', 'demo', 'test', bucket));
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
  tamperedBucket = Object.entries(searchMeta.buckets).filter(([name]) => 'determinant'.startsWith(name)).sort((a, b) => b[0].length - a[0].length)[0][1];
  const bucketTerms = JSON.parse(readFileSync(join(tampered, tamperedBucket), 'utf8'));
  bucketTerms.terms.determinant = [0, 9];
  writeFileSync(join(tampered, tamperedBucket), JSON.stringify(bucketTerms));
  const [version1, version3] = olderAndNewerFormats(data);
  trajsHostile = hostileTrajectoryData(data);
  const hostile = hostileData();
  const hidden = hiddenGoldData();
  const large = largeData();
  huge = hugeData();
  const panels = panelData();
  const site = publishedSite();
  const lca = lcaData();
  const graded = gradedData();
  const twins = join(tempDir('twins'), 'data');
  benchscope('export', 'demo/demo.jsonl', 'demo/demo.jsonl', '--dataset', 'demo-a', '--dataset', 'demo-b', '--split', 'test', '--categories', 'demo/categories.json', '--out', twins, '--quiet');
  const liteFile = join(ROOT, '..', 'shared', 'realdata', 'swebench-lite_ztluck78-swebench-exp-lite', 'swe-bench-lite.test.jsonl');
  if (existsSync(liteFile)) {
    lite = join(tempDir('lite'), 'data');
    benchscope('export', liteFile, '--out', lite, '--quiet');
    benchscope('import', join(ROOT, '..', 'shared', 'realdata', 'swebench-leaderboard_SWE-bench-swe-bench.github.io', 'leaderboards.json'), '--data', lite);
    featurebench = join(tempDir('featurebench'), 'data');
    const fb = join(ROOT, '..', 'shared', 'realdata', 'featurebench_LiberCoders-FeatureBench');
    benchscope('export', join(fb, 'tasks', 'data'), '--dataset', 'featurebench', '--out', featurebench, '--quiet');
    benchscope('import', ...['lite', 'full', 'fast'].map((split) => join(fb, 'leaderboard', 'data', `${split}.json`)), '--data', featurebench);
    alone = join(tempDir('alone'), 'data');
    benchscope('import', join(ROOT, '..', 'shared', 'realdata', 'swebench-leaderboard_SWE-bench-swe-bench.github.io', 'leaderboards.json'), '--data', alone);
    // An agent's trajectories imported alone (mini-swe-agent on Verified), and a copy with one
    // trajectory file altered after the import.
    trajs = join(tempDir('trajs'), 'data');
    benchscope('import', join(ROOT, '..', 'shared', 'realdata', 'trajectories_gruckion-mini-swe-agent'), '--data', trajs, '--run', 'mini', '--new-dataset');
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
    const original = JSON.parse(readFileSync(join(ROOT, '..', 'shared', 'realdata', 'trajectories_gruckion-mini-swe-agent', 'trajs', 'astropy__astropy-12907', 'astropy__astropy-12907.traj.json'), 'utf8'));
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
  }
  bigTraj = bigTrajectoryData(BIG_TRAJ_STEPS, 300);
  priced = scaleBoardData(12, PRICED_RUNS);
  server = await serve({ 'big-traj': bigTraj.out, priced: priced.out, data, broken, 'version-1': version1, 'version-3': version3, faults, 'faults-blocks': faultsBlocks, 'faults-matrix': faultsMatrix, 'before-matrices': beforeMatrices, 'tampered-index': tamperedIndex, tampered, 'trajs-hostile': trajsHostile, hostile, hidden, large, huge: huge.out, panels, twins, lca, graded, 'pages/board': site, ...(lite ? { lite, featurebench, boards, alone, trajs, formats, 'trajs-two': trajsTwo, 'trajs-tampered': trajsTampered } : {}) });
  session = await openBrowser();
});

after(async () => {
  await session?.browser.close();
  await server?.close();
});



/** The demo graded from a log that names the FAIL_TO_PASS tests and one PASS_TO_PASS test only. */
function gradedData() {
  const out = exportDemo();
  const record = demo.find((r) => r.instance_id === PARTIAL);
  const [f2p, p2p] = [JSON.parse(record.FAIL_TO_PASS), JSON.parse(record.PASS_TO_PASS)];
  const logs = tempDir('logs');
  writeFileSync(join(logs, `${PARTIAL}.log`), [...f2p, p2p[0]].map((t) => `PASSED ${t}`).join('\n') + '\n');
  benchscope('grade', logs, '--data', out, '--dataset', 'demo', '--run', 'partial-log');
  // A second run of other coverage: a harness summary over five of the twelve instances.
  const ids = demo.map((r) => r.instance_id);
  const summary = join(tempDir('summary'), 'summary.json');
  writeFileSync(summary, JSON.stringify({ resolved_ids: SUMMARY_RESOLVED, unresolved_ids: ids.filter((id) => !SUMMARY_RESOLVED.includes(id)).slice(0, 2) }));
  benchscope('import', summary, '--data', out, '--dataset', 'demo', '--run', 'summary');
  return out;
}

/** One FEA-Bench row, one FeatureBench row and one SWE-Dev task, each in its benchmark's schema. */
function panelData() {
  const dir = tempDir('panels');
  const core = { repo: 'acme/widgets', base_commit: 'abc123', patch: '', test_patch: '', FAIL_TO_PASS: '[]', PASS_TO_PASS: '[]' };
  const fea = { ...core, instance_id: 'acme__widgets-7', problem_statement: 'Add a widget factory', pull_number: 7, non_py_patch: '',
    environment_setup_commit: 'def456', pull_request_text: 'PR text', issue_text: 'Issue text',
    new_components: [{ file: 'widgets/factory.py', components: [
      { type: 'function', name: 'make_widget', lines: [10, 24], signature: 'def make_widget(kind: str) -> Widget:', doc: 'Builds a <b>widget</b>.' },
      { type: 'class', name: 'Factory', lines: [30, 80], signature: 'class Factory:', doc: '' }] }] };
  writeFileSync(join(dir, 'fea.jsonl'), JSON.stringify(fea) + '\n');
  const statement = '## Task\n**Task Statement: Widgets**\n\nBuild widgets.\n\n## Interface Descriptions\n### Clarification\nMatch them.\n'
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
  benchscope('export', join(dir, 'fea.jsonl'), join(dir, 'fb.jsonl'), tasks, '--dataset', 'fea', '--dataset', 'fb', '--dataset', 'swedev', '--out', out, '--quiet');
  return out;
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

function hostileData() {
  const input = join(tempDir('hostile'), 'evil.jsonl');
  const record = {
    instance_id: 'evil__repo-1',
    repo: 'evil/repo',
    problem_statement: '# Totally normal bug\n\n<script>window.__pwned = 1</script>\n\n<img src="http://203.0.113.9/t.png" onerror="window.__pwned = 2">\n\n'
      + '[click me](javascript:window.__pwned=3) <iframe src="http://203.0.113.9/"></iframe>\n\n![tracker](http://203.0.113.9/pixel.png)\n',
    patch: 'diff --git a/<img src=x onerror=alert(1)>.py b/<img src=x onerror=alert(1)>.py\n--- a/<img src=x onerror=alert(1)>.py\n+++ b/<img src=x onerror=alert(1)>.py\n@@ -1 +1 @@\n-<script>window.__pwned = 4</script>\n+<b>bold</b>\n',
    test_patch: '',
    FAIL_TO_PASS: JSON.stringify(['tests/test_x.py::test_a[<script>window.__pwned=5</script>]', 'test_b (app.tests.Case)\nsecond line']),
    PASS_TO_PASS: '[]',
    hints_text: '<style>body { display: none }</style>',
  };
  writeFileSync(input, JSON.stringify(record) + '\n');
  const out = join(tempDir('hostile-data'), 'data');
  benchscope('export', input, '--dataset', 'evil', '--out', out);
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
  return out;
}

async function rows(page) {
  await page.waitForSelector('.instance-row');
  return page.locator('.instance-row').count();
}

/** Down the leaderboard, among rows tied on the published %, no row shows a worse rank than the
 * one below it: a tie is ordered by the counted results the ranks come from. */
async function assertTiesFollowRanks(page) {
  const order = await page.locator('.leaderboard-table tbody tr[data-run]').evaluateAll((trs) => trs.map((tr) => [tr.querySelector('.resolved').textContent.trim().split(' ')[0], tr.querySelector('.standing')?.textContent ?? '']));
  const rankOf = (text) => Number(/· (\d+) \[/.exec(text)?.[1] ?? NaN);
  let compared = 0;
  for (let i = 1; i < order.length; i += 1) {
    const [[above, a], [below, b]] = [order[i - 1], order[i]];
    if (above !== below || Number.isNaN(rankOf(a)) || Number.isNaN(rankOf(b))) continue;
    compared += 1;
    assert.ok(rankOf(a) <= rankOf(b), `row ${i}: rank ${rankOf(a)} above ${rankOf(b)} at ${above}%`);
  }
  return compared;
}

/** Every id the (virtual) instance list holds, gathered by scrolling it from top to bottom. */
async function listedIds(page) {
  await page.waitForSelector('.instance-row');
  return page.evaluate(async () => {
    const ids = new Set();
    const first = document.querySelector('.instance-row');
    let scroller = first.parentElement;
    while (scroller && scroller !== document.body && scroller.scrollHeight <= scroller.clientHeight) scroller = scroller.parentElement;
    const target = scroller && scroller !== document.body ? scroller : document.scrollingElement;
    for (let top = 0; ; top += Math.max(200, target.clientHeight / 2)) {
      target.scrollTop = top;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      document.querySelectorAll('.instance-row').forEach((row) => ids.add(row.dataset.id));
      if (top >= target.scrollHeight) break;
    }
    target.scrollTop = 0;
    return [...ids];
  });
}

function facetBox(page, facet, value) {
  return page.locator(`section.facet[data-facet="${facet}"] label`, { hasText: value }).locator('input');
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

test('lists the demo instances and filters them by repository, with the filter in the URL', async () => {
  const { page, errors, requests } = session;
  requests.length = 0;
  await page.goto(server.url);
  assert.equal(await rows(page), demo.length);
  // The page is built once and each file fetched once: the manifest, the index shard, the matrix.
  const data = requests.filter((url) => new URL(url).pathname.startsWith('/data/'));
  assert.ok(data.some((url) => url.endsWith('/manifest.json')) && data.some((url) => url.includes('/index/')), data.join('\n'));
  assert.deepEqual(data, [...new Set(data)], 'no data file is fetched twice');
  await facetBox(page, 'repo', 'benchscope-demo/slugkit').check();
  await page.waitForFunction(() => document.querySelectorAll('.instance-row').length === 3);
  assert.match(page.url(), /f=repo%3Abenchscope-demo%2Fslugkit/);
  const ids = await page.locator('.instance-row').evaluateAll((trs) => trs.map((tr) => tr.dataset.id));
  assert.deepEqual(ids, demo.filter((r) => r.repo === 'benchscope-demo/slugkit').map((r) => r.instance_id));
  assert.equal(await page.locator('.tagline').count(), 1, "Benchscope's own page keeps its tagline");
  assert.deepEqual(errors, []);
});

test('opens an instance: markdown statement, tests and diffs whose counts match git', async () => {
  const { page, errors } = session;
  const record = demo.find((r) => r.instance_id === 'benchscope-demo__unitcalc-3');
  await page.goto(server.url);
  await page.click(`.instance-row[data-id="${record.instance_id}"] a`);
  await page.waitForSelector('article.instance');
  assert.match(page.url(), /instance=benchscope-demo__unitcalc-3/);

  const statement = page.locator('section.document').first();
  assert.equal(await statement.locator('ul li').count(), 2);
  assert.equal(await statement.locator('code', { hasText: 'unitcalc.registry' }).count(), 1);
  const link = statement.locator('a', { hasText: 'design notes' });
  assert.equal(await link.getAttribute('href'), 'https://example.org/unitcalc/design#registry');

  const f2p = await page.locator('section.fail-to-pass li code').allTextContents();
  assert.deepEqual(f2p, JSON.parse(record.FAIL_TO_PASS));

  for (const [role, patch] of [['gold', record.patch], ['test', record.test_patch]]) {
    const expected = gitNumstat(patch);
    const cards = page.locator(`section.patch[data-role="${role}"] .diff-file`);
    assert.equal(await cards.count(), expected.length, `${role}: one card per file`);
    const shown = await cards.evaluateAll((sections) => sections.map((s) => s.querySelector('.counts').textContent));
    const fromGit = expected.map((f) => `+${f.added} −${f.removed}`);
    assert.deepEqual([...shown].sort(), [...fromGit].sort(), `${role}: per-file +/- counts`);
    for (const card of await cards.all()) {
      const counts = await card.locator('.counts').textContent();
      const [added, removed] = counts.match(/\d+/g).map(Number);
      assert.equal(await card.locator('tr.add').count(), added);
      assert.equal(await card.locator('tr.del').count(), removed);
    }
  }
  const renamed = page.locator('section.patch[data-role="gold"] .diff-file', { has: page.locator('.status-renamed') });
  assert.equal(await renamed.locator('.path').textContent(), 'unitcalc/units.py → unitcalc/tables.py');
  assert.equal(await page.locator('section.patch[data-role="gold"] .diff-file .status-added').count(), 1);
  const firstAdded = page.locator('section.patch[data-role="gold"] .diff-file[data-path="unitcalc/registry.py"] tr.add').first();
  assert.deepEqual(await firstAdded.locator('td.ln').allTextContents(), ['', '1']);
  assert.deepEqual(errors, []);
});

test('the instance page\'s code is fetched when the pointer first comes to the list, before any click', async () => {
  const { page, errors, requests } = session;
  requests.length = 0;
  await page.goto(server.url);
  await rows(page);
  const fetched = () => requests.some((url) => /\/split_instance_page-[0-9a-f]+\.wasm$/.test(new URL(url).pathname));
  assert.ok(!fetched(), 'the list alone does not fetch the instance page');
  await page.hover('.instance-row:nth-child(2) .title');
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((r) => /split_instance_page-/.test(r.name)));
  assert.ok(fetched());
  assert.equal(await page.locator('article.instance').count(), 0, 'hovering opens nothing');
  assert.deepEqual(errors, []);
});

test("a page whose code cannot be fetched says so, the list keeps working, and the next open fetches it again", async () => {
  const { page, errors } = session;
  const id = 'benchscope-demo__unitcalc-3';
  // The instance page is a wasm module of its own (src/pages/lazy.rs), fetched when first opened.
  const blocked = (url) => /\/split_instance_page-[0-9a-f]+\.wasm$/.test(new URL(url).pathname);
  await page.route(blocked, (route) => route.abort());
  try {
    await page.goto(`${server.url}?instance=${id}`);
    const alert = page.locator('main .error[role="alert"]');
    await alert.waitFor();
    assert.match(await alert.textContent(), /Could not load the instance page's code.*reload the page to try again/);
    assert.equal(await page.locator('article.instance').count(), 0);
    // The browser and the loader report the aborted fetch in the console; nothing else.
    await page.waitForTimeout(200);
    const unexpected = errors.filter((e) => !/ERR_FAILED|Failed to fetch|split_instance_page/.test(e));
    assert.deepEqual(unexpected, []);
  } finally {
    await page.unroute(blocked);
    errors.length = 0;
  }
  // Back to the list in the same page: the list, in the main module, is unaffected.
  await page.click('.brand');
  assert.equal(await rows(page), demo.length);
  // A failed load is not remembered: opening an instance fetches the module again.
  await page.click(`.instance-row[data-id="${id}"] a`);
  await page.waitForSelector('article.instance');
  assert.deepEqual(errors, []);
});

test('a permalink reopens the instance, and back returns to the filtered list', async () => {
  const { page, errors } = session;
  await page.goto(`${server.url}?f=repo:benchscope-demo/matrixlite`);
  assert.equal(await rows(page), 3);
  await page.click('.instance-row[data-id="benchscope-demo__matrixlite-9"] a');
  await page.waitForSelector('article.instance[data-id="benchscope-demo__matrixlite-9"]');
  const permalink = page.url();
  await page.reload();
  await page.waitForSelector('article.instance[data-id="benchscope-demo__matrixlite-9"]');
  assert.equal(page.url(), permalink);
  assert.equal(await page.locator('section.patch[data-role="gold"] .no-newline').count(), 2, 'both sides lack the final newline');
  await page.goBack();
  await page.waitForURL((url) => !url.search.includes('instance='));
  assert.equal(await rows(page), 3);
  assert.ok(await facetBox(page, 'repo', 'benchscope-demo/matrixlite').isChecked());
  assert.deepEqual(errors, []);
});

test('hostile statements, paths and test names are shown as text, run nothing and load nothing foreign', async () => {
  const { page, errors, requests } = session;
  requests.length = 0;
  await page.goto(`${server.url}?data=hostile/&instance=evil__repo-1`);
  await page.waitForSelector('article.instance');
  const article = page.locator('article.instance');
  assert.equal(await article.locator('script, img, iframe, style').count(), 0);
  const text = await article.textContent();
  assert.ok(text.includes('<script>window.__pwned = 1</script>'), 'the script tag is visible as text');
  assert.ok(text.includes('<img src=x onerror=alert(1)>.py'), 'the hostile path is visible as text');
  assert.ok(text.includes('test_a[<script>window.__pwned=5</script>]'), 'the hostile test name is visible as text');
  const hrefs = await article.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  assert.ok(hrefs.every((href) => !/^\s*javascript:/i.test(href)), hrefs.join(', '));
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  assert.ok(await page.locator('body').isVisible(), 'the <style> in the hints did not apply');
  const foreign = requests.filter((url) => !url.startsWith(server.url));
  assert.deepEqual(foreign, [], 'no request leaves the local server');
  assert.deepEqual(errors, []);
});

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

test('a data directory of format version 1 (every zero count written out) shows the same rows; an unknown version is refused by name', async () => {
  const { page } = session;
  const shown = async (data) => {
    await page.goto(`${server.url}?data=${data}/`);
    await page.waitForSelector('.instance-row');
    return page.locator('.instance-row').evaluateAll((rows) => rows.map((row) => row.textContent));
  };
  const current = await shown('data');
  assert.equal(current.length, demo.length);
  assert.deepEqual(await shown('version-1'), current);
  await page.goto(`${server.url}?data=version-3/`);
  const alert = page.locator('[role=alert]');
  await alert.waitFor();
  assert.match(await alert.textContent(), /version-3\/manifest\.json.*format version 3 is not one this explorer reads \(1 to 2\)/s);
});

test('a corrupted detail shard shows an error naming the file, and the list keeps working', async () => {
  const { page } = session;
  await page.goto(`${server.url}?data=broken/&instance=benchscope-demo__matrixlite-7`);
  const alert = page.locator('[role=alert]');
  await alert.waitFor();
  assert.match(await alert.textContent(), /broken\/detail\/demo\/test\/0000\.json/);
  await page.click('text=← All instances');
  assert.equal(await rows(page), demo.length);
});

test('a directory written before results matrices: its run files give the list the same run facets, and the code that reads them is fetched for it alone', async () => {
  const context = await session.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const requests = [];
  const errors = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('pageerror', (error) => errors.push(String(error)));
  const resolvedBy = async () => {
    await page.waitForSelector('section.facet[data-facet="resolved by"] label');
    return page.locator('section.facet[data-facet="resolved by"] label').evaluateAll((ls) => ls.map((l) => [l.querySelector('.value').textContent, Number(l.querySelector('.n').textContent)]));
  };
  const runFiles = (dir) => requests.filter((url) => url.startsWith(`${server.url}${dir}runs/`));
  const runFilesCode = () => requests.filter((url) => /\/split_run_files-[0-9a-f]+\.wasm$/.test(url));
  try {
    await page.goto(server.url);
    const fromMatrix = await resolvedBy();
    assert.ok(fromMatrix.length > 0);
    assert.deepEqual(runFilesCode(), [], 'a directory with its matrix never fetches the code that reads run files');
    assert.deepEqual(runFiles(''), [], 'nor its run files');
    await page.goto(`${server.url}?data=before-matrices/`);
    assert.deepEqual(await resolvedBy(), fromMatrix);
    assert.equal(runFilesCode().length, 1);
    assert.ok(runFiles('before-matrices/').length > 0);
    await page.goto(`${server.url}?data=before-matrices/&view=leaderboard`);
    await page.waitForSelector('.leaderboard-table tr[data-run="gold"]');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a broken run file, results matrix or block, patch shard or search bucket shows an error naming it, and the rest keeps working', async () => {
  const { page, errors } = session;
  try {
    // The run file is fetched only for a leaderboard row's details: named there; the instance
    // page reads its results from the block and still shows both runs.
    await page.goto(`${server.url}?data=faults/&view=leaderboard&brow=gold`);
    await page.locator('tr.run-details [role=alert]', { hasText: 'faults/runs/gold.json' }).waitFor();
    await page.goto(`${server.url}?data=faults/&instance=benchscope-demo__tinyconf-12`);
    await page.waitForSelector('.runs-table tr[data-run="partly-right"]');
    assert.equal(await page.locator('.runs-table tr[data-run="gold"]').count(), 1);
    // A block of results: named on the instance page, whose statement and patches still show.
    await page.goto(`${server.url}?data=faults-blocks/&instance=benchscope-demo__tinyconf-12`);
    await page.locator('[role=alert]', { hasText: /faults-blocks\/results\/demo\/test\/block-/ }).waitFor();
    assert.ok(await page.locator('section.patch[data-role="gold"] .diff-file').count() > 0, 'the gold patch still shows');
    // The matrix: named, and the list still lists every instance, without run facets.
    await page.goto(`${server.url}?data=faults-matrix/`);
    await page.locator('[role=alert]', { hasText: /faults-matrix\/results\/demo\/test\/matrix-/ }).waitFor();
    await page.waitForSelector('.instance-row');
    assert.equal(await page.locator('section.facet[data-facet="resolved by"]').count(), 0);
    // The patch shard: named where the patch was asked for; the instance stays.
    await page.goto(`${server.url}?data=faults/&instance=benchscope-demo__tinyconf-12`);
    await page.click('tr[data-run="partly-right"] .show-patch');
    await page.waitForSelector('tr.model-patch [role=alert]');
    assert.match(await page.locator('tr.model-patch [role=alert]').textContent(), /faults\/runs\/partly-right\/patches-\d+\.json/);
    assert.ok(await page.locator('section.patch[data-role="gold"] .diff-file').count() > 0, 'the gold patch still shows');
    // The search bucket: named; other searches and the list still work.
    await page.goto(`${server.url}?data=faults/&q=slug`);
    await page.locator('[role=alert]', { hasText: 'search/demo/test/sl' }).waitFor();
    await page.goto(`${server.url}?data=faults/&q=matrix`);
    await page.waitForSelector('.instance-row');
    assert.ok(await page.locator('.instance-row').count() > 0);
    await page.goto(`${server.url}?`);
    await page.waitForSelector('.instance-row');
  } finally {
    errors.length = 0;
  }
});

test('a results matrix is read by its own module, fetched for a split with runs and not for one without; when it cannot be fetched, an error names it and the list still lists every instance', async () => {
  const context = await session.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const requests = [];
  page.on('request', (request) => requests.push(request.url()));
  const reader = (url) => /split_matrix_reader-[0-9a-f]+\.wasm$/.test(url);
  try {
    await page.goto(`${server.url}?data=large/`);
    await page.waitForSelector('.instance-row');
    await page.waitForTimeout(300);
    assert.equal(requests.filter(reader).length, 0, 'a split without runs never fetches the matrix reader');
    await page.goto(`${server.url}?data=data/`);
    await page.waitForSelector('section.facet[data-facet="resolved by"] label');
    assert.equal(requests.filter(reader).length, 1, 'a split with runs fetches it once');
    await page.route(reader, (route) => route.abort());
    await page.goto(`${server.url}?data=data/`);
    await page.locator('[role=alert]', { hasText: "results matrix's reader" }).waitFor();
    await page.waitForSelector('.instance-row');
    assert.equal(await page.locator('.instance-row').count(), demo.length);
    assert.equal(await page.locator('section.facet[data-facet="resolved by"]').count(), 0);
  } finally {
    await context.close();
  }
});

test('a shard whose SHA-256 differs from the manifest is refused with an error naming it: an index shard, a file of sources, a search bucket', async () => {
  const { page, errors } = session;
  try {
    await page.goto(`${server.url}?data=tampered-index/`);
    const alert = page.locator('[role=alert]', { hasText: 'tampered-index/index/demo/test/0000.json' });
    await alert.waitFor();
    assert.match(await alert.textContent(), /SHA-256 .* not the .* the manifest lists/);
    assert.equal(await page.locator('.instance-row').count(), 0, 'nothing of a file that is not the exported one is shown');
    // Source files: the diff still shows; expanding its context says which file is wrong.
    await page.goto(`${server.url}?data=tampered/&instance=benchscope-demo__matrixlite-7`);
    const card = page.locator('section.patch[data-role="gold"] details.diff-file[data-path="matrixlite/matrix.py"]');
    await card.locator('tbody.hunk').first().waitFor();
    await card.locator('button.expand-context[data-gap="0"]').click();
    const refused = card.locator('[role=alert]');
    await refused.waitFor();
    assert.match(await refused.textContent(), /tampered\/sources\/.*SHA-256/s);
    assert.equal(await card.locator('tbody.expanded-context tr td.code', { hasText: '# altered' }).count(), 0, 'the altered text is never shown');
    assert.ok(await card.locator('tbody.hunk').count() > 0, 'the diff still shows');
    // A search bucket, checked against the hash its split's search meta lists.
    await page.goto(`${server.url}?data=tampered/&q=determinant`);
    const bucketAlert = page.locator('[role=alert]', { hasText: `tampered/${tamperedBucket}` });
    await bucketAlert.waitFor();
    assert.match(await bucketAlert.textContent(), /SHA-256/);
    await page.goto(`${server.url}?data=tampered/`);
    await page.waitForSelector('.instance-row');
  } finally {
    errors.length = 0;
  }
});

test("files are hashed by the browser's own SHA-256 where it has one, and in wasm where it has none (plain HTTP): either way a tampered shard is refused", async () => {
  const hashingCode = (path) => /\/split_wasm_sha256-[0-9a-f]+\.wasm$/.test(path);
  for (const subtle of ['present', 'absent']) {
    const context = await session.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript((subtle) => {
      window.__digests = 0;
      if (subtle === 'absent') {
        Object.defineProperty(Crypto.prototype, 'subtle', { get: () => undefined });
        return;
      }
      const digest = SubtleCrypto.prototype.digest;
      SubtleCrypto.prototype.digest = function (...args) {
        window.__digests += 1;
        return digest.apply(this, args);
      };
    }, subtle);
    const page = await context.newPage();
    const requests = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    try {
      await page.goto(`${server.url}?data=tampered-index/`);
      const alert = page.locator('[role=alert]', { hasText: 'tampered-index/index/demo/test/0000.json' });
      await alert.waitFor();
      assert.match(await alert.textContent(), /SHA-256 .* not the .* the manifest lists/, `crypto.subtle ${subtle}`);
      assert.equal(await page.locator('.instance-row').count(), 0);
      await page.goto(`${server.url}?data=data/`);
      await page.waitForSelector('.instance-row');
      await page.locator('.instance-row a.id').first().click();
      await page.waitForSelector('section.patch[data-role="gold"]');
      const digests = await page.evaluate(() => window.__digests);
      // The manifest, the index shard and the results matrix (hashed early), the detail shard.
      if (subtle === 'present') assert.ok(digests >= 4, `the browser hashed ${digests} files`);
      else assert.equal(await page.evaluate(() => typeof crypto.subtle), 'undefined');
      // The wasm that hashes is a module of its own, fetched only where the browser cannot hash.
      assert.equal(requests.filter(hashingCode).length, subtle === 'present' ? 0 : 2, `crypto.subtle ${subtle}: once in each page:\n${requests.join('\n')}`);
    } finally {
      await context.close();
    }
  }
  // Without either, nothing is shown unchecked: the file is refused, and the page says why.
  const context = await session.browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(() => Object.defineProperty(Crypto.prototype, 'subtle', { get: () => undefined }));
  await context.route((url) => hashingCode(url.pathname), (route) => route.abort());
  try {
    const page = await context.newPage();
    await page.goto(`${server.url}?data=data/`);
    const alert = page.locator('[role=alert]', { hasText: 'data/index/demo/test/0000.json' });
    await alert.waitFor();
    assert.match(await alert.textContent(), /cannot be checked against the SHA-256 the manifest lists: this page has no crypto\.subtle .* the code that hashes in wasm could not be fetched/);
    assert.equal(await page.locator('.instance-row').count(), 0);
  } finally {
    await context.close();
  }
});

test('search ranks, highlights and lives in the URL; facet counts follow it', async () => {
  const { page, errors } = session;
  await page.goto(server.url);
  await rows(page);
  await page.keyboard.press('/');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('type')), 'search', '/ focuses the search box');
  // One letter is not a word the index holds: the list stays whole and says why.
  await page.keyboard.type('d');
  await page.waitForFunction(() => /words of two letters or more/.test(document.querySelector('.count').textContent));
  assert.equal(await page.locator('.count').textContent().then((t) => t.match(/^(\d+) of (\d+)/).slice(1, 3).every((n, _, all) => n === all[0])), true, 'every instance is still listed');
  await page.keyboard.type('eterminant');
  await page.waitForFunction(() => document.querySelectorAll('.instance-row').length === 1);
  assert.equal(await page.locator('.instance-row').first().getAttribute('data-id'), 'benchscope-demo__matrixlite-8');
  assert.ok((await rowMarks(page))[0].marks.includes('determinant'), 'the word is marked in the row');
  // Typing writes the URL once it pauses.
  await page.waitForFunction(() => /q=determinant/.test(location.search));
  const expected = demo.filter((r) => /determinant/i.test(r.problem_statement)).map((r) => r.repo);
  const expectedCounts = [...new Set(expected)].map((repo) => [repo, expected.filter((r) => r === repo).length]);
  // The facet counts follow once typing pauses.
  await page.evaluate(() => {
    window.repoCounts = () => [...document.querySelectorAll('section.facet[data-facet="repo"] label')]
      .map((l) => [l.querySelector('.value').textContent, Number(l.querySelector('.n').textContent)])
      .filter(([, n]) => n > 0);
  });
  await page.waitForFunction((expected) => JSON.stringify(window.repoCounts()) === expected, JSON.stringify(expectedCounts)).catch(() => {});
  assert.deepEqual(await page.evaluate(() => window.repoCounts()), expectedCounts);
  await page.reload();
  await page.waitForFunction(() => document.querySelectorAll('.instance-row').length === 1);
  assert.equal(await page.locator('input[type=search]').inputValue(), 'determinant', 'the permalink restores the search');
  assert.deepEqual(errors, []);
});

test("the search's code is a module of its own: fetched once the first rows are in, once, and at once for a query in the URL", async () => {
  const context = await session.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.querySelector('.instance-row')) {
        window.__firstRowAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const searchCode = () => page.evaluate(() => performance.getEntriesByType('resource').filter((e) => /\/split_list_search-[0-9a-f]+\.wasm$/.test(e.name)).map((e) => e.startTime));
  try {
    await page.goto(server.url);
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /split_list_search/.test(e.name) && e.responseEnd > 0));
    const [requested] = await searchCode();
    assert.ok(requested > await page.evaluate(() => window.__firstRowAt), 'requested after the first rows are in');
    await page.fill('input.search', 'determinant');
    await page.waitForFunction(() => document.querySelectorAll('.instance-row').length === 1);
    assert.equal((await searchCode()).length, 1, 'fetched once');
    await page.goto(`${server.url}?q=determinant`);
    await page.waitForFunction(() => document.querySelectorAll('.instance-row').length === 1);
    assert.equal(await page.locator('.instance-row').getAttribute('data-id'), 'benchscope-demo__matrixlite-8');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('typing on: a keystroke whose buckets are here fetches nothing, and a word whose bucket is on its way keeps the last results until it is in', async () => {
  const { page, errors } = session;
  const searchRequests = [];
  const onRequest = (request) => { if (/\/search\//.test(request.url())) searchRequests.push(new URL(request.url()).pathname); };
  page.on('request', onRequest);
  let release;
  const gate = new Promise((resolve) => { release = resolve; });
  const bucket = '**/search/demo/test/ma.json';
  await page.route(bucket, async (route) => { await gate; await route.continue(); });
  try {
    await page.goto(server.url);
    await rows(page);
    const type = (value) => page.evaluate((value) => {
      const input = document.querySelector('input.search');
      input.value = value;
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }, value);
    const ids = () => page.locator('.instance-row').evaluateAll((rs) => rs.map((r) => r.dataset.id));
    await type('determinant');
    await page.waitForFunction(() => document.querySelectorAll('.instance-row').length === 1);
    assert.deepEqual(await ids(), ['benchscope-demo__matrixlite-8']);
    // The second word's bucket is held back: the list keeps the first word's hit meanwhile.
    await type('determinant ma');
    await page.waitForURL(/q=determinant\+ma/);
    await page.waitForTimeout(400);
    assert.deepEqual(await ids(), ['benchscope-demo__matrixlite-8'], 'the last results stay while the bucket is on its way');
    release();
    await page.waitForFunction(() => document.querySelectorAll('.instance-row').length > 1);
    assert.equal((await ids())[0], 'benchscope-demo__matrixlite-8', 'the instance matching both words ranks first');
    // Extending a word whose buckets are here asks for nothing more, and the list follows it.
    const asked = searchRequests.length;
    const withMa = await ids();
    await type('determinant mat');
    await page.waitForFunction((before) => document.querySelectorAll('.instance-row').length < before, withMa.length);
    const withMat = await ids();
    assert.ok(withMat.every((id) => withMa.includes(id)), `${withMat} within ${withMa}`);
    await type('determinant matr');
    await page.waitForTimeout(200);
    assert.deepEqual(searchRequests.slice(asked), [], 'no request for a prefix whose buckets are loaded');
    // Marks rewritten in place as the word grew still mark exactly the query's words, and the
    // texts around them are whole: the title against its tooltip, written from the row's data
    // when the pointer comes over the row.
    for (let nth = 0; nth < await page.locator('.instance-row').count(); nth += 1) await page.hover(`.instance-row >> nth=${nth}`);
    const drawn = await page.locator('.instance-row').evaluateAll((rs) => rs.map((r) => ({
      id: [r.dataset.id, r.querySelector('.id').textContent],
      title: [r.querySelector('.title').title, r.querySelector('.title').textContent],
    })));
    const marks = await rowMarks(page);
    drawn.forEach((row, nth) => Object.assign(row, { marks: marks[nth].marks }));
    for (const row of drawn) {
      assert.equal(row.id[1], row.id[0]);
      assert.ok(row.title[0], `${row.id[0]} has its tooltip`);
      assert.equal(row.title[1], row.title[0]);
      assert.ok(row.marks.every((m) => m === 'determinant' || m === 'matr'), JSON.stringify(row));
    }
    assert.ok(drawn.some((row) => row.marks.includes('matr')), 'the grown word is marked');
    assert.equal(searchRequests.filter((p) => p.endsWith('/ma.json')).length, 1, 'the held bucket was asked for once');
    assert.deepEqual(errors, []);
  } finally {
    release();
    await page.unroute(bucket);
    page.off('request', onRequest);
  }
});

test('a stop word being typed fetches the buckets it leads to: the word it grows into is ranked without a request', async () => {
  const { page, errors } = session;
  const searchRequests = [];
  const onRequest = (request) => { if (/\/search\//.test(request.url())) searchRequests.push(new URL(request.url()).pathname); };
  page.on('request', onRequest);
  try {
    await page.goto(server.url);
    await rows(page);
    const total = await page.locator('.instance-row').count();
    const type = (value) => page.evaluate((value) => {
      const input = document.querySelector('input.search');
      input.value = value;
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }, value);
    // "as" is a stop word: nothing to search for yet, so the list stays whole.
    await type('as');
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.endsWith('/search/demo/test/as.json') && e.responseEnd > 0));
    assert.equal(await page.locator('.instance-row').count(), total, 'the list stays whole');
    const asked = searchRequests.length;
    await type('asc');
    await page.waitForFunction((total) => document.querySelectorAll('.instance-row').length < total, total);
    assert.ok(await page.locator('.instance-row').count() > 0, 'the word finds its instances');
    assert.deepEqual(searchRequests.slice(asked), [], 'no request: its bucket came while the stop word was typed');
    assert.deepEqual(errors, []);
  } finally {
    page.off('request', onRequest);
  }
});

test('live facet counts, sorting and the keyboard', async () => {
  const { page, errors } = session;
  await page.goto(`${server.url}?f=category:Mathematics`);
  assert.equal(await rows(page), demo.filter((r) => r.repo.endsWith('matrixlite')).length);
  const other = await page.locator('section.facet[data-facet="category"] label', { hasText: 'Internet' }).locator('.n').textContent();
  assert.equal(Number(other), demo.filter((r) => r.repo.endsWith('slugkit')).length, 'a facet counts its other values under the other facets only');
  await page.goto(`${server.url}?sort=-size`);
  await rows(page);
  const size = (r) => gitNumstat(r.patch).reduce((n, f) => n + f.added + f.removed, 0);
  const largest = [...demo].sort((a, b) => size(b) - size(a) || a.instance_id.localeCompare(b.instance_id))[0];
  assert.equal(await page.locator('.instance-row').first().getAttribute('data-id'), largest.instance_id);
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  const third = await page.locator('.instance-row.selected').getAttribute('data-id');
  // Enter in another control keeps to that control; the list opens a row from the page only.
  await page.focus('select[aria-label="Sort by"]');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  assert.ok(!page.url().includes('instance='), 'Enter in the sort box opens nothing');
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  assert.equal(await page.locator('.instance-row.selected').getAttribute('data-id'), third, 'the selection stays while the order does');
  await page.keyboard.press('Enter');
  await page.waitForSelector(`article.instance[data-id="${third}"]`);
  await page.keyboard.press('Escape');
  await page.waitForURL((url) => !url.search.includes('instance='));
  assert.equal(await rows(page), demo.length);
  assert.deepEqual(errors, []);
});

test('50,000 instances stay a short DOM and scroll to the end', async () => {
  const { page, errors } = session;
  await page.goto(`${server.url}?data=large/`);
  await page.waitForSelector('.instance-row');
  assert.match(await page.locator('.count').textContent(), /50000 of 50000/);
  assert.ok(await page.locator('.instance-row').count() < 100, 'only the rows in view are rendered');
  await page.locator('.rows').evaluate((el) => { el.scrollTop = el.scrollHeight; });
  await page.waitForSelector('.instance-row[data-id="large__repo-49999"]');
  assert.deepEqual(errors, []);
});

test('a new order draws the rows in view in its own frame and the margin once the rows settle, as a scroll would draw them', async () => {
  const { page, errors } = session;
  await page.goto(`${server.url}?data=large/`);
  await page.waitForSelector('main:not([data-first-screen]) .instance-row');
  // Each row the page holds, by its position in the order; the list's scroll, in rows; and the
  // positions before `inView` are those the window shows (the list's box runs below the window's
  // bottom edge here, and the rows there are not in view).
  await page.evaluate(() => {
    window.heldRows = () => {
      const list = document.querySelector('.rows');
      const byPosition = {};
      for (const row of document.querySelectorAll('.instance-row')) byPosition[Math.round(row.offsetTop / 44)] = row.dataset.id;
      const box = list.getBoundingClientRect();
      const shownBottom = Math.min(box.top + list.clientHeight, window.innerHeight) - box.top;
      return { byPosition, top: Math.round(list.scrollTop / 44), inView: Math.ceil((list.scrollTop + shownBottom) / 44) };
    };
  });
  const held = () => page.evaluate(() => window.heldRows());
  const frames = (n) => page.evaluate((n) => new Promise((done) => {
    const next = (left) => (left === 0 ? done() : requestAnimationFrame(() => next(left - 1)));
    next(n);
  }), n);
  await frames(3);
  // Sorted by repository, the 50,000 rows of large/repo0 come first: every seventh id.
  const sorted = (position) => `large__repo-${String(7 * position).padStart(5, '0')}`;
  const first = await page.evaluate(() => new Promise((done) => {
    const select = document.querySelector('select[aria-label="Sort by"]');
    requestAnimationFrame(() => scheduler.postTask(() => done(window.heldRows()), { priority: 'user-blocking' }));
    select.value = 'repo';
    select.dispatchEvent(new Event('change', { bubbles: true }));
  }));
  const positions = Object.keys(first.byPosition).map(Number).sort((a, b) => a - b);
  const inView = positions.filter((p) => p < first.inView);
  const margin = positions.filter((p) => p >= first.inView);
  assert.ok(inView.length > 5 && margin.length > 0, `rows in view (${inView.length}) and a margin below them (${margin.length})`);
  assert.deepEqual(inView.map((p) => first.byPosition[p]), inView.map(sorted), 'the frame after the change shows the rows in view in the new order');
  assert.ok(margin.every((p) => first.byPosition[p] !== sorted(p)), 'the margin is left until the rows settle');
  const allSorted = (positions) => page.waitForFunction((positions) => {
    const { byPosition } = window.heldRows();
    return positions.every((p) => byPosition[p] === `large__repo-${String(7 * p).padStart(5, '0')}`);
  }, positions).catch(() => {});
  await allSorted(positions);
  const settled = await held();
  assert.deepEqual(positions.map((p) => settled.byPosition[p]), positions.map(sorted), 'once the rows settle, every row the page holds is in the new order');
  // A scroll moves every slot and draws them all at once: the same rows at the same places.
  await page.locator('.rows').evaluate((el) => { el.scrollTop = 10 * 44; });
  await frames(3);
  const scrolled = await held();
  assert.equal(scrolled.top, 10);
  for (const [position, id] of Object.entries(scrolled.byPosition)) assert.equal(id, sorted(Number(position)), `row at ${position} after the scroll`);
  // The page scrolled down to the bottom of the list's box: the rows that were below the window
  // are in view now, and a new order draws them in its own frame too.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await frames(3);
  const unsorted = await page.evaluate(() => new Promise((done) => {
    const select = document.querySelector('select[aria-label="Sort by"]');
    requestAnimationFrame(() => scheduler.postTask(() => done(window.heldRows()), { priority: 'user-blocking' }));
    select.value = '';
    select.dispatchEvent(new Event('change', { bubbles: true }));
  }));
  assert.ok(unsorted.inView - unsorted.top > first.inView - first.top, `more rows in view with the page scrolled (${unsorted.inView - unsorted.top} against ${first.inView - first.top})`);
  const shown = Object.keys(unsorted.byPosition).map(Number).filter((p) => p >= unsorted.top && p < unsorted.inView);
  const byId = (position) => `large__repo-${String(position).padStart(5, '0')}`;
  assert.deepEqual(shown.map((p) => unsorted.byPosition[p]), shown.map(byId), 'the frame after the change shows every row in the window in the new order');
  // The list's scrolled extent follows its count once the rows settle, down and back up.
  const extent = () => page.evaluate(() => document.querySelector('.rows').scrollHeight);
  const extentIs = (check) => page.waitForFunction(check, null).catch(() => {});
  await page.fill('input.search', 'nothing-matches-this');
  await page.waitForSelector('.instance-row', { state: 'detached' });
  await extentIs(() => document.querySelector('.rows').scrollHeight <= document.querySelector('.rows').clientHeight);
  assert.ok(await extent() <= await page.evaluate(() => document.querySelector('.rows').clientHeight), 'no rows, nothing to scroll');
  await page.fill('input.search', '');
  await page.waitForSelector('.instance-row');
  await extentIs(() => document.querySelector('.rows').scrollHeight === 50000 * 44);
  assert.equal(await extent(), 50000 * 44, 'the whole list scrolls again');
  assert.deepEqual(errors, []);
});

test('while a word is typed, each keystroke changes the page in its own frame alone; the facet counts, the extent and the margin follow once typing pauses', async () => {
  const { page, errors } = session;
  await page.goto(`${server.url}?data=large/`);
  await page.waitForSelector('main:not([data-first-screen]) .instance-row');
  await page.waitForFunction(() => document.querySelector('section.facet .n'));
  // The word's search buckets are fetched first: a keystroke whose bucket is on its way changes
  // the rows when it arrives. The issue numbers narrow the list at each digit.
  const word = ['4', '42', '421', '4213', '42137'];
  for (const value of word.slice(1)) {
    const asked = page.waitForResponse((response) => /\/search\//.test(response.url())).catch(() => {});
    await page.fill('input.search', value);
    await Promise.race([asked, page.waitForTimeout(1000)]);
    await page.waitForFunction(() => !/50000 of 50000/.test(document.querySelector('.count').textContent));
  }
  await page.fill('input.search', '');
  await page.waitForFunction(() => /50000 of 50000/.test(document.querySelector('.count').textContent));
  await page.waitForTimeout(400);
  // Typed at a person's pace (120 ms apart): every change to the page is timed, and so is the end
  // of each keystroke's frame. A change between that frame and the next keystroke is a frame of
  // its own, and Chromium's navigation predictor answers such a frame with another one 100 ms
  // later, just before the next keystroke.
  const { keystrokes, changes, facetsBefore } = await page.evaluate(async (word) => {
    const changes = [];
    new MutationObserver(() => changes.push(performance.now())).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    const facetsBefore = document.querySelector('section.facet').textContent;
    const input = document.querySelector('input.search');
    const keystrokes = [];
    for (const value of word) {
      const at = performance.now();
      const drawn = new Promise((done) => requestAnimationFrame(() => scheduler.postTask(done, { priority: 'user-blocking' })));
      input.value = value;
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await drawn;
      keystrokes.push({ value, at, drawn: performance.now() });
      await new Promise((done) => setTimeout(done, Math.max(0, at + 120 - performance.now())));
    }
    return { keystrokes, changes, facetsBefore };
  }, word);
  for (const [nth, key] of keystrokes.slice(0, -1).entries()) {
    const next = keystrokes[nth + 1].at;
    const between = changes.filter((t) => t > key.drawn && t < next).map((t) => Math.round(t - key.at));
    assert.deepEqual(between, [], `nothing changes between the frame of "${key.value}" and the next keystroke (ms after it: ${between})`);
  }
  assert.ok(changes.some((t) => t > keystrokes[1].at && t < keystrokes[1].drawn), 'a keystroke changes the rows in its frame');
  // Once typing pauses, what was left follows: the facet counts count the hits, the scroll extent
  // is the hits', and every row the page holds is the hits'. They wait for the pause (200 ms), and
  // for nothing more: not for one another.
  const count = Number((await page.locator('.count').textContent()).match(/(\d+) of 50000/)[1]);
  const followed = await page.evaluate(async ({ before, count, last }) => {
    const done = () => document.querySelector('section.facet').textContent !== before
      && document.querySelector('.rows-inner').offsetHeight === count * 44;
    while (!done() && performance.now() - last < 5000) await new Promise((next) => setTimeout(next, 10));
    return performance.now() - last;
  }, { before: facetsBefore, count, last: keystrokes.at(-1).at });
  assert.ok(followed >= 150 && followed < 500, `the counts and the extent follow the last keystroke after the pause, at once: ${Math.round(followed)} ms`);
  const held = await page.locator('.instance-row').evaluateAll((rows) => rows.map((r) => r.querySelector('.title').textContent));
  assert.ok(held.length > 0 && held.every((title) => /^Issue 42137\b/.test(title)), `every row held is a hit: ${held}`);
  assert.deepEqual(errors, []);
});

test('a row\'s cells get their tooltips when the pointer comes over it, and they keep saying what the row shows', async () => {
  const { page, errors } = session;
  await page.goto(`${server.url}?data=large/`);
  await page.waitForSelector('main:not([data-first-screen]) .instance-row');
  const read = (nth) => page.locator('.instance-row').nth(nth).evaluate((row) => ({
    id: row.dataset.id,
    texts: [row.dataset.id, row.querySelector('.repo').textContent, row.querySelector('.title').textContent],
    tips: [...row.querySelectorAll('.id, .repo, .title')].map((cell) => cell.getAttribute('title')),
  }));
  assert.deepEqual((await read(1)).tips, [null, null, null], 'no tooltips before the pointer comes');
  await page.hover('.instance-row >> nth=1');
  const hovered = await read(1);
  assert.deepEqual(hovered.tips, hovered.texts, 'the id, the repository and the title, whole');
  assert.deepEqual((await read(2)).tips, [null, null, null], 'a row the pointer has not been over has none');
  // A search draws other rows in the slots; the one under the pointer keeps its tooltips true.
  await page.fill('input.search', 'item 42');
  await page.waitForFunction((id) => document.querySelectorAll('.instance-row')[1]?.dataset.id !== id, hovered.id);
  const redrawn = await read(1);
  assert.deepEqual(redrawn.tips, redrawn.texts, `the tooltips of ${redrawn.id}, not of ${hovered.id}`);
  assert.deepEqual(errors, []);
});

test('real SWE-bench Lite: the search finds the instance an issue describes', async (t) => {
  if (!lite) {
    if (process.env.CI === 'true') throw new Error('CI=true but ../shared/realdata is missing');
    t.skip('../shared/realdata is absent');
    return;
  }
  const { page, errors } = session;
  await page.goto(`${server.url}?data=lite/&q=separability_matrix nested`);
  await page.waitForSelector('.instance-row');
  assert.equal(await page.locator('.instance-row').first().getAttribute('data-id'), 'astropy__astropy-12907');
  await page.click('.instance-row >> nth=0 >> a');
  await page.waitForSelector('article.instance[data-id="astropy__astropy-12907"]');
  assert.ok(await page.locator('section.patch[data-role="gold"] .diff-file').count() >= 1);
  assert.deepEqual(errors, []);
});

test("real SWE-bench Lite: Django's tracker text is shown as plain text, its line breaks kept, dunders literal, code monospace, raw on request", async (t) => {
  if (!lite) {
    if (process.env.CI === 'true') throw new Error('CI=true but ../shared/realdata is missing');
    t.skip('../shared/realdata is absent');
    return;
  }
  const { page, errors } = session;
  await page.goto(`${server.url}?data=lite/&instance=django__django-11422`);
  await page.waitForSelector('.document-text[data-form="plain"]');
  const prose = await page.locator('.document-text .plain-prose').allTextContents();
  assert.ok(prose.some((p) => p.includes('This is a bit convoluted, but here we go.\nEnvironment (OSX 10.11):')), JSON.stringify(prose));
  const code = await page.locator('.document-text .plain-code').allTextContents();
  assert.ok(code.some((c) => c.startsWith('$ python -V\nPython 3.6.2\n$ pip -V')), JSON.stringify(code));
  assert.ok(code.some((c) => c.startsWith('def main():\n\tprint(')), 'indented source keeps its tabs');
  const box = await page.locator('.document-text .plain-code').first().evaluate((el) => getComputedStyle(el).fontFamily);
  assert.match(box, /mono/i);
  await page.click('.raw-toggle');
  const statement = JSON.parse(readFileSync(join(ROOT, '..', 'shared', 'realdata', 'swebench-lite_ztluck78-swebench-exp-lite', 'swe-bench-lite.test.jsonl'), 'utf8').split('\n').find((l) => l.includes('"django__django-11422"'))).problem_statement;
  assert.equal(await page.locator('pre.raw-text').first().textContent(), statement);
  await page.goto(`${server.url}?data=lite/&instance=django__django-13220`);
  await page.waitForSelector('.document-text[data-form="plain"]');
  assert.match(await page.locator('.document-text').first().textContent(), /add an __eq__ method/);
  assert.equal(await page.locator('.document-text strong').count(), 0, 'no dunder turned bold');
  assert.deepEqual(errors, []);
});

test('small and large screens: no page overflows at 390 and 1280 px, the list page has no overlapping parts, facets open in a drawer', async () => {
  const { page, errors } = session;
  const pages = ['?', '?instance=benchscope-demo__tinyconf-12', '?instance=benchscope-demo__tinyconf-12&diff=split', '?view=leaderboard', '?view=analysis'];
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const query of pages) {
      await page.goto(`${server.url}${query}`);
      await page.waitForSelector('.instance-row, article.instance, .leaderboard-table, canvas.chart');
      await page.waitForTimeout(100);
      const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      assert.ok(scroll <= inner, `${width} px, ${query}: the page is ${scroll} px wide`);
    }
  }
  // The list at 390 px: the facets wait in a drawer, the first row is near the top, and nothing overlaps.
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto(`${server.url}?`);
  await page.waitForSelector('.instance-row');
  assert.equal(await page.locator('.facets').isVisible(), false, 'the facets start closed');
  const firstRow = await page.locator('.instance-row').first().boundingBox();
  assert.ok(firstRow.y < 400, `the first row starts ${firstRow.y} px down`);
  const boxes = async (selector) => page.locator(selector).evaluateAll((els) => els.filter((e) => e.getClientRects().length > 0).map((e) => { const r = e.getBoundingClientRect(); return { name: e.className || e.tagName, x: r.x, y: r.y, w: r.width, h: r.height }; }));
  const overlap = (a, b) => a.x < b.x + b.w - 0.5 && b.x < a.x + a.w - 0.5 && a.y < b.y + b.h - 0.5 && b.y < a.y + a.h - 0.5;
  const noOverlap = (list, what) => list.forEach((a, i) => list.slice(i + 1).forEach((b) => assert.ok(!overlap(a, b), `${what}: ${a.name} and ${b.name} overlap`)));
  noOverlap(await boxes('.topbar, .dataset-picker, .view-tabs, .list-page > .toolbar, .list-body .results'), 'page parts');
  noOverlap(await boxes('.list-page > .toolbar > *'), 'toolbar');
  for (let i = 0; i < 3; i += 1) noOverlap(await boxes(`.instance-row:nth-child(${i + 1}) > *:not(.repo)`), `row ${i}`);
  await page.click('.filters-toggle');
  assert.equal(await page.locator('.facets').isVisible(), true, 'the button opens them');
  noOverlap(await boxes('.list-body > .facets, .list-body > .results'), 'open drawer');
  await page.setViewportSize({ width: 1280, height: 900 });
  assert.deepEqual(errors, []);
});

test('chart labels never overlap, canvases follow the dark theme, series colours are not the verdict colours', async () => {
  const { page, errors } = session;
  const check = async (url, facet) => {
    await page.goto(url);
    await page.waitForSelector('canvas.chart[data-label-boxes]');
    if (facet) {
      await page.selectOption('select[aria-label="Facet to break down by"]', facet);
      await page.waitForTimeout(200);
    }
    const boxes = JSON.parse(await page.locator('canvas.chart').first().getAttribute('data-label-boxes'));
    assert.ok(boxes.length > 0);
    boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b) => {
      const apart = a[0] + a[2] <= b[0] || b[0] + b[2] <= a[0] || a[1] + a[3] <= b[1] || b[1] + b[3] <= a[1];
      assert.ok(apart, `${url} ${facet}: labels ${JSON.stringify(a)} and ${JSON.stringify(b)} intersect`);
    }));
    return boxes;
  };
  await check(`${server.url}?view=analysis`, 'repo');
  await check(`${server.url}?view=analysis`, 'category');
  // Many long labels turn upright (tests/chart_layout's table covers every count up to Lite's 12 repositories).
  const ids = await check(`${server.url}?view=analysis`, 'lines');
  assert.ok(ids.length >= 1);
  // Dark theme: the canvas is drawn on the page's dark background.
  const dark = await session.browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'dark' });
  const darkPage = await dark.newPage();
  await darkPage.goto(`${server.url}?view=analysis`);
  await darkPage.waitForSelector('canvas.chart[data-label-boxes]');
  const corner = await darkPage.locator('canvas.chart').first().evaluate((c) => [...c.getContext('2d').getImageData(2, 2, 1, 1).data]);
  assert.ok(corner[0] < 60 && corner[1] < 60 && corner[2] < 60, `dark background, not ${corner}`);
  await dark.close();
  // Bars in the series palette: no pure verdict green or red among the drawn pixels.
  await page.goto(`${server.url}?view=analysis`);
  await page.waitForSelector('canvas.chart[data-label-boxes]');
  const verdictLike = await page.locator('canvas.chart').first().evaluate((c) => {
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) {
      const [r, g, b] = [d[i], d[i + 1], d[i + 2]];
      if ((g > 120 && r < 90 && b < 110) || (r > 180 && g < 90 && b < 90)) n += 1;
    }
    return n;
  });
  assert.equal(verdictLike, 0, 'no green or red bars');
  // The matrix names its runs and has a legend.
  assert.ok(await page.locator('.matrix-columns .matrix-run').count() >= 2);
  assert.match(await page.locator('.matrix-legend').textContent(), /resolved.*not resolved.*no result/);
  assert.deepEqual(errors, []);
});

test('smaller things a reader meets: Esc clears the search, facets in their own order, unknown sort, dataset and instance said plainly', async () => {
  const { page, errors } = session;
  await page.goto(`${server.url}?`);
  await page.waitForSelector('.instance-row');
  await page.fill('input.search', 'slug');
  await page.waitForURL((url) => url.search.includes('q=slug'));
  await page.press('input.search', 'Escape');
  await page.waitForURL((url) => !url.search.includes('q='));
  await page.waitForFunction((n) => document.querySelector('.count').textContent.startsWith(`${n} of ${n}`), demo.length, { timeout: 2000 });
  assert.equal(await page.inputValue('input.search'), '');
  // The rows the search had dropped come back as new slots, each drawn whole.
  const drawn = await page.locator('.instance-row').evaluateAll((rows) => rows.map((row) => ({
    id: row.dataset.id,
    text: row.querySelector('a.id').textContent,
    href: new URL(row.querySelector('a.id').href).searchParams.get('instance'),
    repo: row.querySelector('.repo').textContent,
  })));
  assert.equal(drawn.length, demo.length);
  assert.deepEqual(drawn.map((r) => [r.text, r.href]), drawn.map((r) => [r.id, r.id]));
  assert.deepEqual(new Set(drawn.map((r) => r.id)), new Set(demo.map((r) => r.instance_id)));
  assert.ok(drawn.every((r) => demo.some((d) => d.instance_id === r.id && d.repo === r.repo)), 'each row shows its own repository');
  const years = await page.locator('.facet[data-facet="year"] .value').allTextContents();
  assert.deepEqual(years, [...years].sort(), 'years in order');
  await page.goto(`${server.url}?sort=nonsense`);
  await page.waitForSelector('.instance-row');
  assert.equal(await page.locator('select[aria-label="Sort by"]').inputValue(), '');
  assert.equal(await page.locator('select[aria-label="Sort by"] option:checked').textContent(), 'id');
  await page.goto(`${server.url}?dataset=nope`);
  await page.waitForSelector('.unknown-set');
  assert.match(await page.locator('.unknown-set').textContent(), /no dataset `nope`; showing demo\/test instead/);
  await page.goto(`${server.url}?instance=nope__x-1`);
  await page.waitForSelector('.not-found');
  assert.match(await page.locator('.not-found').textContent(), /No instance nope__x-1/);
  assert.deepEqual(errors, []);
});

test('content security policy: every hostile payload is refused and reported, nothing runs, nothing is fetched from another host', async () => {
  const { page, errors, requests } = session;
  await page.goto(`${server.url}?`);
  await page.waitForSelector('.instance-row');
  const before = requests.length;
  const blocked = [];
  const answered = [];
  const onFailed = (request) => blocked.push([request.url(), request.failure()?.errorText]);
  const onResponse = (response) => { if (!response.url().startsWith(server.url)) answered.push(response.url()); };
  page.on('requestfailed', onFailed);
  page.on('response', onResponse);
  try {
  const counts = await page.evaluate(async () => {
    const seen = [];
    document.addEventListener('securitypolicyviolation', (e) => seen.push(e.effectiveDirective));
    const elsewhere = 'http://127.0.0.2:9';
    const add = (tag, set) => { const el = document.createElement(tag); set(el); document.body.appendChild(el); };
    const payloads = [
      () => add('script', (s) => { s.textContent = 'window.__pwned = 1'; }),
      () => add('script', (s) => { s.src = `${elsewhere}/x.js`; }),
      () => add('img', (i) => { i.src = `${elsewhere}/x.png`; }),
      () => add('iframe', (f) => { f.src = `${elsewhere}/`; }),
      () => add('object', (o) => { o.data = `${elsewhere}/x.swf`; }),
      () => add('embed', (e) => { e.src = `${elsewhere}/x.swf`; }),
      () => { const st = document.createElement('style'); st.textContent = 'body { background: red }'; document.head.appendChild(st); },
      () => fetch(`${elsewhere}/data.json`).catch(() => {}),
      () => add('div', (d) => { d.innerHTML = '<img src="missing.png" onerror="window.__pwned = 2">'; }),
    ];
    const counts = [];
    for (const payload of payloads) {
      const n = seen.length;
      await payload();
      await new Promise((resolve) => setTimeout(resolve, 200));
      counts.push(seen.length - n);
    }
    return { counts, pwned: window.__pwned ?? null, seen };
  });
  counts.counts.forEach((n, i) => assert.ok(n >= 1, `payload ${i} was not refused: ${JSON.stringify(counts)}`));
  assert.equal(counts.pwned, null, 'nothing ran');
  const outside = requests.slice(before).filter((url) => !url.startsWith(server.url));
  assert.deepEqual(answered, [], 'no other host answered');
  for (const url of outside) {
    assert.ok(blocked.some(([failed, why]) => failed === url && /^csp$|BLOCKED_BY_CSP/.test(why ?? '')), `${url} was stopped by the policy: ${JSON.stringify(blocked)}`);
  }
  // The page's own work breaks no rule: a diff, a chart and a log load with no violation.
  const clean = await page.evaluate(() => { window.__violations = []; document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(e.effectiveDirective)); return true; });
  assert.ok(clean);
  await page.click('.instance-row >> nth=0 >> a');
  await page.waitForSelector('section.patch .diff-file');
  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  assert.deepEqual(errors.filter((e) => !e.includes('Content Security Policy') && !e.includes('ERR_BLOCKED_BY_CSP') && !e.includes('404 (Not Found)')), [], 'only the payloads\' own refusals and the missing image');
  } finally {
    page.off('requestfailed', onFailed);
    page.off('response', onResponse);
    errors.length = 0;
  }
});

test('an instance shows each run: verdict, failure mode, per-test statuses, and the model patch against the gold', async () => {
  const { page, errors } = session;
  const id = 'benchscope-demo__tinyconf-12';
  await page.goto(`${server.url}?instance=${id}`);
  await page.waitForSelector('.runs-table tbody tr[data-run]');
  const rowsShown = await page.locator('.runs-table tbody tr[data-run]').evaluateAll((trs) => trs.map((tr) => [tr.dataset.run, tr.querySelector('.verdict').textContent, tr.querySelector('.mode').textContent]));
  const run = (name) => JSON.parse(readFileSync(join(server.dirs.data, 'runs', `${name}.json`), 'utf8')).results.find((r) => r.instance_id === id);
  const expected = ['gold', 'partly-right'].map((name) => [name, run(name).resolved ? 'resolved' : 'unresolved', run(name).failure_mode ?? '']);
  assert.deepEqual(rowsShown, expected);
  const firstTest = JSON.parse(demo.find((r) => r.instance_id === id).FAIL_TO_PASS)[0];
  const chips = await page.locator('section.fail-to-pass li').first().locator('.chip').allTextContents();
  const mark = (status) => (status === 'PASSED' ? '✓' : '✗');
  assert.deepEqual(chips, [mark(run('gold').tests[firstTest]), mark(run('partly-right').tests[firstTest])]);
  await page.click('tr[data-run="partly-right"] .show-patch');
  await page.waitForSelector('tr.model-patch .diff-file');
  const touched = await page.locator('tr.model-patch .file-compare tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.querySelector('code').textContent, tr.children[1].textContent]));
  const files = (patch) => gitNumstat(patch).map((f) => f.path);
  const gold = files(demo.find((r) => r.instance_id === id).patch);
  const model = files(readFileSync(join(ROOT, 'demo', 'predictions', 'partly-right.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l)).find((p) => p.instance_id === id).model_patch);
  const all = [...new Set([...gold, ...model])].sort();
  assert.deepEqual(touched, all.map((f) => [f, gold.includes(f) && model.includes(f) ? 'both' : gold.includes(f) ? 'gold only' : 'model only']));
  assert.deepEqual(errors, []);
});

test('a listed test the log never names is marked "not in the log", distinct from a failure, with a legend', async () => {
  const { page, errors } = session;
  const record = demo.find((r) => r.instance_id === PARTIAL);
  const p2p = JSON.parse(record.PASS_TO_PASS);
  await page.goto(`${server.url}?data=graded/&instance=${PARTIAL}`);
  await page.waitForSelector('.runs-table tr[data-run="partial-log"]');
  assert.equal(await page.locator('tr[data-run="partial-log"] .verdict').textContent(), 'unresolved');
  const chips = await page.locator('section.pass-to-pass li').evaluateAll((lis) => lis.map((li) => [li.querySelector('code').textContent, li.querySelector('.chip').textContent, li.querySelector('.chip').getAttribute('title')]));
  assert.deepEqual(chips, p2p.map((t, i) => [t, i === 0 ? '✓' : '∅', `partial-log: ${i === 0 ? 'passed' : 'not in the log'}`]));
  const legend = await page.locator('.test-legend').textContent();
  assert.match(legend, /∅ not in the log/);
  assert.match(legend, /✗ failed/);
  assert.deepEqual(errors, []);
});

test('runs are counted over their split: partial runs said on the leaderboard, two runs compared over every instance, differences per facet with McNemar and Holm', async () => {
  const { page, errors } = session;
  await page.goto(`${server.url}?data=graded/&view=leaderboard`);
  await page.waitForSelector('.leaderboard-table tr[data-run="summary"]');
  assert.equal(await page.locator('tr[data-run="summary"] .partial').textContent(), `5 of ${demo.length} attempted`);
  assert.equal(await page.locator('tr[data-run="partial-log"] .partial').textContent(), `1 of ${demo.length} attempted`);
  const percent = (await page.locator('tr[data-run="summary"] .resolved').textContent()).trim().split(' ')[0];
  assert.equal(percent, (SUMMARY_RESOLVED.length * 100 / demo.length).toFixed(1), 'over the split, not over the attempted');
  await page.goto(`${server.url}?data=graded/&view=analysis`);
  await page.waitForSelector('.paired-scope');
  assert.match(await page.locator('.paired-scope').textContent(), new RegExp(`every instance of the split \\(${demo.length}\\); the first run attempted 5, the second 1`));
  const shown = (await page.locator('.paired-counts button').allTextContents()).map((t) => Number(t.split(': ')[1]));
  assert.deepEqual(shown, [0, SUMMARY_RESOLVED.length, 0, demo.length - SUMMARY_RESOLVED.length]);
  // Per category: the difference, McNemar's p and Holm's correction, computed here.
  const categories = JSON.parse(readFileSync(join(ROOT, 'demo', 'categories.json'), 'utf8'));
  const groups = [...new Set(demo.map((r) => categories[r.repo]))].sort();
  const mcnemar = (b, c) => { const n = b + c; const k = Math.min(b, c); let tail = 0; let choose = 1; for (let i = 0; i <= k; i += 1) { if (i > 0) choose = (choose * (n - i + 1)) / i; tail += choose / 2 ** n; } return n === 0 ? 1 : Math.min(1, 2 * tail); };
  const ps = groups.map((g) => mcnemar(demo.filter((r) => categories[r.repo] === g && SUMMARY_RESOLVED.includes(r.instance_id)).length, 0));
  const order = ps.map((p, i) => [p, i]).sort((a, b) => a[0] - b[0]);
  const holm = new Array(ps.length);
  let running = 0;
  order.forEach(([p, i], rank) => { running = Math.max(running, Math.min(1, (ps.length - rank) * p)); holm[i] = running; });
  const rowsShown = await page.locator('.by-facet tbody tr').evaluateAll((trs) => trs.map((tr) => ({ value: tr.dataset.value, difference: Number(tr.querySelector('[data-difference]').dataset.difference), p: Number(tr.querySelector('[data-p]').dataset.p), holm: Number(tr.querySelector('[data-p-holm]').dataset.pHolm), totals: [...tr.querySelectorAll('td[data-total]')].map((td) => Number(td.dataset.total)) })));
  assert.deepEqual(rowsShown.map((r) => r.value), groups);
  rowsShown.forEach((row, i) => {
    const size = demo.filter((r) => categories[r.repo] === row.value).length;
    assert.deepEqual(row.totals, [size, size], `${row.value}: each run over the category's instances`);
    assert.equal(row.difference, demo.filter((r) => categories[r.repo] === row.value && SUMMARY_RESOLVED.includes(r.instance_id)).length);
    assert.ok(Math.abs(row.p - ps[i]) < 1e-12 && Math.abs(row.holm - holm[i]) < 1e-12, `${row.value}: ${row.p} ${row.holm}`);
  });
  assert.deepEqual(errors, []);
});

test('diffs: a file list that jumps to each file, collapsible files, and a side-by-side layout in the URL', async () => {
  const { page, errors } = session;
  const record = demo.find((r) => r.instance_id === 'benchscope-demo__unitcalc-1');
  await page.goto(`${server.url}?instance=${record.instance_id}`);
  const gold = page.locator('section.patch[data-role="gold"]');
  await gold.locator('.diff-file').first().waitFor();
  const listed = await gold.locator('.diff-files .file-link').evaluateAll((els) => els.map((el) => el.dataset.path));
  assert.deepEqual(listed.sort(), gitNumstat(record.patch).map((f) => f.path).sort());
  const first = gold.locator('details.diff-file').first();
  await first.locator('summary').click();
  assert.equal(await first.evaluate((d) => d.open), false, 'a file collapses');
  await gold.locator('.file-link').first().click();
  assert.equal(await first.evaluate((d) => d.open), true, 'the file list opens and shows it');
  await gold.locator('.diff-layout button', { hasText: 'Side by side' }).click();
  await page.waitForURL((url) => url.search.includes('diff=split'));
  const split = gold.locator('.diff-split').first();
  await split.waitFor();
  const left = await split.locator('.diff-half.old td.code.del').count();
  const right = await split.locator('.diff-half.new td.code.add').count();
  assert.equal(await split.locator('.diff-half.old td.code.add').count() + await split.locator('.diff-half.new td.code.del').count(), 0);
  const [counts] = [gitNumstat(record.patch).find((f) => f.path === (listed[0]))];
  assert.deepEqual([right, left], [counts.added, counts.removed], 'added lines on the right, removed on the left');
  await page.reload();
  await gold.locator('table.diff-table.split').first().waitFor();
  // Geometry a reader sees: two equal code halves, each at least 40% of the diff, rows aligned, at 1280 and 390 px.
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const diff = gold.locator('.diff-split').first();
    const total = (await diff.boundingBox()).width;
    const halves = await diff.locator('.diff-half').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().width));
    assert.equal(halves.length, 2);
    for (const half of halves) assert.ok(half >= 0.4 * total, `${width} px: a half is ${half} of ${total}`);
    const tops = await diff.locator('.diff-half').evaluateAll((els) => els.map((el) => [...el.querySelectorAll('tr')].map((tr) => Math.round(tr.getBoundingClientRect().top))));
    assert.deepEqual(tops[0], tops[1], 'the halves stay row for row');
    const wrapped = await diff.locator('td.code').evaluateAll((tds) => tds.filter((td) => getComputedStyle(td).whiteSpace !== 'pre').length);
    assert.equal(wrapped, 0, 'code never wraps');
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  // Word-level highlighting: in a modified line, only the words that changed are marked.
  await page.goto(`${server.url}?instance=benchscope-demo__tinyconf-12&diff=split`);
  await gold.locator('.diff-split').first().waitFor();
  const marked = (half) => gold.locator(`.diff-half.${half} td.code`).evaluateAll((tds) => tds
    .map((td) => ({ text: td.textContent, marks: [...td.querySelectorAll('mark.word-change')].map((m) => m.textContent) }))
    .filter((cell) => cell.marks.length > 0));
  const [olds, news] = [await marked('old'), await marked('new')];
  assert.ok(olds.length > 0 && news.length > 0, 'some modified line has its changed words marked on both sides');
  for (const cell of [...olds, ...news]) assert.ok(cell.marks.join('').length < cell.text.length, JSON.stringify(cell));
  await gold.locator('.diff-layout button', { hasText: 'Unified' }).click();
  assert.ok(await gold.locator('tr.del mark.word-change').count() > 0, 'and in the unified layout');
  assert.deepEqual(errors, []);
});

test('per-run outcome facets and "resolved by" filter the list, and it sorts by result', async () => {
  const { page, errors } = session;
  const runs = ['gold', 'partly-right'].map((name) => JSON.parse(readFileSync(join(server.dirs.data, 'runs', `${name}.json`), 'utf8')));
  const outcome = (run, id) => {
    const result = run.results.find((r) => r.instance_id === id);
    if (!result) return 'not run';
    return result.resolved ? 'resolved' : (result.failure_mode || 'unresolved');
  };
  const resolvedBy = (id) => runs.filter((run) => outcome(run, id) === 'resolved').length;
  await page.goto(`${server.url}?f=${encodeURIComponent('run partly-right:resolved')}`);
  await rows(page);
  const shown = await page.locator('.instance-row').evaluateAll((els) => els.map((el) => el.dataset.id));
  const expected = demo.map((r) => r.instance_id).filter((id) => outcome(runs[1], id) === 'resolved');
  assert.deepEqual(shown.sort(), expected.sort());
  // The facets' values are drawn a frame after the rows.
  await page.waitForSelector('section.facet[data-facet="resolved by"] label');
  const counts = await page.locator('section.facet[data-facet="resolved by"] label').evaluateAll((ls) => Object.fromEntries(ls.map((l) => [l.querySelector('.value').textContent, Number(l.querySelector('.n').textContent)])));
  const tally = {};
  for (const id of expected) tally[`${resolvedBy(id)} of 2`] = (tally[`${resolvedBy(id)} of 2`] ?? 0) + 1;
  for (const [value, n] of Object.entries(tally)) assert.equal(counts[value], n, value);
  const modes = await page.locator('section.facet[data-facet="run partly-right"] .value').allTextContents();
  const all = [...new Set(demo.map((r) => outcome(runs[1], r.instance_id)))].sort();
  assert.deepEqual([...modes].sort(), all, 'every failure mode of the run is a facet value');
  // Ticking a run's facet filters the list in place: the page is not loaded again.
  await page.locator('aside.facets').evaluate((panel) => { panel.dataset.kept = 'yes'; });
  await facetBox(page, 'run gold', 'resolved').check();
  await page.waitForURL((url) => url.search.includes('run+gold'));
  await page.waitForFunction((n) => document.querySelector('.count').textContent.startsWith(`${n} of`), expected.filter((id) => outcome(runs[0], id) === 'resolved').length);
  assert.equal(await page.locator('aside.facets').getAttribute('data-kept'), 'yes', 'the same facet panel, not a new page');
  await facetBox(page, 'run gold', 'resolved').uncheck();
  await facetBox(page, 'resolved by', '2 of 2').check();
  await page.waitForURL((url) => url.search.includes('resolved+by'));
  await page.waitForFunction((n) => document.querySelector('.count').textContent.startsWith(`${n} of`), expected.filter((id) => resolvedBy(id) === 2).length);
  await page.goto(`${server.url}?sort=-resolved`);
  await rows(page);
  const order = await page.locator('.instance-row').evaluateAll((els) => els.map((el) => el.dataset.id));
  const sorted = [...demo.map((r) => r.instance_id)].sort((a, b) => resolvedBy(b) - resolvedBy(a) || a.localeCompare(b));
  assert.deepEqual(order, sorted);
  assert.deepEqual(errors, []);
});

test('a 1 MB patch and a 150k-character statement render lazily: tree, folded files, more lines, folded hunks', async () => {
  const { page, errors } = session;
  assert.ok(huge.patch.length > 1_000_000 && huge.statement.length > 150_000);
  await page.goto(`${server.url}?data=huge/&instance=huge__repo-1`);
  const gold = page.locator('section.patch[data-role="gold"]');
  await gold.locator('.diff-file').first().waitFor();
  const numstat = gitNumstat(huge.patch);
  assert.equal(await gold.locator('.file-link').count(), numstat.length, 'the tree lists every file');
  assert.equal(await gold.locator('.folder-name').first().textContent(), 'pkg/');
  const added = numstat.reduce((n, f) => n + f.added, 0);
  assert.match(await gold.locator('.diff-summary').textContent(), new RegExp(`${numstat.length} files changed, \\+${added}`));
  const built = await gold.locator('tr.add').count();
  assert.ok(built < 1200, `only the first files are built (${built} added rows of ${added})`);
  const last = gold.locator('details.diff-file[data-path="pkg/m39.py"]');
  assert.equal(await last.evaluate((d) => d.open), false);
  await gold.locator('.file-link[data-path="pkg/m39.py"]').click();
  await last.locator('tr.add').nth(499).waitFor();
  assert.equal(await last.locator('tr.add').count(), 500, 'an opened file builds its first chunk');
  assert.ok(await last.locator('.tok-def').count() >= 500, 'Python is highlighted');
  await last.locator('.show-more').click();
  await last.locator('tr.add').nth(599).waitFor();
  assert.equal(await last.locator('.show-more').count(), 0, 'every line shown');
  const core = gold.locator('details.diff-file[data-path="pkg/core.py"]');
  assert.equal(await core.locator('tbody.hunk').count(), 2);
  await core.locator('.hunk-toggle').first().click();
  await core.locator('tbody.hunk.folded').waitFor();
  assert.equal(await core.locator('tr.add').count(), 1, 'a folded hunk hides its lines');
  assert.equal(await core.locator('.hunk-toggle').first().getAttribute('aria-expanded'), 'false');
  const statement = page.locator('section.document').first();
  const firstParagraphs = await statement.locator('p').count();
  assert.ok(firstParagraphs < 1500, `the statement starts with its first screens (${firstParagraphs} paragraphs)`);
  await statement.locator('.show-rest').click();
  await statement.locator('p').nth(1499).waitFor();
  assert.equal(await statement.locator('p').count(), 1500);
  assert.deepEqual(errors, []);
});

test('benchmark panels: FEA-Bench new components, FeatureBench interface and level, SWE-Dev files and call tree', async () => {
  const { page, errors } = session;
  await page.goto(`${server.url}?data=panels/&dataset=fea&instance=acme__widgets-7`);
  const components = page.locator('section.new-components');
  await components.waitFor();
  assert.deepEqual(await components.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.dataset.kind, tr.querySelector('code').textContent])), [['function', 'make_widget'], ['class', 'Factory']]);
  assert.equal(await components.locator('pre.doc').textContent(), 'Builds a <b>widget</b>.', 'docs are text');
  assert.equal(await components.locator('.tok-kw').first().textContent(), 'def');
  const setup = page.locator('dl.meta a', { hasText: 'def456' });
  assert.equal(await setup.getAttribute('href'), 'https://github.com/acme/widgets/tree/def456');
  const raw = await page.locator('.raw-fields dt').allTextContents();
  assert.ok(raw.includes('pull_number') && !raw.includes('new_components') && !raw.includes('environment_setup_commit'), `raw fields keep only what no panel shows: ${raw}`);

  await page.goto(`${server.url}?data=panels/&dataset=fb&instance=acme__widgets.abc12345.test_factory.0badf00d.lv2`);
  const interfaces = page.locator('section.interfaces');
  await interfaces.waitFor();
  assert.deepEqual(await interfaces.locator('summary').allTextContents(), ['Interface Description 1', 'Interface Description 2']);
  assert.match(await interfaces.locator('.level').textContent(), /lv2 build the feature from scratch/);
  assert.equal(await interfaces.locator('pre[data-lang=python] .tok-def').textContent(), 'make_widget');
  assert.equal(await page.locator('dl.meta dd code', { hasText: 'featurebench/widgets:1' }).count(), 1);

  await page.goto(`${server.url}?data=panels/&dataset=swedev`);
  await page.click('.instance-row >> nth=0 >> a');
  const pair = page.locator('details.source-pair[data-path="widgets/factory.py"]');
  await pair.waitFor();
  await pair.locator('summary').click();
  assert.match(await pair.locator('pre.python').textContent(), /Masked/);
  await pair.locator('button', { hasText: 'Ground truth' }).click();
  await page.waitForFunction(() => document.querySelector('details.source-pair pre.python').textContent.includes('return Widget(kind)'));
  const tree = page.locator('section.call-tree');
  assert.deepEqual(await tree.locator('code.symbol').allTextContents(), ['test_make', 'make_widget', 'Widget.__init__']);
  assert.equal(await tree.locator('ul ul ul li').count(), 1, 'the tree nests test → function → callee');
  assert.deepEqual(errors, []);
});

test('several datasets side by side: compare-with, benchmark facet, merged search, and an instance from the second set', async () => {
  const { page, errors } = session;
  await page.goto(`${server.url}?data=twins/&dataset=demo-a`);
  assert.equal(await rows(page), demo.length);
  await page.selectOption('select[aria-label="Load another dataset beside this one"]', 'demo-b/test');
  await page.waitForURL((url) => url.search.includes('with=demo-b%2Ftest'));
  await page.waitForFunction((n) => document.querySelector('.count').textContent.startsWith(`${n} of ${n}`), demo.length * 2);
  // The facets' values are drawn a frame after the rows.
  await page.waitForFunction(() => document.querySelectorAll('section.facet[data-facet="benchmark"] label').length === 2);
  const counts = await page.locator('section.facet[data-facet="benchmark"] label').evaluateAll((ls) => ls.map((l) => [l.querySelector('.value').textContent, Number(l.querySelector('.n').textContent)]));
  assert.deepEqual(counts.sort(), [['demo-a', demo.length], ['demo-b', demo.length]]);
  await facetBox(page, 'benchmark', 'demo-b').check();
  await page.waitForFunction((n) => document.querySelector('.count').textContent.startsWith(`${n} of`), demo.length);
  const id = 'benchscope-demo__unitcalc-3';
  await page.click(`.instance-row[data-id="${id}"] a`);
  await page.waitForSelector(`article.instance[data-id="${id}"]`);
  assert.match(page.url(), /from=demo-b%2Ftest/);
  await page.reload();
  await page.waitForSelector(`article.instance[data-id="${id}"]`);
  await page.keyboard.press('Escape');
  await page.waitForURL((url) => !url.search.includes('instance='));
  await page.goto(`${server.url}?data=twins/&dataset=demo-a&with=demo-b/test&q=registry`);
  await rows(page);
  const found = await page.locator('.instance-row').evaluateAll((els) => els.map((el) => `${el.querySelector('.set-tag').textContent} ${el.dataset.id}`));
  // The set tag leaves the repository at least half its column.
  const tagShares = await page.locator('.instance-row .repo').evaluateAll((els) => els.map((el) => el.querySelector('.set-tag').offsetWidth / el.clientWidth));
  assert.ok(tagShares.every((share) => share <= 0.51), `tag / column: ${tagShares}`);
  // Both sets are splits named "test": their tags name their datasets alone.
  assert.deepEqual([...new Set(found.map((f) => f.split(' ')[0]))].sort(), ['demo-a', 'demo-b']);
  const a = found.filter((f) => f.startsWith('demo-a ')).map((f) => f.split(' ')[1]);
  const b = found.filter((f) => f.startsWith('demo-b ')).map((f) => f.split(' ')[1]);
  assert.ok(a.length > 0, 'the search finds rows');
  assert.deepEqual(a.sort(), b.sort(), 'both sets are searched alike');
  // The repository's tooltip names the row's set in full.
  await page.hover('.instance-row >> nth=0');
  const tip = await page.locator('.instance-row >> nth=0').evaluate((row) => [row.querySelector('.set-tag').textContent, row.querySelector('.repo').lastChild.textContent, row.querySelector('.repo').getAttribute('title')]);
  assert.equal(tip[2], `${tip[0]}/test: ${tip[1]}`);
  await page.locator('.loaded-set button').click();
  await page.waitForURL((url) => !url.search.includes('with='));
  assert.deepEqual(errors, []);
});

test('the manifest and the index shards of every set the URL opens are asked for before the wasm runs, and the app takes those responses', async () => {
  const { page, errors, requests } = session;
  requests.length = 0;
  await page.goto(`${server.url}?data=twins/&dataset=demo-a&with=demo-b/test`);
  await page.waitForFunction((n) => document.querySelector('.count')?.textContent.startsWith(`${n} of ${n}`), demo.length * 2);
  const data = requests.filter((url) => new URL(url).pathname.startsWith('/twins/')).map((url) => new URL(url).pathname);
  for (const file of ['/twins/manifest.json', '/twins/index/demo-a/test/0000.json', '/twins/index/demo-b/test/0000.json']) {
    assert.ok(data.includes(file), `${file} is fetched:\n${data.join('\n')}`);
  }
  assert.deepEqual(data, [...new Set(data)], 'no data file is fetched twice');
  // Every early response was taken, and none was fetched twice: had a request come after the
  // app's own, the app would have fetched the file again.
  assert.deepEqual(await page.evaluate(() => [...window.benchscopeEarly.keys()]), []);
  assert.deepEqual(errors, []);
});

test("the shipped wasm has no panic machinery: the site was built with scripts/build_web.sh's settings", () => {
  // Built without them (a plain `trunk build`), every module carries the standard library's panic
  // formatting and messages, about 60 KB gzipped in all.
  const modules = readdirSync(DIST).filter((file) => file.endsWith('.wasm'));
  assert.ok(modules.length > 1, `the site is split into modules: ${modules.join(', ')}`);
  for (const module of modules) {
    const text = readFileSync(join(DIST, module)).toString('latin1');
    for (const message of ['panicked at', 'called `Option::unwrap()` on a `None` value', 'index out of bounds']) {
      assert.ok(!text.includes(message), `${module} holds the panic message "${message}"`);
    }
  }
});

test('the page starts from one inline script: it asks for the data and compiles the wasm, and the app mounts with the data in hand', async () => {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const first = html.indexOf('<script');
  assert.ok(first >= 0 && first < html.indexOf('<link rel="stylesheet"'), 'the first script comes before the style sheet, which it would wait for');
  assert.match(html.slice(first), /^<script data-wasm="\.\/[^"]+_bg\.wasm" data-wasm-integrity="sha384-[^"]+">\{/, 'it is inline and names the wasm');
  assert.doesNotMatch(html, /rel="preload"[^>]*_bg\.wasm/, 'no preload link fetches the wasm a second time');
  assert.ok(html.indexOf('<script type="module" async src=') > html.lastIndexOf('<link rel="modulepreload"'), 'the module script is async and comes after the preload links');
  const context = await session.browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const requests = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    const errors = collectErrors(page);
    // Every frame drawn before the first row: did it show one of the app's loading messages?
    await page.addInitScript(() => {
      window.__loadingFrames = 0;
      const frame = () => {
        if (document.querySelector('.instance-row')) return;
        if ([...document.querySelectorAll('.loading')].some((el) => el.id !== 'boot')) window.__loadingFrames += 1;
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    // The index shard comes late, after the wasm has started: the app waits for it unmounted.
    await page.route('**/data/index/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await page.goto(server.url);
    await page.waitForSelector('.instance-row');
    assert.equal(requests.filter((path) => path.endsWith('_bg.wasm')).length, 1, `the wasm is fetched once:\n${requests.join('\n')}`);
    assert.equal(await page.evaluate(async () => (await window.benchscopeWasm) instanceof WebAssembly.Module), true, 'the first script compiled it');
    // The demo has runs: its results matrix is one of the early answers the app took.
    assert.ok(requests.some((path) => /^\/data\/results\/demo\/test\/matrix-/.test(path)), requests.join('\n'));
    assert.deepEqual(await page.evaluate(() => [...window.benchscopeEarly.keys()]), [], 'the app took every early answer');
    assert.equal(await page.evaluate(() => window.__loadingFrames), 0, 'no frame showed a loading message of the app: it mounted once the data was here');
    assert.equal(await page.locator('#boot').count(), 0, "the page's own loading message is gone");
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

/**
 * Gives every later page of `page`'s context `__screen()`: the page's top bar and main part as
 * their shape (elements with sorted attributes, texts, no comments; the facet panel's contents
 * left out, the app draws them a frame later) and the boxes of their parts; and records it as
 * `__firstScreen` in the frame the first screen (src/first_screen.js) is painted in, if it is.
 */
async function recordFirstScreen(page) {
  await page.addInitScript(() => {
    const shape = (node) => {
      if (node.nodeType === Node.TEXT_NODE) return node.data;
      if (node.nodeType !== Node.ELEMENT_NODE) return '';
      const attributes = [...node.attributes].filter((a) => a.name !== 'data-first-screen').map((a) => `${a.name}=${a.value}`).sort();
      const children = [];
      for (const child of node.matches('aside.facets') ? [] : [...node.childNodes].map(shape)) {
        if (typeof child === 'string' && typeof children.at(-1) === 'string') children[children.length - 1] += child;
        else children.push(child);
      }
      return { tag: node.localName, attributes, children: children.filter((child) => child !== '') };
    };
    const box = (el) => {
      const r = el.getBoundingClientRect();
      return [el.className, Math.round(r.left), Math.round(r.top), Math.round(r.width), Math.round(r.height)].join(' ');
    };
    window.__screen = () => {
      const parts = [document.querySelector('header'), document.querySelector('main')];
      const boxed = document.querySelectorAll('.topbar, .dataset-picker, .view-tabs, .toolbar, .toolbar > *, .row-head, .rows, .instance-row, .instance-row > *');
      return { shape: parts.map(shape), boxes: [...boxed].map(box) };
    };
    // And counts the frames after it that show no rows at all, the first screen's or the app's.
    window.__framesWithoutRows = 0;
    const frame = () => {
      if (!document.querySelector('.instance-row')) window.__framesWithoutRows += 1;
      if (!document.querySelector('aside.facets section.facet')) requestAnimationFrame(frame);
    };
    const observer = new MutationObserver(() => {
      if (!document.querySelector('main[data-first-screen]')) return;
      observer.disconnect();
      requestAnimationFrame(() => {
        window.__firstScreen = { ...window.__screen(), at: performance.now() };
        requestAnimationFrame(frame);
      });
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

/** Opens `url` with the list's first screen in a new context; `then(page)` runs in it. */
async function withFirstScreen(url, options, then) {
  const context = await session.browser.newContext({ viewport: { width: 1280, height: 900 }, ...options, firstScreen: true });
  try {
    const page = await context.newPage();
    const errors = collectErrors(page);
    await recordFirstScreen(page);
    await page.goto(url);
    await then(page, errors);
  } finally {
    await context.close();
  }
}

/** Holds back every response for a manifest until the function returned is called: what a page
 * asks for before that does not wait for the manifest, whatever the machine's speed. */
async function holdManifest(page) {
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.route('**/manifest.json', async (route) => {
    await held;
    await route.continue().catch(() => {});
  });
  return release;
}

/** The app's list, mounted, its facets drawn. */
const appListed = (page) => page.waitForFunction(() => !document.querySelector('[data-first-screen]') && document.querySelector('main .instance-row') && document.querySelector('aside.facets section.facet'));

test('the list\'s first screen is drawn from the data before the wasm has started, and the app then draws the same: same elements, same texts and links, same places, at 390 and 1280 px, light and dark', async () => {
  const cases = [
    ['two sets side by side', '?data=twins/&dataset=demo-a&with=demo-b/test', {}],
    ['two sets side by side, small and dark', '?data=twins/&dataset=demo-a&with=demo-b/test', { viewport: { width: 390, height: 844 }, colorScheme: 'dark' }],
    ['the demo with runs (their sorts)', '?data=data/', {}],
    ['hostile titles and ids', '?data=hostile/', {}],
    ['no gold patches', '?data=hidden/', { colorScheme: 'dark' }],
    ['50,000 instances, sorted', '?data=large/', {}],
    ...(featurebench ? [['one dataset\'s three splits side by side', '?data=featurebench/&dataset=featurebench&split=full&with=featurebench/fast&with=featurebench/lite', {}]] : []),
  ];
  for (const [name, query, options] of cases) {
    await withFirstScreen(`${server.url}${query}`, options, async (page, errors) => {
      await appListed(page);
      const first = await page.evaluate(() => window.__firstScreen);
      assert.ok(first, `${name}: a first screen was drawn`);
      assert.ok(first.boxes.filter((b) => b.startsWith('instance-row')).length > 0, `${name}: with rows`);
      const app = await page.evaluate(() => window.__screen());
      assert.deepEqual(first.shape, app.shape, `${name}: the app draws what the first screen drew`);
      assert.deepEqual(first.boxes, app.boxes, `${name}: nothing moves when the app takes over`);
      assert.equal(await page.evaluate(() => window.__framesWithoutRows), 0, `${name}: no frame between the two screens is without rows`);
      const wasmAsked = await page.evaluate(() => performance.getEntriesByType('resource').find((r) => r.name.endsWith('_bg.wasm'))?.startTime);
      assert.ok(wasmAsked >= first.at, `${name}: the wasm is asked for once the first screen is painted (${wasmAsked} ms, painted at ${first.at} ms)`);
      assert.equal(await page.locator('#boot').count(), 0);
      assert.deepEqual(errors, [], name);
    });
  }
});

test('the first screen hands over to the app: what was typed is searched, the focus stays in the box; without the app it stays, under the error that says why', async () => {
  // The main module held back until the first screen has been typed into.
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await withFirstScreen(`${server.url}?data=data/`, {}, async (page, errors) => {
    await page.route('**/*_bg.wasm', async (route) => { await held; await route.continue(); });
    await page.reload();
    await page.waitForSelector('main[data-first-screen] input.search');
    await page.locator('main[data-first-screen] input.search').pressSequentially('determinant');
    await page.waitForURL((url) => url.searchParams.get('q') === 'determinant');
    release();
    await page.waitForFunction(() => !document.querySelector('[data-first-screen]') && document.querySelectorAll('main .instance-row').length === 1);
    assert.equal(await page.locator('.instance-row').getAttribute('data-id'), 'benchscope-demo__matrixlite-8');
    assert.equal(await page.locator('input.search').inputValue(), 'determinant');
    assert.equal(await page.evaluate(() => document.activeElement?.matches('input.search')), true, 'the focus is in the app\'s box');
    assert.deepEqual(errors, []);
  });
  await withFirstScreen(`${server.url}?data=twins/&dataset=demo-a`, {}, async (page) => {
    await page.route('**/*_bg.wasm', (route) => route.abort());
    await page.reload();
    await page.waitForSelector('#boot.error[role="alert"]');
    assert.equal(await page.locator('#boot').isVisible(), true, 'the error is shown');
    assert.equal(await page.locator('main[data-first-screen] .instance-row').count(), demo.length, 'the rows stay, their links to follow');
  });
});

test('a first screen\'s index shards are asked for beside the manifest when the URL names their sets, each once, and the app takes them', async () => {
  await withFirstScreen(`${server.url}?data=twins/&dataset=demo-a&with=demo-b/test`, {}, async (page, errors) => {
    const asked = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    const shards = ['/twins/index/demo-a/test/0000.json', '/twins/index/demo-b/test/0000.json'];
    // The manifest held back: the shards are asked for all the same, so they do not wait for it.
    const release = await holdManifest(page);
    const shardsAsked = Promise.all(shards.map((shard) => page.waitForRequest((request) => new URL(request.url()).pathname === shard)));
    await page.reload();
    await shardsAsked;
    release();
    await appListed(page);
    for (const shard of shards) assert.equal(asked.filter((path) => path === shard).length, 1, `${shard} is fetched once`);
    assert.deepEqual(errors, []);
  });
});

test('the first screen\'s controls are not lost before the app starts: `/` and Esc, a sort, another dataset, a set compared and removed go where the app would', async () => {
  // The main module held back for the whole test: every screen below is the first screen's.
  await withFirstScreen(`${server.url}?data=twins/&dataset=demo-a&with=demo-b/test`, {}, async (page, errors) => {
    await page.route('**/*_bg.wasm', () => {});
    await page.reload();
    const screen = 'main[data-first-screen]';
    await page.waitForSelector(`${screen} input.search`);
    await page.keyboard.press('/');
    assert.equal(await page.evaluate((s) => document.activeElement?.matches(`${s} input.search`), screen), true, '/ focuses the search');
    await page.keyboard.type('matrix');
    await page.keyboard.press('Escape');
    assert.equal(await page.locator(`${screen} input.search`).inputValue(), '', 'Esc empties the box');
    assert.equal(await page.evaluate(() => document.activeElement === document.body), true, 'and gives the focus back to the page');
    assert.equal(new URL(page.url()).searchParams.has('q'), false);

    const entries = await page.evaluate(() => history.length);
    await page.locator(`${screen} .loaded-set button[aria-label="Remove demo-b/test"]`).click();
    await page.waitForURL((url) => !url.searchParams.has('with') && url.searchParams.get('dataset') === 'demo-a');
    await page.waitForSelector(`${screen} .instance-row`);
    await page.locator(`${screen} select[aria-label="Dataset and split"]`).selectOption('demo-b/test');
    await page.waitForURL((url) => url.searchParams.get('dataset') === 'demo-b' && url.searchParams.get('split') === 'test');
    await page.waitForSelector(`${screen} .instance-row`);
    assert.equal(await page.locator(`${screen} select[aria-label="Dataset and split"]`).inputValue(), 'demo-b/test');
    await page.locator(`${screen} select[aria-label="Load another dataset beside this one"]`).selectOption('demo-a/test');
    await page.waitForURL((url) => url.searchParams.getAll('with').join() === 'demo-a/test');
    await page.waitForSelector(`${screen} .loaded-set`);
    await page.locator(`${screen} select[aria-label="Sort by"]`).selectOption('-date');
    await page.waitForURL((url) => url.searchParams.get('sort') === '-date');
    assert.equal(await page.evaluate(() => history.length), entries + 4, 'each choice is an entry in the history, as the app\'s are');
    assert.deepEqual(errors.filter((e) => !e.includes('_bg.wasm')), []);
  });
});

test('no first screen where it could not be the app\'s: a search, a filter, a sort, an instance, another view, a published site, an unknown set, a tampered shard, a broken results matrix', async () => {
  // Each: the URL, what the app shows, and whether the URL alone rules the first screen out (the
  // wasm is then asked for with the manifest, in the first script's one run; for a URL of the
  // list, the manifest and the files decide, and the wasm waits for them).
  const cases = [
    ['?data=data/&q=determinant', '.instance-row', true],
    ['?data=data/&f=repo%3Abenchscope-demo%2Fslugkit', '.instance-row', true],
    ['?data=data/&sort=-size', '.instance-row', true],
    ['?data=data/&instance=benchscope-demo__matrixlite-8', 'article.instance', true],
    ['?data=data/&view=leaderboard', '.leaderboard-table', true],
    ['pages/board/', '.leaderboard-table, .instance-row, canvas.chart', false],
    ['?data=twins/&dataset=demo-c', '.instance-row', false],
    ['?data=twins/&dataset=demo-a&with=demo-c/test', '.instance-row', false],
    ['?data=tampered-index/', '.error', false],
    ['?data=faults-matrix/', '.instance-row', false],
  ];
  for (const [query, shown, atOnce] of cases) {
    await withFirstScreen(`${server.url}${query}`, {}, async (page) => {
      if (atOnce) {
        // The manifest held back: the wasm is asked for all the same, so it does not wait for it.
        const release = await holdManifest(page);
        const wasmAsked = page.waitForRequest((request) => request.url().endsWith('_bg.wasm'));
        await page.reload();
        await wasmAsked;
        release();
      }
      await page.waitForSelector(shown);
      await page.waitForTimeout(100);
      assert.equal(await page.evaluate(() => window.__firstScreen), undefined, `${query}: no first screen`);
      assert.equal(await page.locator('[data-first-screen]').count(), 0, query);
    });
  }
});

test('code that differs from what was built is never run: a changed main module stops the page with a message, a changed page module is refused like one that cannot be fetched', async () => {
  // One byte flipped at the end of a module: it is still valid wasm (the app ran it before the
  // start script's second fetch carried the integrity hash), so only the hash can refuse it.
  const tampered = async (route) => {
    const response = await route.fetch();
    const body = Buffer.from(await response.body());
    body[body.length - 1] ^= 1;
    await route.fulfill({ response, body });
  };
  const context = await session.browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const requests = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await page.route('**/*_bg.wasm', tampered);
    await page.goto(server.url);
    const boot = page.locator('#boot.error[role="alert"]');
    await boot.waitFor();
    assert.match(await boot.textContent(), /^Benchscope could not start: its code, benchscope-web-[0-9a-f]+_bg\.wasm, could not be fetched or did not match the hash the page expects \(.+\)\. Reload the page/);
    await page.waitForTimeout(500);
    assert.equal(await page.locator('.brand').count(), 0, 'the app did not start');
    assert.ok(requests.some((path) => path.endsWith('_bg.wasm')), requests.join('\n'));

    // The instance page's module, changed: the loader checks it by the hash the build wrote.
    await page.unroute('**/*_bg.wasm');
    const pageModule = (url) => /\/split_instance_page-[0-9a-f]+\.wasm$/.test(new URL(url).pathname);
    await page.route(pageModule, tampered);
    await page.goto(`${server.url}?instance=benchscope-demo__unitcalc-3`);
    const alert = page.locator('main .error[role="alert"]');
    await alert.waitFor();
    assert.match(await alert.textContent(), /Could not load the instance page's code/);
    assert.equal(await page.locator('article.instance').count(), 0, 'the changed module did not run');
  } finally {
    await context.close();
  }
});

/** axe-core's WCAG 2 A and AA violations on the page, as `rule: target` lines. */
async function accessibilityViolations(page) {
  await page.addScriptTag({ path: join(ROOT, 'e2e', 'node_modules', 'axe-core', 'axe.min.js') });
  const results = await page.evaluate(() => window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } }));
  return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} (${n.failureSummary.split('\n').slice(1).join(' ').trim()})`));
}

test('accessibility: axe finds no WCAG 2.1 AA violation on the list, an instance, a diff and a searched log, in light and dark themes', async () => {
  // The audit script is injected into the page, which the page's own policy forbids: this one
  // context lets it in.
  const audit = await session.browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  const page = await audit.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`${server.url}?f=category:Mathematics&q=matrix`);
    await rows(page);
    assert.deepEqual(await accessibilityViolations(page), [], `${scheme}: list`);
    await page.goto(`${server.url}?instance=benchscope-demo__tinyconf-12`);
    await page.waitForSelector('.runs-table tbody tr[data-run]');
    await page.click('tr[data-run="partly-right"] .show-patch');
    await page.waitForSelector('tr.model-patch .diff-file');
    assert.deepEqual(await accessibilityViolations(page), [], `${scheme}: instance`);
    await page.goto(`${server.url}?instance=benchscope-demo__unitcalc-3&diff=split`);
    await page.waitForSelector('table.diff-table.split');
    assert.deepEqual(await accessibilityViolations(page), [], `${scheme}: side-by-side diff`);
    await page.goto(`${server.url}?data=lca/&dataset=lca-ci&instance=42`);
    await page.locator('input.log-search').fill('output 29');
    await page.click('.log-matches li[data-line="30"] button');
    await page.waitForSelector('pre.log .chosen');
    assert.deepEqual(await accessibilityViolations(page), [], `${scheme}: a searched log`);
  }
  await audit.close();
  assert.deepEqual(errors, []);
});

test('expandable context: the unchanged lines above a hunk and to the end of the file come from the repository at the base commit', async () => {
  const { page, errors } = session;
  const gold = page.locator('section.patch[data-role="gold"]');
  let tails = 0;
  for (const [id, path] of [['benchscope-demo__unitcalc-1', 'unitcalc/convert.py'], ['benchscope-demo__matrixlite-7', 'matrixlite/matrix.py']]) {
    const record = demo.find((r) => r.instance_id === id);
    await page.goto(`${server.url}?instance=${id}`);
    const card = gold.locator(`details.diff-file[data-path="${path}"]`);
    await card.locator('tbody.hunk').first().waitFor();
    const original = execFileSync('git', ['-C', join(repos, record.repo.split('/')[1]), 'show', `${record.base_commit}:${path}`], { encoding: 'utf8' }).split('\n');
    if (original.at(-1) === '') original.pop();
    const row = (tr) => [Number(tr.children[0].textContent), tr.querySelector('td.code').textContent];
    const [oldStart] = (await card.locator('tr.hunk-header td.code').first().textContent()).match(/-(\d+)/).slice(1).map(Number);
    assert.ok(oldStart > 1, `${path}: the first hunk starts below line 1`);
    await card.locator('button.expand-context[data-gap="0"]').click();
    const above = card.locator('tbody.expanded-context').first();
    await above.locator('tr').first().waitFor();
    assert.deepEqual(await above.locator('tr').evaluateAll((trs, f) => trs.map((tr) => [Number(tr.children[0].textContent), tr.querySelector('td.code').textContent])), original.slice(0, oldStart - 1).map((text, i) => [i + 1, text]));
    const [lastStart, lastCount] = (await card.locator('tr.hunk-header td.code').last().textContent()).match(/-(\d+),(\d+)/).slice(1).map(Number);
    const linesBelow = original.length - (lastStart + lastCount - 1);
    const tail = card.locator(`button.expand-context[data-gap="${await card.locator('tbody.hunk').count()}"]`);
    assert.equal(await tail.count(), linesBelow > 0 ? 1 : 0, `${path}: once the file is known, the gap below shows only if lines are left`);
    if (linesBelow > 0) assert.match(await tail.textContent(), new RegExp(`Expand ${linesBelow} unchanged line`));
    if (linesBelow > 0) {
      tails += 1;
      await tail.click();
      await card.locator('tbody.expanded-context').nth(1).waitFor();
      const last = await card.locator('tbody.expanded-context').last().locator('tr');
      assert.equal(await last.count(), linesBelow);
      assert.deepEqual(await last.last().evaluate(row), [original.length, original.at(-1)], 'the last line of the file');
    }
  }
  assert.ok(tails > 0, 'one of the files has lines below its last hunk');
  await page.goto(`${server.url}?instance=benchscope-demo__unitcalc-3`);
  await gold.locator('details.diff-file[data-path="unitcalc/registry.py"] tbody.hunk').waitFor();
  assert.equal(await gold.locator('details.diff-file[data-path="unitcalc/registry.py"] button.expand-context').count(), 0, 'an added file has nothing to expand');
  assert.deepEqual(errors, []);
});

/** The Wilson 95% interval, computed here independently of the app. */
function wilson(successes, n) {
  const z = 1.959963984540054;
  const p = successes / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z / (1 + (z * z) / n)) * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  return [Math.max(0, centre - half) * 100, Math.min(1, centre + half) * 100];
}

test('leaderboard: demo runs ranked by % resolved with Wilson intervals, sortable columns', async () => {
  const { page, errors } = session;
  await page.goto(`${server.url}?view=leaderboard`);
  await page.waitForSelector('.leaderboard-table tbody tr');
  const runs = ['gold', 'partly-right'].map((name) => JSON.parse(readFileSync(join(server.dirs.data, 'runs', `${name}.json`), 'utf8')));
  const expected = runs.map((run) => {
    const resolved = run.results.filter((r) => r.resolved).length;
    const [low, high] = wilson(resolved, demo.length);
    return [run.id, `${(resolved * 100 / demo.length).toFixed(1)} [${low.toFixed(1)}, ${high.toFixed(1)}]`];
  }).sort((a, b) => parseFloat(b[1]) - parseFloat(a[1]));
  const shown = await page.locator('.leaderboard-table tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.dataset.run, tr.querySelector('.resolved').textContent.trim().replace(/\s+/g, ' ')]));
  assert.deepEqual(shown, expected);
  await page.click('button.sort[data-key="resolved"]');
  const ascending = await page.locator('.leaderboard-table tbody tr').evaluateAll((trs) => trs.map((tr) => tr.dataset.run));
  assert.deepEqual(ascending, expected.map((e) => e[0]).reverse(), 'a second click reverses the order');
  assert.equal(await page.locator('th[aria-sort="ascending"] button[data-key="resolved"]').count(), 1);
  assert.deepEqual(errors, []);
});

test('leaderboard: the real swebench.com Lite board ranks as its source does', async (t) => {
  if (!lite) {
    if (process.env.CI === 'true') throw new Error('CI=true but ../shared/realdata is missing');
    t.skip('../shared/realdata is absent');
    return;
  }
  const { page, errors } = session;
  const source = JSON.parse(readFileSync(join(ROOT, '..', 'shared', 'realdata', 'swebench-leaderboard_SWE-bench-swe-bench.github.io', 'leaderboards.json'), 'utf8'));
  const board = source.leaderboards.find((b) => b.name === 'Lite').results;
  const ranked = [...board].sort((a, b) => b.resolved - a.resolved || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  await page.goto(`${server.url}?data=lite/&view=leaderboard`);
  await page.waitForSelector('.leaderboard-table tbody tr');
  const shown = await page.locator('.leaderboard-table tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.children[1].textContent, tr.querySelector('.resolved').textContent.trim().split(' ')[0]]));
  assert.equal(shown.length, board.length);
  assert.deepEqual(shown.map(([, p]) => Number(p)), ranked.map((e) => Number(e.resolved.toFixed(1))), 'the same percentages in the same order');
  assert.deepEqual(shown.slice(0, 10).map(([name]) => name), ranked.slice(0, 10).map((e) => e.name), 'the same systems on top');
  await assertTiesFollowRanks(page);
  // Only the best-so-far line's points carry a drawn label; every point names its run under the pointer.
  const chart = page.locator('.board-charts canvas.scatter').first();
  await chart.scrollIntoViewIfNeeded();
  const centres = await chart.evaluate((c) => {
    const { data } = c.getContext('2d').getImageData(0, 0, c.width, c.height);
    const found = [];
    for (let y = 0; y < c.height; y += 1) {
      for (let x = 0; x < c.width; x += 1) {
        const i = (y * c.width + x) * 4;
        // Inside a point's fill (the first series colour), at least 4 px from any spot already found.
        if (data[i] === 0 && data[i + 1] === 114 && data[i + 2] === 178 && found.every(([fx, fy]) => Math.hypot(fx - x, fy - y) > 4)) found.push([x, y + 2]);
      }
    }
    const scale = c.getBoundingClientRect().width / c.width;
    return found.map(([x, y]) => [x * scale, y * scale]);
  });
  const box = await chart.boundingBox();
  const named = new Set();
  for (const [x, y] of centres.filter((_, i) => i % 4 === 0).slice(0, 50)) {
    await page.mouse.move(box.x + x, box.y + y);
    const title = await chart.getAttribute('title');
    if (title) named.add(title);
  }
  assert.ok(named.size >= 5, `points named on hover: ${[...named].join(', ')}`);
  assert.deepEqual([...named].filter((name) => !shown.some(([run]) => run === name)), [], 'each is a run of the board');
  await page.mouse.move(box.x + 3, box.y + 3);
  assert.equal(await chart.getAttribute('title'), null, 'no point under the pointer, no tooltip');
  await page.fill('input[aria-label^="Filter runs"]', ranked[0].name);
  await page.waitForFunction((n) => document.querySelectorAll('.leaderboard-table tbody tr').length <= n, board.length - 1);
  assert.deepEqual(errors, []);
});

test('breakdowns: the chart is drawn, the table matches an independent count, a bar click lists exactly its instances; McNemar on two runs', async () => {
  const { page, errors } = session;
  await page.goto(`${server.url}?view=analysis`);
  await page.waitForSelector('canvas.chart');
  await page.waitForFunction(() => {
    const c = document.querySelector('canvas.chart');
    const pixels = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let coloured = 0;
    for (let i = 0; i < pixels.length; i += 4) if (Math.abs(pixels[i] - pixels[i + 1]) > 40 || Math.abs(pixels[i + 1] - pixels[i + 2]) > 40) coloured += 1;
    return coloured > 500;
  });
  const runs = Object.fromEntries(['gold', 'partly-right'].map((name) => [name, JSON.parse(readFileSync(join(server.dirs.data, 'runs', `${name}.json`), 'utf8'))]));
  const categories = JSON.parse(readFileSync(join(ROOT, 'demo', 'categories.json'), 'utf8'));
  const cells = await page.locator('.by-facet td[data-run]').evaluateAll((tds) => tds.map((td) => [td.closest('tr').dataset.value, td.dataset.run, Number(td.dataset.resolved), Number(td.dataset.total)]));
  assert.ok(cells.length > 0);
  for (const [category, run, resolved, total] of cells) {
    const ids = demo.filter((r) => categories[r.repo] === category).map((r) => r.instance_id);
    const results = runs[run].results.filter((r) => ids.includes(r.instance_id));
    assert.deepEqual([resolved, total], [results.filter((r) => r.resolved).length, results.length], `${category} / ${run}`);
  }
  // Click the first bar of the first group: the list shows that group's instances the run resolved.
  const box = await page.locator('.chart-block canvas.chart').first().boundingBox();
  const [group, run] = [cells[0][0], cells[0][1]];
  const groups = await page.locator('.by-facet tbody tr').count();
  const series = await page.locator('.by-facet thead th').count() - 1;
  const scale = box.width / 900;
  // The plot area starts after the margin and the y label area (12 + 48 px) and ends 12 px from the right.
  const left = (12 + 48) * scale;
  const slot = (box.width - left - 12 * scale) / groups;
  const x = box.x + left + slot * (0.1 + 0.8 / series / 2);
  const y = box.y + box.height - (12 + 40 + 5) * scale;
  const expected = runs[run].results.filter((r) => r.resolved && categories[demo.find((d) => d.instance_id === r.instance_id).repo] === group).map((r) => r.instance_id).sort();
  if (expected.length > 0) {
    await page.mouse.click(x, y);
    await page.waitForURL((url) => !url.search.includes('view=analysis'));
    await rows(page);
    const listed = await page.locator('.instance-row').evaluateAll((els) => els.map((el) => el.dataset.id));
    assert.deepEqual(listed.sort(), expected);
    await page.goBack();
    await page.waitForSelector('canvas.chart');
  }
  // McNemar, counted here from the run files.
  const resolvedSet = (name) => new Set(runs[name].results.filter((r) => r.resolved).map((r) => r.instance_id));
  const [a, b] = [resolvedSet('gold'), resolvedSet('partly-right')];
  const both = [...a].filter((id) => b.has(id)).length;
  const firstOnly = a.size - both;
  const secondOnly = b.size - both;
  const shownCounts = await page.locator('.paired-counts button').allTextContents();
  assert.deepEqual(shownCounts.slice(0, 3).map((t) => Number(t.split(': ')[1])), [both, firstOnly, secondOnly], JSON.stringify(shownCounts));
  const n = firstOnly + secondOnly;
  const k = Math.min(firstOnly, secondOnly);
  let tail = 0;
  let choose = 1;
  for (let i = 0; i <= k; i += 1) { if (i > 0) choose = (choose * (n - i + 1)) / i; tail += choose / 2 ** n; }
  const p = Math.min(1, 2 * tail);
  assert.ok(Math.abs(Number(await page.locator('.mcnemar').getAttribute('data-p')) - p) < 1e-9, `p = ${p}`);
  await page.click('.paired[data-cell="first"]');
  await rows(page);
  const firstOnlyListed = await page.locator('.instance-row').evaluateAll((els) => els.map((el) => el.dataset.id));
  assert.deepEqual(firstOnlyListed.sort(), [...a].filter((id) => !b.has(id)).sort());
  assert.deepEqual(errors, []);
});

test('failure modes per run and the resolved matrix: counts against the run files, one-click filters', async () => {
  const { page, errors } = session;
  await page.goto(`${server.url}?view=analysis`);
  await page.waitForSelector('.failure-modes tbody tr');
  const runs = Object.fromEntries(['gold', 'partly-right'].map((name) => [name, JSON.parse(readFileSync(join(server.dirs.data, 'runs', `${name}.json`), 'utf8'))]));
  const cells = await page.locator('.failure-modes td').evaluateAll((tds) => tds.map((td) => [td.closest('tr').dataset.mode, td.dataset.run, Number(td.dataset.count)]));
  for (const [mode, run, count] of cells) {
    const expected = runs[run].results.filter((r) => !r.resolved && (r.failure_mode || 'unresolved') === mode).length;
    assert.equal(count, expected, `${run}: ${mode}`);
  }
  const [mode, run] = cells.find((c) => c[2] > 0);
  await page.locator(`.failure-modes tr[data-mode="${mode}"] td[data-run="${run}"] a`).click();
  await rows(page);
  const listed = await page.locator('.instance-row').evaluateAll((els) => els.map((el) => el.dataset.id));
  assert.deepEqual(listed.sort(), runs[run].results.filter((r) => !r.resolved && (r.failure_mode || 'unresolved') === mode).map((r) => r.instance_id).sort());

  await page.goto(`${server.url}?view=analysis`);
  await page.waitForSelector('canvas.matrix');
  const solvedBy = (id) => Object.values(runs).filter((r) => r.results.some((x) => x.instance_id === id && x.resolved)).length;
  const none = demo.filter((r) => solvedBy(r.instance_id) === 0).map((r) => r.instance_id);
  const every = demo.filter((r) => solvedBy(r.instance_id) === 2).map((r) => r.instance_id);
  assert.equal(await page.locator('button[data-filter="none"]').textContent(), `Solved by no run: ${none.length}`);
  assert.equal(await page.locator('button[data-filter="every"]').textContent(), `Solved by every run: ${every.length}`);
  assert.equal(await page.locator('canvas.matrix').evaluate((c, n) => c.height % n, demo.length), 0, 'one band of pixels per instance');
  // The pixels say what the run files say: per run (best first), a green band per instance it resolves.
  const greens = await page.locator('canvas.matrix').evaluate((c, n) => {
    const context = c.getContext('2d');
    const band = c.height / n;
    const width = Math.floor(c.width / 2);
    return [0, 1].map((column) => {
      let count = 0;
      for (let row = 0; row < n; row += 1) {
        const [r, g, b] = context.getImageData(column * width + 1, row * band, 1, 1).data;
        if (r === 46 && g === 160 && b === 67) count += 1;
      }
      return count;
    });
  }, demo.length);
  assert.deepEqual(greens, Object.values(runs).map((r) => r.results.filter((x) => x.resolved).length).sort((a, b) => b - a));
  await page.click('button[data-filter="every"]');
  await rows(page);
  assert.deepEqual((await page.locator('.instance-row').evaluateAll((els) => els.map((el) => el.dataset.id))).sort(), every.sort());
  await page.goto(`${server.url}?view=analysis`);
  await page.locator('canvas.matrix').scrollIntoViewIfNeeded();
  const matrix = await page.locator('canvas.matrix').boundingBox();
  await page.mouse.click(matrix.x + 5, matrix.y + 2);
  await page.waitForSelector('article.instance');
  const top = [...demo].sort((a, b) => solvedBy(b.instance_id) - solvedBy(a.instance_id) || a.instance_id.localeCompare(b.instance_id))[0].instance_id;
  assert.equal(await page.locator('article.instance').getAttribute('data-id'), top, 'the top row is the most-solved instance');
  assert.deepEqual(errors, []);
});

test('a leaderboard imported alone: opens on its board, groups and rank intervals as computed here, two of its runs compared instance by instance', async (t) => {
  if (!alone) {
    if (process.env.CI === 'true') throw new Error('CI=true but ../shared/realdata is missing');
    t.skip('../shared/realdata is absent');
    return;
  }
  const { page, errors } = session;
  const source = JSON.parse(readFileSync(join(ROOT, '..', 'shared', 'realdata', 'swebench-leaderboard_SWE-bench-swe-bench.github.io', 'leaderboards.json'), 'utf8'));
  const verified = source.leaderboards.find((b) => b.name === 'Verified').results;
  await page.goto(`${server.url}?data=alone/`);
  await page.waitForSelector('.leaderboard-table tbody tr');
  assert.equal(await page.locator('.view-tabs .tab[aria-current="page"]').textContent(), 'Leaderboard', 'a board of runs alone opens on the leaderboard');
  assert.match(await page.locator('h2').first().textContent(), /^swe-bench-verified \/ test: \d+ runs$/, 'on the split whose runs carry the most per-instance results');
  assert.equal(await page.locator('.leaderboard-table tbody tr[data-run]').count(), verified.length);
  // The standings, computed here from the source file.
  const detailed = verified.filter((e) => e.per_instance_details && Object.values(e.per_instance_details).some((d) => typeof d.resolved === 'boolean'));
  const runs = detailed.map((e) => ({
    id: `verified.${e.folder}`,
    solved: new Set(Object.entries(e.per_instance_details).filter(([, d]) => d.resolved === true).map(([id]) => id)),
  }));
  const ids = [...new Set(detailed.flatMap((e) => Object.keys(e.per_instance_details)))].sort(naturalCompare);
  // The bootstrap draws instances in the order of their ids (as the results matrix keeps them).
  const expected = standings(runs, [...ids].sort());
  const shown = await page.locator('.leaderboard-table tbody tr[data-group]').evaluateAll((trs) => Object.fromEntries(trs.map((tr) => [tr.dataset.run, [Number(tr.dataset.group), tr.querySelector('.standing').textContent]])));
  assert.equal(Object.keys(shown).length, expected.length, 'every run with per-instance results has a standing');
  for (const s of expected) {
    assert.deepEqual(shown[s.id], [s.group, `${s.group} · ${s.rank} [${s.interval[0]}–${s.interval[1]}]`], s.id);
  }
  assert.ok(expected.some((s) => s.group > 1), 'the board has more than one group');
  await assertTiesFollowRanks(page);
  assert.match(await page.locator('p.method').textContent(), /McNemar's exact test.*Holm.*1000 paired bootstrap resamples/);
  // The tag picker: grouped, counted, searchable; a tag filters the table and lives in the URL.
  await page.click('details.tag-picker summary');
  const orgs = await page.locator('fieldset.tag-group[data-kind="Org"] label').count();
  assert.ok(orgs > 10, `${orgs} organisations`);
  await page.fill('input.tag-find', 'anthropic');
  const visible = await page.locator('fieldset.tag-group[data-kind="Org"] label:not(.hidden)').allTextContents();
  assert.ok(visible.length >= 1 && visible.every((v) => /anthropic/i.test(v)), visible.join(' | '));
  const org = page.locator('fieldset.tag-group[data-kind="Org"] label:not(.hidden)').first();
  const tag = await org.getAttribute('title');
  await org.locator('input').check();
  await page.waitForURL((url) => url.search.includes('btag='));
  const tagged = verified.filter((e) => (e.tags ?? []).includes(tag)).length;
  assert.equal(Number(await org.locator('.n').textContent()), tagged, 'the count beside a tag');
  await page.waitForFunction((n) => document.querySelectorAll('.leaderboard-table tbody tr[data-run]').length === n, tagged);
  // A row opens to its details, and that too is a permalink.
  const first = expected[0].id;
  await page.goto(`${server.url}?data=alone/&brow=${encodeURIComponent(first)}`);
  await page.waitForSelector('tr.run-details');
  assert.match(await page.locator('tr.run-details').textContent(), new RegExp(`Group 1, rank ${expected[0].rank} \\(95% bootstrap interval`));
  // Two of its per-instance runs compared, counted here from the file.
  const [a, b] = [runs[0], runs[1]];
  await page.goto(`${server.url}?data=alone/&view=analysis&apair=${encodeURIComponent(a.id)}&apair=${encodeURIComponent(b.id)}`);
  await page.waitForSelector('.paired-counts');
  const cells = await page.locator('.paired-counts button').evaluateAll((bs) => Object.fromEntries(bs.map((x) => [x.dataset.cell, Number(x.textContent.split(': ')[1])])));
  const both = ids.filter((id) => a.solved.has(id) && b.solved.has(id)).length;
  const firstOnly = ids.filter((id) => a.solved.has(id) && !b.solved.has(id)).length;
  const secondOnly = ids.filter((id) => !a.solved.has(id) && b.solved.has(id)).length;
  assert.deepEqual(cells, { both, first: firstOnly, second: secondOnly, neither: ids.length - both - firstOnly - secondOnly });
  assert.equal(Number(await page.locator('p.mcnemar').getAttribute('data-p')).toFixed(9), mcnemar(firstOnly, secondOnly).toFixed(9));
  // The list of a split of runs alone: its instances are the runs' ids, by repository.
  await page.goto(`${server.url}?data=alone/&view=instances`);
  await page.waitForFunction((n) => document.querySelector('.count')?.textContent.startsWith(`${n} of ${n}`), ids.length);
  // The facets' values are drawn a frame after the rows.
  await page.waitForSelector('section.facet[data-facet="repo"] label');
  assert.ok(await page.locator('section.facet[data-facet="repo"] label', { hasText: 'django/django' }).count() === 1);
  assert.equal(await page.locator('section.facet[data-facet="lines"]').count(), 0, 'no patch statistics to facet on');
  // The best ten runs have a facet each; the last one gets its own when its row names it.
  const runFacets = () => page.locator('section.facet[data-facet^="run "]').evaluateAll((ss) => ss.map((x) => x.dataset.facet));
  assert.equal((await runFacets()).length, Math.min(10, runs.length));
  assert.match(await page.locator('details.run-facets summary').textContent(), new RegExp(`the best 10 of ${runs.length}`));
  const last = expected[expected.length - 1];
  await page.goto(`${server.url}?data=alone/&brow=${encodeURIComponent(last.id)}`);
  await page.click('tr.run-details a.run-instances');
  const resolvedByLast = runs.find((r) => r.id === last.id).solved.size;
  await page.waitForFunction((n) => document.querySelector('.count')?.textContent.startsWith(`${n} of `), resolvedByLast);
  assert.ok((await runFacets()).includes(`run ${last.id}`), 'the named run has its facet');
  // The bash-only board publishes each instance's cost and model calls: an instance's runs show them.
  const bashOnly = source.leaderboards.find((b) => b.name === 'bash-only').results.filter((e) => e.per_instance_details);
  const instance = Object.keys(bashOnly[0].per_instance_details)[0];
  await page.goto(`${server.url}?data=alone/&dataset=swe-bench-bash-only&instance=${encodeURIComponent(instance)}`);
  await page.waitForSelector('table.runs-table tbody tr[data-run]');
  assert.equal(await page.locator('table.runs-table th', { hasText: 'Cost' }).count(), 1);
  const spent = await page.locator('table.runs-table tbody tr[data-run]').evaluateAll((trs) => Object.fromEntries(trs.map((tr) => [tr.dataset.run, tr.querySelector('td.spent').textContent])));
  const published = bashOnly.filter((e) => e.per_instance_details[instance]);
  assert.equal(Object.keys(spent).length, published.length);
  for (const e of published) {
    const { cost, api_calls: calls } = e.per_instance_details[instance];
    assert.equal(spent[`bash-only.${e.folder}`], `$${cost.toFixed(2)} · ${calls} call${calls === 1 ? '' : 's'}`, e.folder);
  }
  // ... and the analysis reads those costs beside the verdicts, with no trajectory.
  await page.goto(`${server.url}?data=alone/&dataset=swe-bench-bash-only&view=analysis`);
  await page.locator('.cost-table tbody tr').first().waitFor();
  assert.equal(await page.locator('.cost-table tbody tr').count(), Math.min(bashOnly.length, 25), 'a row for every entry that publishes costs, up to the best 25');
  const entry = bashOnly[0];
  const priced = Object.values(entry.per_instance_details).filter((d) => typeof d.cost === 'number' && typeof d.resolved === 'boolean');
  const total = priced.reduce((sum, d) => sum + d.cost, 0);
  const resolvedPriced = priced.filter((d) => d.resolved).length;
  const costCell = (col) => page.locator(`.cost-table tr[data-run="bash-only.${entry.folder}"] td[data-col="${col}"]`).textContent();
  assert.equal(await costCell('priced'), String(priced.length));
  assert.equal(await costCell('total'), `$${total.toFixed(2)}`);
  assert.equal(await costCell('per-resolved'), resolvedPriced ? `$${(total / resolvedPriced).toFixed(2)}` : '—');
  // At 390 px neither view is wider than the screen, with the board's runs' long names.
  await page.setViewportSize({ width: 390, height: 900 });
  for (const [view, drawn] of [['analysis', '.cost-table tbody tr'], ['leaderboard', '.leaderboard-table']]) {
    await page.goto(`${server.url}?data=alone/&dataset=swe-bench-bash-only&view=${view}`);
    await page.locator(drawn).first().waitFor();
    const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    assert.ok(scroll <= inner, `390 px, ${view}: the page is ${scroll} px wide`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  assert.deepEqual(errors, []);
});

test('a board of more priced runs than the cost table shows: the best 25, and a run chosen above beside them', async () => {
  const { page, errors } = session;
  const board = JSON.parse(readFileSync(priced.input, 'utf8')).leaderboards[0].results;
  await page.goto(`${server.url}?data=priced/&view=analysis`);
  await page.locator('.cost-table tbody tr').first().waitFor();
  const rows = () => page.locator('.cost-table tbody tr').evaluateAll((trs) => trs.map((tr) => tr.dataset.run));
  const shown = await rows();
  assert.equal(shown.length, 25);
  assert.match(await page.locator('p.more-costed').textContent(), new RegExp(`The best 25 of the ${PRICED_RUNS} runs`));
  const last = board.find((e) => !shown.includes(`verified.${e.folder}`));
  assert.ok(last, 'a run the table leaves out');
  await page.goto(`${server.url}?data=priced/&view=analysis&arun=${encodeURIComponent(`verified.${last.folder}`)}`);
  await page.locator(`.cost-table tr[data-run="verified.${last.folder}"]`).waitFor();
  assert.equal((await rows()).length, 26, 'the chosen run joins the best 25');
  const spent = Object.values(last.per_instance_details).reduce((sum, d) => sum + d.cost, 0);
  assert.equal(await page.locator(`.cost-table tr[data-run="verified.${last.folder}"] td[data-col="total"]`).textContent(), `$${spent.toFixed(2)}`);
  assert.deepEqual(errors, []);
});

test('a real trajectory of every format opens from its runs panel, step by step as the source file has it', async (t) => {
  if (!formats) {
    if (process.env.CI === 'true') throw new Error('CI=true but ../shared/realdata is missing');
    t.skip('../shared/realdata is absent');
    return;
  }
  const { page, errors } = session;
  for (const { file, run, format } of FORMAT_FILES) {
    const stored = JSON.parse(readFileSync(join(formats, 'runs', `${run}.json`), 'utf8')).results[0];
    const trajectory = JSON.parse(readFileSync(join(formats, stored.trajectory.path), 'utf8'));
    assert.equal(trajectory.format, format, file);
    await page.goto(`${server.url}?data=formats/&dataset=formats-${run}&instance=${encodeURIComponent(stored.instance_id)}`);
    const button = page.locator(`tr[data-run="${run}"] button.show-trajectory`);
    await button.waitFor();
    await button.click();
    const steps = page.locator('.trajectory .step');
    await steps.first().waitFor();
    assert.equal(await steps.count(), trajectory.steps.length, file);
    // Every command shown is in the source file as the agent wrote it, or (OpenHands' file
    // actions, shown as `read <path>`) its target is (a zip is checked natively).
    const raw = file.endsWith('.eval') ? null : readFileSync(join(ROOT, '..', 'shared', 'realdata', 'trajectories_formats', file), 'utf8');
    const shown = await steps.evaluateAll((all) => all.map((s) => [s.querySelector('pre.action')?.textContent ?? '', s.querySelector('.thought')?.textContent ?? '']));
    for (const [i, [action, thought]] of shown.entries()) {
      // SWE-agent's `edit 12:15` shows its command line; its new text is the diff below it.
      const step = trajectory.steps[i];
      assert.equal(action, step.edit && step.tool === 'edit' ? step.action.split('\n')[0] : step.action ?? '', `${file} step ${i + 1}`);
      assert.equal(thought, (trajectory.steps[i].thought ?? '').trim() ? trajectory.steps[i].thought : '', `${file} step ${i + 1}`);
      const inSource = (text) => raw.includes(JSON.stringify(text).slice(1, -1)) || raw.includes(text);
      if (raw && action) assert.ok(inSource(action) || inSource(action.split(' ').slice(1).join(' ')), `${file} step ${i + 1}: ${action.slice(0, 60)}`);
    }
    // An edit shows as a diff of its file; SWE-agent's `edit` commands too, where the lines
    // they replaced were shown (the real file's applied edits).
    if (file === 'pydicom__pydicom-1458.traj') {
      const applied = JSON.parse(raw).trajectory.filter((e) => e.action.startsWith('edit ') && e.observation.startsWith('[File:')).length;
      assert.equal(trajectory.steps.filter((s) => s.edit).length, applied);
      assert.ok(applied >= 2);
    }
    for (const [i, step] of trajectory.steps.entries()) {
      if (!step.edit) continue;
      const card = steps.nth(i).locator('.step-edit details.diff-file');
      assert.equal(await card.getAttribute('data-path'), step.edit.path.replace(/^\/+/, ''), `${file} step ${i + 1}`);
      const added = step.edit.after.split('\n').filter((line) => line && !step.edit.before.split('\n').includes(line));
      if (added.length) assert.ok((await card.textContent()).includes(added[0].trim()), `${file} step ${i + 1}: the added text`);
    }
    // With several tools, one tool's steps alone.
    const tools = [...new Set(trajectory.steps.map((s) => s.tool).filter(Boolean))];
    if (tools.length > 1) {
      const tool = tools[tools.length - 1];
      await page.selectOption('select[aria-label="Show the steps of one tool"]', tool);
      await page.waitForFunction((n) => document.querySelectorAll('.trajectory li.step:not(.hidden)').length === n, trajectory.steps.filter((s) => s.tool === tool).length);
    }
    // OpenHands records when each event happened: the summary gives the wall time, first to last
    // timestamp of the source's events; and the leaderboard, the run's mean tokens per task.
    if (format === 'openhands') {
      const lines = raw.trim().split('\n').map((l) => JSON.parse(l));
      const moments = lines.find((l) => l.instance_id === stored.instance_id).history.map((e) => e.timestamp).filter(Boolean).map((t) => Date.parse(`${t}Z`) / 1000);
      const span = Math.round(Math.max(...moments) - Math.min(...moments));
      const wall = span < 60 ? `${span} s` : span < 3600 ? `${Math.floor(span / 60)} min ${span % 60} s` : `${Math.floor(span / 3600)} h ${Math.floor((span % 3600) / 60)} min`;
      assert.ok((await page.locator('.trajectory-summary').textContent()).includes(`${wall} of wall time`), `${file}: ${wall} of wall time`);
      const tokens = lines.map((l) => l.metrics?.accumulated_token_usage).filter(Boolean).map((u) => (u.prompt_tokens ?? 0) + (u.completion_tokens ?? 0));
      await page.goto(`${server.url}?data=formats/&dataset=formats-${run}&view=leaderboard`);
      const shown = Number(await page.locator(`tr[data-run="${run}"] td[data-col="tokens_mean"]`).textContent());
      const mean = tokens.reduce((a, b) => a + b, 0) / tokens.length;
      assert.ok(Math.abs(shown - mean) <= 0.5, `${file}: ${shown} tokens per task, ${mean} in the source`);
    }
  }
  assert.deepEqual(errors, []);
});

test('two runs\' trajectories of one instance side by side, aligned by step, where they part marked', async (t) => {
  if (!trajsTwo) {
    if (process.env.CI === 'true') throw new Error('CI=true but ../shared/realdata is missing');
    t.skip('../shared/realdata is absent');
    return;
  }
  const { page, errors } = session;
  const id = 'astropy__astropy-12907';
  const source = JSON.parse(readFileSync(join(ROOT, '..', 'shared', 'realdata', 'trajectories_gruckion-mini-swe-agent', 'trajs', id, `${id}.traj.json`), 'utf8'));
  const steps = source.messages.filter((m) => m.role === 'assistant').length;
  await page.goto(`${server.url}?data=trajs-two/&instance=${id}`);
  const verdict = page.locator('.trajectory-compare .compare-verdict');
  await verdict.waitFor();
  assert.equal(await verdict.textContent(), `They part at step ${TWIN_PARTS_AT}.`);
  assert.equal(await page.locator('.aligned-steps tbody tr').count(), steps);
  assert.equal(await page.locator('.aligned-steps tr.diverges').getAttribute('data-step'), String(TWIN_PARTS_AT));
  assert.match(await page.locator('.aligned-steps tr.diverges td').nth(1).textContent(), /echo a different command/);
  // The pair is in the URL: the same run twice acts alike throughout.
  await page.selectOption('select[aria-label="Second trajectory"]', 'mini');
  await page.waitForFunction(() => document.querySelector('.trajectory-compare .compare-verdict')?.textContent === 'They take the same actions throughout.');
  await page.waitForFunction(() => /tcmp=mini&tcmp=mini/.test(location.search));
  assert.deepEqual(errors, []);
});

test('an agent trajectory opens from the runs panel: its steps as the agent took them, long outputs folded, its facts, the list and the analysis sliced by them; an altered file is refused', async (t) => {
  if (!trajs) {
    if (process.env.CI === 'true') throw new Error('CI=true but ../shared/realdata is missing');
    t.skip('../shared/realdata is absent');
    return;
  }
  const { page, errors } = session;
  const id = 'astropy__astropy-12907';
  const source = JSON.parse(readFileSync(join(ROOT, '..', 'shared', 'realdata', 'trajectories_gruckion-mini-swe-agent', 'trajs', id, `${id}.traj.json`), 'utf8'));
  const assistant = source.messages.filter((m) => m.role === 'assistant');
  const block = (text) => (text.match(/```(?:bash|sh|mswea_bash_command)\n([\s\S]*?)```/) ?? [null, ''])[1].trimEnd();
  await page.goto(`${server.url}?data=trajs/&instance=${id}`);
  const button = page.locator('tr[data-run="mini"] button.show-trajectory');
  await button.waitFor();
  assert.equal(await button.textContent(), `${assistant.length} steps`);
  await button.click();
  const steps = page.locator('.trajectory .step');
  await steps.first().waitFor();
  assert.equal(await steps.count(), assistant.length);
  assert.match(await page.locator('.trajectory-summary').textContent(), new RegExp(`^Submitted after ${assistant.length} steps · \\$0\\.23 · ran tests`));
  for (const [i, message] of assistant.entries()) {
    const action = block(message.content);
    if (action) assert.equal(await steps.nth(i).locator('pre.action').textContent(), action, `step ${i + 1}`);
  }
  // Commands are highlighted as shell: the first command word of each is coloured as a command.
  for (const [i, message] of assistant.entries()) {
    const word = block(message.content).match(/^\s*([A-Za-z_][\w.\/-]*)(?=\s|$)/)?.[1];
    if (word && !word.includes('=') && !['if', 'for', 'while', 'until', 'case', 'time'].includes(word)) {
      assert.equal(await steps.nth(i).locator('pre.action .tok-bi').first().textContent(), word, `step ${i + 1}`);
    }
  }
  // The first step's output (the whole tree, cut by the agent's harness) is folded to its ends.
  const index = await steps.evaluateAll((all) => all.findIndex((s) => s.querySelector('button.unfold')));
  assert.ok(index >= 0, 'a long output is folded');
  const step = steps.nth(index);
  const hidden = Number((await step.locator('button.unfold').textContent()).match(/\d+/)[0]);
  await step.locator('button.unfold').click();
  await step.locator('pre.observation:not(.folded)').waitFor();
  const whole = await step.locator('pre.observation').textContent();
  assert.ok(whole.split('\n').length >= hidden + 18, 'the rest is there on request');
  assert.equal(await page.locator('.trajectory script, .trajectory img').count(), 0, 'agent text is never HTML');
  // The search inside it lists the steps that mention a word, counted here from the stored file;
  // a listed step is a click away and a permalink.
  const stored = JSON.parse(readFileSync(join(trajs, 'runs', 'mini', 'trajectories', `${id}.json`), 'utf8'));
  const mentioning = stored.steps.map((s, i) => [`${s.thought ?? ''}\n${s.action ?? ''}\n${s.observation ?? ''}`.toLowerCase(), i + 1]).filter(([text]) => text.includes('separability')).map(([, n]) => n);
  assert.ok(mentioning.length > 1, 'the word is in several steps');
  await page.fill('input.trajectory-search', 'Separability');
  await page.waitForFunction((n) => document.querySelectorAll('.trajectory li.step.matched').length === n, mentioning.length);
  assert.deepEqual((await page.locator('button.step-match').allTextContents()).map(Number), mentioning);
  const target = mentioning[mentioning.length - 1];
  await page.click(`button.step-match[data-step="${target}"]`);
  await page.waitForURL((u) => u.searchParams.get('step') === String(target) && u.searchParams.get('traj') === 'mini');
  assert.equal(await page.locator('.trajectory li.step.current').getAttribute('data-step'), String(target));
  const permalink = page.url();
  await page.goto(`${server.url}?data=trajs/`);
  await page.goto(permalink);
  const pointed = page.locator(`.trajectory li.step.current[data-step="${target}"]`);
  await pointed.waitFor();
  await page.waitForFunction((n) => {
    const box = document.querySelector(`.trajectory li.step[data-step="${n}"]`).getBoundingClientRect();
    return box.top < window.innerHeight && box.bottom > 0;
  }, target);
  // The leaderboard sums the run's trajectories up: mean steps, counted here from the files.
  const folder = join(ROOT, '..', 'shared', 'realdata', 'trajectories_gruckion-mini-swe-agent', 'trajs');
  const counts = readdirSync(folder).filter((d) => existsSync(join(folder, d, `${d}.traj.json`)))
    .map((d) => JSON.parse(readFileSync(join(folder, d, `${d}.traj.json`), 'utf8')).messages.filter((m) => m.role === 'assistant').length);
  await page.goto(`${server.url}?data=trajs/&view=leaderboard`);
  const meanSteps = page.locator('tr[data-run="mini"] td[data-col="steps"]');
  await meanSteps.waitFor();
  assert.equal(await meanSteps.textContent(), (counts.reduce((a, b) => a + b, 0) / counts.length).toFixed(1));
  // ... and mean cost per task, from each file's own `instance_cost`.
  const costs = readdirSync(folder).filter((d) => existsSync(join(folder, d, `${d}.traj.json`)))
    .map((d) => JSON.parse(readFileSync(join(folder, d, `${d}.traj.json`), 'utf8')).info.model_stats.instance_cost);
  assert.equal(await page.locator('tr[data-run="mini"] td[data-col="cost_mean"]').textContent(), (costs.reduce((a, b) => a + b, 0) / costs.length).toFixed(3));
  // The list slices by the trajectories: how each ended and how many steps it took, counted here
  // from the files; a steps bucket lists exactly its instances.
  const sources = readdirSync(folder).filter((d) => existsSync(join(folder, d, `${d}.traj.json`)))
    .map((d) => JSON.parse(readFileSync(join(folder, d, `${d}.traj.json`), 'utf8')));
  const tally = (values) => values.reduce((all, v) => ({ ...all, [v]: (all[v] ?? 0) + 1 }), {});
  const bucket = (n) => (n <= 10 ? '1-10' : n <= 25 ? '11-25' : n <= 50 ? '26-50' : n <= 100 ? '51-100' : '101+');
  const facetCounts = (facet) => page.locator(`section.facet[data-facet="${facet}"] label`).evaluateAll((ls) => Object.fromEntries(ls.map((l) => [l.querySelector('.value').textContent, Number(l.querySelector('.n').textContent)])));
  await page.goto(`${server.url}?data=trajs/&view=instances`);
  await page.locator('details.run-facets').evaluate((group) => { group.open = true; });
  await page.locator('section.facet[data-facet="run mini · exit"]').waitFor();
  assert.deepEqual(await facetCounts('run mini · exit'), tally(sources.map((t) => t.info.exit_status)));
  const buckets = tally(sources.map((t) => bucket(t.messages.filter((m) => m.role === 'assistant').length)));
  assert.deepEqual(await facetCounts('run mini · steps'), buckets);
  assert.deepEqual(await page.locator('section.facet[data-facet="run mini · steps"] .value').allTextContents(), ['1-10', '11-25', '26-50', '51-100', '101+'].filter((b) => buckets[b]), 'buckets small to large');
  const costBucket = (c) => (c < 0.1 ? '< $0.10' : c < 0.25 ? '$0.10-0.25' : c < 0.5 ? '$0.25-0.50' : c < 1 ? '$0.50-1' : c < 2 ? '$1-2' : '$2+');
  const costBuckets = tally(sources.map((t) => costBucket(t.info.model_stats.instance_cost)));
  assert.deepEqual(await facetCounts('run mini · cost'), costBuckets);
  assert.deepEqual(await page.locator('section.facet[data-facet="run mini · cost"] .value').allTextContents(), ['< $0.10', '$0.10-0.25', '$0.25-0.50', '$0.50-1', '$1-2', '$2+'].filter((b) => costBuckets[b]), 'cost buckets cheap to dear');
  // Edited a test file: every trajectory whose commands write into a tests/ folder with a shell
  // redirection (found here by a plain regular expression over the source) is among the "yes".
  const edited = await facetCounts('run mini · edited tests');
  assert.equal(edited.yes + edited.no, sources.length);
  const bashBlocks = (t) => t.messages.filter((m) => m.role === 'assistant').flatMap((m) => [...m.content.matchAll(/```bash\n([\s\S]*?)```/g)].map((b) => b[1]));
  const writesTests = sources.filter((t) => bashBlocks(t).some((b) => /(^|\s)>>?\s*['"]?[\w./-]*\/tests?\/[\w./-]+\.py/m.test(b))).map((t) => t.instance_id);
  assert.ok(writesTests.length > 10, `${writesTests.length} trajectories write into a tests folder`);
  await page.goto(`${server.url}?data=trajs/&view=instances&f=${encodeURIComponent('run mini · edited tests:yes')}`);
  await page.waitForFunction((n) => document.querySelector('.count')?.textContent.startsWith(`${n} of `), edited.yes);
  const yes = new Set(await listedIds(page));
  assert.equal(yes.size, edited.yes);
  assert.deepEqual(writesTests.filter((id) => !yes.has(id)), [], 'every write into a tests folder is an edited test file');
  const [few] = Object.entries(buckets).sort((x, y) => x[1] - y[1]);
  await page.goto(`${server.url}?data=trajs/&view=instances&f=${encodeURIComponent(`run mini · steps:${few[0]}`)}`);
  await page.waitForFunction((n) => document.querySelector('.count')?.textContent.startsWith(`${n} of `), few[1]);
  // The analysis breaks the run's resolved ratio down by its steps and by how it ended: per
  // bucket, the instances from the trajectory files and the resolved ones from the harness's
  // reports beside them.
  const logs = join(ROOT, '..', 'shared', 'realdata', 'trajectories_gruckion-mini-swe-agent', 'logs');
  const resolvedIds = new Set(readdirSync(logs).filter((d) => JSON.parse(readFileSync(join(logs, d, 'report.json'), 'utf8')).resolved));
  for (const [aspect, valueOf] of [['steps', (t) => bucket(t.messages.filter((m) => m.role === 'assistant').length)], ['exit', (t) => t.info.exit_status], ['cost', (t) => costBucket(t.info.model_stats.instance_cost)]]) {
    const expected = {};
    for (const t of sources) {
      const cell = (expected[valueOf(t)] ??= [0, 0]);
      cell[0] += resolvedIds.has(t.instance_id) ? 1 : 0;
      cell[1] += 1;
    }
    await page.goto(`${server.url}?data=trajs/&view=analysis&afacet=${encodeURIComponent(`run mini · ${aspect}`)}`);
    const cells = page.locator('table.by-facet tbody tr');
    await cells.first().waitFor();
    const shown = Object.fromEntries(await cells.evaluateAll((rows) => rows.map((row) => {
      const cell = row.querySelector('td[data-run="mini"]');
      return [row.querySelector('th, td').textContent, [Number(cell.dataset.resolved), Number(cell.dataset.total)]];
    })));
    assert.deepEqual(shown, expected, `resolved by ${aspect}`);
  }
  // Cost against resolved: the files' costs split by the reports' verdicts.
  const costOf = Object.fromEntries(sources.map((t) => [t.instance_id, t.info.model_stats.instance_cost]));
  const spent = (ids) => ids.reduce((sum, i) => sum + costOf[i], 0);
  const resolvedCosts = sources.map((t) => t.instance_id).filter((i) => resolvedIds.has(i));
  const unresolvedCosts = sources.map((t) => t.instance_id).filter((i) => !resolvedIds.has(i));
  const dollars = (v) => `$${v.toFixed(2)}`;
  const costRow = page.locator('.cost-table tr[data-run="mini"]');
  await costRow.waitFor();
  const cell = (col) => costRow.locator(`td[data-col="${col}"]`).textContent();
  assert.equal(await cell('priced'), String(sources.length));
  assert.equal(await cell('total'), dollars(spent(Object.keys(costOf))));
  assert.match(await cell('resolved'), new RegExp(`^\\${dollars(spent(resolvedCosts) / resolvedCosts.length)} / `));
  assert.match(await cell('unresolved'), new RegExp(`^\\${dollars(spent(unresolvedCosts) / unresolvedCosts.length)} / `));
  assert.equal(await cell('per-resolved'), dollars(spent(Object.keys(costOf)) / resolvedCosts.length));
  await costRow.locator('a.by-cost').click();
  await page.waitForFunction(() => new URL(location.href).searchParams.get('afacet') === 'run mini · cost');
  // Search across the run's trajectories: per instance, the steps (assistant turns, with the
  // output they got back: inside <output> where the answer has one) holding every word, found
  // here with a plain word split of the files.
  const wordsOf = (text) => new Set(text.toLowerCase().split(/[^\p{L}\p{N}_]+/u).flatMap((w) => {
    const word = w.replace(/^_+|_+$/g, '');
    return word ? [word, ...(word.includes('_') ? word.split('_').filter(Boolean) : [])] : [];
  }));
  for (const query of ['git log', 'ModuleNotFoundError']) {
    const wanted = [...wordsOf(query)];
    const expected = {};
    for (const t of sources) {
      const answer = (m) => (m?.role === 'user' ? /<output>([\s\S]*?)<\/output>/.exec(m.content)?.[1] ?? m.content : '');
      const turns = t.messages.flatMap((m, i) => (m.role === 'assistant' ? [`${m.content}\n${answer(t.messages[i + 1])}`] : []));
      const steps = turns.flatMap((text, i) => (wanted.every((w) => wordsOf(text).has(w)) ? [i + 1] : []));
      if (steps.length) expected[t.instance_id] = steps.join(' ');
    }
    await page.goto(`${server.url}?data=trajs/&view=analysis&tq=${encodeURIComponent(query)}`);
    const hits = page.locator('.trajectory-hits li');
    await hits.first().waitFor();
    const shown = Object.fromEntries(await hits.evaluateAll((lis) => lis.map((li) => [li.dataset.instance, li.dataset.steps])));
    assert.deepEqual(shown, expected, `trajectories holding "${query}"`);
    assert.match(await page.locator('.trajectory-search .count').textContent(), new RegExp(`^${Object.keys(expected).length} instances, `));
  }
  // A step found opens the trajectory there.
  const firstHit = page.locator('.trajectory-hits li').first();
  const [hitInstance, hitStep] = [await firstHit.getAttribute('data-instance'), (await firstHit.getAttribute('data-steps')).split(' ')[0]];
  await firstHit.locator('a.step-hit').first().click();
  await page.locator(`.trajectory li.step.current[data-step="${hitStep}"]`).waitFor();
  assert.equal(new URL(page.url()).searchParams.get('instance'), hitInstance);
  // A run imported before the trajectory index existed says so instead of failing.
  await page.goto(`${server.url}?data=trajs-tampered/&view=analysis&tq=git`);
  await page.locator('.trajectory-search p.hint[role=note]').waitFor();
  assert.match(await page.locator('.trajectory-search p.hint[role=note]').textContent(), /no search index.*Import the run again/);
  // The same file altered after the import: refused, named, and the runs panel stays.
  await page.goto(`${server.url}?data=trajs-tampered/&instance=${id}`);
  await page.locator('tr[data-run="mini"] button.show-trajectory').click();
  const refused = page.locator('tr.trajectory-row [role=alert]');
  await refused.waitFor();
  assert.match(await refused.textContent(), /trajs-tampered\/runs\/mini\/trajectories\/astropy__astropy-12907\.json.*SHA-256/s);
  assert.equal(await page.locator('.trajectory .step').count(), 0);
  assert.ok(await page.locator('tr[data-run="mini"] .verdict').count() === 1, 'the run still shows');
  assert.deepEqual(errors, []);
});

test('one dataset\'s splits side by side: a row\'s tag is its split, its tooltip the dataset and split', async (t) => {
  if (!featurebench) {
    if (process.env.CI === 'true') throw new Error('CI=true but ../shared/realdata is missing');
    t.skip('../shared/realdata is absent');
    return;
  }
  const { page, errors } = session;
  await page.goto(`${server.url}?data=featurebench/&dataset=featurebench&split=full&with=featurebench/fast&with=featurebench/lite`);
  await page.waitForSelector(APP_ROWS);
  // A row's set is the one its link comes from (none: the dataset and split opened).
  const tagged = () => page.locator(APP_ROWS).evaluateAll((rows) => rows.map((row) => [
    row.querySelector('.set-tag').textContent,
    new URL(row.querySelector('a.id').href).searchParams.get('from') ?? 'featurebench/full',
  ]));
  const drawn = await tagged();
  assert.ok(drawn.length > 10);
  for (const [tag, from] of drawn) assert.equal(`featurebench/${tag}`, from);
  await page.hover(`${APP_ROWS} >> nth=0`);
  const [tag, repo, tip] = await page.locator(`${APP_ROWS} >> nth=0`).evaluate((row) => [row.querySelector('.set-tag').textContent, row.querySelector('.repo').lastChild.textContent, row.querySelector('.repo').title]);
  assert.equal(tip, `featurebench/${tag}: ${repo}`);
  // Searched, the rows of the three splits mix, each still tagged with its own.
  await page.fill('input.search', 'astropy');
  await page.waitForFunction(() => Number(document.querySelector('.count').textContent.match(/^(\d+) of/)?.[1]) < 330);
  const searched = await tagged();
  assert.ok(new Set(searched.map(([tag]) => tag)).size > 1, JSON.stringify(searched));
  for (const [tag, from] of searched) assert.equal(`featurebench/${tag}`, from);
  assert.deepEqual(errors, []);
});

test('a row without a gold patch (FeatureBench publishes none) shows a dash for its size, not a patch of zero lines', async (t) => {
  if (!featurebench) {
    if (process.env.CI === 'true') throw new Error('CI=true but ../shared/realdata is missing');
    t.skip('../shared/realdata is absent');
    return;
  }
  const { page, errors } = session;
  const sizes = () => page.locator('.instance-row').evaluateAll((rows) => rows.map((row) => [row.querySelector('.files').textContent, row.querySelector('.plus').textContent, row.querySelector('.minus').textContent]));
  await page.goto(`${server.url}?data=featurebench/&dataset=featurebench&split=lite`);
  await page.waitForSelector('.instance-row');
  const dashed = await sizes();
  assert.ok(dashed.length > 0);
  assert.deepEqual(dashed.filter(([files, plus, minus]) => files !== '—' || plus !== '' || minus !== ''), [], 'no FeatureBench row claims a size');
  await page.goto(`${server.url}?data=data/`);
  await page.waitForSelector('.instance-row');
  for (const [files, plus, minus] of await sizes()) {
    assert.match(files, /^[1-9]\d*$/);
    assert.match(plus, /^\+\d+$/);
    assert.match(minus, /^−\d+$/);
  }
  assert.deepEqual(errors, []);
});

test('a split that hides its gold patches and tests (SWE-bench Multimodal\'s test split) says so, rather than showing empty lists; its screenshots are links', async () => {
  const { page, errors } = session;
  await page.goto(`${server.url}?data=hidden/`);
  await page.waitForSelector('.instance-row');
  const sizes = await page.locator('.instance-row .files').allTextContents();
  assert.deepEqual(sizes, ['—', '—']);
  for (const id of ['Automattic__wp-calypso-1', 'Automattic__wp-calypso-2']) {
    await page.goto(`${server.url}?data=hidden/&instance=${id}`);
    await page.waitForSelector(`article.instance[data-id="${id}"]`);
    const gold = page.locator('article.instance dt', { hasText: 'Gold patch' });
    assert.equal(await gold.locator('xpath=following-sibling::dd[1]').textContent(), 'not published');
    assert.equal(await page.locator('section.patch').count(), 0, 'no patch panel of zero lines');
    assert.equal(await page.locator('section.tests').count(), 1);
    assert.equal(await page.locator('section.tests .note').textContent(), 'No FAIL_TO_PASS or PASS_TO_PASS tests are published for this instance.');
    // The markdown image and the HTML <img> tag alike: a link to the image, never an image loaded.
    const n = id.split('-').pop();
    const links = await page.locator('section.document a').evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')]));
    assert.deepEqual(links, [[`screenshot ${n}`, `https://user-images.githubusercontent.com/1/${n}.png`], ['after', `https://user-images.githubusercontent.com/1/${n}b.png`]]);
    assert.equal(await page.locator('article.instance img').count(), 0);
  }
  assert.deepEqual(errors, []);
});

test('real FeatureBench leaderboard: ranks, % passed, tags as on its site, and passed against resolved plotted', async (t) => {
  if (!featurebench) {
    if (process.env.CI === 'true') throw new Error('CI=true but ../shared/realdata is missing');
    t.skip('../shared/realdata is absent');
    return;
  }
  const { page, errors } = session;
  const source = JSON.parse(readFileSync(join(ROOT, '..', 'shared', 'realdata', 'featurebench_LiberCoders-FeatureBench', 'leaderboard', 'data', 'lite.json'), 'utf8'));
  await page.goto(`${server.url}?data=featurebench/&dataset=featurebench&split=lite&view=leaderboard`);
  await page.waitForSelector('.leaderboard-table tbody tr');
  const shown = await page.locator('.leaderboard-table tbody tr').evaluateAll((trs) => trs.map((tr) => [Number(tr.querySelector('.resolved').textContent.trim().split(' ')[0]), Number(tr.querySelector('.passed').textContent)]));
  assert.equal(shown.length, source.length);
  const ranked = [...source].sort((a, b) => b.resolved - a.resolved);
  assert.deepEqual(shown.map(([r]) => r), ranked.map((e) => Number(e.resolved.toFixed(1))), '% resolved in the source\'s order');
  assert.deepEqual([...shown.map(([, p]) => p)].sort((a, b) => a - b), source.map((e) => Number(e.passed.toFixed(1))).sort((a, b) => a - b), '% passed as published');
  await page.click('details.tag-picker summary');
  await page.locator('label.tag-filter', { hasText: 'Open Weights' }).locator('input').check();
  const open = source.filter((e) => e.filter_1.includes('Open Weights')).length;
  await page.waitForFunction((n) => document.querySelectorAll('.leaderboard-table tbody tr').length === n, open);
  await page.goto(`${server.url}?data=featurebench/&dataset=featurebench&split=lite&view=analysis`);
  await page.waitForSelector('canvas.scatter');
  assert.ok(await page.locator('canvas.scatter').evaluate((c) => {
    const pixels = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let coloured = 0;
    for (let i = 0; i < pixels.length; i += 4) if (Math.abs(pixels[i] - pixels[i + 2]) > 60) coloured += 1;
    return coloured > 100;
  }), 'the points are drawn');
  assert.deepEqual(errors, []);
});

test('a published site works from a sub-path: its title, intro and default view, and nothing fetched outside it', async () => {
  const { page, errors, requests } = session;
  const before = requests.length;
  await page.goto(`${server.url}pages/board/`);
  await page.waitForSelector('.leaderboard-table tbody tr');
  assert.equal(await page.title(), 'Demo board');
  assert.equal(await page.locator('.brand').textContent(), 'Demo board');
  assert.equal(await page.locator('.tagline').count(), 0, "the site's own title replaces Benchscope's tagline");
  assert.equal(await page.locator('.site-intro h3').textContent(), 'Welcome');
  assert.match(await page.locator('.site-intro').textContent(), /<script>window.__pwned = 9<\/script>/, 'raw HTML in the intro is text');
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  assert.deepEqual(await page.locator('.view-tabs .tab').allTextContents(), ['Leaderboard', 'Instances']);
  assert.deepEqual(await page.locator('.leaderboard-table tbody tr').evaluateAll((trs) => trs.map((tr) => tr.dataset.run)), ['gold-predictions']);
  await page.click('.view-tabs .tab >> text=Instances');
  assert.equal(await rows(page), demo.length);
  const fetched = requests.slice(before);
  assert.ok(fetched.length > 3);
  const outside = fetched.filter((url) => !url.startsWith(`${server.url}pages/board/`));
  assert.deepEqual(outside, [], 'every request stays under the sub-path');
  assert.deepEqual(errors, []);
});

test('bring your own: a dropped harness summary, predictions and a table of verdicts become runs, with no request; a bad file is named', async () => {
  const { page, errors, requests } = session;
  await page.goto(`${server.url}?view=leaderboard`);
  await page.waitForSelector('.drop-zone');
  const ids = demo.map((r) => r.instance_id);
  const resolvedIds = ids.filter((_, i) => i % 3 === 0);
  // Two ids the split does not have: named, and not counted.
  const summary = { resolved_ids: [...resolvedIds, 'elsewhere__repo-1'], unresolved_ids: [...ids.filter((_, i) => i % 3 !== 0), 'elsewhere__repo-2'], failure_reasons: { [ids[1]]: 'timeout' } };
  const before = requests.length;
  const file = { name: 'mymodel.v1.5.run7.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(summary)) };
  await page.locator('.drop-zone input[type=file]').setInputFiles(file);
  await page.waitForSelector('.leaderboard-table tr[data-run="dropped-mymodel.v1.5.run7"]');
  const percent = await page.locator('tr[data-run="dropped-mymodel.v1.5.run7"] .resolved').textContent();
  assert.equal(percent.trim().split(' ')[0], (resolvedIds.length * 100 / ids.length).toFixed(1));
  assert.equal(await page.locator('tr[data-run="dropped-mymodel.v1.5.run7"] td').nth(1).textContent(), 'mymodel.v1.5', 'the whole model part names it');
  assert.match(await page.locator('.dropped-warning').first().textContent(), /2 instances are not in demo\/test and are not counted: elsewhere__repo-1, elsewhere__repo-2/);
  // The same file again is a second run, never a silent replacement.
  await page.locator('.drop-zone input[type=file]').setInputFiles(file);
  await page.waitForSelector('.leaderboard-table tr[data-run="dropped-mymodel.v1.5.run7-2"]');
  assert.match(await page.locator('.drop-zone').textContent(), /a run `dropped-mymodel.v1.5.run7` is already loaded: this one is `dropped-mymodel.v1.5.run7-2`/);
  // A pretty-printed file with a fault on line 4 is named at line 4.
  await page.locator('.drop-zone input[type=file]').setInputFiles({ name: 'pretty.json', mimeType: 'application/json', buffer: Buffer.from('{\n  "resolved_ids": [\n    "a"\n    "b"\n  ]\n}\n') });
  await page.waitForSelector('.drop-zone .error');
  assert.match(await page.locator('.drop-zone .error').first().textContent(), /pretty\.json: not valid JSON: line 4 column 5/);
  // A predictions file, dropped as a real drop event carries it.
  const id = 'benchscope-demo__tinyconf-12';
  const predictions = readFileSync(join(ROOT, 'demo', 'predictions', 'partly-right.jsonl'), 'utf8');
  await page.evaluate(({ text }) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([text], 'theirs.jsonl', { type: 'application/jsonl' }));
    document.querySelector('.drop-zone').dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, { text: predictions });
  await page.waitForSelector('.leaderboard-table tr[data-run="dropped-theirs"]');
  // A table of verdicts as mini-swe-agent writes it (`results_summary.json`).
  const table = { total: ids.length, pass_rate: 0, instances: ids.map((instance_id, i) => ({ instance_id, resolved: i % 2 === 0, patch_applied: true })) };
  table.pass_rate = Number((table.instances.filter((r) => r.resolved).length * 100 / ids.length).toFixed(1));
  await page.locator('.drop-zone input[type=file]').setInputFiles({ name: 'results_summary.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(table)) });
  await page.waitForSelector('.leaderboard-table tr[data-run="dropped-results_summary"]');
  assert.equal((await page.locator('tr[data-run="dropped-results_summary"] .resolved').textContent()).trim().split(' ')[0], table.pass_rate.toFixed(1));
  // sb-cli's report: its file name gives the run and a dataset other than the page's, which is said.
  const sbCli = { total_instances: ids.length, resolved_instances: resolvedIds.length, pending_instances: 0, resolved_ids: resolvedIds, unresolved_ids: ids.filter((i) => !resolvedIds.includes(i)) };
  await page.locator('.drop-zone input[type=file]').setInputFiles({ name: 'swe-bench_verified__test__sb-run.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(sbCli)) });
  await page.waitForSelector('.leaderboard-table tr[data-run="dropped-sb-run"]');
  assert.equal(await page.locator('tr[data-run="dropped-sb-run"] td').nth(1).textContent(), 'sb-run', 'sb-cli\'s run id names it');
  await page.locator('.dropped-warning', { hasText: 'swe-bench_verified__test__sb-run.json names swe-bench-verified/test; it was read as a run of demo/test' }).waitFor();
  await page.locator('.drop-zone input[type=file]').setInputFiles({ name: 'broken.jsonl', mimeType: 'application/jsonl', buffer: Buffer.from('{"instance_id": "a", "model_patch": ""}\n{nope\n') });
  await page.waitForFunction(() => document.querySelectorAll('.drop-zone .error').length === 2);
  assert.match(await page.locator('.drop-zone .error').nth(1).textContent(), /broken\.jsonl.*line 2: not JSON/);
  assert.deepEqual(requests.slice(before).filter((url) => url.includes('dropped')), [], 'dropped runs are never fetched');
  // The dropped runs are per-instance runs: the summary's verdict and the predictions' patch show on the instance page.
  await page.click('.view-tabs .tab >> text=Instances');
  await page.click(`.instance-row[data-id="${id}"] a`);
  await page.waitForSelector('.runs-table tr[data-run="dropped-mymodel.v1.5.run7"]');
  assert.equal(await page.locator('tr[data-run="dropped-mymodel.v1.5.run7"] .verdict').textContent(), resolvedIds.includes(id) ? 'resolved' : 'unresolved');
  await page.click('tr[data-run="dropped-theirs"] .show-patch');
  await page.waitForSelector('tr.model-patch .diff-file');
  const patch = predictions.trim().split('\n').map((l) => JSON.parse(l)).find((p) => p.instance_id === id).model_patch;
  assert.deepEqual(await page.locator('tr.model-patch .file-link').evaluateAll((els) => els.map((el) => el.dataset.path)).then((p) => p.sort()), gitNumstat(patch).map((f) => f.path).sort());
  assert.deepEqual(errors, []);
});

test('passed by facet: each run\'s mean share of FAIL_TO_PASS tests passed, against the run files', async () => {
  const { page, errors } = session;
  await page.goto(`${server.url}?view=analysis`);
  await page.waitForSelector('.breakdown-table.passed tbody tr');
  const runs = ['gold', 'partly-right'].map((name) => JSON.parse(readFileSync(join(server.dirs.data, 'runs', `${name}.json`), 'utf8')));
  const categories = JSON.parse(readFileSync(join(ROOT, 'demo', 'categories.json'), 'utf8'));
  const rowsShown = await page.locator('.breakdown-table.passed tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.dataset.value, [...tr.querySelectorAll('td')].map((td) => [Number(td.dataset.sum), Number(td.dataset.n)])]));
  const names = await page.locator('.breakdown-table.passed thead th').allTextContents();
  assert.ok(rowsShown.length > 0);
  for (const [category, cells] of rowsShown) {
    cells.forEach(([sum, n], i) => {
      const run = runs.find((r) => r.system.name === names[i + 1]);
      const rates = run.results.filter((r) => r.pass_rate !== undefined && categories[demo.find((d) => d.instance_id === r.instance_id).repo] === category).map((r) => r.pass_rate);
      assert.equal(n, rates.length, `${category} / ${run.id}: instances`);
      assert.ok(Math.abs(sum - rates.reduce((a, b) => a + b, 0)) < 1e-9, `${category} / ${run.id}: sum of pass rates`);
    });
  }
  assert.deepEqual(errors, []);
});

test('a data directory of leaderboards alone: SWE-Dev and FEA-Bench boards rank as their sources do', async (t) => {
  if (!boards) {
    if (process.env.CI === 'true') throw new Error('CI=true but ../shared/realdata is missing');
    t.skip('../shared/realdata is absent');
    return;
  }
  const { page, errors } = session;
  const sweDev = JSON.parse(readFileSync(join(ROOT, '..', 'shared', 'realdata', 'swe-dev_DorothyDUUU', 'leaderboard', 'swe-dev_leaderboard_from_index_html.json'), 'utf8'));
  const pass1 = [...sweDev.llm_table.map((r) => Number(r.pass1_hard)), ...sweDev.mas_table.map((r) => Number(r.hard_pass1))].sort((a, b) => b - a);
  await page.goto(`${server.url}?data=boards/&dataset=swe-dev&split=hard&view=leaderboard`);
  await page.waitForSelector('.leaderboard-table tbody tr');
  const shown = await page.locator('.leaderboard-table tbody tr .resolved').evaluateAll((tds) => tds.map((td) => Number(td.textContent.trim().split(' ')[0])));
  const close = (a, b) => a.length === b.length && a.every((x, i) => Math.abs(x - b[i]) <= 0.051);
  assert.ok(close(shown, pass1), `pass@1 on hard, in the order of the page: ${shown} vs ${pass1}`);
  const fea = JSON.parse(readFileSync(join(ROOT, '..', 'shared', 'realdata', 'fea-bench_leaderboard-and-ids', 'fea-bench-site_leaderboards.json'), 'utf8'));
  const lite = fea.leaderboards.find((b) => b.name === 'Lite').results.map((e) => e.resolved).sort((a, b) => b - a);
  await page.goto(`${server.url}?data=boards/&dataset=fea-bench&split=lite&view=leaderboard`);
  await page.waitForSelector('.leaderboard-table tbody tr');
  assert.ok(close(await page.locator('.leaderboard-table tbody tr .resolved').evaluateAll((tds) => tds.map((td) => Number(td.textContent.trim().split(' ')[0]))), lite), 'FEA-Bench Lite as published');
  assert.deepEqual(errors, []);
});

test('Long Code Arena: one instance of each of the six datasets opens with its own view', async () => {
  const { page, errors } = session;
  const open = async (dataset) => {
    await page.goto(`${server.url}?data=lca/&dataset=${dataset}`);
    await page.click('.instance-row >> nth=0 >> a');
    await page.waitForSelector('article.instance');
  };
  await open('lca-cmg');
  assert.match(await page.locator('section.document pre').first().textContent(), /Add parser\n\nHandles ``` fences\./);
  assert.deepEqual(await page.locator('section.patch[data-role="gold"] .diff-file .status').allTextContents(), ['modified', 'added']);
  await open('lca-bl');
  assert.equal(await page.locator('section.document h3').first().textContent(), 'Issue');
  assert.deepEqual(await page.locator('section.patch .file-link').evaluateAll((els) => els.map((el) => el.dataset.path)), ['src/a.py']);
  assert.equal(await page.locator('section.localization h3').textContent(), "Files to find: 1 of the repository's 40 (tests left out)");
  const card = page.locator('section.patch[data-role="gold"] details.diff-file[data-path="src/a.py"]');
  await card.evaluate((details) => { details.open = false; });
  await page.click('section.localization .changed-file[data-path="src/a.py"]');
  assert.equal(await card.evaluate((details) => details.open), true, 'a file to find opens its diff');
  assert.ok(!(await page.locator('.raw-fields dt').allTextContents()).includes('changed_files'), 'the panel took the field');
  await open('lca-ci');
  const step = page.locator('section.document', { hasText: 'Failing step: tests' });
  assert.match(await step.textContent(), /First error at line 151 of 300/);
  const shownLines = () => step.locator('pre.log.excerpt .line').evaluateAll((ls) => ls.map((l) => Number(l.dataset.line)));
  assert.deepEqual(await shownLines(), Array.from({ length: 100 }, (_, i) => 101 + i), 'the 100 lines around the first error');
  assert.equal(await step.locator('.first-error').getAttribute('data-line'), '151');
  // The search lists matching lines; choosing one shows the lines around it.
  await step.locator('input.log-search').fill('OUTPUT 29');
  assert.equal(await step.locator('.log-count').textContent(), '11 matching lines');
  assert.deepEqual(await step.locator('.log-matches mark').first().textContent(), 'output 29');
  await step.locator('.log-matches li[data-line="296"] button').click();
  assert.deepEqual(await shownLines(), Array.from({ length: 55 }, (_, i) => 246 + i), 'the lines around the chosen match, below the matches');
  assert.equal(await step.locator('pre.log .chosen').getAttribute('data-line'), '296');
  // Esc in the log search clears the search and stays on the instance.
  await step.locator('input.log-search').press('Escape');
  assert.equal(await step.locator('input.log-search').inputValue(), '');
  assert.equal(await step.locator('.log-matches').count(), 0, 'the matches go with the search');
  assert.match(page.url(), /instance=/, 'Esc in a text field does not leave the page');
  assert.equal(await page.evaluate(() => document.activeElement.tagName), 'BODY', 'and the field lets go of the focus');
  await step.locator('button', { hasText: 'Show the whole log (300 lines)' }).click();
  assert.match(await step.locator('pre.log.whole').textContent(), /<b>not bold<\/b>\noutput 6\n/);
  assert.equal(await step.locator('.log-view b').count(), 0, 'log text is never HTML');
  assert.match(await page.locator('dl.meta').textContent(), /difficulty\s*3/);
  await open('lca-lbcg');
  assert.ok(await page.locator('pre[data-lang=python] .tok-kw').count() > 0, 'the reference is highlighted');
  assert.deepEqual(await page.locator('section.library-apis mark.api').allTextContents(), ['M', 'RHF'], 'the APIs are marked in the reference');
  await page.waitForSelector('.runs-table tr[data-run="echo-reference"]');
  assert.equal(await page.locator('tr[data-run="echo-reference"] .verdict').textContent(), 'api_recall 100.0 · chrf 100.0', 'the scored metrics, computed by the CLI (M and RHF both called)');
  assert.equal(await page.locator('section.document strong').first().textContent(), 'Hartree-Fock');
  await open('lca-ms');
  assert.equal(await page.locator('section.document', { hasText: 'Target documentation' }).locator('h3').nth(1).textContent(), 'Usage');
  await page.goto(`${server.url}?data=lca/&dataset=lca-cc`);
  await page.waitForSelector('section.facet[data-facet="context"]');
  assert.deepEqual((await page.locator('section.facet[data-facet="context"] .value').allTextContents()).sort(), ['medium', 'small'], 'the context-size sets, one split');
  await open('lca-cc');
  assert.match(await page.locator('h2.instance-id').textContent(), /src\/app\.py$/);
  assert.match(await page.locator('dl.meta').textContent(), /context\s*small/);
  const panel = page.locator('section.completion');
  assert.deepEqual(await panel.locator('tr.target').evaluateAll((trs) => trs.map((tr) => [Number(tr.dataset.line), tr.querySelector('.cats').textContent])),
    [[0, 'non_informative'], [1, 'commited'], [3, 'inproject'], [4, 'infile']]);
  await panel.locator('button', { hasText: 'Browse the repository' }).click();
  await panel.locator('.snapshot-tree .file-link[data-path="src/util.py"]').waitFor({ state: 'attached' });
  await panel.locator('.snapshot-tree summary').first().click();
  await panel.locator('.snapshot-tree .file-link[data-path="src/util.py"]').click();
  assert.match(await panel.locator('.snapshot-file pre').textContent(), /def f\(x\):/);
  assert.deepEqual(errors, []);
});

test('Long Code Arena metrics: exact match per line category and chrF, API recall side by side', async () => {
  const { page, errors } = session;
  await page.goto(`${server.url}?data=lca/&dataset=lca-cc&view=analysis`);
  await page.waitForSelector('.metrics-table tbody tr');
  const table = await page.locator('.metrics-table').first().locator('tbody tr').evaluateAll((trs) => Object.fromEntries(trs.map((tr) => [tr.dataset.value, tr.querySelector('td').textContent])));
  // src/app.py (small set): lines 0 (non_informative), 1 (commited), 3 (inproject), 4 (infile)
  // predicted, only line 1 wrong; src/zeta.py (medium set): its one infile line wrong.
  assert.deepEqual(table, { em: '37.50', em_commited: '0.00', em_infile: '50.00', em_inproject: '100.00', em_non_informative: '100.00' });
  await page.selectOption('select[aria-label="Facet for the metric"]', 'context');
  await page.selectOption('select[aria-label="Metric to break down"]', 'em_infile');
  await page.waitForSelector('.metrics-table tr[data-value="medium"]');
  assert.deepEqual(await page.locator('.metrics-table').nth(1).locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.dataset.value, tr.querySelector('td').textContent])),
    [['small', '100.00'], ['medium', '0.00']], 'exact match on infile lines per context-size set, smallest first');
  await page.goto(`${server.url}?data=lca/&dataset=lca-lbcg&view=analysis`);
  await page.waitForSelector('.metrics-table tbody tr');
  assert.deepEqual(await page.locator('.metrics-table').first().locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.dataset.value, tr.querySelector('td').textContent])), [['api_recall', '100.00'], ['chrf', '100.00']]);
  assert.ok(await page.locator('.metrics-section canvas.chart').count() === 2);
  // CI builds repair: the rerun jobs' pass@1 by difficulty.
  await page.goto(`${server.url}?data=lca/&dataset=lca-ci&view=analysis`);
  await page.selectOption('select[aria-label="Facet to break down by"]', 'difficulty');
  await page.waitForSelector('.by-facet tr[data-value="3"]');
  assert.equal(await page.locator('.by-facet tr[data-value="3"] td').getAttribute('data-resolved'), '1');
  assert.deepEqual(errors, []);
});

test('hostile text in a trajectory shows as text: markup and scripts inert, terminal colours taken out, a 10 MB line folded to its ends', async () => {
  const { page, errors } = session;
  await page.goto(`${server.url}?data=trajs-hostile/&instance=benchscope-demo__tinyconf-12`);
  const button = page.locator('tr[data-run="hostile"] button.show-trajectory');
  await button.waitFor();
  await button.click();
  const steps = page.locator('.trajectory .step');
  await steps.nth(2).waitFor();
  assert.equal(await page.evaluate(() => window.__pwned ?? null), null, 'no script ran');
  assert.equal(await page.locator('.trajectory img, .trajectory script, .trajectory b, .trajectory iframe').count(), 0, 'no markup became an element');
  assert.match(await steps.nth(0).locator('.thought').textContent(), /<script>window\.__pwned = 1<\/script><img src=x/);
  const output = await steps.nth(0).locator('pre.observation').textContent();
  assert.match(output, /<b>bold<\/b>\nred <iframe/);
  assert.doesNotMatch(output, /\u001b|\[31m/, 'the colour codes are gone, their text stays');
  // The 10 MB line: its two ends, 4,000 characters in all, until more is asked for.
  const long = steps.nth(1);
  const shown = () => long.locator('pre.observation').evaluateAll((all) => all.reduce((n, pre) => n + pre.textContent.length, 0));
  assert.ok(await shown() <= 4_000, `shown ${await shown()} characters`);
  const unfold = long.locator('button.unfold');
  assert.match(await unfold.textContent(), /^Show 200000 more characters \(of 99960\d\d\)$/);
  await unfold.click();
  await page.waitForFunction(() => document.querySelectorAll('.trajectory .step')[1].querySelector('pre.observation').textContent.length > 200_000);
  assert.ok(await shown() <= 204_000, 'one click adds 200,000 characters, not the whole line');
  // The in-trajectory search still finds a step by its text, colour codes aside.
  await page.fill('.trajectory input[type=search]', 'red <iframe');
  await page.locator('.trajectory .step.matched').first().waitFor();
  assert.equal(await page.locator('.trajectory .step.matched').count(), 1);
  assert.deepEqual(errors, []);
});

test('a large trajectory opens from its first chunk, keeps only the steps in view (and a screenful either side) in the page while scrolled, and its permalinks and search reach any step', async () => {
  const { page, errors, requests } = session;
  const source = JSON.parse(readFileSync(bigTraj.file, 'utf8'));
  const commands = source.messages.filter((m) => m.role === 'assistant').map((m) => /```bash\n([\s\S]*?)\n```/.exec(m.content)[1]);
  assert.equal(commands.length, BIG_TRAJ_STEPS);
  const stored = JSON.parse(readFileSync(join(bigTraj.out, 'runs', 'big', 'trajectories', 'big__repo-1.json'), 'utf8'));
  assert.ok(stored.more_steps.length >= 3, `stored as a head and ${stored.more_steps.length} chunks`);
  const inPage = () => page.locator('.trajectory li.step').evaluateAll((steps) => steps.map((s) => Number(s.dataset.step)));
  // Every step in the page is within a screenful of the view.
  const farthest = () => page.locator('.trajectory li.step').evaluateAll((steps) => Math.max(0, ...steps.map((s) => {
    const box = s.getBoundingClientRect();
    return Math.max(-box.bottom, box.top - window.innerHeight) / window.innerHeight;
  })));
  const actionOf = (n) => page.locator(`.trajectory li.step[data-step="${n}"] pre.action`).textContent();
  // Opened: the first steps, from the head and at most the first chunk.
  requests.length = 0;
  await page.goto(`${bigTrajectoryUrl()}`);
  await page.locator('tr[data-run="big"] button.show-trajectory').click();
  await page.locator('.trajectory li.step[data-step="1"] pre.action').waitFor();
  await page.waitForTimeout(100);
  const first = await inPage();
  assert.deepEqual(first, Array.from({ length: first.length }, (_, i) => i + 1), 'the first steps, in order');
  assert.ok(first.length < 40, `${first.length} steps in the page`);
  assert.ok(await farthest() <= 1.05, 'none more than a screenful from the view');
  assert.equal(await actionOf(1), commands[0]);
  const chunksFetched = () => requests.filter((url) => /\/steps-\d+\.json$/.test(url)).length;
  assert.ok(chunksFetched() < stored.more_steps.length, `${chunksFetched()} of ${stored.more_steps.length} chunks fetched for the first steps`);
  // Scrolled to the end: every step passes through the page, only those near the view at once.
  const met = new Set();
  let most = 0;
  let worst = 0;
  for (let i = 0; i < 2000 && !met.has(BIG_TRAJ_STEPS); i += 1) {
    await page.evaluate(() => window.scrollBy(0, 600));
    await page.waitForTimeout(20);
    const now = await inPage();
    now.forEach((n) => met.add(n));
    most = Math.max(most, now.length);
    worst = Math.max(worst, await farthest());
  }
  assert.equal(met.size, BIG_TRAJ_STEPS, 'every step was in the page on the way');
  assert.ok(most < 60, `${most} steps in the page at most`);
  assert.ok(worst <= 1.5, `a step ${worst.toFixed(2)} screens from the view`);
  await page.locator(`.trajectory li.step[data-step="${BIG_TRAJ_STEPS}"] pre.action`).waitFor();
  assert.equal(await actionOf(BIG_TRAJ_STEPS), commands[BIG_TRAJ_STEPS - 1]);
  // A permalink deep in it opens there, with only the steps around it in the page.
  await page.goto(`${bigTrajectoryUrl()}&traj=big&step=350`);
  const pointed = page.locator('.trajectory li.step.current[data-step="350"]');
  await pointed.waitFor();
  await page.waitForFunction(() => {
    const box = document.querySelector('.trajectory li.step[data-step="350"]').getBoundingClientRect();
    return box.top < window.innerHeight && box.bottom > 0;
  });
  assert.equal(await actionOf(350), commands[349]);
  assert.ok((await inPage()).length < 60);
  assert.ok(!(await inPage()).includes(1), 'the first steps are not in the page');
  // The search reads every chunk: a phrase of the last step's thought finds it, and its button
  // brings it into view.
  await page.goto(`${bigTrajectoryUrl()}&traj=big`);
  await page.locator('.trajectory li.step').first().waitFor();
  await page.fill('input.trajectory-search', `step ${BIG_TRAJ_STEPS - 1}, look`);
  await page.waitForFunction(() => document.querySelector('.step-matches')?.textContent.startsWith('1 step matches'));
  await page.locator('button.step-match').click();
  await page.locator(`.trajectory li.step[data-step="${BIG_TRAJ_STEPS}"]`).waitFor();
  assert.deepEqual(errors, []);
});

function bigTrajectoryUrl() {
  return `${server.url}?data=big-traj/&instance=big__repo-1`;
}
