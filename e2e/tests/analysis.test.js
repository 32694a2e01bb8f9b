// The analysis view: breakdowns against an independent count, failure modes and the resolved matrix.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, chartCanvas, benchscope, serve, tempDir } from './support.js';
import { useFixtures, server, session, demo, priced, alone, boards, lite, withoutRealdata } from './context.js';
import { rows } from './read_page.js';

useFixtures();

test('breakdowns: the chart is drawn, the table matches an independent count, a bar click lists exactly its instances; McNemar on two runs', async () => {
  const { page, errors } = session;
  await page.goto(`${server.url}?view=analysis`);
  await page.waitForSelector('img.chart[src]');
  const coloured = await (await chartCanvas(page.locator('img.chart').first())).evaluate((c) => {
    const pixels = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < pixels.length; i += 4) if (Math.abs(pixels[i] - pixels[i + 1]) > 40 || Math.abs(pixels[i + 1] - pixels[i + 2]) > 40) n += 1;
    return n;
  });
  assert.ok(coloured > 500, `the bars are drawn: ${coloured} coloured pixels`);
  const runs = Object.fromEntries(['gold', 'partly-right'].map((name) => [name, JSON.parse(readFileSync(join(server.dirs.data, 'runs', `${name}.json`), 'utf8'))]));
  const categories = JSON.parse(readFileSync(join(ROOT, 'demo', 'categories.json'), 'utf8'));
  const cells = await page.locator('.by-facet td[data-run]').evaluateAll((tds) => tds.map((td) => [td.closest('tr').dataset.value, td.dataset.run, Number(td.dataset.resolved), Number(td.dataset.total)]));
  assert.ok(cells.length > 0);
  // Each table's first head names its rows as the facet picker does, capitalised as every table's heads.
  const firstHead = (table) => page.locator(`.breakdown-table.${table} thead th`).first().textContent();
  assert.deepEqual([await firstHead('by-facet'), await firstHead('passed'), await firstHead('failure-modes')], ['Category', 'Category', 'Failure mode']);
  for (const [category, run, resolved, total] of cells) {
    const ids = demo.filter((r) => categories[r.repo] === category).map((r) => r.instance_id);
    const results = runs[run].results.filter((r) => ids.includes(r.instance_id));
    assert.deepEqual([resolved, total], [results.filter((r) => r.resolved).length, results.length], `${category} / ${run}`);
  }
  // Click the first bar of the first group: the list shows that group's instances the run resolved.
  const box = await page.locator('.chart-block img.chart').first().boundingBox();
  // A press that moves a little before its release does not drag the chart's image away.
  await page.evaluate(() => { window.__drags = 0; document.addEventListener('dragstart', () => { window.__drags += 1; }); });
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 30, box.y + box.height / 2 + 10, { steps: 5 });
  await page.mouse.up();
  assert.equal(await page.evaluate(() => window.__drags), 0, 'the chart is not dragged');
  const [group, run] = [cells[0][0], cells[0][1]];
  const groups = await page.locator('.by-facet tbody tr').count();
  const series = await page.locator('.by-facet thead th').count() - 1;
  const scale = box.width / (await page.locator('.chart-block img.chart').first().evaluate((img) => img.naturalWidth));
  // The plot area starts after the margin and the y label area (12 + 48 px) and ends 12 px from the right.
  const left = (12 + 48) * scale;
  const slot = (box.width - left - 12 * scale) / groups;
  const x = box.x + left + slot * (0.1 + 0.8 / series / 2);
  const y = box.y + box.height - (12 + 40 + 5) * scale;
  const expected = runs[run].results.filter((r) => r.resolved && categories[demo.find((d) => d.instance_id === r.instance_id).repo] === group).map((r) => r.instance_id).sort();
  if (expected.length > 0) {
    await page.mouse.click(x, y);
    await page.waitForURL((url) => !url.search.includes('view=analysis'));
    await rows(page);
    const listed = await page.locator('.instance-row').evaluateAll((els) => els.map((el) => el.dataset.id));
    assert.deepEqual(listed.sort(), expected);
    await page.goBack();
    await page.waitForSelector('img.chart[src]');
  }
  // McNemar, counted here from the run files.
  const resolvedSet = (name) => new Set(runs[name].results.filter((r) => r.resolved).map((r) => r.instance_id));
  const [a, b] = [resolvedSet('gold'), resolvedSet('partly-right')];
  const both = [...a].filter((id) => b.has(id)).length;
  const firstOnly = a.size - both;
  const secondOnly = b.size - both;
  const shownCounts = await page.locator('.paired-counts button').allTextContents();
  assert.deepEqual(shownCounts.slice(0, 3).map((t) => Number(t.split(': ')[1])), [both, firstOnly, secondOnly], JSON.stringify(shownCounts));
  const n = firstOnly + secondOnly;
  const k = Math.min(firstOnly, secondOnly);
  let tail = 0;
  let choose = 1;
  for (let i = 0; i <= k; i += 1) { if (i > 0) choose = (choose * (n - i + 1)) / i; tail += choose / 2 ** n; }
  const p = Math.min(1, 2 * tail);
  assert.ok(Math.abs(Number(await page.locator('.mcnemar').getAttribute('data-p')) - p) < 1e-9, `p = ${p}`);
  await page.click('.paired[data-cell="first"]');
  await rows(page);
  const firstOnlyListed = await page.locator('.instance-row').evaluateAll((els) => els.map((el) => el.dataset.id));
  assert.deepEqual(firstOnlyListed.sort(), [...a].filter((id) => !b.has(id)).sort());
  assert.deepEqual(errors, []);
});

/** A chart's SVG document's legend: each entry's swatch (its top left corner and fill) and name. */
function legendOf(svg) {
  const swatch = /<rect x="(\d+)" y="(\d+)" width="10" height="10" opacity="1" fill="(#[0-9A-F]{6})" stroke="none"\/>\s*<text[^>]*>\s*([^<]*?)\s*<\/text>/g;
  return [...svg.matchAll(swatch)].map(([, x, y, fill, name]) => ({ x: Number(x), y: Number(y), fill, name }));
}

/** A chart's SVG document's filled rectangles other than the legend's swatches: its bars. */
function barsOf(svg) {
  return [...svg.matchAll(/<rect x="(\d+)" y="(\d+)" width="(\d+)" height="(\d+)" opacity="1" fill="(#[0-9A-F]{6})"/g)]
    .map(([, x, y, w, h, fill]) => ({ x: Number(x), y: Number(y), w: Number(w), h: Number(h), fill }))
    .filter((r) => !(r.w === 10 && r.h === 10));
}

test("a bar chart's legend sits above its bars, and a run keeps its colour in every chart of the page", async () => {
  const { page, errors } = session;
  // The runs drawn in the order opposite to the results matrix's, which the "passed" chart follows.
  await page.goto(`${server.url}?view=analysis&arun=partly-right&arun=gold`);
  await page.waitForSelector('.passed');
  await page.waitForFunction(() => document.querySelectorAll('img.chart[src]').length >= 2);
  const documents = await page.locator('img.chart[src]').evaluateAll((imgs) => imgs.map((img) => decodeURIComponent(img.src)));
  const colourOf = {};
  let legends = 0;
  for (const svg of documents) {
    const entries = legendOf(svg);
    if (entries.length === 0) continue;
    legends += 1;
    const fills = new Set(entries.map((e) => e.fill));
    const bottom = Math.max(...entries.map((e) => e.y + 10));
    const bars = barsOf(svg).filter((r) => fills.has(r.fill));
    assert.ok(bars.length > 0, 'bars drawn');
    for (const bar of bars) assert.ok(bar.y > bottom, `a bar at y ${bar.y} reaches the legend, whose bottom is at ${bottom}`);
    assert.equal(fills.size, entries.length, `each series its own colour: ${JSON.stringify(entries)}`);
    for (const { name, fill } of entries) {
      colourOf[name] ??= [];
      colourOf[name].push(fill);
    }
  }
  assert.ok(legends >= 2, `the breakdown's and the "passed" chart's legends: ${legends}`);
  const shared = Object.entries(colourOf).filter(([, fills]) => fills.length >= 2);
  assert.equal(shared.length, 2, `both runs in both charts: ${JSON.stringify(colourOf)}`);
  for (const [name, fills] of shared) assert.equal(new Set(fills).size, 1, `${name} is drawn in ${fills.join(' and ')}`);
  // The scatter plot draws the runs in those colours and names them; a run not drawn is muted.
  const scatterPoints = async () => {
    const scatter = page.locator('.scatter-section img.scatter[data-label-boxes]').first();
    await scatter.waitFor();
    const svg = decodeURIComponent(await scatter.getAttribute('src'));
    const fills = [...svg.matchAll(/<circle[^>]*fill="(#[0-9A-Fa-f]{6})"/g)].map((m) => m[1].toUpperCase());
    return { fills, labels: JSON.parse(await scatter.getAttribute('data-label-boxes')).length };
  };
  const both = await scatterPoints();
  assert.deepEqual(both.fills.sort(), shared.map(([, fills]) => fills[0].toUpperCase()).sort(), 'each run in its colour');
  assert.equal(both.labels, 2, 'both runs named');
  await page.goto(`${server.url}?view=analysis&arun=partly-right`);
  const one = await scatterPoints();
  const partlyRight = JSON.parse(readFileSync(join(server.dirs.data, 'runs', 'partly-right.json'), 'utf8')).system.name;
  assert.equal(one.labels, 1, 'the run drawn named, the other not');
  assert.deepEqual(one.fills.sort(), [colourOf[partlyRight][0].toUpperCase(), '#AFB8C1'].sort(), `the other run muted: ${one.fills}`);
  assert.deepEqual(errors, []);
});

/** Opens the leaderboard and drops on it the demo's partly-right run as `change` makes it, named
 * `file`; returns that run once the board lists it. */
async function dropVariant(page, file, change) {
  await page.goto(`${server.url}?view=leaderboard`);
  await page.waitForSelector('.drop-zone');
  const run = JSON.parse(readFileSync(join(server.dirs.data, 'runs', 'partly-right.json'), 'utf8'));
  change(run);
  await page.locator('.drop-zone input[type=file]').setInputFiles({ name: file, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(run)) });
  await page.waitForSelector(`.leaderboard-table tr[data-run="${run.id}"]`);
  return run;
}

test('a dropped run with more failure modes than the palette: the largest drawn apart, the rest as one segment that lists exactly their instances', async () => {
  const { page, errors } = session;
  // A run whose every instance failed in a mode of its own: twelve modes.
  const run = await dropVariant(page, 'many-modes.json', (run) => {
    run.id = 'many-modes';
    run.system.name = 'many-modes';
    run.results = run.results.map((r, i) => ({ ...r, resolved: false, failure_mode: `mode-${String.fromCharCode(97 + i)}` }));
  });
  await page.locator('.view-tabs a.tab', { hasText: 'Breakdowns' }).click();
  await page.waitForSelector('.failure-modes tbody tr');
  const chart = page.locator('.failure-modes-section img.chart[data-label-boxes]');
  await chart.waitFor();
  const svg = await chart.evaluate((img) => decodeURIComponent(img.src));
  const legend = legendOf(svg);
  assert.equal(legend.length, 7, JSON.stringify(legend));
  assert.equal(new Set(legend.map((e) => e.fill)).size, 7, 'seven colours, none twice');
  const other = legend.at(-1);
  const modes = await page.locator('.failure-modes tbody tr').evaluateAll((trs) => trs.map((tr) => tr.dataset.mode));
  const rest = modes.filter((m) => !legend.some((e) => e.name === m));
  assert.equal(other.name, `${rest.length} other modes`, 'the table has every mode; the chart draws the rest as one');
  // The many-modes run's "other" segment: its rect in the SVG, clicked in the image.
  const column = await page.locator('.failure-modes thead th').evaluateAll((ths) => ths.findIndex((th) => th.textContent.includes('many-modes')) - 1);
  const segments = barsOf(svg).filter((r) => r.fill === other.fill).sort((a, b) => a.x - b.x);
  const segment = segments.at(-1);
  assert.ok(column >= 0 && segment, `the run's column ${column}, its segment ${JSON.stringify(segments)}`);
  await chart.scrollIntoViewIfNeeded();
  const box = await chart.boundingBox();
  const scale = box.width / (await chart.evaluate((img) => img.naturalWidth));
  await page.mouse.click(box.x + (segment.x + segment.w / 2) * scale, box.y + (segment.y + segment.h / 2) * scale);
  await rows(page);
  const listed = await page.locator('.instance-row').evaluateAll((els) => els.map((el) => el.dataset.id));
  const expected = run.results.filter((r) => rest.includes(r.failure_mode)).map((r) => r.instance_id);
  assert.deepEqual(listed.sort(), expected.sort());
  assert.deepEqual(errors, []);
});

test("two runs of one system are told apart by their ids in the breakdowns, the scatter and an instance's runs", async () => {
  const { page, errors } = session;
  // The same system run again: real boards list devlo three times under one name.
  const run = await dropVariant(page, 'rerun.json', (run) => { run.id = 'partly-right-rerun'; });
  const labels = [`${run.system.name} (partly-right)`, `${run.system.name} (partly-right-rerun)`];
  await page.locator('.view-tabs a.tab', { hasText: 'Breakdowns' }).click();
  await page.waitForSelector('.by-facet thead th');
  const heads = await page.locator('.by-facet thead th').allTextContents();
  for (const label of labels) assert.ok(heads.includes(label), `the table's heads ${JSON.stringify(heads)} name ${label}`);
  const legend = legendOf(decodeURIComponent(await page.locator('.chart-block img.chart[src^="data:"]').first().getAttribute('src'))).map((e) => e.name);
  for (const label of labels) assert.ok(legend.includes(label), `the legend ${JSON.stringify(legend)} names ${label}`);
  assert.ok(!legend.includes(run.system.name) && !heads.includes(run.system.name), 'neither is called by the bare name');
  const scatter = page.locator('.scatter-section img.scatter[src^="data:"]').first();
  await scatter.waitFor();
  const named = decodeURIComponent(await scatter.getAttribute('src'));
  // Its labels are cut to fit, in the middle where the start would read alike.
  const drawn = [...named.matchAll(/<text[^>]*>\s*([^<]*?)\s*<\/text>/g)].map((m) => m[1]).filter((t) => t.startsWith(run.system.name.slice(0, 5)));
  assert.equal(new Set(drawn).size, 2, `the scatter's labels of the two runs read apart: ${JSON.stringify(drawn)}`);
  assert.ok(drawn.some((t) => t.endsWith('rerun)')), `one ends in its id: ${JSON.stringify(drawn)}`);
  await page.locator('.view-tabs a.tab', { hasText: 'Instances' }).click();
  const id = run.results[0].instance_id;
  await page.click(`.instance-row[data-id="${id}"] a`);
  await page.waitForSelector('.runs-table tr.run[data-run="partly-right-rerun"]');
  const names = await page.locator('.runs-table td.run-name').allTextContents();
  for (const label of labels) assert.ok(names.includes(label), `the runs of ${id}, ${JSON.stringify(names)}, name ${label}`);
  assert.deepEqual(errors, []);
});

/** A chart's SVG document's tiles (rectangles a row high) and its texts, with where they are. */
function tilesOf(svg) {
  const tiles = barsOf(svg).filter((r) => r.h === 19);
  const texts = [...svg.matchAll(/<text x="(-?\d+)" y="(-?\d+)"[^>]*>\s*([^<]*?)\s*<\/text>/g)].map(([, x, y, text]) => ({ x: Number(x), y: Number(y), text }));
  return { tiles, texts };
}

test('more runs side by side than the palette has colours: a tile per run and value, shaded by its share and labelled with it, that lists exactly its instances', async () => {
  const { page, errors } = session;
  await page.goto(`${server.url}?data=priced/&view=analysis`);
  await page.locator('.run-picker summary').click();
  await page.locator('.run-picker button', { hasText: 'Top 10' }).click();
  await page.locator('.run-picker summary').click();
  const chart = page.locator('.chart-block img.chart').first();
  await page.waitForFunction(() => /a tile per series/.test(document.querySelector('.chart-block img.chart')?.alt ?? '') && document.querySelector('.chart-block img.chart').src.startsWith('data:'));
  const svg = await chart.evaluate((img) => decodeURIComponent(img.src));
  const runs = await page.locator('.by-facet thead th').evaluateAll((ths) => ths.slice(1).map((th) => th.textContent));
  assert.equal(runs.length, 10);
  const cells = await page.locator('.by-facet td[data-run]').evaluateAll((tds) => tds.map((td) => ({ group: td.closest('tr').dataset.value, run: td.dataset.run, resolved: Number(td.dataset.resolved), total: Number(td.dataset.total) })));
  const groups = [...new Set(cells.map((c) => c.group))];
  const { tiles, texts } = tilesOf(svg);
  // Rows top to bottom, columns left to right: the table's runs and values.
  const ys = [...new Set(tiles.map((t) => t.y))].sort((a, b) => a - b);
  const xs = [...new Set(tiles.map((t) => t.x))].sort((a, b) => a - b);
  assert.equal(ys.length, 10, 'a row a run');
  assert.equal(xs.length, groups.length, 'a column a value');
  const names = ys.map((y) => texts.filter((t) => t.y > y && t.y < y + 19 && t.x < xs[0]).map((t) => t.text).join(''));
  assert.deepEqual(names, runs, 'each row named by its run, in the table order');
  const runIds = [...new Set(cells.map((c) => c.run))];
  const lightness = (fill) => [1, 3, 5].reduce((sum, at) => sum + parseInt(fill.slice(at, at + 2), 16), 0);
  const drawn = cells.filter((c) => c.total > 0).map((c) => {
    const tile = tiles.find((t) => t.y === ys[runIds.indexOf(c.run)] && t.x === xs[groups.indexOf(c.group)]);
    assert.ok(tile, `a tile for ${c.run} on ${c.group}`);
    const share = (100 * c.resolved) / c.total;
    const label = texts.find((t) => t.x > tile.x && t.x < tile.x + tile.w && t.y > tile.y && t.y < tile.y + tile.h);
    assert.ok(label && Math.abs(Number(label.text) - share) <= 0.5, `${c.run} on ${c.group}: ${label?.text} for ${share}`);
    return { ...c, share, tile };
  });
  assert.equal(tiles.length, drawn.length, 'a tile for each count, none for a value a run has no instance of');
  for (const a of drawn) {
    for (const b of drawn) {
      if (a.share > b.share) assert.ok(lightness(a.tile.fill) <= lightness(b.tile.fill), `${a.share}% (${a.tile.fill}) is no lighter than ${b.share}% (${b.tile.fill})`);
    }
  }
  // A tile with instances resolved, clicked in the image: the list shows exactly them.
  const target = drawn.find((c) => c.resolved > 0);
  const entry = JSON.parse(readFileSync(priced.input, 'utf8')).leaderboards[0].results.find((e) => target.run.endsWith(e.folder));
  const [owner, repo] = target.group.split('/');
  const expected = Object.entries(entry.per_instance_details).filter(([id, d]) => d.resolved && id.startsWith(`${owner}__${repo}-`)).map(([id]) => id);
  assert.equal(expected.length, target.resolved);
  await chart.scrollIntoViewIfNeeded();
  const box = await chart.boundingBox();
  const scale = box.width / (await chart.evaluate((img) => img.naturalWidth));
  await page.mouse.click(box.x + (target.tile.x + target.tile.w / 2) * scale, box.y + (target.tile.y + 9) * scale);
  await rows(page);
  const listed = await page.locator('.instance-row').evaluateAll((els) => els.map((el) => el.dataset.id));
  assert.deepEqual(listed.sort(), expected.sort());
  assert.deepEqual(errors, []);
});

test('a split whose runs carry only published totals says so, naming how many it has, instead of a breakdown, and links the leaderboard that ranks them; published metric means are drawn side by side', async (t) => {
  if (withoutRealdata(t, alone)) return;
  const { page, errors } = session;
  const manifest = JSON.parse(readFileSync(join(alone, 'manifest.json'), 'utf8'));
  const loaded = manifest.runs.filter((r) => r.dataset === 'swe-bench-lite' && r.split === 'test').length;
  assert.ok(loaded > 1, `the real Lite board's runs: ${loaded}`);
  await page.goto(`${server.url}?data=alone/&dataset=swe-bench-lite&view=analysis`);
  const message = await page.locator('section.analysis p.empty').first().textContent();
  assert.match(message, new RegExp(`^None of this split's ${loaded} runs has per-instance verdicts`));
  assert.ok(!message.includes('benchscope score'), 'a board of % resolved has no metrics to score');
  // Their figures are on the leaderboard, a link away, the split kept.
  assert.match(message, /The leaderboard ranks them as their sources published them\.$/);
  await page.locator('section.analysis p.empty a', { hasText: 'leaderboard' }).click();
  await page.locator('.leaderboard tbody tr').first().waitFor();
  assert.match(page.url(), /dataset=swe-bench-lite.*view=leaderboard/);
  assert.equal(await page.locator('.leaderboard tbody tr').count(), loaded, 'every run of the split ranked');
  // Long Code Arena's real baselines: generations beside their published chrF and API-recall means.
  await page.goto(`${server.url}?data=boards/&dataset=lca-library-codegen&view=analysis`);
  const lcaMessage = await page.locator('section.analysis p.empty').first().textContent();
  assert.match(lcaMessage, /runs has per-instance verdicts: .* Metrics are given as published means only, drawn below as each run.s source gives them: benchscope score scores each generation against the exported dataset/);
  assert.equal(await page.locator('section.analysis p.empty code', { hasText: 'benchscope score' }).count(), 1, 'the command as code');
  // Those means, drawn side by side (twelve runs: as tiles) with a table of each run's value.
  const published = page.locator('section.published-means');
  await published.locator('img.chart[src]').waitFor();
  const board = JSON.parse(readFileSync(join(boards, 'manifest.json'), 'utf8')).runs.filter((r) => r.dataset === 'lca-library-codegen');
  assert.equal(board.length, 12);
  const shown = await published.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.querySelector('th').textContent, Object.fromEntries([...tr.querySelectorAll('td')].map((td) => [td.dataset.metric, td.textContent]))]));
  assert.equal(shown.length, 12, 'a row per run');
  const labels = new Set(await published.locator('tbody td').evaluateAll((tds) => tds.map((td) => td.dataset.label)));
  assert.deepEqual([...labels].sort(), ['API recall', 'chrF'], "each cell names its metric, as a phone's cards show it");
  for (const metric of ['api_recall_mean', 'chrf_mean']) {
    const expected = board.map((r) => r.headline[metric].toFixed(2)).sort();
    assert.deepEqual(shown.map(([, cells]) => cells[metric]).sort(), expected, `${metric}: each run's published mean`);
  }
  // In the board's order: by chrF, the larger first.
  const chrf = shown.map(([, cells]) => Number(cells.chrf_mean));
  assert.deepEqual(chrf, [...chrf].sort((a, b) => b - a));
  const best = board.reduce((a, b) => (b.headline.chrf_mean > a.headline.chrf_mean ? b : a));
  assert.equal(shown[0][0], best.system.name, 'each row named by its run');
  const svg = await published.locator('img.chart[src]').evaluate((img) => decodeURIComponent(img.src));
  assert.ok(svg.includes('API recall') && svg.includes('chrF'), 'the metrics named as the board names them');
  // At a phone's width the names are cut, and each still reads as its own run: CodeLlama's 70b
  // and 7b runs end alike and start alike.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const narrow = await published.locator('img.chart[src]').evaluate((img) => decodeURIComponent(img.src));
  const names = [...narrow.matchAll(/<text[^>]*text-anchor="end"[^>]*>([^<]*)<\/text>/g)].map((m) => m[1].trim());
  assert.equal(names.length, 12, `a name for each run: ${names}`);
  assert.ok(names.some((n) => n.includes('…')), `cut to the phone's width: ${names}`);
  assert.equal(new Set(names).size, 12, `told apart: ${names}`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${server.url}?data=alone/&dataset=swe-bench-lite&view=analysis`);
  await page.locator('section.analysis p.empty').first().waitFor();
  assert.equal(await page.locator('section.published-means').count(), 0, 'a board of % resolved publishes no metric');
  // SWE-Dev's board ranks by % resolved and publishes pass@3 beside it, which its leaderboard
  // shows: no chart of it in the resolved order here, and no word of scoring generations.
  await page.goto(`${server.url}?data=boards/&dataset=swe-dev&split=easy&view=analysis`);
  const sweDevMessage = await page.locator('section.analysis p.empty').first().textContent();
  assert.match(sweDevMessage, /^None of this split's \d+ runs has per-instance verdicts/);
  assert.ok(!sweDevMessage.includes('benchscope score'), sweDevMessage);
  assert.equal(await page.locator('section.published-means').count(), 0);
  assert.deepEqual(errors, []);
});

test('downloads: the breakdown as a PNG at twice its size, as SVG and as CSV, each what the page shows', async () => {
  const { page, errors } = session;
  await page.goto(`${server.url}?view=analysis`);
  await page.waitForSelector('img.chart[src]');
  const block = page.locator('.chart-block').first();
  const save = async (label) => {
    const [download] = await Promise.all([page.waitForEvent('download'), block.locator('.downloads button', { hasText: label }).click()]);
    return { name: download.suggestedFilename(), bytes: readFileSync(await download.path()) };
  };
  const cells = await block.locator('.by-facet td[data-run]').evaluateAll((tds) => tds.map((td) => [td.closest('tr').dataset.value, td.dataset.resolved, td.dataset.total]));
  assert.ok(cells.length > 0);
  const png = await save('PNG');
  assert.match(png.name, /^breakdown-.+\.png$/);
  assert.equal(png.bytes.subarray(1, 4).toString(), 'PNG');
  assert.deepEqual([png.bytes.readUInt32BE(16), png.bytes.readUInt32BE(20)], [1800, 840], 'twice the chart\'s 900 × 420');
  const coloured = await page.evaluate(async (base64) => {
    // Decoded here, not fetched: the page's policy lets it fetch nothing but its own files.
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d');
    context.drawImage(bitmap, 0, 0);
    const pixels = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
    let n = 0;
    for (let i = 0; i < pixels.length; i += 4) if (Math.abs(pixels[i] - pixels[i + 1]) > 40 || Math.abs(pixels[i + 1] - pixels[i + 2]) > 40) n += 1;
    return n;
  }, png.bytes.toString('base64'));
  assert.ok(coloured > 2000, `the PNG has the bars: ${coloured} coloured pixels`);
  const svg = await save('SVG');
  assert.match(svg.name, /^breakdown-.+\.svg$/);
  const text = svg.bytes.toString();
  assert.match(text, /^<svg[^>]* width="900" height="420"/);
  assert.match(text, /font-size="16"[^>]*>\s*% resolved by /, 'the title at the size the chart was laid out for');
  assert.match(text, /<\/svg>\s*$/, 'a whole document');
  const csv = await save('CSV');
  assert.match(csv.name, /^breakdown-.+\.csv$/);
  const lines = csv.bytes.toString().trim().split('\n');
  assert.match(lines[0], /^".+",run,resolved,instances,percent$/);
  const counts = lines.slice(1).map((line) => line.split(',')).map(([value, , resolved, total]) => [JSON.parse(value), resolved, total]);
  assert.deepEqual(counts, cells, 'a line per value and run, with the table\'s counts');
  assert.deepEqual(errors, []);
});

test('failure modes per run and the resolved matrix: counts against the run files, one-click filters', async () => {
  const { page, errors } = session;
  await page.goto(`${server.url}?view=analysis`);
  await page.waitForSelector('.failure-modes tbody tr');
  const runs = Object.fromEntries(['gold', 'partly-right'].map((name) => [name, JSON.parse(readFileSync(join(server.dirs.data, 'runs', `${name}.json`), 'utf8'))]));
  const cells = await page.locator('.failure-modes td').evaluateAll((tds) => tds.map((td) => [td.closest('tr').dataset.mode, td.dataset.run, Number(td.dataset.count)]));
  for (const [mode, run, count] of cells) {
    const expected = runs[run].results.filter((r) => !r.resolved && (r.failure_mode || 'unresolved') === mode).length;
    assert.equal(count, expected, `${run}: ${mode}`);
  }
  const [mode, run] = cells.find((c) => c[2] > 0);
  await page.locator(`.failure-modes tr[data-mode="${mode}"] td[data-run="${run}"] a`).click();
  await rows(page);
  const listed = await page.locator('.instance-row').evaluateAll((els) => els.map((el) => el.dataset.id));
  assert.deepEqual(listed.sort(), runs[run].results.filter((r) => !r.resolved && (r.failure_mode || 'unresolved') === mode).map((r) => r.instance_id).sort());

  await page.goto(`${server.url}?view=analysis`);
  await page.waitForSelector('canvas.matrix');
  const solvedBy = (id) => Object.values(runs).filter((r) => r.results.some((x) => x.instance_id === id && x.resolved)).length;
  const none = demo.filter((r) => solvedBy(r.instance_id) === 0).map((r) => r.instance_id);
  const every = demo.filter((r) => solvedBy(r.instance_id) === 2).map((r) => r.instance_id);
  assert.equal(await page.locator('button[data-filter="none"]').textContent(), `Solved by no run: ${none.length}`);
  assert.equal(await page.locator('button[data-filter="every"]').textContent(), `Solved by every run: ${every.length}`);
  assert.equal(await page.locator('canvas.matrix').evaluate((c, n) => c.height % n, demo.length), 0, 'one band of pixels per instance');
  // Two runs' columns are not stretched over the page: each at most 6rem, under its run's name,
  // and a band a pixel of the page per pixel of the canvas.
  const drawn = await page.locator('canvas.matrix').evaluate((c) => ({ ...c.getBoundingClientRect().toJSON(), pixels: c.height }));
  const names = await page.locator('.matrix-run').evaluateAll((spans) => spans.map((s) => s.getBoundingClientRect().toJSON()));
  assert.ok(drawn.width <= 2 * 96 + 0.5, `the matrix is ${drawn.width} px wide for two runs`);
  assert.equal(drawn.height, drawn.pixels);
  assert.equal(names.length, 2);
  assert.ok(Math.abs(names[0].left - drawn.left) < 1 && Math.abs(names[1].right - drawn.right) < 1, 'the names span the columns');
  assert.match(await page.locator('.matrix-section h3').textContent(), new RegExp(`^Resolved instances: ${demo.length} instances × 2 runs`));
  // The pixels say what the run files say: per run (best first), a green band per instance it resolves.
  const greens = await page.locator('canvas.matrix').evaluate((c, n) => {
    const context = c.getContext('2d');
    const band = c.height / n;
    const width = Math.floor(c.width / 2);
    return [0, 1].map((column) => {
      let count = 0;
      for (let row = 0; row < n; row += 1) {
        const [r, g, b] = context.getImageData(column * width + 1, row * band, 1, 1).data;
        if (r === 46 && g === 160 && b === 67) count += 1;
      }
      return count;
    });
  }, demo.length);
  assert.deepEqual(greens, Object.values(runs).map((r) => r.results.filter((x) => x.resolved).length).sort((a, b) => b - a));
  await page.click('button[data-filter="every"]');
  await rows(page);
  assert.deepEqual((await page.locator('.instance-row').evaluateAll((els) => els.map((el) => el.dataset.id))).sort(), every.sort());
  await page.goto(`${server.url}?view=analysis`);
  await page.locator('canvas.matrix').scrollIntoViewIfNeeded();
  const matrix = await page.locator('canvas.matrix').boundingBox();
  await page.mouse.click(matrix.x + 5, matrix.y + 2);
  await page.waitForSelector('article.instance');
  const top = [...demo].sort((a, b) => solvedBy(b.instance_id) - solvedBy(a.instance_id) || a.instance_id.localeCompare(b.instance_id))[0].instance_id;
  assert.equal(await page.locator('article.instance').getAttribute('data-id'), top, 'the top row is the most-solved instance');
  assert.deepEqual(errors, []);
});

test("the charts' axes read as numbers are written, a share by its round figures and a count in whole instances; a bar is never wide", async () => {
  const { page, errors } = session;
  await page.goto(`${server.url}?view=analysis`);
  await page.waitForSelector('img.chart[src]');
  const svgOf = (chart) => chart.evaluate((img) => decodeURIComponent(img.src));
  // The y axis's labels are the texts drawn flush right, left of the plot.
  const yTicks = (svg) => [...svg.matchAll(/<text[^>]*text-anchor="end"[^>]*>\s*([^<]*?)\s*<\/text>/g)].map((m) => m[1].trim());
  assert.deepEqual(yTicks(await svgOf(page.locator('img.chart[src]').first())), ['0', '20', '40', '60', '80', '100'], 'the breakdown, in %');
  // The graded directory's runs leave one and two instances unresolved: an axis of counts up to 2.
  await page.goto(`${server.url}?data=graded/&view=analysis`);
  await page.waitForSelector('.failure-modes tbody tr');
  // A run's bar stacks its failure modes: the axis tops the largest run's unresolved count.
  const perRun = {};
  for (const [run, count] of await page.locator('.failure-modes td[data-run]').evaluateAll((tds) => tds.map((td) => [td.dataset.run, Number(td.dataset.count)]))) perRun[run] = (perRun[run] ?? 0) + count;
  assert.deepEqual(Object.values(perRun).sort(), [1, 2], JSON.stringify(perRun));
  const failures = await svgOf(page.locator('.failure-modes-section img.chart[src]'));
  assert.deepEqual(yTicks(failures), ['0', '1', '2'], 'no half an instance');
  // Two runs' bars on a plot some 800 pixels wide: each as wide as a bar may be, not 300 pixels.
  const bars = barsOf(failures).filter((r) => r.fill !== '#FFFFFF');
  assert.ok(bars.length >= 2 && bars.every((r) => r.w >= 60 && r.w <= 72), `the bars' widths: ${JSON.stringify(bars)}`);
  // The leaderboard's scatter plots: "% resolved" by tens, a cost in dollars.
  await page.goto(`${server.url}?data=priced/&view=leaderboard`);
  await page.waitForSelector('img.scatter[src]');
  for (const svg of await page.locator('img.scatter[src]').evaluateAll((imgs) => imgs.map((img) => decodeURIComponent(img.src)))) {
    const ticks = [...svg.matchAll(/<text[^>]*>\s*([-\d.]+)\s*<\/text>/g)].map((m) => m[1].trim());
    assert.ok(ticks.length >= 8, `a scatter's axes: ${ticks}`);
    assert.deepEqual(ticks.filter((t) => /\.\d*0$|^-0$/.test(t)), [], `no tick with a zero it does not need: ${ticks}`);
  }
  assert.deepEqual(errors, []);
});

test("a harness summary's failure reasons read as words in the run's facet, the failure modes table and the instance's runs, and filter by their own key", async (t) => {
  if (withoutRealdata(t, lite)) return;
  const { page, errors } = session;
  // The real harness summary of 37 Lite instances, whose failure_reasons say `no_tests_collected`.
  const report = join(ROOT, '..', 'shared', 'realdata', 'swebench-lite-harness-report_m1o0-swe-bench-lite-37');
  const data = join(tempDir('reasons'), 'data');
  benchscope('export', join(ROOT, '..', 'shared', 'realdata', 'swebench-lite_ztluck78-swebench-exp-lite', 'swe-bench-lite.test.jsonl'), '--out', data, '--quiet');
  benchscope('import', report, '--data', data);
  const manifest = JSON.parse(readFileSync(join(data, 'manifest.json'), 'utf8'));
  const [entry] = manifest.runs;
  const run = JSON.parse(readFileSync(join(data, entry.path), 'utf8'));
  const withMode = (mode) => run.results.filter((r) => r.failure_mode === mode).map((r) => r.instance_id).sort();
  const collected = withMode('no_tests_collected');
  assert.ok(collected.length > 0 && withMode('tests_failed').length > 0, 'the run has both keys');
  const own = await serve({ reasons: data });
  try {
    await page.goto(`${own.url}?data=reasons/`);
    const facet = page.locator(`section.facet[data-facet="run ${entry.id}"]`);
    await facet.locator('label').first().waitFor();
    const values = await facet.locator('label .value').allTextContents();
    assert.ok(values.includes('no tests collected') && values.includes('tests failed'), values.join(' | '));
    assert.ok(!values.some((v) => v.includes('_')), `no key shown: ${values.join(' | ')}`);
    await facet.locator('label', { hasText: 'no tests collected' }).locator('input').check();
    await page.waitForFunction((n) => document.querySelector('.count')?.textContent.startsWith(`${n} of `), collected.length);
    assert.ok(decodeURIComponent(page.url()).includes(':no_tests_collected'), 'the URL keeps the key');
    assert.deepEqual((await page.locator('.instance-row').evaluateAll((els) => els.map((el) => el.dataset.id))).sort(), collected);
    await page.goto(`${own.url}?data=reasons/&view=analysis`);
    await page.waitForSelector('.failure-modes tbody tr');
    assert.equal(await page.locator('.failure-modes tr[data-mode="no_tests_collected"] th').textContent(), 'no tests collected');
    assert.equal(await page.locator('.failure-modes tr[data-mode="tests_failed"] th').textContent(), 'tests failed');
    const svg = await page.locator('.failure-modes-section img.chart[src]').evaluate((img) => decodeURIComponent(img.src));
    assert.ok(svg.includes('no tests collected') && !svg.includes('no_tests_collected'), 'the legend names it in words');
    // A run of 37 of the split's 300: in the matrix its failures sit under its successes, and the
    // instances it did not attempt below them all.
    const bands = await page.locator('canvas.matrix').evaluate((c, n) => {
      const context = c.getContext('2d');
      const band = c.height / n;
      const colours = { '46,160,67': 'resolved', '218,54,51': 'not resolved' };
      return Array.from({ length: n }, (_, row) => colours[[...context.getImageData(1, row * band, 1, 1).data.slice(0, 3)].join()] ?? 'no result');
    }, manifest.datasets[0].splits[0].instances);
    const order = ['resolved', 'not resolved', 'no result'];
    const runsOf = bands.reduce((seen, kind) => (seen.at(-1) === kind ? seen : [...seen, kind]), []);
    assert.deepEqual(runsOf, order, `rows by kind, top to bottom: ${runsOf.join(', ')}`);
    assert.equal(bands.filter((kind) => kind !== 'no result').length, run.results.length, 'a row for each instance the run attempted');
    assert.match(await page.locator('.matrix-section h3').textContent(), /most solved first, then most attempted$/);
    await page.goto(`${own.url}?data=reasons/&instance=${collected[0]}`);
    await page.waitForSelector('.runs-table tbody tr[data-run]');
    assert.equal(await page.locator('.runs-table .mode-name').first().textContent(), 'no tests collected');
    const [modeFont, bodyFont] = await page.locator('.runs-table .mode-name').first().evaluate((el) => [getComputedStyle(el).fontFamily, getComputedStyle(document.body).fontFamily]);
    assert.equal(modeFont, bodyFont, 'words in the page\'s type, not as code');
  } finally {
    await own.close();
  }
  assert.deepEqual(errors, []);
});
