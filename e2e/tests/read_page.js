// What several test files read off the page: how many rows it lists, a facet value's box, the
// search shard that holds a term, and where a text is drawn.

/** How many instance rows the page holds, once it holds one. */
export async function rows(page) {
  await page.waitForSelector('.instance-row');
  return page.locator('.instance-row').count();
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
