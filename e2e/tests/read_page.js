// What several test files read off the page: how many rows it lists, a facet value's box, and the
// search shard that holds a term.

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
