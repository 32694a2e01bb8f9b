// Writes screenshots of the main views to docs/screenshots/ (run after `trunk build --release`):
//   node e2e/screenshots.js
// The data is the demo, exported and evaluated for real by the CLI, as the tests do.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, buildDemoRepos, exportDemo, evaluateDemo, serve, openBrowser } from './tests/support.js';

const out = join(ROOT, 'docs', 'screenshots');
mkdirSync(out, { recursive: true });
const repos = buildDemoRepos();
const data = exportDemo(repos);
evaluateDemo(data, ['gold', 'partly-right', 'failure-modes'], repos);
const server = await serve({ data });
const { browser, page } = await openBrowser();
const shots = [
  ['list.png', '?q=matrix', '.instance-row'],
  ['facets.png', '?f=category:Internet&sort=-size', '.instance-row'],
  ['instance.png', '?instance=benchscope-demo__tinyconf-12', '.runs-table'],
  ['diff.png', '?instance=benchscope-demo__unitcalc-3', 'section.patch .diff-file'],
  ['leaderboard.png', '?view=leaderboard', '.leaderboard-table tbody tr'],
  ['breakdowns.png', '?view=analysis', 'canvas.chart'],
];
for (const [name, query, selector] of shots) {
  await page.goto(`${server.url}${query}`);
  await page.waitForSelector(selector);
  if (name === 'diff.png') await page.locator('section.patch').first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(out, name), fullPage: name !== 'diff.png' });
  console.log(`wrote docs/screenshots/${name}`);
}
await browser.close();
await server.close();
