// The explorer in headless Chromium on the built site and the demo data exported by the real CLI.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, cpSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, exportDemo, serve, openBrowser, gitNumstat, tempDir, benchscope } from './support.js';

const demo = readFileSync(join(ROOT, 'demo', 'demo.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line));
let server;
let session;

before(async () => {
  const data = exportDemo();
  const broken = join(tempDir('broken'), 'data');
  cpSync(data, broken, { recursive: true });
  writeFileSync(join(broken, 'detail', 'demo', 'test', '0000.json'), '{"format_version": 1, "instances": [tru');
  const hostile = hostileData();
  server = await serve({ data, broken, hostile });
  session = await openBrowser();
});

after(async () => {
  await session?.browser.close();
  await server?.close();
});

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

async function rows(page) {
  await page.waitForSelector('tr.instance-row');
  return page.locator('tr.instance-row').count();
}

test('lists the demo instances and filters them by repository, with the filter in the URL', async () => {
  const { page, errors } = session;
  await page.goto(server.url);
  assert.equal(await rows(page), demo.length);
  await page.selectOption('select[aria-label="Repository filter"]', 'benchscope-demo/slugkit');
  await page.waitForFunction(() => document.querySelectorAll('tr.instance-row').length === 3);
  assert.match(page.url(), /repo=benchscope-demo%2Fslugkit/);
  const ids = await page.locator('tr.instance-row').evaluateAll((trs) => trs.map((tr) => tr.dataset.id));
  assert.deepEqual(ids, demo.filter((r) => r.repo === 'benchscope-demo/slugkit').map((r) => r.instance_id));
  assert.deepEqual(errors, []);
});

test('opens an instance: markdown statement, tests and diffs whose counts match git', async () => {
  const { page, errors } = session;
  const record = demo.find((r) => r.instance_id === 'benchscope-demo__unitcalc-3');
  await page.goto(server.url);
  await page.click(`tr.instance-row[data-id="${record.instance_id}"] a`);
  await page.waitForSelector('article.instance');
  assert.match(page.url(), /instance=benchscope-demo__unitcalc-3/);

  const statement = page.locator('section.document').first();
  assert.equal(await statement.locator('ul li').count(), 2);
  assert.equal(await statement.locator('code', { hasText: 'unitcalc.registry' }).count(), 1);
  const link = statement.locator('a', { hasText: 'design notes' });
  assert.equal(await link.getAttribute('href'), 'https://example.org/unitcalc/design#registry');

  const f2p = await page.locator('section.fail-to-pass li').allTextContents();
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
  assert.equal(await page.locator('section.patch[data-role="gold"] .status-added').count(), 1);
  const firstAdded = page.locator('section.patch[data-role="gold"] .diff-file[data-path="unitcalc/registry.py"] tr.add').first();
  assert.deepEqual(await firstAdded.locator('td.ln').allTextContents(), ['', '1']);
  assert.deepEqual(errors, []);
});

test('a permalink reopens the instance, and back returns to the filtered list', async () => {
  const { page, errors } = session;
  await page.goto(`${server.url}?repo=benchscope-demo%2Fmatrixlite`);
  assert.equal(await rows(page), 3);
  await page.click('tr.instance-row[data-id="benchscope-demo__matrixlite-9"] a');
  await page.waitForSelector('article.instance[data-id="benchscope-demo__matrixlite-9"]');
  const permalink = page.url();
  await page.reload();
  await page.waitForSelector('article.instance[data-id="benchscope-demo__matrixlite-9"]');
  assert.equal(page.url(), permalink);
  assert.equal(await page.locator('section.patch[data-role="gold"] .no-newline').count(), 2, 'both sides lack the final newline');
  await page.goBack();
  await page.waitForURL((url) => !url.search.includes('instance='));
  assert.equal(await rows(page), 3);
  assert.equal(await page.locator('select[aria-label="Repository filter"]').inputValue(), 'benchscope-demo/matrixlite');
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

test('a corrupted detail shard shows an error naming the file, and the list keeps working', async () => {
  const { page } = session;
  await page.goto(`${server.url}?data=broken/&instance=benchscope-demo__matrixlite-7`);
  const alert = page.locator('[role=alert]');
  await alert.waitFor();
  assert.match(await alert.textContent(), /broken\/detail\/demo\/test\/0000\.json/);
  await page.click('text=← All instances');
  assert.equal(await rows(page), demo.length);
});
