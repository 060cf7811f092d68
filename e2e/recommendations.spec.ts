import { expect, test } from '@playwright/test';
import { itemWithRelated } from './relatedItem.ts';
import { saveScreenshot } from './screenshot.ts';

const API = `http://127.0.0.1:${process.env.E2E_API_PORT ?? 18787}`;

test('an item page shows related items that scroll with the keys and report clicks with their position', async ({ page, request }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const { id: item, title } = await itemWithRelated(request);
  await page.setViewportSize({ width: 320, height: 700 });
  await page.goto(`/?item=${item}&name=${encodeURIComponent(title)}`);

  // The heading says what the items relate to.
  const region = page.getByRole('region', { name: `Often viewed together with “${title}”` });
  const links = region.getByRole('listitem').getByRole('link');
  await expect(links.first()).toBeVisible();
  expect(await links.count()).toBeGreaterThanOrEqual(2);
  await expect(region.locator('.ss-thumb').first()).toBeVisible();
  // Each item's card is its own, not one card for every member of the interface.
  const cards = await region.locator('.ss-thumb-image').evaluateAll((images) => images.map((i) => i.getAttribute('src')));
  expect(new Set(cards).size).toBe(cards.length);

  await links.first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(links.nth(1)).toBeFocused();
  await saveScreenshot(page, { path: 'e2e/artifacts/screenshots/recommendations-320.png' });
  await page.setViewportSize({ width: 1100, height: 800 });
  await saveScreenshot(page, { path: 'e2e/artifacts/screenshots/recommendations-wide.png' });
  await links.nth(1).focus();

  // Keep the page: answer the stats call here and stop the navigation to MDN.
  await page.route('**/developer.mozilla.org/**', (route) => route.abort());
  const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().startsWith(`${API}/v1/stats/`));
  const clicked = links.nth(1);
  const docid = await clicked.evaluate((a) => a.closest('li')?.getAttribute('data-id'));
  await page.keyboard.press('Enter');
  const body = (await sent).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({ action: 'click', position: 2, keyword: `recommendations:related:${item}`, docid });
  expect(String(body.session)).toMatch(/^[0-9a-f]{32}$/);
  expect(errors).toEqual([]);
});
