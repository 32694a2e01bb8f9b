// Writes screenshots of the main views to docs/screenshots/ (run after `scripts/build_web.sh`):
//   node e2e/screenshots.js
// The data is the demo, exported and evaluated for real by the CLI, as the tests do, and one
// instance of django/django whose statement is written here in the style of Django's tracker.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, buildDemoRepos, exportDemo, evaluateDemo, serve, openBrowser, tempDir, benchscope } from './tests/support.js';

const out = join(ROOT, 'docs', 'screenshots');
mkdirSync(out, { recursive: true });
const repos = buildDemoRepos();
const data = exportDemo(repos);
evaluateDemo(data, ['gold', 'partly-right', 'failure-modes'], repos);
const tracker = join(tempDir('tracker'), 'tracker.jsonl');
const statement = [
  'Runserver does not reload when settings change under __main__',
  'Description',
  '\t ',
  '\t\t(last modified by A Reader)',
  '\t ',
  'Steps to reproduce on a fresh project:',
  '$ python -V',
  'Python 3.12.1',
  '$ python manage.py runserver',
  'Then edit settings.py, e.g. add:',
  'def ready():',
  '\tprint(__name__)',
  'Expected: the server restarts. Actual: nothing happens, and __spec__ is None for the module.',
].join('\n');
writeFileSync(tracker, JSON.stringify({ instance_id: 'django__django-99999', repo: 'django/django', base_commit: 'abc', problem_statement: statement, patch: '', FAIL_TO_PASS: '[]', PASS_TO_PASS: '[]' }) + '\n');
const trackerData = join(tempDir('tracker-data'), 'data');
benchscope('export', tracker, '--dataset', 'django-style', '--out', trackerData, '--quiet');
// The real swebench.com boards, imported alone (when ../shared/realdata is here): a board of
// real size for the leaderboard's screenshot.
const board = join(ROOT, '..', 'shared', 'realdata', 'swebench-leaderboard_SWE-bench-swe-bench.github.io', 'leaderboards.json');
const boards = existsSync(board) ? join(tempDir('boards'), 'data') : null;
if (boards) benchscope('import', board, '--data', boards);
// The real mini-swe-agent run, for the trajectory's screenshot.
const trajectories = join(ROOT, '..', 'shared', 'realdata', 'trajectories_gruckion-mini-swe-agent');
const trajs = existsSync(trajectories) ? join(tempDir('trajs'), 'data') : null;
if (trajs) benchscope('import', trajectories, '--data', trajs, '--run', 'mini', '--new-dataset');
const server = await serve({ data, tracker: trackerData, ...(boards ? { boards } : {}), ...(trajs ? { trajs } : {}) });
const { browser } = await openBrowser();

// [file, query, selector to wait for, options: width, dark, clicks (selectors, in order), until
// (a function the page must make true), scrollTo (selector) and block (where it goes), full page]
const shots = [
  ['list.png', '?q=matrix', '.instance-row', { full: true }],
  ['facets.png', '?f=category:Internet&sort=-size', '.instance-row', { full: true }],
  ['instance.png', '?instance=benchscope-demo__tinyconf-12', '.runs-table', { full: true }],
  ['diff.png', '?instance=benchscope-demo__unitcalc-3', 'section.patch .diff-file', { scrollTo: 'section.patch' }],
  ['diff-side-by-side.png', '?instance=benchscope-demo__tinyconf-12&diff=split', '.diff-split', { scrollTo: 'section.patch .diff-split' }],
  ['tests-with-runs.png', '?instance=benchscope-demo__tinyconf-12', '.test-legend', { scrollTo: '.test-legend' }],
  ['list-390.png', '?', '.instance-row', { width: 390 }],
  ['leaderboard.png', '?view=leaderboard', '.leaderboard-table tbody tr', { full: true }],
  ...(boards ? [
    ['leaderboard-verified.png', '?data=boards/', '.leaderboard-table tr[data-group]', {}],
    ['leaderboard-verified-details.png', '?data=boards/&dataset=swe-bench-bash-only&brow=bash-only.20250726_mini-v1.0.0_claude-sonnet-4-20250514', 'tr.run-details', { scrollTo: 'tr.run-details', block: 'center', dark: true }],
    ['leaderboard-charts.png', '?data=boards/&dataset=swe-bench-bash-only', '.board-charts img.chart[src]', { scrollTo: '.board-charts' }],
    // The picker's "Top 10": more runs than the palette's colours, drawn as tiles.
    ['breakdowns-tiles.png', '?data=boards/&dataset=swe-bench-bash-only&view=analysis', 'img.chart[src]', {
      clicks: ['.run-picker summary', '.run-picker button >> text=Top 10', '.run-picker summary'],
      until: () => /a tile per series/.test(document.querySelector('.chart-block img.chart')?.alt ?? ''),
      scrollTo: '.chart-block',
    }],
    ['leaderboard-390.png', '?data=boards/', '.leaderboard-table tr[data-group]', { width: 390 }],
  ] : []),
  ...(trajs ? [
    ['trajectory.png', '?data=trajs/&instance=astropy__astropy-12907&traj=mini&step=3', '.trajectory li.step.current', { scrollTo: '.trajectory-summary' }],
    ['trajectory-390.png', '?data=trajs/&instance=astropy__astropy-12907&traj=mini&step=3', '.trajectory li.step.current', { width: 390, dark: true, scrollTo: '.trajectory li.step.current' }],
  ] : []),
  ['breakdowns.png', '?view=analysis', 'img.chart[src]', { full: true }],
  ['breakdowns-dark.png', '?view=analysis', 'img.chart[data-label-boxes]', { dark: true }],
  ['statement-django.png', '?data=tracker/&instance=django__django-99999', '.document-text', { scrollTo: '.instance-id' }],
];
// `node e2e/screenshots.js a.png b.png` writes those alone.
const only = process.argv.slice(2);
for (const [name, query, selector, options] of shots.filter(([name]) => only.length === 0 || only.includes(name))) {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1280, height: 900 }, colorScheme: options.dark ? 'dark' : 'light' });
  const page = await context.newPage();
  await page.goto(`${server.url}${query}`);
  await page.waitForSelector(selector);
  for (const click of options.clicks ?? []) await page.locator(click).first().click();
  if (options.until) await page.waitForFunction(options.until);
  // `block: 'center'` for what a board's sticky head would cover at the top.
  if (options.scrollTo) await page.locator(options.scrollTo).first().evaluate((el, block) => el.scrollIntoView({ block }), options.block ?? 'start');
  await page.screenshot({ path: join(out, name), fullPage: Boolean(options.full) });
  await context.close();
  console.log(`wrote docs/screenshots/${name}`);
}
await browser.close();
await server.close();
