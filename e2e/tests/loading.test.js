// What is fetched when: a page's code on first need, and when it cannot be fetched; the results
// matrix's module; the data asked for before the wasm runs; the shipped wasm; the start-up script.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { DIST, collectErrors } from './support.js';
import { useFixtures, server, session, alone, demo } from './context.js';
import { rows } from './read_page.js';

useFixtures();

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
  assert.ok(first >= 0 && first < html.indexOf('<style>'), 'the first script comes before the style, whose parsing would hold it');
  // The style sheet is written into the page (a file was requested only after the first script
  // had run), and the policy allows exactly it.
  assert.doesNotMatch(html, /<link rel="stylesheet"/, 'no style sheet to fetch');
  const style = html.match(/<style>([^]*?)<\/style>/g);
  assert.equal(style?.length, 1, 'one style element');
  const digest = createHash('sha256').update(style[0].slice('<style>'.length, -'</style>'.length)).digest('base64');
  assert.match(html, new RegExp(`style-src 'self' 'sha256-${digest.replace(/[+/]/g, '\\$&')}';`), 'the policy allows the style by its hash');
  assert.match(html.slice(first), /^<script data-wasm="\.\/[^"]+_bg\.wasm" data-wasm-integrity="sha384-[^"]+" data-modules="(\.\/[^" ]+\.js sha384-[^" ]+ ?)+" data-start="\.\/start-[0-9a-f]+\.js">\{/, 'it is inline and names the wasm and the modules it adds');
  assert.doesNotMatch(html, /rel="preload"[^>]*_bg\.wasm/, 'no preload link fetches the wasm a second time');
  assert.doesNotMatch(html, /<script type="module"|<link rel="modulepreload"/, 'the first script adds the app\'s modules');
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
    // Each module once: the preload links the first script adds are the ones the imports use.
    for (const module of [/^\/start-/, /^\/benchscope-web-[0-9a-f]+\.js$/, /^\/__wasm_split-/]) {
      assert.equal(requests.filter((path) => module.test(path)).length, 1, `${module} is fetched once:\n${requests.join('\n')}`);
    }
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
