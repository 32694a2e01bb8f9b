// The instance list: its filters, facet counts, sorts and keyboard; its virtual rows at 50,000
// instances; the frames a keystroke or a new order draws; its tooltips; a row with no gold patch.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gitNumstat, benchscope, serve, tempDir } from './support.js';
import { useFixtures, server, session, lite, featurebench, sweDev, alone, demo, withoutRealdata, NUMBERED_IDS } from './context.js';
import { rows, facetBox, listsRows } from './read_page.js';

useFixtures();

/** Resolves once `page` has begun `n` more frames. */
const framesDrawn = (page, n) => page.evaluate((n) => new Promise((done) => {
  const next = (left) => (left === 0 ? done() : requestAnimationFrame(() => next(left - 1)));
  next(n);
}), n);

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
  await listsRows(page, 3);
  assert.match(page.url(), /f=repo%3Abenchscope-demo%2Fslugkit/);
  const ids = await page.locator('.instance-row').evaluateAll((trs) => trs.map((tr) => tr.dataset.id));
  assert.deepEqual(ids, demo.filter((r) => r.repo === 'benchscope-demo/slugkit').map((r) => r.instance_id));
  assert.equal(await page.locator('.tagline').count(), 1, "Benchscope's own page keeps its tagline");
  assert.deepEqual(errors, []);
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

test('back from an instance, the list selects the last one the reader opened or stepped to, in view, deep in 50,000 rows', async () => {
  const { page, errors } = session;
  await page.goto(`${server.url}?data=large/`);
  await page.waitForSelector('main:not([data-first-screen]) .instance-row');
  await page.locator('.rows').evaluate((el) => { el.scrollTop = el.scrollHeight; });
  await page.click('.instance-row[data-id="large__repo-49990"] a');
  await page.waitForSelector('article.instance[data-id="large__repo-49990"]');
  assert.equal(await page.locator('.step-through .list-place').textContent(), '49991 of 50000');
  await page.keyboard.press('j');
  await page.waitForSelector('article.instance[data-id="large__repo-49991"]');
  await page.keyboard.press('Escape');
  const selected = page.locator('.instance-row.selected');
  await selected.waitFor();
  assert.equal(await selected.getAttribute('data-id'), 'large__repo-49991');
  const [row, box] = await page.evaluate(() => [document.querySelector('.instance-row.selected'), document.querySelector('.rows')].map((el) => el.getBoundingClientRect()));
  assert.ok(row.top >= box.top - 1 && row.bottom <= box.bottom + 1, `the selected row (${row.top}–${row.bottom}) is in the list's box (${box.top}–${box.bottom})`);
  await page.keyboard.press('Enter');
  await page.waitForSelector('article.instance[data-id="large__repo-49991"]');
  assert.deepEqual(errors, []);
});

test('on a wide screen the list fills the window: the page does not scroll, the rows and the facets scroll in their own boxes', async () => {
  const { page, errors } = session;
  const layout = () => page.evaluate(() => {
    const [rows, facets] = ['.rows', '.facets'].map((s) => document.querySelector(s));
    return {
      page: document.scrollingElement.scrollHeight,
      rowsBottom: rows.getBoundingClientRect().bottom,
      rowsHeight: rows.clientHeight,
      rowsExtent: rows.scrollHeight,
      facetsBottom: facets.getBoundingClientRect().bottom,
      facetsScroll: getComputedStyle(facets).overflowY,
    };
  });
  try {
    for (const [width, height] of [[1280, 900], [1920, 1080], [1024, 640]]) {
      await page.setViewportSize({ width, height });
      await page.goto(`${server.url}?data=large/`);
      await page.waitForSelector('main:not([data-first-screen]) .instance-row');
      const where = `${width} x ${height}`;
      const shown = await layout();
      assert.equal(shown.page, height, `${where}: the page does not scroll`);
      assert.ok(shown.rowsBottom <= height && shown.rowsBottom >= height - 32, `${where}: the rows' box ends in the window, by its foot (${shown.rowsBottom})`);
      assert.equal(Math.round(shown.facetsBottom), Math.round(shown.rowsBottom), `${where}: the facets end with the rows`);
      assert.ok(shown.rowsExtent > shown.rowsHeight, `${where}: the rows scroll in their box`);
      assert.equal(shown.facetsScroll, 'auto', `${where}: facets longer than their box scroll in it`);
    }
    // A window shorter than the list's least height: the box keeps it, and the page scrolls.
    await page.setViewportSize({ width: 1280, height: 420 });
    await page.goto(`${server.url}?data=large/`);
    await page.waitForSelector('main:not([data-first-screen]) .instance-row');
    const short = await layout();
    assert.ok(short.rowsHeight >= 320 && short.page > 420, `a short window scrolls the page: ${JSON.stringify(short)}`);
  } finally {
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  assert.deepEqual(errors, []);
});

test('a new order draws the rows in view in its own frame and the margin once the rows settle, as a scroll would draw them', async () => {
  const { page, errors } = session;
  // A window shorter than the list's least height: the list's box runs below the window's bottom
  // edge and the page scrolls (in a taller window it fills the window, and the page does not).
  await page.setViewportSize({ width: 1280, height: 500 });
  try {
    await page.goto(`${server.url}?data=large/`);
    await page.waitForSelector('main:not([data-first-screen]) .instance-row');
    // Each row the page holds, by its position in the order; the list's scroll, in rows; and the
    // positions before `inView` are those the window shows (the rows below its bottom edge are not
    // in view).
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
    const frames = (n) => framesDrawn(page, n);
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
    // A scroll draws the rows new to the page at once: the same rows at the same places.
    await page.locator('.rows').evaluate((el) => { el.scrollTop = 10 * 44; });
    await frames(3);
    const scrolled = await held();
    assert.equal(scrolled.top, 10);
    for (const [position, id] of Object.entries(scrolled.byPosition)) assert.equal(id, sorted(Number(position)), `row at ${position} after the scroll`);
    // One row further, each row element whose position is still in the page keeps its row: only
    // the one whose position left the page is written, with the row new to it.
    const slots = () => page.locator('.instance-row').evaluateAll((rows) => rows.map((row) => `${row.offsetTop} ${row.dataset.id} ${row.textContent}`));
    const beforeStep = await slots();
    await page.locator('.rows').evaluate((el) => { el.scrollTop = 11 * 44; });
    await frames(3);
    const afterStep = await slots();
    assert.equal(afterStep.length, beforeStep.length);
    const written = afterStep.filter((slot, i) => slot !== beforeStep[i]);
    assert.equal(written.length, 1, `one row element written by a scroll of one row: ${written.join(' | ')}`);
    const last = Math.max(...afterStep.map((slot) => Number(slot.split(' ')[0]))) / 44;
    assert.ok(written[0].startsWith(`${last * 44} ${sorted(last)} `), `the row new to the page, at the bottom of the margin: ${written[0]}`);
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
  } finally {
    await page.setViewportSize({ width: 1280, height: 900 });
  }
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

test('after a scroll, a row\'s tooltips and its click are those of the row it shows, whichever slot holds it', async () => {
  const { page, errors } = session;
  await page.goto(`${server.url}?data=large/`);
  await page.waitForSelector('main:not([data-first-screen]) .instance-row');
  const frames = (n) => framesDrawn(page, n);
  // Ten rows down, then one more: the slot that held the row leaving the page now holds the one
  // new to it, so the slots are no longer in the order of the rows they show.
  for (const rows of [10, 11]) {
    await page.locator('.rows').evaluate((el, rows) => { el.scrollTop = rows * 44; }, rows);
    await frames(3);
  }
  const id = 'large__repo-00011';
  const row = page.locator(`.instance-row[data-id="${id}"]`);
  const slot = await row.evaluate((el) => [...el.parentElement.children].indexOf(el));
  const first = await page.locator('.instance-row').evaluateAll((rows) => Math.min(...rows.map((r) => r.offsetTop)) / 44);
  assert.notEqual(slot, 11 - first, 'the row is not in the slot of its place among the rows in the page');
  await row.hover();
  assert.equal(await row.locator('.id').getAttribute('title'), id);
  await row.locator('.id').click();
  await page.waitForSelector(`article.instance[data-id="${id}"]`);
  assert.deepEqual(errors, []);
});

test('a row without a gold patch (FeatureBench publishes none) shows a dash for its size, not a patch of zero lines; a list of such rows alone leaves the size columns out', async (t) => {
  if (withoutRealdata(t, featurebench)) return;
  const { page, errors } = session;
  const sizes = () => page.locator('.instance-row').evaluateAll((rows) => rows.map((row) => [row.querySelector('.files').textContent, row.querySelector('.plus').textContent, row.querySelector('.minus').textContent]));
  await page.goto(`${server.url}?data=featurebench/&dataset=featurebench&split=lite`);
  await page.waitForSelector('.instance-row');
  const dashed = await sizes();
  assert.ok(dashed.length > 0);
  assert.deepEqual(dashed.filter(([files, plus, minus]) => files !== '—' || plus !== '' || minus !== ''), [], 'no FeatureBench row claims a size');
  const sizeColumns = () => page.locator('.row-head > .num, .instance-row > .num').evaluateAll((cells) => cells.filter((cell) => cell.getBoundingClientRect().width > 0).length);
  assert.equal(await sizeColumns(), 0, 'no column of dashes alone');
  await page.goto(`${server.url}?data=data/`);
  await page.waitForSelector('.instance-row');
  assert.ok(await sizeColumns() > 0, 'rows with sizes show them');
  for (const [files, plus, minus] of await sizes()) {
    assert.match(files, /^[1-9]\d*$/);
    assert.match(plus, /^\+\d+$/);
    assert.match(minus, /^−\d+$/);
  }
  assert.deepEqual(errors, []);
});

test('the column of sizes is as wide as its widest entry: whole at +100000 −10000, narrow where every patch is small, and the header above it', async (t) => {
  // One task whose gold patch adds 100,000 lines and removes 10,000, one that changes a line.
  const input = join(tempDir('sizes'), 'tasks.jsonl');
  const patch = (added, removed) => [
    'diff --git a/f.py b/f.py', '--- a/f.py', '+++ b/f.py', `@@ -1,${removed} +1,${added} @@`,
    ...Array.from({ length: removed }, (_, n) => `-old ${n}`), ...Array.from({ length: added }, (_, n) => `+new ${n}`), '',
  ].join('\n');
  const record = (id, patchText) => ({ instance_id: id, repo: 'o/r', base_commit: 'abc', problem_statement: 'A task', patch: patchText, FAIL_TO_PASS: '[]', PASS_TO_PASS: '[]' });
  writeFileSync(input, [record('o__r-1', patch(100000, 10000)), record('o__r-2', patch(1, 1))].map((r) => JSON.stringify(r)).join('\n') + '\n');
  const data = join(tempDir('sizes-data'), 'data');
  benchscope('export', input, '--dataset', 'sizes', '--out', data, '--quiet');
  const own = await serve({ sizes: data });
  t.after(() => own.close());
  const { page, errors } = session;
  // Each size cell's text, width and whether it is whole; the header's cell's width.
  const column = () => page.evaluate(() => ({
    cells: [...document.querySelectorAll('.instance-row > .num:last-child')].map((cell) => ({ text: cell.textContent, width: cell.getBoundingClientRect().width, whole: cell.scrollWidth <= cell.clientWidth })),
    head: document.querySelector('.row-head > :nth-child(5)').getBoundingClientRect().width,
    rem: parseFloat(getComputedStyle(document.documentElement).fontSize),
  }));
  const check = async (url, label) => {
    await page.goto(url);
    await page.waitForSelector('main:not([data-first-screen]) .instance-row');
    const { cells, head, rem } = await column();
    assert.ok(cells.length > 0, label);
    for (const cell of cells) {
      assert.ok(cell.whole, `${label}: ${cell.text} is shown whole in ${cell.width} px`);
      assert.ok(Math.abs(cell.width - head) < 0.5, `${label}: the header's cell is as wide as the rows' (${head} against ${cell.width} px)`);
    }
    return { width: cells[0].width, rem, texts: cells.map((cell) => cell.text) };
  };
  const large = await check(`${own.url}?data=sizes/&dataset=sizes`, 'a huge patch');
  assert.ok(large.texts.includes('+100000 −10000'), JSON.stringify(large.texts));
  const small = await check(`${server.url}?data=data/`, 'the demo');
  // The demo's widest is `+30 −1`: far less than the huge patch's, and less than the fixed
  // 7.25rem the column once had, which cut titles short for nothing.
  assert.ok(small.width < 5 * small.rem && small.width < large.width, `${small.width} px against ${large.width}`);
  if (!withoutRealdata(t, lite)) await check(`${server.url}?data=lite/&dataset=swe-bench-lite`, 'SWE-bench Lite');
  assert.deepEqual(errors, []);
});

/**
 * What each row's id cell shows, character by character: the characters laid out inside their
 * element's box and the cell's, those under an ending ellipsis left out and the cut marked `…`.
 * Each row as `[id, repository, shown]`.
 */
function shownIds(page) {
  return page.locator('.instance-row').evaluateAll((rows) => rows.map((row) => {
    const cell = row.querySelector('.id');
    const inside = (rect, box, cut) => rect.width > 0 && rect.left >= box.left - 0.5 && rect.right <= box.right + 0.5 - cut;
    let shown = '';
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      // An ellipsis takes the last letter's room or so of an element whose text runs past it,
      // by a fraction of a pixel too (which `scrollWidth`, rounded, does not show).
      const boxes = [cell.getBoundingClientRect(), parent.getBoundingClientRect()];
      const range = document.createRange();
      range.selectNodeContents(node);
      const cut = range.getBoundingClientRect().width > boxes[1].width + 0.001 ? 10 : 0;
      for (let at = 0; at < node.data.length; at += 1) {
        range.setStart(node, at);
        range.setEnd(node, at + 1);
        const rect = range.getBoundingClientRect();
        const visible = boxes.every((box, nth) => inside(rect, box, nth === 1 ? cut : 0));
        shown += visible ? node.data[at] : shown.endsWith('…') ? '' : '…';
      }
    }
    return [row.dataset.id, row.querySelector('.repo').textContent, shown];
  }));
}

/**
 * How many places the rows' id middles start at, and their last words end at (each row's
 * relative to its id cell, to the pixel): FeatureBench's ids, whose first part spells a commit,
 * have that part cut to one width, so that the rest lines up.
 */
async function idColumns(page) {
  const places = await page.locator('.instance-row .id').evaluateAll((cells) => cells.map((cell) => {
    const left = cell.getBoundingClientRect().left;
    const box = (part) => cell.querySelector(part).getBoundingClientRect();
    return [Math.round(box('.id-middle').left - left), Math.round(box('.id-end').right - left - cell.clientWidth)];
  }));
  return { middles: new Set(places.map(([middle]) => middle)).size, ends: new Set(places.map(([, end]) => end)).size };
}

// Long ids as the benchmarks publish them: each one's test's name and the level that ends it.
const LONG_IDS = [
  // astropy__astropy.b0db0daa.test_basic_rgb.8d1c1e15.lv1
  ['FeatureBench', () => featurebench, 'featurebench/&dataset=featurebench&split=full', (id) => [id.split('.')[2], `.${id.split('.').at(-1)}`]],
  // amazon_textract_textractor-test_t_pipeline-level2, of the repository amazon_textract_textractor
  ['SWE-Dev', () => sweDev, 'swe-dev/', (id, repo) => [id.slice(repo.length + 1, id.lastIndexOf('-')), id.slice(id.lastIndexOf('-'))]],
];

test('long ids (FeatureBench\'s, SWE-Dev\'s) show what tells a row from its repository\'s others, on a wide screen and a phone', async (t) => {
  if (withoutRealdata(t, featurebench)) return;
  const { page, errors } = session;
  try {
    for (const [benchmark, data, query, testAndLevel] of LONG_IDS) {
      assert.ok(data(), `${benchmark}'s data is exported`);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${server.url}?data=${query}`);
        await page.waitForSelector('.instance-row');
        const shown = await shownIds(page);
        const where = `${benchmark} at ${width} px`;
        assert.ok(shown.length >= 10, `${shown.length} rows, ${where}`);
        const alike = shown.filter(([id, , text]) => shown.some(([other, , its]) => other !== id && its === text));
        assert.deepEqual(alike, [], `${where}, no two rows show the same id`);
        for (const [id, repo, text] of shown) {
          // The start of the test's name and the level are in view, and the id's first letter,
          // but for FeatureBench's first part on a wide screen: the Repository column beside it
          // names the repository, and the part is folded to an ellipsis before the test's name.
          const [name, level] = testAndLevel(id, repo);
          assert.ok(text.includes(name.slice(0, 8)), `${where}, ${id} shows as ${text}`);
          assert.ok(text.endsWith(level), `${where}, ${id} shows its level: ${text}`);
          if (benchmark === 'FeatureBench' && width === 1280) {
            assert.ok(text.startsWith(`…${name.slice(0, 8)}`), `${where}, ${id} starts at its test: ${text}`);
            assert.ok(id.toLowerCase().startsWith(`${repo.replace('/', '__').toLowerCase()}.`), `${where}, ${repo} is the repository ${id} spells`);
          } else if (width === 1280) {
            // Beside the Repository column, SWE-Dev's first part (the repository) gives way,
            // down to its ellipsis, before the test's name: a name of up to 18 characters shows
            // whole (it lost its last letters to a fraction of a pixel's shrinking before).
            assert.ok(text[0] === id[0] || text[0] === '…', `${where}, ${id} shows its start or its fold: ${text}`);
            if (name.length <= 18) assert.ok(text.endsWith(`${name}${level}`), `${where}, ${id} shows ${name} whole: ${text}`);
          } else {
            assert.equal(text[0], id[0], `${where}, ${id} shows its start: ${text}`);
          }
        }
        if (benchmark === 'FeatureBench') assert.deepEqual(await idColumns(page), { middles: 1, ends: 1 }, `${where}, the parts line up`);
      }
    }
  } finally {
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  assert.deepEqual(errors, []);
});

test('a repository cut short gives up its owner before its name (`Li…/pytorch-lightning` beside a set\'s tag)', async (t) => {
  if (withoutRealdata(t, featurebench)) return;
  const { page, errors } = session;
  const cells = () => page.locator('.instance-row .repo-path').evaluateAll((paths) => paths.map((path) => {
    const [owner, name] = [path.querySelector('.repo-owner'), path.querySelector('.repo-name')];
    const cut = (part) => part.scrollWidth > part.clientWidth;
    const em = parseFloat(getComputedStyle(owner).fontSize);
    return { text: path.textContent, ownerCut: cut(owner), nameCut: cut(name), ownerAtMinimum: owner.getBoundingClientRect().width <= 1.5 * em + 1 };
  }));
  // At 1000 px the table's first line leaves the repository some 250 px, less a set's tag.
  await page.setViewportSize({ width: 1000, height: 900 });
  try {
    for (const sets of ['', '&with=featurebench/lite&with=featurebench/fast']) {
      await page.goto(`${server.url}?data=featurebench/&dataset=featurebench&split=full${sets}`);
      await page.waitForSelector('.instance-row .repo-name');
      const shown = await cells();
      assert.ok(shown.length >= 10, `${shown.length} rows`);
      for (const cell of shown) {
        assert.ok(!cell.nameCut || cell.ownerAtMinimum, `${cell.text}: its name is cut only once its owner is down to a letter`);
      }
      const lightning = shown.filter((cell) => cell.text === 'Lightning-AI/pytorch-lightning');
      assert.ok(lightning.length > 0 && lightning.every((cell) => !cell.nameCut), `the name is whole at 1000 px (${sets || 'one set'})`);
      // One set leaves the repository room for all of it; three sets' tags take some of that.
      assert.ok(lightning.every((cell) => cell.ownerCut === Boolean(sets)), `the long owner is ${sets ? '' : 'not '}cut (${sets || 'one set'})`);
    }
  } finally {
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  assert.deepEqual(errors, []);
});

test('at 1280 px a row\'s title has a line of its own: every title, id and repository of real SWE-bench Lite and FeatureBench\'s three sets is whole, but a folded commit', async (t) => {
  if (withoutRealdata(t, lite) || withoutRealdata(t, featurebench)) return;
  const { page, errors } = session;
  // Each row scrolled into the box once, and what of it is cut short: a folded commit's first
  // part (FeatureBench's, spelled by the Repository column) is folded, not cut.
  const cutShort = () => page.evaluate(async () => {
    const box = document.querySelector('.rows');
    const cut = new Map();
    for (let top = 0; top < box.scrollHeight; top += box.clientHeight / 2) {
      box.scrollTop = top;
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      for (const row of document.querySelectorAll('.instance-row')) {
        const parts = [...row.querySelectorAll('.title, .id-middle, .id-end, .repo-owner, .repo-name, .id:not(.commit-head) > .id-head')];
        const key = `${row.dataset.id} ${row.querySelector('.set-tag')?.textContent ?? ''}`;
        cut.set(key, parts.filter((part) => part.scrollWidth > part.clientWidth + 0.5).map((part) => part.className));
      }
    }
    return [...cut].filter(([, parts]) => parts.length > 0).concat([['rows seen', cut.size]]);
  });
  const check = async (query, rows) => {
    await page.goto(`${server.url}?${query}`);
    await page.waitForSelector('.instance-row .title');
    const found = await cutShort();
    assert.deepEqual(found, [['rows seen', rows]], `${query}: rows cut short`);
  };
  await check('data=lite/&dataset=swe-bench-lite', 300);
  await check('data=featurebench/&dataset=featurebench&split=full&with=featurebench/lite&with=featurebench/fast', 330);
  assert.deepEqual(errors, []);
});

test('a repository shorter than its cell is shown whole, its owner however short (`o/r`), on a wide screen and a phone', async () => {
  const { page, errors } = session;
  try {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      // Long Code Arena's numeric ids do not spell the repository, so a phone's card shows it too.
      await page.goto(`${server.url}?data=lca/&dataset=lca-bl`);
      await page.waitForSelector('.instance-row[data-id="17"] .repo-name');
      const parts = await page.locator('.instance-row[data-id="17"] .repo-path').evaluate((path) => [...path.children].map((part) => ({
        text: part.textContent, shown: part.getBoundingClientRect().width > 0, whole: part.scrollWidth <= part.clientWidth,
      })));
      assert.deepEqual(parts, [{ text: 'o', shown: true, whole: true }, { text: '/r', shown: true, whole: true }], `at ${width} px`);
      const gap = await page.locator('.instance-row[data-id="17"] .repo-path').evaluate((path) => path.children[1].getBoundingClientRect().left - path.children[0].getBoundingClientRect().right);
      assert.ok(Math.abs(gap) < 0.5, `at ${width} px the name follows its owner: ${gap} px apart`);
    }
  } finally {
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  assert.deepEqual(errors, []);
});

test('a repository named without an owner shows its name alone, and a row that takes another repository in place shows its owner again', async (t) => {
  // Two tasks: `o/r`'s first in id order, then one whose repository has no owner (an id that
  // does not spell it, so that a phone's card shows it too).
  const input = join(tempDir('ownerless'), 'tasks.jsonl');
  const record = (id, repo, statement) => ({ instance_id: id, repo, base_commit: 'abc', problem_statement: statement, patch: '', FAIL_TO_PASS: '[]', PASS_TO_PASS: '[]' });
  writeFileSync(input, [record('o__r-1', 'o/r', 'Crash in the parser'), record('task-2', 'solo', 'Zebra stripes drawn twice')].map((r) => JSON.stringify(r)).join('\n') + '\n');
  const data = join(tempDir('ownerless-data'), 'data');
  benchscope('export', input, '--dataset', 'ownerless', '--out', data, '--quiet');
  const own = await serve({ ownerless: data });
  t.after(() => own.close());
  const { page, errors } = session;
  const open = async (width) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${own.url}?data=ownerless/&dataset=ownerless`);
    await page.waitForSelector('main:not([data-first-screen]) .instance-row[data-id="task-2"]');
  };
  try {
    for (const width of [1280, 390]) {
      await open(width);
      const parts = await page.locator('.instance-row[data-id="task-2"] .repo-path').evaluate((path) => [...path.children].map((part) => ({ text: part.textContent, shown: part.getBoundingClientRect().width > 0 })));
      assert.deepEqual(parts, [{ text: '', shown: false }, { text: 'solo', shown: true }], `at ${width} px`);
    }
    // Searching for the second's word draws it in the first's row, in place; clearing the box
    // draws the first back. Where there is no owner its part takes no box, and the name may have
    // the whole cell.
    await open(1280);
    const firstRow = () => page.locator('.instance-row').first().evaluate((row) => {
      const [owner, name] = [row.querySelector('.repo-owner'), row.querySelector('.repo-name')];
      return { id: row.dataset.id, owner: owner.textContent, ownerBoxed: getComputedStyle(owner).display !== 'none', name: name.textContent, nameHasCell: getComputedStyle(name).maxWidth === '100%' };
    });
    const ownered = { id: 'o__r-1', owner: 'o', ownerBoxed: true, name: '/r', nameHasCell: false };
    assert.deepEqual(await firstRow(), ownered);
    // Drawn in place, the owner and the name are written into the text nodes they had (a new
    // node costs its style and layout again), the empty owner too.
    await page.locator('.instance-row').first().evaluate((row) => { window.repoTexts = [...row.querySelectorAll('.repo-owner, .repo-name')].map((part) => part.firstChild); });
    const sameTexts = () => page.locator('.instance-row').first().evaluate((row) => [...row.querySelectorAll('.repo-owner, .repo-name')].every((part, at) => part.childNodes.length === 1 && part.firstChild === window.repoTexts[at]));
    await page.locator('input.search').fill('zebra');
    await page.waitForFunction(() => document.querySelectorAll('.instance-row').length === 1);
    assert.deepEqual(await firstRow(), { id: 'task-2', owner: '', ownerBoxed: false, name: 'solo', nameHasCell: true }, 'drawn in place of `o/r`');
    assert.ok(await sameTexts(), 'the owner and the name kept their text nodes');
    await page.locator('input.search').fill('');
    await page.waitForFunction(() => document.querySelectorAll('.instance-row').length === 2);
    assert.deepEqual(await firstRow(), ownered, 'and back');
    assert.ok(await sameTexts(), 'and kept them on the way back');
  } finally {
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  assert.deepEqual(errors, []);
});

test('ids sort with their numbers by value (django-9296 before django-10097), either way, and as ties under another order', async () => {
  const { page, errors } = session;
  const ids = () => page.locator('.instance-row').evaluateAll((els) => els.map((el) => el.dataset.id));
  // Written out here: digit runs by value, leading zeros after the bare number, other characters
  // by code point (U+E000 before the emoji past U+FFFF).
  const expected = ['a__b-2', 'o__r-09', 'o__r-9', 'o__r-9b', 'o__r-10', 'o__r-100', 'o__r-\uE000', 'o__r-\u{1F600}'];
  assert.deepEqual([...expected].sort(), [...NUMBERED_IDS].sort(), 'the same ids');
  await page.goto(`${server.url}?data=numbered/`);
  await listsRows(page, expected.length);
  assert.deepEqual(await ids(), expected);
  await page.goto(`${server.url}?data=numbered/&sort=-id`);
  await page.waitForFunction((first) => document.querySelector('.instance-row')?.dataset.id === first, expected.at(-1));
  assert.deepEqual(await ids(), [...expected].reverse());
  // By repository (a/b, then o/r), ties in id order.
  await page.goto(`${server.url}?data=numbered/&sort=repo`);
  await page.waitForSelector('.instance-row');
  assert.deepEqual(await ids(), expected);
  await page.goto(`${server.url}?data=numbered/&sort=-repo`);
  await page.waitForFunction(() => document.querySelector('.instance-row')?.dataset.id !== 'a__b-2');
  assert.deepEqual(await ids(), [...expected.slice(1), expected[0]]);
  assert.deepEqual(errors, []);
});
