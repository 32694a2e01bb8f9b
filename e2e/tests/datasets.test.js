// Several datasets and splits side by side, a published site, runs a reader drops on the page, and
// Long Code Arena's six datasets.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT, APP_ROWS, gitNumstat } from './support.js';
import { useFixtures, server, session, lite, featurebench, alone, demo, withoutRealdata } from './context.js';
import { rows, facetBox } from './read_page.js';

useFixtures();

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
  // Both sets are splits named "test": their tags name their datasets alone, less the word
  // both names start with (`demo-`).
  assert.deepEqual([...new Set(found.map((f) => f.split(' ')[0]))].sort(), ['a', 'b']);
  const a = found.filter((f) => f.startsWith('a ')).map((f) => f.split(' ')[1]);
  const b = found.filter((f) => f.startsWith('b ')).map((f) => f.split(' ')[1]);
  assert.ok(a.length > 0, 'the search finds rows');
  assert.deepEqual(a.sort(), b.sort(), 'both sets are searched alike');
  // The repository's tooltip names the row's set in full.
  await page.hover('.instance-row >> nth=0');
  const tip = await page.locator('.instance-row >> nth=0').evaluate((row) => [row.querySelector('.set-tag').textContent, row.querySelector('.repo').lastChild.textContent, row.querySelector('.repo').getAttribute('title')]);
  assert.equal(tip[2], `demo-${tip[0]}/test: ${tip[1]}`);
  await page.locator('.loaded-set button').click();
  await page.waitForURL((url) => !url.search.includes('with='));
  assert.deepEqual(errors, []);
});

test('several sets side by side on a small screen: each card shows its set\'s tag before its title; one set, no room kept for it', async () => {
  const { page, errors } = session;
  await page.setViewportSize({ width: 390, height: 844 });
  const cards = () => page.locator('.instance-row').evaluateAll((els) => els.map((el) => {
    const [row, tag, title] = [el, el.querySelector('.set-tag'), el.querySelector('.title')].map((e) => e && e.getBoundingClientRect());
    return { tag: tag && { text: el.querySelector('.set-tag').textContent, left: tag.left, right: tag.right, top: tag.top, bottom: tag.bottom }, title, row };
  }));
  await page.goto(`${server.url}?data=twins/&dataset=demo-a&with=demo-b/test`);
  await rows(page);
  const shown = await cards();
  assert.ok(shown.length > 0);
  for (const { tag, title, row } of shown) {
    assert.ok(tag && ['a', 'b'].includes(tag.text) && tag.right > tag.left, `a tag is shown: ${JSON.stringify(tag)}`);
    assert.ok(tag.left >= row.left && tag.right <= title.left && tag.top >= title.top - 2 && tag.bottom <= row.bottom, `the tag sits before the title, in the card: ${JSON.stringify({ tag, title, row })}`);
  }
  await page.goto(`${server.url}?data=twins/&dataset=demo-a`);
  await rows(page);
  for (const { tag, title, row } of await cards()) {
    assert.ok(!tag && title.left - row.left < 12, `one set: the title starts the line (${title.left - row.left} px in)`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  assert.deepEqual(errors, []);
});

test('one dataset\'s splits side by side: a row\'s tag is its split, its tooltip the dataset and split', async (t) => {
  if (withoutRealdata(t, featurebench)) return;
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
  // The window's title names what is open, before the site's own: a view other than the site's
  // first by its name, as the tab names it.
  assert.equal(await page.title(), 'Instances · Demo board');
  const first = demo.map((r) => r.instance_id).sort()[0];
  await page.click(`.instance-row[data-id="${first}"] a`);
  await page.waitForSelector('article.instance');
  assert.equal(await page.title(), `${first} · Demo board`);
  await page.click('.view-tabs .tab >> text=Leaderboard');
  await page.waitForSelector('.leaderboard-table tbody tr');
  assert.equal(await page.title(), 'Demo board', 'the site\'s own first view is named by the site alone');
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
  assert.match(await page.locator('.drop-zone').textContent(), /a run dropped-mymodel.v1.5.run7 is already loaded: this one is dropped-mymodel.v1.5.run7-2/);
  // A file of another split's instances is refused, not added as a run of nothing.
  const runsBefore = await page.locator('.leaderboard-table tr[data-run]').count();
  await page.locator('.drop-zone input[type=file]').setInputFiles({ name: 'elsewhere.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ resolved_ids: ['elsewhere__repo-1'], unresolved_ids: ['elsewhere__repo-2'] })) });
  await page.waitForSelector('.drop-zone .error');
  assert.match(await page.locator('.drop-zone .error').first().textContent(), /elsewhere\.json: none of its instances is in demo\/test \(the first: elsewhere__repo-1\), so it was not added/);
  assert.equal(await page.locator('.leaderboard-table tr[data-run]').count(), runsBefore);
  // A pretty-printed file with a fault on line 4 is named at line 4.
  await page.locator('.drop-zone input[type=file]').setInputFiles({ name: 'pretty.json', mimeType: 'application/json', buffer: Buffer.from('{\n  "resolved_ids": [\n    "a"\n    "b"\n  ]\n}\n') });
  await page.waitForFunction(() => document.querySelectorAll('.drop-zone .error').length === 2);
  assert.match(await page.locator('.drop-zone .error').nth(1).textContent(), /pretty\.json: not valid JSON: line 4 column 5/);
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
  await page.waitForFunction(() => document.querySelectorAll('.drop-zone .error').length === 3);
  assert.match(await page.locator('.drop-zone .error').nth(2).textContent(), /broken\.jsonl.*line 2: not JSON/);
  // Leaderboards the CLI reads, and a web page, are refused with what to do.
  const board = `${JSON.stringify({ name: 'SWE-agent + GPT 4o', set: 'lite', total: 300, resolved: 12 })}\n`;
  await page.locator('.drop-zone input[type=file]').setInputFiles({ name: 'reports-0605.jsonl', mimeType: 'application/jsonl', buffer: Buffer.from(board) });
  await page.waitForFunction(() => document.querySelectorAll('.drop-zone .error').length === 4);
  assert.match(await page.locator('.drop-zone .error').nth(3).textContent(), /reports-0605\.jsonl: SWE-bench-Live's leaderboard.*benchscope import reports-0605\.jsonl/);
  assert.equal(await page.locator('.drop-zone .error').nth(3).locator('p code').textContent(), 'benchscope import reports-0605.jsonl', 'the command shows as code');
  await page.locator('.drop-zone input[type=file]').setInputFiles({ name: 'index.html', mimeType: 'text/html', buffer: Buffer.from('<!DOCTYPE html><html><body><table id="sortableTable1"></table></body></html>') });
  await page.waitForFunction(() => document.querySelectorAll('.drop-zone .error').length === 5);
  assert.match(await page.locator('.drop-zone .error').nth(4).textContent(), /index\.html: a web page.*SWE-Dev's leaderboard page is read by benchscope import index\.html/);
  // A harness report kept without its instance's key, as the real mini-swe-agent submission keeps it.
  const report = JSON.stringify({ patch_is_None: false, patch_exists: true, patch_successfully_applied: true, resolved: true, tests_status: { FAIL_TO_PASS: { success: ['t'], failure: [] } } });
  await page.locator('.drop-zone input[type=file]').setInputFiles({ name: 'report.json', mimeType: 'application/json', buffer: Buffer.from(report) });
  await page.waitForFunction(() => document.querySelectorAll('.drop-zone .error').length === 6);
  assert.match(await page.locator('.drop-zone .error').nth(5).textContent(), /report\.json: a harness report of an instance's test statuses.*benchscope import report\.json/);
  // A Claude Code transcript (stream-json, a line an event).
  const transcript = [
    { type: 'system', subtype: 'init', session_id: 's', model: 'claude-sonnet-4-5', claude_code_version: '2.1.276' },
    { type: 'assistant', message: { id: 'm1', role: 'assistant', content: [{ type: 'text', text: 'Done.' }] }, parent_tool_use_id: null, session_id: 's' },
    { type: 'result', subtype: 'success', is_error: false, result: 'Done.', session_id: 's', total_cost_usd: 0.1 },
  ].map((line) => `${JSON.stringify(line)}\n`).join('');
  await page.locator('.drop-zone input[type=file]').setInputFiles({ name: `${id}.jsonl`, mimeType: 'application/jsonl', buffer: Buffer.from(transcript) });
  await page.waitForFunction(() => document.querySelectorAll('.drop-zone .error').length === 7);
  assert.match(await page.locator('.drop-zone .error').nth(6).textContent(), new RegExp(`${id}\\.jsonl: a Claude Code transcript, which the page does not read: benchscope import ${id}\\.jsonl`));
  assert.equal(await page.locator('.leaderboard-table tr[data-run^="dropped-reports"]').count(), 0);
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

test('real files that `import` reads and the page does not, dropped, are each named with the command that reads them', async (t) => {
  const realdata = join(ROOT, '..', 'shared', 'realdata');
  if (withoutRealdata(t, lite)) return;
  const { page, errors } = session;
  await page.goto(`${server.url}?data=data/&view=leaderboard`);
  await page.waitForSelector('.leaderboard-table tbody tr');
  const files = [
    ['swebench-leaderboard_SWE-bench-swe-bench.github.io/leaderboards.json', /a leaderboard file/],
    ['swebench-leaderboard_SWE-bench-swe-bench.github.io/info_for_leaderboard.json', /per-model results/],
    ['fea-bench_leaderboard-and-ids/fea-bench-site_leaderboards.json', /a leaderboard file/],
    ['featurebench_LiberCoders-FeatureBench/leaderboard/data/lite.json', /a leaderboard's rows/],
    ['swe-dev_DorothyDUUU/leaderboard/swe-dev_leaderboard_from_index_html.json', /SWE-Dev's leaderboard/],
    ['trajectories_formats/pydicom__pydicom-1458.traj', /an agent's trajectory/],
    ['trajectories_formats/mini-swe-agent_github_issue.traj.json', /an agent's trajectory/],
    ['trajectories_formats/openhands_multi_swe_bench_output.jsonl', /agent trajectories as a dataset's rows/],
    ['trajectories_gruckion-mini-swe-agent/logs/astropy__astropy-12907/report.json', /a harness report/],
  ];
  for (const [index, [file, kind]] of files.entries()) {
    await page.locator('.drop-zone input[type=file]').setInputFiles(join(realdata, file));
    await page.waitForFunction((n) => document.querySelectorAll('.drop-zone .error').length === n, index + 1);
    const name = file.split('/').pop();
    const error = page.locator('.drop-zone .error').nth(index);
    assert.match(await error.textContent(), kind, file);
    assert.ok((await error.locator('p code').allTextContents()).includes(`benchscope import ${name}`), `${file}: the command`);
  }
  assert.deepEqual(errors, []);
});

test('a gzipped file dropped on the page is read as the file it holds, named without .gz, and told by its first bytes; a file named .gz that is not gzip, and a zstd file, are refused by name', async () => {
  const { page, errors } = session;
  await page.goto(`${server.url}?view=leaderboard`);
  await page.waitForSelector('.drop-zone');
  const ids = demo.map((r) => r.instance_id);
  const resolvedIds = ids.filter((_, i) => i % 4 === 0);
  const summary = JSON.stringify({ resolved_ids: resolvedIds, unresolved_ids: ids.filter((id) => !resolvedIds.includes(id)) });
  const drop = (name, buffer) => page.locator('.drop-zone input[type=file]').setInputFiles({ name, mimeType: 'application/gzip', buffer });
  await drop('zipped-run.json.gz', gzipSync(Buffer.from(summary)));
  await page.waitForSelector('.leaderboard-table tr[data-run="dropped-zipped-run"]');
  const percent = await page.locator('tr[data-run="dropped-zipped-run"] .resolved').textContent();
  assert.equal(percent.trim().split(' ')[0], (resolvedIds.length * 100 / ids.length).toFixed(1));
  await drop('plain-inside.json.gz', Buffer.from(summary));
  await page.waitForSelector('.drop-zone .error');
  assert.match(await page.locator('.drop-zone .error').first().textContent(), /plain-inside\.json\.gz: cannot read the file as gzip/);
  // Gzip without its suffix: told by its first bytes, as the CLI tells it.
  await drop('unsuffixed-run.json', gzipSync(Buffer.from(summary)));
  await page.waitForSelector('.leaderboard-table tr[data-run="dropped-unsuffixed-run"]');
  assert.equal(await page.locator('tr[data-run="dropped-unsuffixed-run"] .resolved').textContent(), percent);
  // Zstandard's magic, then a frame the page never reads: browsers do not decompress zstd.
  await drop('zstd-run.json.zst', Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0x24, 0x05, 0x29, 0x00, 0x00]));
  await page.waitForFunction(() => document.querySelectorAll('.drop-zone .error').length === 2);
  assert.match(await page.locator('.drop-zone .error').nth(1).textContent(), /zstd-run\.json\.zst: compressed with zstd, which browsers cannot decompress; decompress it \(zstd -d\) or gzip it/);
  assert.equal(await page.locator('tr[data-run^="dropped-zstd"]').count(), 0);
  assert.deepEqual(errors, []);
});

test('a dropped gzip that inflates past what the page reads, a UTF-16 file, a tar.gz and an xz are refused by name, and the next file is read, as is one with Python\'s NaN', async () => {
  const { page, errors } = session;
  await page.goto(`${server.url}?view=leaderboard`);
  await page.waitForSelector('.drop-zone');
  const drop = (name, buffer) => page.locator('.drop-zone input[type=file]').setInputFiles({ name, mimeType: 'application/gzip', buffer });
  // 300 MB of spaces: 300 KB gzipped.
  await drop('bomb.json.gz', gzipSync(Buffer.alloc(300 << 20, 0x20), { level: 9 }));
  await page.waitForSelector('.drop-zone .error', { timeout: 60000 });
  assert.match(await page.locator('.drop-zone .error').first().textContent(), /bomb\.json\.gz: inflates to more than 256 MB, more than this page reads; import it with the CLI \(benchscope import\) instead/);
  // UTF-16 (Windows PowerShell's `>`): the browser reads UTF-8, so it is refused by name.
  const ids = demo.map((r) => r.instance_id);
  const wide = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(JSON.stringify({ resolved_ids: ids }), 'utf16le')]);
  await drop('wide.json', wide);
  await page.waitForFunction(() => document.querySelectorAll('.drop-zone .error').length === 2);
  assert.match(await page.locator('.drop-zone .error').nth(1).textContent(), /wide\.json: UTF-16 text \(as Windows PowerShell's > writes it\), not UTF-8: save it as UTF-8/);
  // An archive, as runs are shared: named, with the command that opens it.
  const tar = Buffer.alloc(1024);
  tar.write('results.json', 0);
  tar.write('ustar', 257);
  await drop('runs.tar.gz', gzipSync(tar));
  await page.waitForFunction(() => document.querySelectorAll('.drop-zone .error').length === 3);
  assert.match(await page.locator('.drop-zone .error').nth(2).textContent(), /runs\.tar\.gz: a tar archive: extract it \(tar -xf\) and drop the files it holds/);
  // xz, which neither the browser nor the CLI reads: told by its header.
  await drop('run.json.xz', Buffer.concat([Buffer.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00, 0x00, 0x04]), Buffer.alloc(64)]));
  await page.waitForFunction(() => document.querySelectorAll('.drop-zone .error').length === 4);
  assert.match(await page.locator('.drop-zone .error').nth(3).textContent(), /run\.json\.xz: compressed with xz, which is not read here: decompress it \(xz -d\) or gzip it, then drop it again/);
  await drop('after-bomb.json', Buffer.from(JSON.stringify({ resolved_ids: ids.slice(0, 2), unresolved_ids: ids.slice(2) })));
  await page.waitForSelector('.leaderboard-table tr[data-run="dropped-after-bomb"]');
  // Python's json.dump writes a cost never measured as NaN: read as no cost, not refused.
  const lines = ids.slice(0, 3).map((id, n) => `{"instance_id": "${id}", "model_name_or_path": "m", "model_patch": "", "cost": ${['NaN', 'Infinity', '0.5'][n]}}`);
  await drop('python.jsonl', Buffer.from(lines.join('\n')));
  await page.waitForSelector('.leaderboard-table tr[data-run="dropped-python"]');
  assert.equal(await page.locator('.drop-zone .error').count(), 4, 'no error for it');
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
  // The excerpt is taller than its box: it opens scrolled to the first error, not to its top.
  const inBox = (marked) => step.locator('pre.log.excerpt').evaluate((pre, marked) => {
    const [line, box] = [pre.querySelector(marked).getBoundingClientRect(), pre.getBoundingClientRect()];
    return pre.scrollHeight > pre.clientHeight && line.top >= box.top && line.bottom <= box.bottom;
  }, marked);
  await page.waitForFunction(() => document.querySelector('pre.log.excerpt').scrollTop > 0);
  assert.ok(await inBox('.first-error'), 'the first error is in view');
  // Every line has a row of its own, the marked one too (the next line is below it, not beside it).
  const ownRows = () => step.locator('pre.log.excerpt .line').evaluateAll((ls) => ls.map((l) => l.getBoundingClientRect()).every((box, i, boxes) => i === 0 || box.top >= boxes[i - 1].bottom - 1));
  assert.ok(await ownRows(), 'each line below the one before');
  // The search lists matching lines; choosing one shows the lines around it.
  await step.locator('input.log-search').fill('OUTPUT 29');
  assert.equal(await step.locator('.log-count').textContent(), '11 matching lines');
  assert.deepEqual(await step.locator('.log-matches mark').first().textContent(), 'output 29');
  await step.locator('.log-matches li[data-line="296"] button').click();
  assert.deepEqual(await shownLines(), Array.from({ length: 55 }, (_, i) => 246 + i), 'the lines around the chosen match, below the matches');
  assert.equal(await step.locator('pre.log .chosen').getAttribute('data-line'), '296');
  assert.ok(await ownRows(), 'the chosen line has a row of its own');
  await page.waitForFunction(() => document.querySelector('pre.log.excerpt').scrollTop > 0);
  assert.ok(await inBox('.chosen'), 'the chosen match is in view');
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
  assert.equal(await page.locator('tr[data-run="echo-reference"] .verdict').textContent(), 'API\u00a0recall\u00a0100.0 · chrF\u00a0100.0', 'the scored metrics, computed by the CLI (M and RHF both called), named as their authors name them');
  assert.equal(await page.locator('section.document strong').first().textContent(), 'Hartree-Fock');
  await open('lca-ms');
  const documentation = page.locator('section.document', { hasText: 'Target documentation' });
  assert.equal(await documentation.locator('h3').nth(1).textContent(), 'Usage');
  // The text's own heading ranks under the page's section heading: no larger, without its rule.
  const [section, own] = await documentation.locator('h3').evaluateAll((hs) => hs.slice(0, 2).map((h) => [parseFloat(getComputedStyle(h).fontSize), getComputedStyle(h).borderBottomStyle]));
  assert.ok(own[0] <= section[0] && own[1] === 'none' && section[1] === 'solid', `the section's heading ${section}, the text's ${own}`);
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
  // Each row keeps its metric's key in data-value and reads as a reader knows it.
  assert.deepEqual(await page.locator('.metrics-table').first().locator('tbody th').allTextContents(),
    ['exact match', 'exact match, commited', 'exact match, infile', 'exact match, inproject', 'exact match, non informative']);
  assert.equal(await page.locator('select[aria-label="Metric to break down"] option[value="em_infile"]').textContent(), 'exact match, infile');
  await page.selectOption('select[aria-label="Facet for the metric"]', 'context');
  await page.selectOption('select[aria-label="Metric to break down"]', 'em_infile');
  await page.waitForSelector('.metrics-table tr[data-value="medium"]');
  assert.deepEqual(await page.locator('.metrics-table').nth(1).locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.dataset.value, tr.querySelector('td').textContent])),
    [['small', '100.00'], ['medium', '0.00']], 'exact match on infile lines per context-size set, smallest first');
  await page.goto(`${server.url}?data=lca/&dataset=lca-lbcg&view=analysis`);
  await page.waitForSelector('.metrics-table tbody tr');
  assert.deepEqual(await page.locator('.metrics-table').first().locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.dataset.value, tr.querySelector('td').textContent])), [['api_recall', '100.00'], ['chrf', '100.00']]);
  assert.ok(await page.locator('.metrics-section img.chart').count() === 2);
  // CI builds repair: the rerun jobs' pass@1 by difficulty.
  await page.goto(`${server.url}?data=lca/&dataset=lca-ci&view=analysis`);
  await page.selectOption('select[aria-label="Facet to break down by"]', 'difficulty');
  await page.waitForSelector('.by-facet tr[data-value="3"]');
  assert.equal(await page.locator('.by-facet tr[data-value="3"] td').getAttribute('data-resolved'), '1');
  // Its board: every job finished, so pass@1 over the finished jobs is % resolved, not a column
  // that repeats it.
  await page.goto(`${server.url}?data=lca/&dataset=lca-ci&view=leaderboard`);
  await page.waitForSelector('.leaderboard-table tbody tr');
  const boardHeads = await page.locator('.leaderboard-table thead th').allTextContents();
  assert.ok(boardHeads.some((h) => h.startsWith('%\u00a0resolved')) && !boardHeads.some((h) => h.includes('pass')), boardHeads.join(' | '));
  // The same jobs as runs alone: no facet to break them down by, said rather than an empty chart.
  await page.goto(`${server.url}?data=lca/&dataset=lca-ci-alone&view=analysis`);
  await page.waitForSelector('section.analysis h2');
  assert.equal(await page.locator('section.analysis h2').first().textContent(), 'lca-ci-alone / test: runs compared');
  assert.equal(await page.locator('select[aria-label="Facet to break down by"]').count(), 0);
  assert.match(await page.locator('section.analysis > p.empty').textContent(), /^There is no facet to break these runs down by: lca-ci-alone\/test holds runs alone/);
  assert.match(await page.locator('details.run-picker summary').textContent(), /^Runs: 1 of 1 drawn/, 'the runs are still chosen for the sections below');
  // Their list: the numeric ids name no repository, so no Repository column stands empty; the
  // run's verdicts are still there to filter by.
  await page.goto(`${server.url}?data=lca/&dataset=lca-ci-alone&view=instances`);
  await page.waitForSelector('section.facet[data-facet^="run "] label');
  const heads = await page.locator('.row-head > span').evaluateAll((spans) => spans.filter((s) => s.getClientRects().length > 0).map((s) => s.textContent));
  assert.deepEqual(heads, ['Instance']);
  assert.ok(await page.locator('aside.facets').isVisible());
  assert.deepEqual(errors, []);
});
