// What several test files read off the page: how many rows it lists, a facet value's box, the
// search shard that holds a term, and where a text is drawn.

/** How many instance rows the page holds, once it holds one. */
export async function rows(page) {
  await page.waitForSelector('.instance-row');
  return page.locator('.instance-row').count();
}

/**
 * Waits until the page lists exactly `n` instance rows. On a timeout the error says what the list
 * showed instead (its count line, the search box, the URL's query, the rows' ids): a wait that
 * never ends is then a state to read, not a bare timeout.
 */
export async function listsRows(page, n) {
  try {
    await page.waitForFunction((n) => document.querySelectorAll('.instance-row').length === n, n);
  } catch (error) {
    const shown = await page.evaluate(() => ({
      count: document.querySelector('.count')?.textContent ?? null,
      box: document.querySelector('input.search')?.value ?? null,
      query: location.search,
      rows: [...document.querySelectorAll('.instance-row')].slice(0, 5).map((row) => row.getAttribute('data-id')),
      firstScreen: Boolean(document.querySelector('[data-first-screen]')),
    })).catch((reason) => `unreadable: ${reason}`);
    throw new Error(`expected ${n} rows; the page shows ${JSON.stringify(shown)}`, { cause: error });
  }
}

/** The checkbox of `value` in the facet `facet`. */
export function facetBox(page, facet, value) {
  return page.locator(`section.facet[data-facet="${facet}"] label`, { hasText: value }).locator('input');
}

/**
 * The path of the search shard holding `term` in the split whose meta is at `metaUrl`, as the
 * explorer finds it: the bucket named by the term's longest prefix (small buckets share a shard).
 */
export async function shardHolding(metaUrl, term) {
  const meta = await (await fetch(metaUrl)).json();
  const [, path] = Object.entries(meta.buckets).filter(([name]) => term.startsWith(name)).sort((a, b) => b[0].length - a[0].length)[0];
  return path;
}

/**
 * Where the first character of each of `texts` is drawn inside the element `locator` finds: its
 * top, in pixels (null for a text it does not hold).
 */
export function textTops(locator, texts) {
  return locator.evaluate((root, wanted) => wanted.map((text) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.data.indexOf(text);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + 1);
      return range.getBoundingClientRect().top;
    }
    return null;
  }), texts);
}
