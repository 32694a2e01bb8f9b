// Scratch: screenshots of a data directory at 1280 and 390 px, light and dark (not committed).
import { serve, openBrowser } from './tests/support.js';
const [dir, query, name, wait] = process.argv.slice(2);
const server = await serve({ d: dir });
const { browser, page, errors } = await openBrowser();
for (const [width, dark] of [[1280, false], [390, false], [1280, true], [390, true]]) {
  await page.setViewportSize({ width, height: 900 });
  await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
  await page.goto(`${server.url}?data=d/${query}`);
  await page.waitForSelector(wait ?? 'main', { timeout: 15000 }).catch(() => {});
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/shots/${name}-${width}${dark ? '-dark' : ''}.png`, fullPage: false });
}
console.log(errors.join('\n'));
await browser.close();
await server.close();
