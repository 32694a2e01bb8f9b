// What a reader sees at 390 and 1280 px, light and dark: no overflow, chart labels and colours,
// smaller things, and axe's accessibility audit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ROOT, chartCanvas } from './support.js';
import { useFixtures, server, session, demo, alone, lite, withoutRealdata, PARTIAL } from './context.js';
import { rows } from './read_page.js';

useFixtures();

/** Asserts that no two of a chart's label boxes (`[x, y, w, h]`) share a pixel. */
function assertApart(boxes, what) {
  boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b) => {
    const apart = a[0] + a[2] <= b[0] || b[0] + b[2] <= a[0] || a[1] + a[3] <= b[1] || b[1] + b[3] <= a[1];
    assert.ok(apart, `${what}: labels ${JSON.stringify(a)} and ${JSON.stringify(b)} intersect`);
  }));
}

test('at 390 px a test beside more runs than a line holds: its marks wrap inside the screen, its name under them', async () => {
  const { page, errors } = session;
  await page.setViewportSize({ width: 390, height: 900 });
  try {
    await page.goto(`${server.url}?data=many-graded/&instance=${PARTIAL}`);
    const first = page.locator('section.fail-to-pass li').first();
    await first.locator('.chip').first().waitFor();
    const marks = await first.locator('.chip').evaluateAll((chips) => chips.map((c) => c.getBoundingClientRect()).map((r) => [Math.round(r.top), r.right, r.bottom]));
    assert.equal(marks.length, 28, 'a mark for each run');
    assert.ok(marks.every(([, right]) => right <= 390), `the marks end at ${Math.max(...marks.map(([, right]) => right))} px`);
    assert.ok(new Set(marks.map(([top]) => top)).size > 1, 'the marks take more than one line');
    const [name, lastMark] = [await first.locator('code').boundingBox(), marks.at(-1)];
    assert.ok(name.y >= lastMark[2] - 1, `the name starts at ${name.y} px, under the marks (${lastMark[2]} px)`);
    const [scrolled, shown] = await page.locator('section.fail-to-pass ul').evaluate((ul) => [ul.scrollWidth, ul.clientWidth]);
    assert.ok(scrolled <= shown, `the list scrolls sideways: ${scrolled} px in ${shown}`);
  } finally {
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  assert.deepEqual(errors, []);
});

test('small and large screens: no page overflows at 390 and 1280 px, the list page has no overlapping parts, facets open in a drawer', async () => {
  const { page, errors } = session;
  const pages = ['?', '?instance=benchscope-demo__tinyconf-12', '?instance=benchscope-demo__tinyconf-12&diff=split', '?view=leaderboard', '?view=analysis', `?instance=${'astropy__astropy.b0db0daa.test_basic_rgb.067e927c.lv1'.repeat(2)}`];
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const query of pages) {
      await page.goto(`${server.url}${query}`);
      await page.waitForSelector('.instance-row, article.instance, .leaderboard-table, img.chart, .not-found');
      await page.waitForTimeout(100);
      const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      assert.ok(scroll <= inner, `${width} px, ${query}: the page is ${scroll} px wide`);
    }
  }
  // The list at 390 px: the facets wait in a drawer, the first row is near the top, and nothing overlaps.
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto(`${server.url}?`);
  await page.waitForSelector('.instance-row');
  assert.equal(await page.locator('.facets').isVisible(), false, 'the facets start closed');
  const firstRow = await page.locator('.instance-row').first().boundingBox();
  assert.ok(firstRow.y < 400, `the first row starts ${firstRow.y} px down`);
  // The header keeps to few lines: the brand beside its tagline, the picker's label beside its
  // select, the tabs on one line (the analysis tab's label shortened).
  const [brand, tagline] = await Promise.all(['.brand', '.tagline'].map((s) => page.locator(s).boundingBox()));
  assert.ok(tagline.y < brand.y + brand.height, 'the tagline shares the brand\'s line');
  const [nav, select] = await Promise.all(['.dataset-picker', '.dataset-picker select'].map((s) => page.locator(s).boundingBox()));
  assert.ok(nav.height < select.height * 1.5, `the picker takes ${nav.height} px for a ${select.height} px select`);
  const tabs = await page.locator('.view-tabs .tab').evaluateAll((as) => as.map((a) => [a.textContent, a.innerText, a.getBoundingClientRect().height]));
  assert.equal(new Set(tabs.map((t) => t[2])).size, 1, `the tabs' heights: ${JSON.stringify(tabs)}`);
  assert.deepEqual(tabs.map((t) => t[1]), ['Instances', 'Leaderboard', 'Breakdowns']);
  const boxes = async (selector) => page.locator(selector).evaluateAll((els) => els.filter((e) => e.getClientRects().length > 0).map((e) => { const r = e.getBoundingClientRect(); return { name: e.className || e.tagName, x: r.x, y: r.y, w: r.width, h: r.height }; }));
  const overlap = (a, b) => a.x < b.x + b.w - 0.5 && b.x < a.x + a.w - 0.5 && a.y < b.y + b.h - 0.5 && b.y < a.y + a.h - 0.5;
  const noOverlap = (list, what) => list.forEach((a, i) => list.slice(i + 1).forEach((b) => assert.ok(!overlap(a, b), `${what}: ${a.name} and ${b.name} overlap`)));
  noOverlap(await boxes('.topbar, .dataset-picker, .view-tabs, .list-page > .toolbar, .list-body .results'), 'page parts');
  noOverlap(await boxes('.list-page > .toolbar > *'), 'toolbar');
  for (let i = 0; i < 3; i += 1) noOverlap(await boxes(`.instance-row:nth-child(${i + 1}) > *:not(.repo)`), `row ${i}`);
  // The cards' sizes end at one edge, whatever their numbers' widths.
  const edges = await page.locator('.instance-row').evaluateAll((rows) => rows.map((row) => [...row.children].filter((c) => c.classList.contains('num')).map((c) => Math.round(c.getBoundingClientRect().right))));
  assert.ok(new Set(edges.map((e) => e.join())).size === 1, `the sizes' columns end at ${JSON.stringify(edges)}`);
  await page.click('.filters-toggle');
  assert.equal(await page.locator('.facets').isVisible(), true, 'the button opens them');
  noOverlap(await boxes('.list-body > .facets, .list-body > .results'), 'open drawer');
  // A card names its repository where the id does not (Long Code Arena's numeric ids), and only
  // there: SWE-bench's ids spell it, and the card has no room for both.
  const repoShown = (selector) => page.locator(selector).evaluate((e) => e.getBoundingClientRect().width > 0 && parseFloat(getComputedStyle(e).fontSize) > 0);
  assert.equal(await repoShown('.instance-row[data-id="benchscope-demo__tinyconf-12"] .repo'), false, 'a demo card leaves the repository out');
  await page.goto(`${server.url}?data=lca/&dataset=lca-bl&with=lca-cmg/test`);
  await page.waitForSelector('.instance-row[data-id="17"]');
  assert.equal(await repoShown('.instance-row[data-id="17"] .repo'), true, 'the card of issue 17 shows its repository');
  assert.equal(await page.locator('.instance-row[data-id="17"] .repo').evaluate((e) => e.lastChild.textContent), 'o/r');
  assert.equal(await repoShown('.instance-row[data-id="owner/name@abc123"] .repo'), false, 'an id holding the repository');
  noOverlap(await boxes('.instance-row[data-id="17"] > *'), 'a card with its repository');
  await page.setViewportSize({ width: 1280, height: 900 });
  assert.deepEqual(errors, []);
});

test('between a phone and a wide screen the list\'s rows fit their box: cards where its columns would not, a table where they do', async () => {
  const { page, errors } = session;
  // [cards?, the rows' box's width, its scrolled width, the furthest right a row's part ends,
  // the row's right edge, the first title's shown width] at the window's width.
  const layout = () => page.evaluate(() => {
    const rows = document.querySelector('.rows');
    const row = document.querySelector('.instance-row');
    const parts = [...document.querySelectorAll('.instance-row > *, .row-head > *')].filter((e) => e.getClientRects().length > 0);
    return [getComputedStyle(document.querySelector('.row-head')).display === 'none', rows.clientWidth, rows.scrollWidth,
      Math.max(...parts.map((e) => e.getBoundingClientRect().right)), row.getBoundingClientRect().right,
      row.querySelector('.title').getBoundingClientRect().width];
  });
  try {
    // 801-979 px: the filters beside the rows leave them 493-671 px, under the table's least width;
    // under 696 px the rows, with the window to themselves, are under it too.
    for (const [width, cards] of [[390, true], [690, true], [700, false], [780, false], [820, true], [900, true], [975, true], [990, false], [1280, false]]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${server.url}?`);
      await page.waitForSelector('.instance-row .title');
      const [isCards, box, scrolled, partsEnd, rowEnd, title] = await layout();
      assert.equal(isCards, cards, `${width} px: ${cards ? 'cards' : 'a table'} in a box of ${box} px`);
      assert.ok(scrolled <= box, `${width} px: the rows scroll sideways, ${scrolled} px in ${box}`);
      assert.ok(partsEnd <= rowEnd + 0.5, `${width} px: a row's part ends at ${partsEnd} px, past its row's ${rowEnd}`);
      assert.ok(title >= 140, `${width} px: the title is shown in ${title} px`);
    }
  } finally {
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  assert.deepEqual(errors, []);
});

test('chart labels never overlap, charts follow the dark theme and redraw when it flips, series colours are not the verdict colours', async () => {
  const { page, errors } = session;
  const check = async (url, facet) => {
    await page.goto(url);
    await page.waitForSelector('img.chart[data-label-boxes]');
    if (facet) {
      await page.selectOption('select[aria-label="Facet to break down by"]', facet);
      await page.waitForTimeout(200);
    }
    const boxes = JSON.parse(await page.locator('img.chart').first().getAttribute('data-label-boxes'));
    assert.ok(boxes.length > 0);
    assertApart(boxes, `${url} ${facet}`);
    return boxes;
  };
  await check(`${server.url}?view=analysis`, 'repo');
  await check(`${server.url}?view=analysis`, 'category');
  // Many long labels turn upright (src/chart_layout/axis_labels.rs's tests cover every count up to Lite's 12 repositories).
  const ids = await check(`${server.url}?view=analysis`, 'lines');
  assert.ok(ids.length >= 1);
  // Dark theme: the chart is drawn on the page's dark background.
  const dark = await session.browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'dark' });
  const darkPage = await dark.newPage();
  await darkPage.goto(`${server.url}?view=analysis`);
  await darkPage.waitForSelector('img.chart[data-label-boxes]');
  const corner = await (await chartCanvas(darkPage.locator('img.chart').first())).evaluate((c) => [...c.getContext('2d').getImageData(2, 2, 1, 1).data]);
  assert.ok(corner[0] < 60 && corner[1] < 60 && corner[2] < 60, `dark background, not ${corner}`);
  // The system's theme flips while the page is open: the chart is drawn again in it.
  const chartBefore = await darkPage.locator('img.chart').first().getAttribute('src');
  await darkPage.emulateMedia({ colorScheme: 'light' });
  await darkPage.waitForFunction((before) => document.querySelector('img.chart').getAttribute('src') !== before, chartBefore);
  const lightCorner = await (await chartCanvas(darkPage.locator('img.chart').first())).evaluate((c) => [...c.getContext('2d').getImageData(2, 2, 1, 1).data]);
  assert.ok(lightCorner.slice(0, 3).every((v) => v > 240), `light background after the flip, not ${lightCorner}`);
  await dark.close();
  // Bars in the series palette: no pure verdict green or red among the drawn pixels.
  await page.goto(`${server.url}?view=analysis`);
  await page.waitForSelector('img.chart[data-label-boxes]');
  const verdictLike = await (await chartCanvas(page.locator('img.chart').first())).evaluate((c) => {
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) {
      const [r, g, b] = [d[i], d[i + 1], d[i + 2]];
      if ((g > 120 && r < 90 && b < 110) || (r > 180 && g < 90 && b < 90)) n += 1;
    }
    return n;
  });
  assert.equal(verdictLike, 0, 'no green or red bars');
  // The matrix names its runs and has a legend.
  assert.ok(await page.locator('.matrix-columns .matrix-run').count() >= 2);
  assert.match(await page.locator('.matrix-legend').textContent(), /resolved.*not resolved.*no result/);
  assert.deepEqual(errors, []);
});

test('a chart is drawn as wide as it is shown, so that its text shows at its size: at 390 px, after a resize, and side by side', async () => {
  const { page, errors } = session;
  // [drawn width, shown width, caption's font size] of the page's charts, once each has an image.
  const sizes = (selector) => page.locator(selector).evaluateAll((images) => Promise.all(images.map(async (img) => {
    await img.decode();
    const caption = decodeURIComponent(img.src).match(/font-size="(\d+)"/);
    return [img.naturalWidth, img.clientWidth, Number(caption[1])];
  })));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server.url}?view=analysis`);
  await page.waitForSelector('img.chart[src]');
  for (const [drawn, shown, caption] of await sizes('img.chart[src]')) {
    assert.ok(drawn < 390 && drawn === shown, `drawn at ${drawn} px, shown at ${shown} px`);
    assert.ok(caption >= 12, `the caption at ${caption} px`);
  }
  // Each caption is the chart's whole title (its alt text begins with it), wrapped onto lines
  // where one would not hold it, never cut with an ellipsis.
  const captions = await page.locator('img.chart[src]').evaluateAll((images) => images.map((img) => {
    const svg = new DOMParser().parseFromString(decodeURIComponent(img.src.split(',')[1]), 'image/svg+xml');
    const texts = [...svg.querySelectorAll('text')].map((t) => t.textContent.trim());
    const lines = [];
    while (texts.length && img.alt.startsWith([...lines, texts[0]].join(' '))) lines.push(texts.shift());
    return [img.alt, lines];
  }));
  assert.ok(captions.some(([, lines]) => lines.length > 1), `a long title wraps: ${JSON.stringify(captions)}`);
  for (const [alt, lines] of captions) {
    assert.ok(lines.length && alt.startsWith(`${lines.join(' ')}: `), `the whole title in ${JSON.stringify(lines)}, alt "${alt}"`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.waitForFunction(() => document.querySelector('img.chart[src]').naturalWidth === 900);
  const [[wide, wideShown]] = await sizes('img.chart[src]');
  assert.deepEqual([wide, wideShown], [900, 900], 'redrawn at the widest on a wide window');
  // The leaderboard's two charts share a row: each is drawn at its half.
  await page.goto(`${server.url}?data=priced/&view=leaderboard`);
  await page.waitForSelector('.board-charts img.scatter[src]');
  const halves = await sizes('.board-charts img.scatter[src]');
  assert.ok(halves.length === 2, `two charts: ${JSON.stringify(halves)}`);
  for (const [drawn, shown] of halves) assert.ok(drawn < 700 && drawn === shown, `a half drawn at ${drawn} px, shown at ${shown} px`);
  assert.deepEqual(errors, []);
});

test("at 390 px a breakdown's values are cards, each run named beside its figure and nothing scrolled sideways; at 1280 px a table", async () => {
  const { page, errors } = session;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server.url}?view=analysis&arun=gold&arun=partly-right`);
  await page.waitForSelector('.by-facet tbody td');
  await page.waitForSelector('.failure-modes tbody td');
  const tables = await page.locator('.breakdown-table').evaluateAll((tables) => tables.map((table) => {
    const heads = [...table.querySelectorAll('thead th')].map((th) => th.textContent);
    const cells = [...table.querySelectorAll('tbody tr')].flatMap((tr) => [...tr.children].slice(1).map((td, i) => {
      const label = getComputedStyle(td, '::before');
      const value = document.createRange();
      value.setStart(td, 0);
      value.setEnd(td, td.childNodes.length);
      const box = td.getBoundingClientRect();
      return {
        head: heads[i + 1],
        label: label.content,
        labelRight: box.left + parseFloat(getComputedStyle(td).paddingLeft) + parseFloat(label.width),
        valueLeft: value.getBoundingClientRect().left,
        right: box.right,
        valueRight: value.getBoundingClientRect().right,
      };
    }));
    return { name: table.className, sideways: table.scrollWidth - table.clientWidth, head: getComputedStyle(table.querySelector('thead')).display, cells };
  }));
  assert.ok(tables.length >= 3, `the breakdown, "passed" and failure modes tables: ${tables.map((t) => t.name)}`);
  assert.ok(tables.some((t) => t.cells.some((c) => c.head === 'p (Holm)')), 'two runs compared: their difference and p too');
  for (const table of tables) {
    assert.equal(table.sideways, 0, `${table.name} scrolls sideways by ${table.sideways} px`);
    assert.equal(table.head, 'none', `${table.name}: its heads are in its cards`);
    for (const cell of table.cells) {
      assert.equal(cell.label, JSON.stringify(cell.head), `${table.name}: a figure named as its column`);
      assert.ok(cell.valueLeft >= cell.labelRight - 0.5 && cell.valueRight <= cell.right + 0.5, `${table.name}: ${cell.head}'s figure beside its name, inside its card: ${JSON.stringify(cell)}`);
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  assert.deepEqual(
    await page.locator('.breakdown-table').evaluateAll((tables) => tables.map((t) => [getComputedStyle(t.querySelector('thead')).display, getComputedStyle(t.querySelector('tbody tr')).display])).then((d) => [...new Set(d.map(String))]),
    ['table-header-group,table-row'],
  );
  assert.deepEqual(errors, []);
});

test("real swebench.com Verified board: its points' labels never overlap, at 1280 and 390 px", async (t) => {
  if (withoutRealdata(t, alone)) return;
  const { page, errors } = session;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${server.url}?data=alone/&dataset=swe-bench-verified&view=leaderboard`);
    await page.waitForFunction(() => document.querySelectorAll('.board-charts img.scatter[data-label-boxes]').length === 2);
    for (const chart of await page.locator('.board-charts img.scatter').all()) {
      const [boxes, drawnWidth] = await chart.evaluate((img) => [JSON.parse(img.dataset.labelBoxes), Number(img.getAttribute('width'))]);
      assert.ok(boxes.length >= 3, `${width} px: some points are labelled (${boxes.length})`);
      for (const a of boxes) assert.ok(a[0] >= 0 && a[0] + a[2] <= drawnWidth, `${width} px: label ${JSON.stringify(a)} inside the chart, ${drawnWidth} wide`);
      assertApart(boxes, `${width} px`);
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  assert.deepEqual(errors, []);
});

test('real SWE-bench Lite tests at 390 px: every test name shows whole, wrapped between the names it is made of, and at 1280 px each stays on one line', async (t) => {
  if (withoutRealdata(t, lite)) return;
  const { page, errors } = session;
  const names = () => page.locator('.tests li code').evaluateAll((codes) => codes.map((c) => {
    const box = c.getBoundingClientRect();
    // The name's lines as drawn, from its characters' boxes.
    const lines = [];
    let lastTop = null;
    const walker = document.createTreeWalker(c, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let at = 0; at < node.length; at++) {
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + 1);
        const top = range.getBoundingClientRect().top;
        if (lastTop === null || top > lastTop + 1) lines.push('');
        lines[lines.length - 1] += node.data[at];
        lastTop = top;
      }
    }
    // Two lines are more than twice the font's size tall; one line is less.
    return { text: c.textContent, right: box.right, wraps: box.height > 2 * parseFloat(getComputedStyle(c).fontSize), cut: c.scrollWidth > c.clientWidth + 1, lines };
  }));
  // pytest's ids (astropy) and unittest's names with their class in parentheses (Django's).
  for (const instance of ['astropy__astropy-12907', 'django__django-11099']) {
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(`${server.url}?data=lite/&instance=${instance}`);
    await page.waitForSelector('.tests li code');
    const narrow = await names();
    assert.ok(narrow.length >= 10, `${narrow.length} tests`);
    for (const name of narrow) {
      assert.ok(name.right <= 390 && !name.cut, `${name.text}: ends at ${name.right} px`);
      // A line ends after a space, a path's slash, a `::` or a dot between names; inside a name
      // only when that name alone is longer than the line.
      const insideName = name.lines.slice(0, -1).filter((line) => !' /:.'.includes(line.at(-1)) && /[ /:.]/.test(line.slice(0, -1)));
      assert.deepEqual(insideName, [], `${name.text}: drawn as ${JSON.stringify(name.lines)}`);
    }
    assert.ok(narrow.some((name) => name.wraps), 'the long names wrap');
    await page.setViewportSize({ width: 1280, height: 900 });
    const wide = await names();
    assert.ok(wide.every((name) => !name.wraps), 'one line each at 1280 px');
  }
  assert.deepEqual(errors, []);
});

test('smaller things a reader meets: Esc clears the search, facets in their own order, unknown sort, dataset and instance said plainly', async () => {
  const { page, errors } = session;
  await page.goto(`${server.url}?`);
  await page.waitForSelector('.instance-row');
  await page.fill('input.search', 'slug');
  await page.waitForURL((url) => url.search.includes('q=slug'));
  await page.press('input.search', 'Escape');
  await page.waitForURL((url) => !url.search.includes('q='));
  await page.waitForFunction((n) => document.querySelector('.count').textContent.startsWith(`${n} of ${n}`), demo.length, { timeout: 2000 });
  assert.equal(await page.inputValue('input.search'), '');
  // The rows the search had dropped come back as new slots, each drawn whole.
  const drawn = await page.locator('.instance-row').evaluateAll((rows) => rows.map((row) => ({
    id: row.dataset.id,
    text: row.querySelector('a.id').textContent,
    href: new URL(row.querySelector('a.id').href).searchParams.get('instance'),
    repo: row.querySelector('.repo').textContent,
  })));
  assert.equal(drawn.length, demo.length);
  assert.deepEqual(drawn.map((r) => [r.text, r.href]), drawn.map((r) => [r.id, r.id]));
  assert.deepEqual(new Set(drawn.map((r) => r.id)), new Set(demo.map((r) => r.instance_id)));
  assert.ok(drawn.every((r) => demo.some((d) => d.instance_id === r.id && d.repo === r.repo)), 'each row shows its own repository');
  const years = await page.locator('.facet[data-facet="year"] .value').allTextContents();
  assert.deepEqual(years, [...years].sort(), 'years in order');
  await page.goto(`${server.url}?sort=nonsense`);
  await page.waitForSelector('.instance-row');
  assert.equal(await page.locator('select[aria-label="Sort by"]').inputValue(), '');
  assert.equal(await page.locator('select[aria-label="Sort by"] option:checked').textContent(), 'id');
  await page.goto(`${server.url}?dataset=nope`);
  await page.waitForSelector('.unknown-set');
  assert.match(await page.locator('.unknown-set').textContent(), /no dataset nope; showing demo\/test instead/);
  assert.equal(await page.locator('.unknown-set code').textContent(), 'nope');
  await page.goto(`${server.url}?instance=nope__x-1`);
  await page.waitForSelector('.not-found');
  assert.match(await page.locator('.not-found').textContent(), /No instance nope__x-1/);
  assert.deepEqual(errors, []);
});

/** axe-core's WCAG 2 A and AA violations on the page, as `rule: target` lines. */
async function accessibilityViolations(page) {
  await page.addScriptTag({ path: join(ROOT, 'e2e', 'node_modules', 'axe-core', 'axe.min.js') });
  const results = await page.evaluate(() => window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } }));
  return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} (${n.failureSummary.split('\n').slice(1).join(' ').trim()})`));
}

test('accessibility: axe finds no WCAG 2.1 AA violation on the list, an instance, a diff and a searched log, in light and dark themes', async () => {
  // The audit script is injected into the page, which the page's own policy forbids: this one
  // context lets it in.
  const audit = await session.browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  const page = await audit.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`${server.url}?f=category:Mathematics&q=matrix`);
    await rows(page);
    assert.deepEqual(await accessibilityViolations(page), [], `${scheme}: list`);
    await page.goto(`${server.url}?instance=benchscope-demo__tinyconf-12`);
    await page.waitForSelector('.runs-table tbody tr[data-run]');
    await page.click('tr[data-run="partly-right"] .show-patch');
    await page.waitForSelector('tr.model-patch .diff-file');
    assert.deepEqual(await accessibilityViolations(page), [], `${scheme}: instance`);
    await page.goto(`${server.url}?instance=benchscope-demo__unitcalc-3&diff=split`);
    await page.waitForSelector('table.diff-table.split');
    assert.deepEqual(await accessibilityViolations(page), [], `${scheme}: side-by-side diff`);
    await page.goto(`${server.url}?data=lca/&dataset=lca-ci&instance=42`);
    await page.locator('input.log-search').fill('output 29');
    await page.click('.log-matches li[data-line="30"] button');
    await page.waitForSelector('pre.log .chosen');
    assert.deepEqual(await accessibilityViolations(page), [], `${scheme}: a searched log`);
  }
  await audit.close();
  assert.deepEqual(errors, []);
});
