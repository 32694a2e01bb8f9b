// Search: ranking, marks and the URL; its own module; the buckets a keystroke fetches; real
// SWE-bench Lite.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rowMarks } from './support.js';
import { useFixtures, server, session, lite, demo, withoutRealdata } from './context.js';
import { rows, shardHolding, listsRows } from './read_page.js';

useFixtures();

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
  await listsRows(page, 1);
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
  await listsRows(page, 1);
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
    await listsRows(page, 1);
    assert.equal((await searchCode()).length, 1, 'fetched once');
    await page.goto(`${server.url}?q=determinant`);
    await listsRows(page, 1);
    assert.equal(await page.locator('.instance-row').getAttribute('data-id'), 'benchscope-demo__matrixlite-8');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('typing on: a word whose shard is on its way keeps the last results until it is in, and a keystroke whose shards are here fetches nothing', async () => {
  const { page, errors } = session;
  const searchRequests = [];
  const onRequest = (request) => { if (/\/search\//.test(request.url())) searchRequests.push(new URL(request.url()).pathname); };
  page.on('request', onRequest);
  let release;
  const gate = new Promise((resolve) => { release = resolve; });
  const shard = await shardHolding(`${server.url}data/search/demo/test/meta.json`, 'determinant');
  await page.route(`**/${shard}`, async (route) => { await gate; await route.continue(); });
  try {
    await page.goto(server.url);
    const total = await rows(page);
    const type = (value) => page.evaluate((value) => {
      const input = document.querySelector('input.search');
      input.value = value;
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }, value);
    const ids = () => page.locator('.instance-row').evaluateAll((rs) => rs.map((r) => r.dataset.id));
    // The word's shard is held back: the list keeps what it showed meanwhile.
    await type('determinant');
    await page.waitForURL(/q=determinant/);
    await page.waitForTimeout(400);
    assert.equal(await page.locator('.instance-row').count(), total, 'the last results stay while the shard is on its way');
    release();
    await listsRows(page, 1);
    assert.deepEqual(await ids(), ['benchscope-demo__matrixlite-8']);
    // A second word whose shard is here: ranked without a request.
    const asked = searchRequests.length;
    await type('determinant ma');
    await page.waitForFunction(() => document.querySelectorAll('.instance-row').length > 1);
    assert.equal((await ids())[0], 'benchscope-demo__matrixlite-8', 'the instance matching both words ranks first');
    // Extending a word whose shards are here asks for nothing more, and the list follows it.
    const withMa = await ids();
    await type('determinant mat');
    await page.waitForFunction((before) => document.querySelectorAll('.instance-row').length < before, withMa.length);
    const withMat = await ids();
    assert.ok(withMat.every((id) => withMa.includes(id)), `${withMat} within ${withMa}`);
    await type('determinant matr');
    await page.waitForTimeout(200);
    assert.deepEqual(searchRequests.slice(asked), [], 'no request for a prefix whose shards are loaded');
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
    assert.equal(searchRequests.filter((p) => p.endsWith(`/${shard}`)).length, 1, 'the held shard was asked for once');
    assert.deepEqual(errors, []);
  } finally {
    release();
    await page.unroute(`**/${shard}`);
    page.off('request', onRequest);
  }
});

test('the search meta is fetched once the rows are drawn, so a first keystroke waits for its shard alone', async () => {
  const { page, errors } = session;
  await page.goto(server.url);
  await rows(page);
  const metaArrived = () => performance.getEntriesByType('resource').some((e) => e.name.endsWith('/search/demo/test/meta.json') && e.responseEnd > 0);
  await page.waitForFunction(metaArrived);
  const searched = await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => /\/search\/.*\/(?!meta\.json)[^/]+\.json$/.test(e.name)).length);
  assert.equal(searched, 0, 'no shard before a query asks for one');
  assert.equal(await page.evaluate(() => document.activeElement?.matches('input.search') ?? false), false, 'nobody focused the box');
  assert.deepEqual(errors, []);
});

test('a stop word being typed fetches the shards it leads to: the word it grows into is ranked without a request', async () => {
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
    const shard = await shardHolding(`${server.url}data/search/demo/test/meta.json`, 'as');
    await type('as');
    await page.waitForFunction((shard) => performance.getEntriesByType('resource').some((e) => e.name.endsWith(`/${shard}`) && e.responseEnd > 0), shard);
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

test('a link with a query lists no rows, and says it is searching, until the search answers', async () => {
  const { page, errors } = session;
  let release;
  const gate = new Promise((resolve) => { release = resolve; });
  const shard = await shardHolding(`${server.url}data/search/demo/test/meta.json`, 'determinant');
  await page.route(`**/${shard}`, async (route) => { await gate; await route.continue(); });
  try {
    await page.goto(`${server.url}?q=determinant`);
    await page.waitForFunction(() => document.querySelector('.count')?.textContent === 'Searching…');
    await page.waitForTimeout(400);
    assert.equal(await page.locator('.instance-row').count(), 0, 'no rows while the word\'s shard is on its way');
    assert.equal(await page.locator('.count').textContent(), 'Searching…');
    assert.ok(await page.locator('section.facet[data-facet="repo"] label').count() > 0, 'the facets keep the counts of every row meanwhile');
    release();
    await listsRows(page, 1);
    assert.equal(await page.locator('.instance-row').getAttribute('data-id'), 'benchscope-demo__matrixlite-8');
    assert.equal(await page.locator('.count').textContent(), `1 of ${demo.length} instances`);
    assert.deepEqual(errors, []);
  } finally {
    release();
    await page.unroute(`**/${shard}`);
  }
});

test('real SWE-bench Lite: the search finds the instance an issue describes', async (t) => {
  if (withoutRealdata(t, lite)) return;
  const context = await session.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  // Every count the page shows on its way: never the whole list under the query.
  await page.addInitScript(() => {
    window.__counts = [];
    new MutationObserver(() => {
      const count = document.querySelector('.count')?.textContent;
      if (count && count !== window.__counts.at(-1)) window.__counts.push(count);
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.goto(`${server.url}?data=lite/&q=separability_matrix nested`);
  await page.waitForFunction(() => /^\d+ of 300 /.test(document.querySelector('.count')?.textContent ?? ''));
  assert.equal(await page.locator('.instance-row').first().getAttribute('data-id'), 'astropy__astropy-12907');
  const counts = await page.evaluate(() => window.__counts);
  assert.ok(counts.every((count) => count === 'Searching…' || !/^300 of/.test(count)), counts.join(' | '));
  await page.click('.instance-row >> nth=0 >> a');
  await page.waitForSelector('article.instance[data-id="astropy__astropy-12907"]');
  assert.ok(await page.locator('section.patch[data-role="gold"] .diff-file').count() >= 1);
  assert.deepEqual(errors, []);
  await context.close();
});
