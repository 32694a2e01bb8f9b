// Shared pieces of the browser tests: building data directories with the real CLI, a static
// server for the built site, and a headless Chromium page that fails the test on any page error.
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, statSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, extname, normalize, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DIST = join(ROOT, 'dist');

export function benchscope(...args) {
  execFileSync('cargo', ['build', '--quiet', '-p', 'benchscope-cli'], { cwd: ROOT, stdio: 'inherit' });
  return execFileSync(join(ROOT, 'target', 'debug', 'benchscope'), args, { cwd: ROOT, encoding: 'utf8' });
}

const made = [];
process.on('exit', () => { for (const dir of made) rmSync(dir, { recursive: true, force: true }); });

/** A new temporary directory, removed when the test process exits. */
export function tempDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), `benchscope-e2e-${prefix}-`));
  made.push(dir);
  return dir;
}

/** Builds the demo's git repositories into a new directory and returns it. */
export function buildDemoRepos() {
  const repos = join(tempDir('repos'), 'repos');
  execFileSync('python3', [join(ROOT, 'demo', 'build.py'), '--check', '--repos-out', repos], { cwd: ROOT, stdio: 'ignore' });
  return repos;
}

/** Exports the embedded demo dataset into a new directory and returns it; with `repos`, the
 * changed files are stored for expandable context. */
export function exportDemo(repos) {
  const out = join(tempDir('demo'), 'data');
  const withRepos = repos ? ['--repos', repos] : [];
  benchscope('export', 'demo/demo.jsonl', '--dataset', 'demo', '--split', 'test', '--categories', 'demo/categories.json', ...withRepos, '--out', out);
  return out;
}

/** Evaluates the demo's prediction `sets` into `data` for real (git repositories, pytest). */
export function evaluateDemo(data, sets, repos = buildDemoRepos()) {
  for (const set of sets) {
    benchscope('eval', '--data', data, '--dataset', 'demo', '--predictions', join(ROOT, 'demo', 'predictions', `${set}.jsonl`), '--repos', repos, '--run', set, '--timeout', '20', '--quiet');
  }
}

/** Per-file [added, removed] of a patch, as `git apply --numstat` counts them. */
export function gitNumstat(patch) {
  const out = execFileSync('git', ['apply', '--numstat', '-'], { input: patch, cwd: tmpdir(), encoding: 'utf8' });
  return out.trim().split('\n').map((line) => {
    const [added, removed, path] = line.split('\t');
    return { path, added: Number(added), removed: Number(removed) };
  });
}

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml' };

/** Serves the built site at `/` and each `mounts[prefix]` directory at `/<prefix>/`. */
export async function serve(mounts) {
  if (!existsSync(join(DIST, 'index.html'))) throw new Error(`${DIST} has no built site: run scripts/build_web.sh first`);
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    let base = DIST;
    let rel = path;
    for (const [prefix, dir] of Object.entries(mounts)) {
      if (path.startsWith(`/${prefix}/`)) { base = dir; rel = path.slice(prefix.length + 1); }
    }
    let file = normalize(join(base, rel));
    if (!file.startsWith(base)) { res.writeHead(403).end(); return; }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) { res.writeHead(404).end('not found'); return; }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/`, dirs: mounts, close: () => new Promise((r) => { server.close(r); server.closeAllConnections(); }) };
}

/**
 * A fresh headless Chromium page. Page errors (uncaught exceptions, wasm panics) are collected.
 * Its pages open without the list's first screen unless `firstScreen` (see `withoutFirstScreen`).
 */
export async function openBrowser({ firstScreen = false } = {}) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
  if (!firstScreen) withoutFirstScreen(browser);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = collectErrors(page);
  const requests = [];
  page.on('request', (request) => requests.push(request.url()));
  return { browser, page, errors, requests };
}

/** The page's errors as they come: uncaught exceptions (wasm panics among them) and console errors. */
export function collectErrors(page) {
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => { if (message.type() === 'error') errors.push(`console: ${message.text()}`); });
  return errors;
}

/**
 * Makes `browser`'s new contexts open pages without the list's first screen (src/first_screen.js),
 * unless created with `firstScreen: true`. That screen is drawn before the app starts and replaced
 * by the app's: a test that clicks or types as soon as a row is there would meet that screen
 * rather than the app it means to test. The first screen's own tests ask for it.
 */
function withoutFirstScreen(browser) {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async ({ firstScreen = false, ...options } = {}) => {
    const context = await newContext(options);
    if (!firstScreen) await context.addInitScript(() => Object.defineProperty(window, 'benchscopeFirstScreen', { value: undefined, writable: false }));
    return context;
  };
}

/** The app's own rows: the list's first screen (src/first_screen.js) draws rows before them. */
export const APP_ROWS = 'main:not([data-first-screen]) .instance-row';

/**
 * The words the search marks in each of the list's rows, lowercased: the ranges of the page's
 * `search` highlight (`CSS.highlights`, painted by `::highlight(search)`) that mark something
 * inside the row. A row is `{ id, marks }`.
 */
export function rowMarks(page) {
  return page.evaluate(() => {
    const ranges = [...(CSS.highlights.get('search') ?? [])].filter((range) => !range.collapsed);
    return [...document.querySelectorAll('.instance-row')].map((row) => ({
      id: row.dataset.id,
      marks: ranges.filter((range) => row.contains(range.startContainer)).map((range) => range.toString().toLowerCase()),
    }));
  });
}

/**
 * A chart's pixels: charts are `<img>`s of SVG documents, so the image, once decoded, is drawn
 * into a canvas of its own size, whose handle is returned for `getImageData`.
 */
export function chartCanvas(image) {
  return image.evaluateHandle(async (img) => {
    await img.decode();
    const canvas = document.createElement('canvas');
    [canvas.width, canvas.height] = [img.naturalWidth, img.naturalHeight];
    canvas.getContext('2d').drawImage(img, 0, 0);
    return canvas;
  });
}

/** What the page logs when an element matching a watched selector has been drawn. */
const FIRST_PAINT = 'benchscope-first-paint';

/**
 * Makes every later navigation of `page` record, in the page, when an element matching each of
 * `selectors` is first drawn: the frame after it enters the document, in ms since navigation
 * started. Timing a load from Node with `waitForSelector` instead adds its polling's backoff
 * (0, 20, 70, 170, 270, 770 ms after the load event), which is coarser than what is measured.
 */
export async function watchFirstPaint(page, selectors) {
  await page.addInitScript(({ selectors, FIRST_PAINT }) => {
    window.__firstPaint = {};
    const pending = new Set(selectors);
    const observer = new MutationObserver(() => {
      for (const selector of pending) {
        if (!document.querySelector(selector)) continue;
        pending.delete(selector);
        requestAnimationFrame(() => {
          window.__firstPaint[selector] = performance.now();
          console.debug(`${FIRST_PAINT} ${selector}`);
        });
      }
      if (pending.size === 0) observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  }, { selectors, FIRST_PAINT });
}

/**
 * Navigates `page` (watched by `watchFirstPaint`) to `url`: ms from navigation to `selector` drawn.
 * It waits for the page's console message, not with `waitForFunction`: that evaluates Playwright's
 * own script in the page when the load event fires (12-15 ms of the main thread), in the middle
 * of what is timed for a page whose load event comes before its first rows.
 */
export async function timeToFirstPaint(page, url, selector) {
  const drawn = page.waitForEvent('console', { predicate: (message) => message.text() === `${FIRST_PAINT} ${selector}`, timeout: 60000 });
  await page.goto(url, { waitUntil: 'commit' });
  await drawn;
  return page.evaluate((s) => window.__firstPaint[s], selector);
}
