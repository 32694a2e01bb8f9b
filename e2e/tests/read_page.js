// What several test files read off the page: how many rows it lists, and a facet value's box.

/** How many instance rows the page holds, once it holds one. */
export async function rows(page) {
  await page.waitForSelector('.instance-row');
  return page.locator('.instance-row').count();
}

/** The checkbox of `value` in the facet `facet`. */
export function facetBox(page, facet, value) {
  return page.locator(`section.facet[data-facet="${facet}"] label`, { hasText: value }).locator('input');
}
