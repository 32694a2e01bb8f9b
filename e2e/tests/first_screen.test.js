// The list's first screen (src/first_screen.js): drawn from the data before the wasm starts, handed
// over to the app unchanged, and never drawn where it could not be the app's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { collectErrors } from './support.js';
import { useFixtures, server, session, featurebench, sweDev, alone, demo } from './context.js';

useFixtures();

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
      const boxed = document.querySelectorAll('.topbar, .dataset-picker, .view-tabs, .toolbar, .toolbar > *, .row-head, .rows, .instance-row, .instance-row > *, .instance-row .id > *, .instance-row .repo-path > *');
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
    ['ids with numbers, by their values', '?data=numbered/', {}],
    ['no gold patches', '?data=hidden/', { colorScheme: 'dark' }],
    ['50,000 instances, sorted', '?data=large/', {}],
    ...(featurebench ? [['one dataset\'s three splits side by side', '?data=featurebench/&dataset=featurebench&split=full&with=featurebench/fast&with=featurebench/lite', {}]] : []),
    ...(sweDev ? [['long ids in three parts, small', '?data=swe-dev/', { viewport: { width: 390, height: 844 } }]] : []),
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
      const [startAsked, inFlight] = await page.evaluate(() => {
        const resources = performance.getEntriesByType('resource');
        const start = resources.find((r) => /\/start-[0-9a-f]+\.js$/.test(r.name))?.startTime;
        const data = resources.filter((r) => /\/(manifest|index\/.*)\.json$/.test(r.name) && r.startTime <= start);
        return [start, data.filter((r) => r.responseEnd > start).map((r) => r.name)];
      });
      assert.ok(startAsked !== undefined, `${name}: the app's start script is fetched`);
      assert.deepEqual(inFlight, [], `${name}: the app's modules are asked for once the first screen's data is in`);
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
  // The same when the app's glue cannot be fetched: the error names it.
  await withFirstScreen(`${server.url}?data=twins/&dataset=demo-a`, {}, async (page) => {
    await page.route(/\/benchscope-web-[0-9a-f]+\.js$/, (route) => route.abort());
    await page.reload();
    await page.waitForSelector('#boot.error[role="alert"]');
    assert.match(await page.locator('#boot').textContent(), /its code, benchscope-web-[0-9a-f]+\.js, could not be fetched/);
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
    ['pages/board/', '.leaderboard-table, .instance-row, img.chart', false],
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
