// The instance page: statement, tests and diffs checked against git; permalinks; each run's
// verdict and tests; diffs and their context; a 1 MB patch; benchmark panels; hidden gold patches.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, gitNumstat } from './support.js';
import { useFixtures, server, session, lite, sweDev, repos, huge, demo, PARTIAL, withoutRealdata } from './context.js';
import { rows, facetBox, textTops } from './read_page.js';
import { FAIL_ONLY, LONG_LIST } from './fixtures.js';
import { SMITH_BUG, SUMMARY_RESOLVED, R2E_GYM_TASK, R2E_GYM_LONG_TASK } from './context.js';

useFixtures();

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

test('an instance steps to the previous and the next of the list it was opened from: its search\'s ranking, its filter, its sort', async () => {
  const { page, errors } = session;
  const place = () => page.locator('.step-through .list-place').textContent();
  const openId = () => page.locator('article.instance').getAttribute('data-id');
  // A searched list: the instance page follows the ranking the reader saw.
  await page.goto(`${server.url}?q=unit`);
  await page.waitForFunction(() => document.querySelectorAll('.instance-row').length > 2);
  const ranked = await page.locator('.instance-row').evaluateAll((rows) => rows.map((row) => row.dataset.id));
  const sorted = [...ranked].sort();
  assert.notDeepEqual(ranked, sorted, 'the ranking is not the id order');
  await page.click(`.instance-row[data-id="${ranked[1]}"] a`);
  await page.waitForSelector(`article.instance[data-id="${ranked[1]}"]`);
  assert.equal(await place(), `2 of ${ranked.length}`);
  assert.equal(await page.title(), `${ranked[1]} · Benchscope`, 'the window\'s title names the instance');
  assert.equal(await page.locator('.step-through a[rel="next"]').getAttribute('title'), `${ranked[2]} (j)`);
  await page.click('.step-through a[rel="next"]');
  await page.waitForSelector(`article.instance[data-id="${ranked[2]}"]`);
  assert.equal(await place(), `3 of ${ranked.length}`);
  await page.keyboard.press('k');
  await page.keyboard.press('k');
  await page.waitForSelector(`article.instance[data-id="${ranked[0]}"]`);
  assert.equal(await place(), `1 of ${ranked.length}`);
  assert.equal(await page.locator('.step-through a[rel="prev"]').count(), 0, 'the first has no previous');
  assert.equal(await page.locator('.step-through .at-end').textContent(), '‹ Previous');
  assert.match(page.url(), /[?&]q=unit(&|$)/, 'the list\'s query stays in the URL');
  await page.keyboard.press('Escape');
  await page.waitForURL((url) => !url.search.includes('instance='));
  assert.deepEqual(await page.locator('.instance-row').evaluateAll((rows) => rows.map((row) => row.dataset.id)), ranked);
  assert.equal(await page.title(), 'Benchscope');
  assert.equal(await page.locator('.instance-row.selected').getAttribute('data-id'), ranked[0], 'the list selects the last instance opened');
  await page.click(`.instance-row[data-id="${ranked[2]}"] a`);
  await page.waitForSelector(`article.instance[data-id="${ranked[2]}"]`);
  await page.keyboard.press('Escape');
  await page.waitForFunction((id) => document.querySelector('.instance-row.selected')?.dataset.id === id, ranked[2]);
  // A second search, an instance opened from it, then the browser's back to the first search's
  // instance: it still steps through the first search's ranking, and its list selects it.
  await page.fill('input.search', 'matrix');
  await page.waitForFunction(() => document.querySelector('.instance-row')?.dataset.id.includes('matrix'));
  const second = await page.locator('.instance-row').first().getAttribute('data-id');
  await page.click(`.instance-row[data-id="${second}"] a`);
  await page.waitForSelector(`article.instance[data-id="${second}"]`);
  await page.goBack();
  await page.waitForURL((url) => !url.search.includes('instance='));
  await page.goBack();
  await page.waitForSelector(`article.instance[data-id="${ranked[2]}"]`);
  assert.match(page.url(), /[?&]q=unit(&|$)/);
  assert.equal(await place(), `3 of ${ranked.length}`, 'the first search\'s order is still known');
  await page.keyboard.press('Escape');
  await page.waitForFunction((id) => document.querySelector('.instance-row.selected')?.dataset.id === id, ranked[2]);
  // A permalink to an instance of a filtered, sorted list with no query: the page works the
  // list out itself.
  await page.goto(`${server.url}?f=repo:benchscope-demo/matrixlite&sort=-size`);
  await page.waitForFunction(() => document.querySelectorAll('.instance-row').length === 3);
  const bySize = await page.locator('.instance-row').evaluateAll((rows) => rows.map((row) => row.dataset.id));
  await page.goto(`${server.url}?f=repo:benchscope-demo/matrixlite&sort=-size&instance=${bySize[2]}`);
  await page.waitForSelector(`article.instance[data-id="${bySize[2]}"]`);
  assert.equal(await place(), '3 of 3');
  assert.equal(await page.locator('.step-through a[rel="next"]').count(), 0, 'the last has no next');
  await page.keyboard.press('j');
  await page.keyboard.press('k');
  await page.waitForFunction((id) => document.querySelector('article.instance')?.dataset.id === id, bySize[1]);
  assert.equal(await openId(), bySize[1]);
  assert.deepEqual(errors, []);
});

test("GitHub's texts keep their line breaks, as GitHub shows them; a task's markdown file joins a paragraph's lines", async () => {
  const { page, errors } = session;
  // SWE-bench's statement is the issue's title, a line break, then its text.
  await page.goto(`${server.url}?instance=benchscope-demo__unitcalc-2`);
  const statement = page.locator('section.document .markdown').first();
  await statement.waitFor();
  const [title, text] = await textTops(statement, ['Unit names are case-sensitive', 'Users type']);
  assert.ok(text > title, `the title and the text are two lines: ${title}, ${text}`);
  await page.click('.raw-toggle');
  assert.match(await page.locator('pre.raw-text').first().textContent(), /^Unit names are case-sensitive\nUsers type/);

  await page.goto(`${server.url}?data=panels/&dataset=fea&instance=acme__widgets-7`);
  const issue = page.locator('section.document', { has: page.locator('h3', { hasText: 'Issue' }) }).locator('.markdown');
  await issue.waitFor();
  const [first, second] = await textTops(issue, ['Issue', 'with its second line']);
  assert.ok(second > first, `FEA-Bench's issue keeps its line break: ${first}, ${second}`);

  await page.goto(`${server.url}?data=panels/&dataset=fb&instance=acme__widgets.abc12345.test_factory.0badf00d.lv2`);
  const task = page.locator('section.document .markdown').first();
  await task.waitFor();
  const [build, kind] = await textTops(task, ['Build widgets', 'of every kind']);
  assert.equal(kind, build, "FeatureBench's task file joins the paragraph's lines, as its own page does");
  assert.deepEqual(errors, []);
});

test("a code span keeps its spaces, as GitHub shows them, in a statement and in an issue's text with its line breaks", async () => {
  const { page, errors } = session;
  await page.goto(`${server.url}?data=panels/&dataset=fea&instance=acme__widgets-7`);
  await page.locator('section.document .markdown code').first().waitFor();
  // Each space's own width: a space collapsed into the one before it has none.
  const spaces = await page.locator('section.document .markdown code').evaluateAll((codes) => codes
    .filter((code) => code.textContent.includes('  '))
    .map((code) => {
      const text = code.firstChild;
      const at = text.data.indexOf('  ');
      return [at, at + 1].map((start) => {
        const range = document.createRange();
        range.setStart(text, start);
        range.setEnd(text, start + 1);
        return Math.round(range.getBoundingClientRect().width);
      });
    }));
  assert.equal(spaces.length, 2, 'the statement\'s span and the issue\'s');
  for (const [first, second] of spaces) {
    assert.ok(first > 0 && second === first, `both spaces are drawn, each as wide: ${first}, ${second}`);
  }
  assert.deepEqual(errors, []);
});

test("real SWE-bench Lite: an issue's title and its text are two lines, as on GitHub", async (t) => {
  if (withoutRealdata(t, lite)) return;
  const { page, errors } = session;
  await page.goto(`${server.url}?data=lite/&instance=astropy__astropy-12907`);
  const statement = page.locator('section.document .markdown').first();
  await statement.waitFor();
  const [title, text] = await textTops(statement, ['CompoundModels', 'Consider the following model']);
  assert.ok(text > title, `two lines: ${title}, ${text}`);
  assert.deepEqual(await page.locator('.instance-title code').allTextContents(), ['separability_matrix']);
  assert.deepEqual(errors, []);
});

test("a title's backtick spans show as code, as GitHub shows an issue's title", async () => {
  const { page, errors } = session;
  await page.goto(`${server.url}?instance=benchscope-demo__tinyconf-11`);
  const title = page.locator('.instance-title');
  await title.waitFor();
  assert.deepEqual(await title.locator('code').allTextContents(), ['${name}', '${section:name}']);
  assert.equal(await title.textContent(), 'Support ${name} and ${section:name} interpolation');
  assert.deepEqual(errors, []);
});

test("real SWE-bench Lite: Django's tracker text is shown as plain text, its line breaks kept, dunders literal, code monospace, raw on request", async (t) => {
  if (withoutRealdata(t, lite)) return;
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

test("real SWE-bench Verified: a statement's bare web addresses are links, as GitHub and Django's tracker show them; code keeps its addresses as text", async (t) => {
  if (withoutRealdata(t, lite)) return;
  const { page, errors } = session;
  const links = () => page.locator('section.document .document-text a').evaluateAll((links) => links.map((a) => [a.getAttribute('href'), a.textContent, a.rel, a.target]));
  const rel = 'noopener noreferrer nofollow';
  // GitHub's markdown: the address, less the sentence's punctuation; the one in the code block stays text.
  await page.goto(`${server.url}?data=verified/&instance=psf__requests-2931`);
  await page.waitForSelector('.document-text[data-form="markdown"]');
  const issue = 'https://github.com/kennethreitz/requests/issues/2844';
  assert.deepEqual(await links(), [[issue, issue, rel, '_blank']]);
  assert.match(await page.locator('.document-text pre').first().textContent(), /http:\/\/httpbin\.org\/put/);
  // Django's ticket, plain text: the pull request its `[… PR]` names.
  await page.goto(`${server.url}?data=verified/&instance=django__django-7530`);
  await page.waitForSelector('.document-text[data-form="plain"]');
  const pull = 'https://github.com/django/django/pull/7530';
  assert.deepEqual(await links(), [[pull, pull, rel, '_blank']]);
  assert.match(await page.locator('.document-text .plain-prose').last().textContent(), /\[\u200b\u200bhttps:\/\/github\.com\/django\/django\/pull\/7530 PR\]/);
  assert.deepEqual(errors, []);
});

test("real SWE-Dev: a PRD's docstrings read as strings over all their lines, not as code whose words are keywords", async (t) => {
  if (withoutRealdata(t, sweDev)) return;
  const { page, errors } = session;
  await page.goto(`${server.url}?data=swe-dev/&instance=advertools-test_reverse_dns_lookup-level1`);
  await page.waitForSelector('.document-text pre[data-lang="python"] .tok-str');
  // Each token read in order, with whether an odd number of `"""` came before it in its block.
  const tokens = await page.locator('.document-text pre[data-lang="python"] code').evaluateAll((blocks) => blocks.flatMap((block) => {
    let quotes = 0;
    const read = [];
    const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      read.push({ text: node.data, class: node.parentElement.className, inDocstring: quotes % 2 === 1 });
      quotes += node.data.split('"""').length - 1;
    }
    return read;
  }));
  const docstring = tokens.filter((token) => token.inDocstring && token.text.trim());
  assert.ok(docstring.some((token) => token.text.includes('Retrieve the hostname, alias list, and')), JSON.stringify(docstring.slice(0, 3)));
  assert.deepEqual(docstring.filter((token) => token.class !== 'tok-str'), [], 'every docstring line is the string\'s');
  assert.deepEqual(errors, []);
});

test("real SWE-bench Lite: a diff's lines inside a docstring read as the string's, unified and side by side, and so do a hunk's that begins inside one", async (t) => {
  if (withoutRealdata(t, lite)) return;
  const { page, errors } = session;
  // The words of a line's cell that are not the string's (its marker and indent aside).
  const notString = (scope, text) => scope.locator('td.code', { hasText: text }).evaluateAll((tds) => tds.flatMap((td) => {
    const read = [];
    const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.data.trim() && !node.parentElement.closest('.tok-str')) read.push([node.data, node.parentElement.className]);
    }
    return read.length ? [[td.textContent, read]] : [];
  }));
  // slugify's docstring, rewritten line for line: its words ("is", "False", "and", "or") are prose.
  for (const layout of ['', '&diff=split']) {
    await page.goto(`${server.url}?data=lite/&instance=django__django-12983${layout}`);
    const gold = page.locator('section.patch[data-role="gold"]');
    await gold.locator('td.code').first().waitFor();
    for (const text of ["Convert to ASCII if 'allow_unicode' is False. Convert spaces to hyphens.", 'underscores, or hyphens. Convert to lowercase. Also strip leading and']) {
      assert.equal(await gold.locator('td.code', { hasText: text }).count() > 0, true, text);
      assert.deepEqual(await notString(gold, text), [], `${layout || 'unified'}: ${text}`);
    }
    assert.ok(await gold.locator('td.code', { hasText: 'if allow_unicode:' }).locator('.tok-kw').count() > 0, 'the code after it is code');
  }
  // A test patch's hunk that begins inside a string: the HTML its first lines end is the string's,
  // and the code after the string closes is code.
  await page.goto(`${server.url}?data=lite/&instance=django__django-11019`);
  const tests = page.locator('section.patch[data-role="test"]');
  await tests.locator('td.code').first().waitFor();
  const closing = '<script type="text/javascript" src="/path/to/js4"></script>"""';
  assert.ok(await tests.locator('td.code', { hasText: closing }).count() > 0);
  assert.deepEqual((await notString(tests, closing)).filter(([text]) => text.trim().endsWith(closing)), [], 'the string it ends');
  assert.deepEqual(errors, []);
});

test('a patch downloads as stored, named by its instance and whose it is: the gold and test patches, and a run\'s model patch', async () => {
  const { page, errors } = session;
  const id = 'benchscope-demo__tinyconf-12';
  const record = demo.find((r) => r.instance_id === id);
  await page.goto(`${server.url}?instance=${id}`);
  const save = async (scope) => {
    const [download] = await Promise.all([page.waitForEvent('download'), scope.locator('button.diff-download').click()]);
    return [download.suggestedFilename(), readFileSync(await download.path(), 'utf8')];
  };
  await page.locator('section.patch[data-role="gold"] .diff-file').first().waitFor();
  assert.deepEqual(await save(page.locator('section.patch[data-role="gold"]')), [`${id}.gold.patch`, record.patch]);
  assert.deepEqual(await save(page.locator('section.patch[data-role="test"]')), [`${id}.test.patch`, record.test_patch]);
  await page.click('tr[data-run="partly-right"] .show-patch');
  await page.waitForSelector('tr.model-patch .diff-file');
  const predicted = readFileSync(join(ROOT, 'demo', 'predictions', 'partly-right.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l)).find((p) => p.instance_id === id);
  assert.deepEqual(await save(page.locator('tr.model-patch')), [`${id}.partly-right.patch`, predicted.model_patch]);
  assert.deepEqual(errors, []);
});

test('an instance shows each run: verdict, failure mode, per-test statuses, and the model patch against the gold', async () => {
  const { page, errors } = session;
  const id = 'benchscope-demo__tinyconf-12';
  await page.goto(`${server.url}?instance=${id}`);
  await page.waitForSelector('.runs-table tbody tr[data-run]');
  const rowsShown = await page.locator('.runs-table tbody tr[data-run]').evaluateAll((trs) => trs.map((tr) => [tr.dataset.run, tr.querySelector('.verdict').textContent, tr.querySelector('.mode-name').textContent]));
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
  // The run's test log, as `eval` stored it, opens under its row, whole on request.
  const logPath = run('partly-right').log;
  assert.ok(logPath, 'the result names its stored test log');
  await page.click('tr[data-run="partly-right"] .show-log');
  await page.waitForSelector('tr.test-log .log-view');
  // A test run's log opens at its first failure, here pytest's FAILURES section.
  const stored = readFileSync(join(server.dirs.data, logPath), 'utf8');
  const failuresAt = stored.split('\n').findIndex((line) => /^=+ FAILURES =+$/.test(line)) + 1;
  assert.ok(failuresAt > 0, 'the stored log has a FAILURES section');
  assert.match(await page.locator('tr.test-log .note').first().textContent(), new RegExp(`^First failure at line ${failuresAt} of `));
  assert.equal(await page.locator('tr.test-log .first-error').getAttribute('data-line'), String(failuresAt));
  const showWhole = page.locator('tr.test-log .show-more');
  if (await showWhole.count()) await showWhole.click();
  const shown = await page.locator('tr.test-log pre.log').textContent();
  assert.equal(shown, stored);
  // On a phone each run is a card that needs no sideways scrolling: its name on a line of its
  // own, every other cell it shows naming its column (the verdict says itself), the open log inside the screen.
  await page.setViewportSize({ width: 390, height: 900 });
  const [wide, box] = await page.locator('.runs-table').evaluate((table) => [table.scrollWidth, table.clientWidth]);
  assert.ok(wide <= box, `the runs table is ${wide} px wide in ${box}`);
  const cells = await page.locator('tr.run[data-run="partly-right"] > td').evaluateAll((tds) => tds.filter((td) => td.getClientRects().length > 0).map((td) => {
    const label = td.classList.contains('mode') ? getComputedStyle(td.querySelector('.mode-name'), '::before').content : getComputedStyle(td, '::before').content;
    return { cell: td.className, label, top: Math.round(td.getBoundingClientRect().top), right: td.getBoundingClientRect().right };
  }));
  assert.deepEqual(cells.slice(0, 2).map((c) => c.cell), ['run-name', 'verdict fail']);
  assert.ok(cells.every((c) => c.right <= 390), `cells end at ${cells.map((c) => c.right)}`);
  assert.ok(cells.slice(1).every((c) => c.top > cells[0].top), 'the name has its line');
  assert.deepEqual(cells.slice(2).filter((c) => c.label === 'none'), [], 'every cell after the verdict names its column');
  assert.ok(cells.some((c) => c.label === '"FAIL_TO_PASS"') && cells.some((c) => c.label === '"Model patch"'), JSON.stringify(cells));
  const logBox = await page.locator('tr.test-log .log-view').boundingBox();
  assert.ok(logBox.x >= 0 && logBox.x + logBox.width <= 390, `the log spans ${logBox.x}–${logBox.x + logBox.width} px`);
  await page.setViewportSize({ width: 1280, height: 900 });
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
  // A run of verdicts alone (a harness summary) names no test: no column of "no status" marks.
  const summarized = SUMMARY_RESOLVED.find((id) => id !== PARTIAL);
  await page.goto(`${server.url}?data=graded/&instance=${summarized}`);
  await page.waitForSelector('.runs-table tr[data-run="summary"]');
  await page.locator('section.fail-to-pass li').first().waitFor();
  assert.equal(await page.locator('section.tests .chip').count(), 0);
  assert.equal(await page.locator('.test-legend').count(), 0);
  assert.deepEqual(errors, []);
});

test('a fail-only log: the listed tests it does not name pass, with their own mark and a legend that says why', async () => {
  const { page, errors } = session;
  const { id, failToPass, passToPass, failed } = FAIL_ONLY;
  await page.goto(`${server.url}?data=fail-only/&instance=${id}`);
  await page.waitForSelector('.runs-table tr[data-run="karma"]');
  assert.equal(await page.locator('tr[data-run="karma"] .verdict').textContent(), 'unresolved');
  const chips = (section) => page.locator(`section.${section} li`).evaluateAll((lis) => lis.map((li) => [li.querySelector('code').textContent, li.querySelector('.chip').textContent, li.querySelector('.chip').getAttribute('title')]));
  const unnamed = 'karma: passed: the log names failed tests only';
  assert.deepEqual(await chips('fail-to-pass'), failToPass.map((t) => [t, '✓', unnamed]));
  assert.deepEqual(await chips('pass-to-pass'), passToPass.map((t) => [t, t === failed ? '✗' : '✓', t === failed ? 'karma: failed' : unnamed]));
  assert.equal(await page.locator('section.fail-to-pass .chip.unnamed').count(), failToPass.length);
  assert.match(await page.locator('.test-legend').textContent(), /✓ passed: the log names failed tests only/);
  // A run graded both ways has no such legend entry.
  await page.goto(`${server.url}?data=graded/&instance=${PARTIAL}`);
  await page.waitForSelector('.runs-table tr[data-run="partial-log"]');
  assert.doesNotMatch(await page.locator('.test-legend').textContent(), /names failed tests only/);
  assert.deepEqual(errors, []);
});

test('a long test list shows its first 20 and every test a run did not pass, the rest on request', async () => {
  const { page, errors } = session;
  const { id, passToPass, failed } = LONG_LIST;
  await page.goto(`${server.url}?data=long-list/&instance=${id}`);
  await page.waitForSelector('.runs-table tr[data-run="night"]');
  const list = page.locator('section.pass-to-pass');
  const shown = () => list.locator('li').evaluateAll((lis) => lis.map((li) => (li.classList.contains('fold-gap') ? li.textContent : [li.querySelector('code').textContent, li.querySelector('.chip').textContent])));
  assert.equal(await list.locator('h3').textContent(), 'PASS_TO_PASS (60)');
  const folded = [...passToPass.slice(0, 20).map((test) => [test, '✓']), '25 tests not shown', [failed, '✗']];
  assert.deepEqual(await shown(), folded, 'the first 20, then the one the run failed, far down the list, the tests between said to be left out');
  assert.equal(await list.locator('.fold-note').textContent(), 'The first 20 of 60, and every other one a loaded run did not pass. Show all 60');
  await list.locator('button.fold-switch').click();
  assert.deepEqual(await shown(), passToPass.map((test) => [test, test === failed ? '✗' : '✓']));
  assert.equal(await list.locator('button.fold-switch').textContent(), 'Show the first 20');
  await list.locator('button.fold-switch').click();
  assert.deepEqual(await shown(), folded);
  // A list of 50 or fewer does not fold.
  assert.equal(await page.locator('section.fail-to-pass .fold-note').count(), 0);
  assert.deepEqual(errors, []);
});

test("real SWE-bench Lite: a PASS_TO_PASS list of 1,689 tests folds, so the patches below it are a screen's scroll away", async (t) => {
  if (withoutRealdata(t, lite)) return;
  const { page, errors } = session;
  await page.goto(`${server.url}?data=lite/&instance=pydata__xarray-4493`);
  const list = page.locator('section.pass-to-pass');
  await list.locator('li').first().waitFor();
  assert.equal(await list.locator('h3').textContent(), 'PASS_TO_PASS (1689)');
  assert.equal(await list.locator('li').count(), 20);
  assert.match(await list.locator('.fold-note').textContent(), /^The first 20 of 1689\. Show all 1689$/);
  const height = await list.evaluate((section) => section.getBoundingClientRect().height);
  assert.ok(height < 1000, `the folded list is ${height} px tall`);
  await list.locator('button.fold-switch').click();
  assert.equal(await list.locator('li').count(), 1689);
  assert.deepEqual(errors, []);
});

test('real SWE-bench Lite: an instance links to the pull request its id names; a SWE-smith task, whose id names none, links to none', async (t) => {
  if (withoutRealdata(t, lite)) return;
  const { page, errors } = session;
  await page.goto(`${server.url}?data=lite/&instance=django__django-11001`);
  const pull = page.locator('dl.meta dt:text-is("Pull request") + dd a');
  await pull.waitFor();
  assert.deepEqual([await pull.textContent(), await pull.getAttribute('href')], ['#11001', 'https://github.com/django/django/pull/11001']);
  assert.equal(await page.locator('dl.meta dt').first().textContent(), 'Repository', 'the pull request follows its repository');
  assert.equal(await page.locator('dl.meta dt').nth(1).textContent(), 'Pull request');
  await page.goto(`${server.url}?data=panels/&dataset=smith&instance=acme__widgets.abc12345.combine_file__09vlzh3c`);
  await page.waitForSelector('article.instance dl.meta');
  assert.equal(await page.locator('dl.meta dt:text-is("Pull request")').count(), 0);
  assert.deepEqual(errors, []);
});

test('a record with a blank statement (a SWE-smith task) says so, and its id is not shown again as its title', async () => {
  const { page, errors } = session;
  const id = 'acme__widgets.abc12345.combine_file__09vlzh3c';
  await page.goto(`${server.url}?data=panels/&dataset=smith&instance=${id}`);
  await page.waitForSelector('article.instance');
  const statement = page.locator('section.document').first();
  assert.equal(await statement.locator('h3').textContent(), 'Problem statement');
  assert.equal(await statement.locator('.note').textContent(), 'Blank: the record holds no text here.');
  assert.equal(await statement.locator('.raw-toggle, button').count(), 0, 'no raw text to show');
  assert.equal(await page.locator('.instance-title').count(), 0);
  assert.equal(await page.locator('h2.instance-id').textContent(), id);
  assert.deepEqual(errors, []);
});

test("a SWE-smith task's published patch shows as its bug, and the gold patch is that patch reversed", async () => {
  const { page, errors } = session;
  await page.goto(`${server.url}?data=panels/&dataset=smith&instance=acme__widgets.abc12345.combine_file__09vlzh3c`);
  await page.locator('section.patch .diff-file').first().waitFor();
  const sections = page.locator('section.patch');
  assert.deepEqual(await sections.evaluateAll((els) => els.map((el) => el.dataset.role)), ['gold', 'bug']);
  assert.deepEqual(await sections.locator('h3').allTextContents(), ['Gold patch', 'Bug patch']);
  const gold = page.locator('section.patch[data-role="gold"]');
  assert.match(await gold.locator('p.note').textContent(), /bug patch reversed/);
  const lines = async (section, kind) => (await section.locator(`tr.${kind} td.code`).allTextContents()).map((t) => t.trim());
  assert.deepEqual(await lines(gold, 'del'), ['return None']);
  assert.deepEqual(await lines(gold, 'add'), ['return Widget()']);
  const bug = page.locator('section.patch[data-role="bug"]');
  assert.match(await bug.locator('p.note').textContent(), /the bug to fix/);
  assert.deepEqual(await lines(bug, 'add'), ['return None'], SMITH_BUG);
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
  assert.equal(await page.locator('dl.meta a', { hasText: /^acme\/widgets$/ }).getAttribute('href'), 'https://github.com/acme/widgets');
  const origin = await page.locator('dl.meta dt:is(:text-is("Pull request"), :text-is("Issues")) + dd a').evaluateAll((links) => links.map((a) => [a.textContent, a.href, a.rel]));
  assert.deepEqual(origin, [
    ['#7', 'https://github.com/acme/widgets/pull/7', 'noopener noreferrer'],
    ['#5', 'https://github.com/acme/widgets/issues/5', 'noopener noreferrer'],
    ['#6', 'https://github.com/acme/widgets/issues/6', 'noopener noreferrer'],
  ], 'the record\'s pull_number and issue_numbers link to GitHub');
  const raw = await page.locator('.raw-fields dt').allTextContents();
  assert.ok(!raw.includes('pull_number') && !raw.includes('issue_numbers') && !raw.includes('new_components') && !raw.includes('environment_setup_commit'), `raw fields keep only what no panel shows: ${raw}`);
  const blank = page.locator('.raw-fields dt', { hasText: 'reviewer_notes' }).locator('xpath=following-sibling::dd[1]');
  assert.deepEqual([await blank.textContent(), await blank.locator('pre').count()], ['(blank)', 0], 'a blank field says so rather than showing an empty box');

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
  // SWE-Dev names a repository by its package alone: no address to link to (github.com/widgets
  // would be an account's page).
  assert.equal(await page.locator('dl.meta dd', { hasText: /^widgets$/ }).count(), 1);
  assert.equal(await page.locator('dl.meta dd a').count(), 0, 'no link for a repository without an owner');
  await pair.locator('summary').click();
  assert.match(await pair.locator('pre.python').textContent(), /Masked/);
  await pair.locator('button', { hasText: 'Ground truth' }).click();
  await page.waitForFunction(() => document.querySelector('details.source-pair pre.python').textContent.includes('return Widget(kind)'));
  const tree = page.locator('section.call-tree');
  assert.deepEqual(await tree.locator('code.symbol').allTextContents(), ['test_make', 'make_widget', 'Widget.__init__']);
  assert.equal(await tree.locator('ul ul ul li').count(), 1, 'the tree nests test → function → callee');
  // SWE-Dev lists no PASS_TO_PASS tests: the empty list says so.
  assert.equal(await page.locator('section.pass-to-pass li').count(), 0);
  assert.equal(await page.locator('section.pass-to-pass p.note').textContent(), 'None: the benchmark lists no PASS_TO_PASS test for this instance.');
  assert.equal(await page.locator('section.fail-to-pass p.note').count(), 0);
  assert.deepEqual(errors, []);
});

/** R2E-Gym's "Expected not to pass" panel of `task`, in the panels fixture, once drawn. */
async function expectedPanel(page, task) {
  await page.goto(`${server.url}?data=panels/&dataset=r2e&instance=${encodeURIComponent(task)}`);
  const expected = page.locator('section.expected-output');
  await expected.waitFor();
  return expected;
}

test("R2E-Gym's hidden tests the fixed code did not pass are listed with the status a run must leave them in and each run's, named as R2E-Gym compares them", async () => {
  const { page, errors } = session;
  const expected = await expectedPanel(page, R2E_GYM_TASK);
  assert.equal(await expected.locator('h3').textContent(), 'Expected not to pass (2)');
  await expected.locator('.chip').first().waitFor();
  // DeepSWE's run passed test_legacy, which the fixed code failed: that is why it was not rewarded.
  assert.deepEqual(await expected.locator('li').evaluateAll((items) => items.map((li) => [li.querySelector('code').textContent, li.querySelector('.expected').textContent,
    [...li.querySelectorAll('.chip')].map((chip) => chip.getAttribute('aria-label'))])),
  [['test_legacy', 'FAILED', ['DeepSWE-Preview: passed']], ['test_network', 'ERROR', ['DeepSWE-Preview: not in the log']]]);
  assert.equal(await page.locator('tr.run[data-run="deepswe"] td.verdict').textContent(), 'unresolved · reward\u00a00.00', 'the verdict, with the reward R2E-Gym gave');
  assert.equal(await page.locator('tr.run[data-run="deepswe"] td.mode .mode-name').textContent(), 'expected output differs', 'and why: the listed tests passed');
  assert.match(await expected.locator('.note').textContent(), /each of the task's 4 hidden tests ends as it did on the fixed code/);
  assert.deepEqual(await page.locator('section.fail-to-pass li code').allTextContents(), ['test_spaces']);
  assert.deepEqual(await page.locator('section.pass-to-pass li code').allTextContents(), ['test_one']);
  const raw = await page.locator('.raw-fields dt').allTextContents();
  assert.ok(!raw.includes('expected_output') && raw.includes('new_commit_res_code'), `the panel takes the field it shows, and only that: ${raw}`);
  assert.deepEqual(errors, []);
});

test("a long list of R2E-Gym's tests expected not to pass folds as the test lists do, keeping each test a loaded run left otherwise", async () => {
  const { page, errors } = session;
  const expected = await expectedPanel(page, R2E_GYM_LONG_TASK);
  assert.equal(await expected.locator('h3').textContent(), 'Expected not to pass (60)');
  await expected.locator('.chip').first().waitFor();
  const name = (at) => `test_old_${String(at).padStart(2, '0')}`;
  // The first twenty, then the one DeepSWE's run passed, which the fixed code failed.
  const firstAndChanged = [...Array.from({ length: 20 }, (_, at) => name(at)), 'test_old_42'];
  assert.deepEqual(await expected.locator('li code').allTextContents(), firstAndChanged);
  assert.deepEqual(await expected.locator('li.fold-gap').allTextContents(), ['22 tests not shown']);
  assert.equal(await expected.locator('li.fold-gap').evaluate((li) => getComputedStyle(li).fontStyle), 'italic', "the gap looks as the test lists' gaps do");
  assert.equal(await expected.locator('li', { hasText: 'test_old_42' }).locator('.chip').getAttribute('aria-label'), 'DeepSWE-Preview: passed');
  assert.equal(await expected.locator('.fold-note').textContent(), 'The first 20 of 60, and every other one a loaded run did not leave as expected. Show all 60');
  await expected.locator('button.fold-switch').click();
  await page.waitForFunction(() => document.querySelectorAll('section.expected-output li code').length === 60);
  assert.deepEqual(await expected.locator('li code').allTextContents(), Array.from({ length: 60 }, (_, at) => name(at)));
  assert.equal(await expected.locator('li.fold-gap').count(), 0);
  assert.equal(await expected.locator('.fold-note').textContent(), 'All 60 shown. Show the first 20');
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

test('a split that hides its gold patches and tests (SWE-bench Multimodal\'s test split) says so, rather than showing empty lists, and lists the tests a run\'s report names; its screenshots are links', async () => {
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
    if (id.endsWith('-2')) {
      assert.equal(await page.locator('section.tests .note').textContent(), 'No FAIL_TO_PASS or PASS_TO_PASS tests are published for this instance.');
    } else {
      // The harness's report of the run `night` (model-x's) names three tests: they are listed, said to be the run's.
      const named = page.locator('section.tests.runs-named');
      await named.locator('li').first().waitFor();
      assert.equal(await named.locator('h3').textContent(), 'Tests the runs name (3)');
      assert.match(await named.locator('.note').textContent(), /record lists no FAIL_TO_PASS or PASS_TO_PASS tests: these are the tests the loaded runs' reports name/);
      const tests = await named.locator('li').evaluateAll((lis) => lis.map((li) => [li.querySelector('code').textContent, li.querySelector('.chip').getAttribute('title')]));
      assert.deepEqual(tests, [
        ['client/reader/test/index.js::keeps <img> alt text', 'model-x: failed'],
        ['client/reader/test/index.js::loads', 'model-x: passed'],
        ['client/reader/test/index.js::renders images', 'model-x: passed'],
      ]);
    }
    // The markdown image and the HTML <img> tag alike: a link to the image, never an image loaded.
    const n = id.split('-').pop();
    const links = await page.locator('section.document a').evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')]));
    assert.deepEqual(links, [[`screenshot ${n}`, `https://user-images.githubusercontent.com/1/${n}.png`], ['after', `https://user-images.githubusercontent.com/1/${n}b.png`]]);
    assert.equal(await page.locator('article.instance img').count(), 0);
  }
  assert.deepEqual(errors, []);
});
