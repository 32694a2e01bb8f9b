// Bad and hostile input: hostile text shown as text; older, newer, broken and tampered data files
// named in errors; the content security policy; code that differs from what was built.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useFixtures, server, session, tamperedBucket, missingShard, demo } from './context.js';
import { rows } from './read_page.js';

useFixtures();

test('hostile statements, paths and test names are shown as text, run nothing, load nothing foreign and nest no deeper than the page can draw', async () => {
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
  assert.ok(text.includes('deep quote') && text.includes('deep item'), 'markdown nested past any reader\'s depth is shown');
  const hrefs = await article.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  assert.ok(hrefs.every((href) => !/^\s*javascript:/i.test(href)), hrefs.join(', '));
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  assert.ok(await page.locator('body').isVisible(), 'the <style> in the hints did not apply');
  const foreign = requests.filter((url) => !url.startsWith(server.url));
  assert.deepEqual(foreign, [], 'no request leaves the local server');
  assert.deepEqual(errors, []);
});

test('a chart labelled with hostile text: its markup escaped, its control characters replaced, the image drawn', async () => {
  const { page, errors } = session;
  await page.goto(`${server.url}?data=hostile/&view=analysis`);
  await page.waitForSelector('img.chart[src]');
  await page.selectOption('select[aria-label="Facet to break down by"]', 'repo');
  await page.waitForFunction(() => document.querySelectorAll('.by-facet tbody tr').length === 2);
  const chart = page.locator('img.chart').first();
  await page.waitForFunction(() => decodeURIComponent(document.querySelector('img.chart').src).includes('&lt;b&gt;'));
  const svg = decodeURIComponent(await chart.getAttribute('src'));
  assert.ok(svg.includes('\ufffd&lt;b&gt;&amp;&quot;x\ufffd[31m\u202e'), 'the label\'s markup escaped, its control characters replaced');
  assert.ok(!/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(svg), 'no character XML refuses');
  const drawn = await chart.evaluate(async (img) => { await img.decode(); return img.naturalWidth; });
  assert.equal(drawn, 900, 'the document parses: the image is drawn');
  assert.deepEqual(errors, []);
});

test('a data directory of format version 1 (every zero count written out) shows the same rows; an unknown version is refused by name', async () => {
  const { page } = session;
  const shown = async (data) => {
    await page.goto(`${server.url}?data=${data}/`);
    await page.waitForSelector('.instance-row');
    return page.locator('.instance-row').evaluateAll((rows) => rows.map((row) => row.textContent));
  };
  const current = await shown('data');
  assert.equal(current.length, demo.length);
  assert.deepEqual(await shown('version-1'), current);
  await page.goto(`${server.url}?data=version-3/`);
  const alert = page.locator('[role=alert]');
  await alert.waitFor();
  assert.match(await alert.textContent(), /version-3\/manifest\.json.*format version 3 is not one this explorer reads \(1 to 2\)/s);
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

test('a directory written before results matrices: its run files give the list the same run facets, and the code that reads them is fetched for it alone', async () => {
  const context = await session.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const requests = [];
  const errors = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('pageerror', (error) => errors.push(String(error)));
  const resolvedBy = async () => {
    await page.waitForSelector('section.facet[data-facet="resolved by"] label');
    return page.locator('section.facet[data-facet="resolved by"] label').evaluateAll((ls) => ls.map((l) => [l.querySelector('.value').textContent, Number(l.querySelector('.n').textContent)]));
  };
  const runFiles = (dir) => requests.filter((url) => url.startsWith(`${server.url}${dir}runs/`));
  const runFilesCode = () => requests.filter((url) => /\/split_run_files-[0-9a-f]+\.wasm$/.test(url));
  try {
    await page.goto(server.url);
    const fromMatrix = await resolvedBy();
    assert.ok(fromMatrix.length > 0);
    assert.deepEqual(runFilesCode(), [], 'a directory with its matrix never fetches the code that reads run files');
    assert.deepEqual(runFiles(''), [], 'nor its run files');
    await page.goto(`${server.url}?data=before-matrices/`);
    assert.deepEqual(await resolvedBy(), fromMatrix);
    assert.equal(runFilesCode().length, 1);
    assert.ok(runFiles('before-matrices/').length > 0);
    await page.goto(`${server.url}?data=before-matrices/&view=leaderboard`);
    await page.waitForSelector('.leaderboard-table tr[data-run="gold"]');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a broken run file, results matrix or block, patch shard or search shard shows an error naming it, and the rest keeps working', async () => {
  const { page, errors } = session;
  try {
    // The run file is fetched only for a leaderboard row's details: named there; the instance
    // page reads its results from the block and still shows both runs.
    await page.goto(`${server.url}?data=faults/&view=leaderboard&brow=gold`);
    await page.locator('tr.run-details [role=alert]', { hasText: 'faults/runs/gold.json' }).waitFor();
    await page.goto(`${server.url}?data=faults/&instance=benchscope-demo__tinyconf-12`);
    await page.waitForSelector('.runs-table tr[data-run="partly-right"]');
    assert.equal(await page.locator('.runs-table tr[data-run="gold"]').count(), 1);
    // A block of results: named on the instance page, whose statement and patches still show.
    await page.goto(`${server.url}?data=faults-blocks/&instance=benchscope-demo__tinyconf-12`);
    await page.locator('[role=alert]', { hasText: /faults-blocks\/results\/demo\/test\/block-/ }).waitFor();
    assert.ok(await page.locator('section.patch[data-role="gold"] .diff-file').count() > 0, 'the gold patch still shows');
    // The matrix: named, and the list still lists every instance, without run facets.
    await page.goto(`${server.url}?data=faults-matrix/`);
    await page.locator('[role=alert]', { hasText: /faults-matrix\/results\/demo\/test\/matrix-/ }).waitFor();
    await page.waitForSelector('.instance-row');
    assert.equal(await page.locator('section.facet[data-facet="resolved by"]').count(), 0);
    // The patch shard: named where the patch was asked for; the instance stays.
    await page.goto(`${server.url}?data=faults/&instance=benchscope-demo__tinyconf-12`);
    await page.click('tr[data-run="partly-right"] .show-patch');
    await page.waitForSelector('tr.model-patch [role=alert]');
    assert.match(await page.locator('tr.model-patch [role=alert]').textContent(), /faults\/runs\/partly-right\/patches-\d+\.json/);
    assert.ok(await page.locator('section.patch[data-role="gold"] .diff-file').count() > 0, 'the gold patch still shows');
    // The search shard: named, and the list still there. (The demo's index is small enough to be
    // one shard, so no other search is left to work.)
    await page.goto(`${server.url}?data=faults/&q=slug`);
    await page.locator('[role=alert]', { hasText: `faults/${missingShard}` }).waitFor();
    await page.goto(`${server.url}?data=faults/`);
    await page.waitForSelector('.instance-row');
    assert.equal(await page.locator('.instance-row').count(), demo.length);
    await page.goto(`${server.url}?`);
    await page.waitForSelector('.instance-row');
  } finally {
    errors.length = 0;
  }
});

test('a shard whose SHA-256 differs from the manifest is refused with an error naming it: an index shard, a file of sources, a search bucket', async () => {
  const { page, errors } = session;
  try {
    await page.goto(`${server.url}?data=tampered-index/`);
    const alert = page.locator('[role=alert]', { hasText: 'tampered-index/index/demo/test/0000.json' });
    await alert.waitFor();
    assert.match(await alert.textContent(), /SHA-256 .* not the .* the manifest lists/);
    assert.equal(await page.locator('.instance-row').count(), 0, 'nothing of a file that is not the exported one is shown');
    // Source files: the diff still shows; expanding its context says which file is wrong.
    await page.goto(`${server.url}?data=tampered/&instance=benchscope-demo__matrixlite-7`);
    const card = page.locator('section.patch[data-role="gold"] details.diff-file[data-path="matrixlite/matrix.py"]');
    await card.locator('tbody.hunk').first().waitFor();
    await card.locator('button.expand-context[data-gap="0"]').click();
    const refused = card.locator('[role=alert]');
    await refused.waitFor();
    assert.match(await refused.textContent(), /tampered\/sources\/.*SHA-256/s);
    assert.equal(await card.locator('tbody.expanded-context tr td.code', { hasText: '# altered' }).count(), 0, 'the altered text is never shown');
    assert.ok(await card.locator('tbody.hunk').count() > 0, 'the diff still shows');
    // A search bucket, checked against the hash its split's search meta lists.
    await page.goto(`${server.url}?data=tampered/&q=determinant`);
    const bucketAlert = page.locator('[role=alert]', { hasText: `tampered/${tamperedBucket}` });
    await bucketAlert.waitFor();
    assert.match(await bucketAlert.textContent(), /SHA-256/);
    await page.goto(`${server.url}?data=tampered/`);
    await page.waitForSelector('.instance-row');
  } finally {
    errors.length = 0;
  }
});

test("files are hashed by the browser's own SHA-256 where it has one, and in wasm where it has none (plain HTTP): either way a tampered shard is refused", async () => {
  const hashingCode = (path) => /\/split_wasm_sha256-[0-9a-f]+\.wasm$/.test(path);
  for (const subtle of ['present', 'absent']) {
    const context = await session.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript((subtle) => {
      window.__digests = 0;
      if (subtle === 'absent') {
        Object.defineProperty(Crypto.prototype, 'subtle', { get: () => undefined });
        return;
      }
      const digest = SubtleCrypto.prototype.digest;
      SubtleCrypto.prototype.digest = function (...args) {
        window.__digests += 1;
        return digest.apply(this, args);
      };
    }, subtle);
    const page = await context.newPage();
    const requests = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    try {
      await page.goto(`${server.url}?data=tampered-index/`);
      const alert = page.locator('[role=alert]', { hasText: 'tampered-index/index/demo/test/0000.json' });
      await alert.waitFor();
      assert.match(await alert.textContent(), /SHA-256 .* not the .* the manifest lists/, `crypto.subtle ${subtle}`);
      assert.equal(await page.locator('.instance-row').count(), 0);
      await page.goto(`${server.url}?data=data/`);
      await page.waitForSelector('.instance-row');
      await page.locator('.instance-row a.id').first().click();
      await page.waitForSelector('section.patch[data-role="gold"]');
      const digests = await page.evaluate(() => window.__digests);
      // The manifest, the index shard and the results matrix (hashed early), the detail shard.
      if (subtle === 'present') assert.ok(digests >= 4, `the browser hashed ${digests} files`);
      else assert.equal(await page.evaluate(() => typeof crypto.subtle), 'undefined');
      // The wasm that hashes is a module of its own, fetched only where the browser cannot hash.
      assert.equal(requests.filter(hashingCode).length, subtle === 'present' ? 0 : 2, `crypto.subtle ${subtle}: once in each page:\n${requests.join('\n')}`);
    } finally {
      await context.close();
    }
  }
  // Without either, nothing is shown unchecked: the file is refused, and the page says why.
  const context = await session.browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(() => Object.defineProperty(Crypto.prototype, 'subtle', { get: () => undefined }));
  await context.route((url) => hashingCode(url.pathname), (route) => route.abort());
  try {
    const page = await context.newPage();
    await page.goto(`${server.url}?data=data/`);
    const alert = page.locator('[role=alert]', { hasText: 'data/index/demo/test/0000.json' });
    await alert.waitFor();
    assert.match(await alert.textContent(), /cannot be checked against the SHA-256 the manifest lists: this page has no crypto\.subtle .* the code that hashes in wasm could not be fetched/);
    assert.equal(await page.locator('.instance-row').count(), 0);
  } finally {
    await context.close();
  }
});

test('content security policy: every hostile payload is refused and reported, nothing runs, nothing is fetched from another host', async () => {
  const { page, errors, requests } = session;
  await page.goto(`${server.url}?`);
  await page.waitForSelector('.instance-row');
  const before = requests.length;
  const blocked = [];
  const answered = [];
  const onFailed = (request) => blocked.push([request.url(), request.failure()?.errorText]);
  const onResponse = (response) => { if (!response.url().startsWith(server.url)) answered.push(response.url()); };
  page.on('requestfailed', onFailed);
  page.on('response', onResponse);
  try {
  const counts = await page.evaluate(async () => {
    const seen = [];
    document.addEventListener('securitypolicyviolation', (e) => seen.push(e.effectiveDirective));
    const elsewhere = 'http://127.0.0.2:9';
    const add = (tag, set) => { const el = document.createElement(tag); set(el); document.body.appendChild(el); };
    const payloads = [
      () => add('script', (s) => { s.textContent = 'window.__pwned = 1'; }),
      () => add('script', (s) => { s.src = `${elsewhere}/x.js`; }),
      () => add('img', (i) => { i.src = `${elsewhere}/x.png`; }),
      () => add('iframe', (f) => { f.src = `${elsewhere}/`; }),
      () => add('object', (o) => { o.data = `${elsewhere}/x.swf`; }),
      () => add('embed', (e) => { e.src = `${elsewhere}/x.swf`; }),
      () => { const st = document.createElement('style'); st.textContent = 'body { background: red }'; document.head.appendChild(st); },
      () => fetch(`${elsewhere}/data.json`).catch(() => {}),
      () => add('div', (d) => { d.innerHTML = '<img src="missing.png" onerror="window.__pwned = 2">'; }),
    ];
    const counts = [];
    for (const payload of payloads) {
      const n = seen.length;
      await payload();
      await new Promise((resolve) => setTimeout(resolve, 200));
      counts.push(seen.length - n);
    }
    return { counts, pwned: window.__pwned ?? null, seen };
  });
  counts.counts.forEach((n, i) => assert.ok(n >= 1, `payload ${i} was not refused: ${JSON.stringify(counts)}`));
  assert.equal(counts.pwned, null, 'nothing ran');
  const outside = requests.slice(before).filter((url) => !url.startsWith(server.url));
  assert.deepEqual(answered, [], 'no other host answered');
  for (const url of outside) {
    assert.ok(blocked.some(([failed, why]) => failed === url && /^csp$|BLOCKED_BY_CSP/.test(why ?? '')), `${url} was stopped by the policy: ${JSON.stringify(blocked)}`);
  }
  // The page's own work breaks no rule: a diff, a chart and a log load with no violation.
  const clean = await page.evaluate(() => { window.__violations = []; document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(e.effectiveDirective)); return true; });
  assert.ok(clean);
  await page.click('.instance-row >> nth=0 >> a');
  await page.waitForSelector('section.patch .diff-file');
  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  assert.deepEqual(errors.filter((e) => !e.includes('Content Security Policy') && !e.includes('ERR_BLOCKED_BY_CSP') && !e.includes('404 (Not Found)')), [], 'only the payloads\' own refusals and the missing image');
  } finally {
    page.off('requestfailed', onFailed);
    page.off('response', onResponse);
    errors.length = 0;
  }
});

test('code that differs from what was built is never run: a changed main module or glue stops the page with a message, a changed page module is refused like one that cannot be fetched', async () => {
  // One byte flipped at the end of a module: it is still valid wasm (the app ran it before the
  // start script's second fetch carried the integrity hash), so only the hash can refuse it.
  const tampered = async (route) => {
    const response = await route.fetch();
    const body = Buffer.from(await response.body());
    body[body.length - 1] ^= 1;
    await route.fulfill({ response, body });
  };
  const context = await session.browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const requests = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await page.route('**/*_bg.wasm', tampered);
    await page.goto(server.url);
    const boot = page.locator('#boot.error[role="alert"]');
    await boot.waitFor();
    assert.match(await boot.textContent(), /^Benchscope could not start: its code, benchscope-web-[0-9a-f]+_bg\.wasm, could not be fetched or did not match the hash the page expects \(.+\)\. Reload the page/);
    await page.waitForTimeout(500);
    assert.equal(await page.locator('.brand').count(), 0, 'the app did not start');
    assert.ok(requests.some((path) => path.endsWith('_bg.wasm')), requests.join('\n'));

    // The instance page's module, changed: the loader checks it by the hash the build wrote.
    await page.unroute('**/*_bg.wasm');
    const pageModule = (url) => /\/split_instance_page-[0-9a-f]+\.wasm$/.test(new URL(url).pathname);
    await page.route(pageModule, tampered);
    await page.goto(`${server.url}?instance=benchscope-demo__unitcalc-3`);
    const alert = page.locator('main .error[role="alert"]');
    await alert.waitFor();
    assert.match(await alert.textContent(), /Could not load the instance page's code/);
    assert.equal(await page.locator('article.instance').count(), 0, 'the changed module did not run');

    // The glue, changed: its preload link carries the hash the build wrote, and the page says so.
    await page.unroute(pageModule);
    await page.route(/\/benchscope-web-[0-9a-f]+\.js$/, tampered);
    await page.goto(server.url);
    await boot.waitFor();
    assert.match(await boot.textContent(), /^Benchscope could not start: its code, benchscope-web-[0-9a-f]+\.js, could not be fetched or did not match the hash the page expects\. Reload the page/);
    await page.waitForTimeout(500);
    assert.equal(await page.locator('.brand').count(), 0, 'the app did not start');
  } finally {
    await context.close();
  }
});
