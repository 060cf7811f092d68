// The results page of several indices (issue #44) against the reference service: the demo's
// `demo` and `blog` indices (`?sources=`), a tab each with its own count, walked by arrows,
// the chosen one kept in the URL through a reload and Back; empty sources hidden, a failed
// one said in its tab; axe clean.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { axe } from './axe.ts';
import { saveScreenshot } from './screenshot.ts';

const SHOTS = 'e2e/artifacts/screenshots';
const API = `http://127.0.0.1:${process.env.E2E_API_PORT ?? 18787}`;
const SOURCES = 'sources=demo:Features,blog:Blog';

const total = async (request: APIRequestContext, index: string, term: string) =>
  ((await (await request.get(`${API}/v1/search/${index}?term=${encodeURIComponent(term)}&limit=1`)).json()) as { total_hits: number }).total_hits;

const results = (page: Page) => page.locator('#search');

test('a tab per index with its count; the arrows move between them, Tab leaves for the panel; the URL keeps the tab', async ({ page, request }) => {
  const [features, blog] = [await total(request, 'demo', 'grid'), await total(request, 'blog', 'grid')];
  expect(blog).toBeGreaterThan(0);
  await page.goto(`/?${SOURCES}&q=grid&theme=light`);
  const tablist = results(page).getByRole('tablist', { name: 'Search results' });
  const tabs = tablist.getByRole('tab');
  await expect(tabs).toHaveCount(2);
  await expect(tabs.nth(0)).toHaveAccessibleName(`Features ${features.toLocaleString('en')}`);
  await expect(tabs.nth(1)).toHaveAccessibleName(`Blog ${blog}`);
  await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');
  const panel = results(page).getByRole('tabpanel', { name: /^Features/ });
  // The count, sort and results are the chosen index's.
  await expect(panel.locator('.ss-stats')).toContainText(`${features.toLocaleString('en')} results`);
  // The tabs' look comes from a stylesheet, not an inline <style> that a strict `style-src` refuses.
  await expect(tabs.nth(0)).toHaveCSS('border-bottom-style', 'solid');
  await expect(tabs.nth(0)).not.toHaveCSS('border-bottom-color', 'rgba(0, 0, 0, 0)');
  expect(await results(page).locator('style').count()).toBe(0);
  await axe(page, 'results page with two indices');
  await saveScreenshot(page, { path: `${SHOTS}/sources-page-light-desktop.png` });

  // Only the chosen tab is in the Tab order; → picks the next and moves the focus to it.
  await tabs.nth(0).focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.nth(1)).toBeFocused();
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.nth(0)).toHaveAttribute('tabindex', '-1');
  const blogPanel = results(page).getByRole('tabpanel', { name: /^Blog/ });
  await expect(blogPanel.getByRole('link', { name: 'Grid layout in practice' })).toBeVisible();
  await expect(blogPanel.locator('.ss-stats')).toContainText(`${blog} result`);
  await expect(page).toHaveURL(/[?&]source=blog(&|$)/);
  // → on the last wraps to the first, ← back again.
  await page.keyboard.press('ArrowRight');
  await expect(tabs.nth(0)).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(tabs.nth(1)).toBeFocused();
  // Tab leaves the tabs for the panel.
  await page.keyboard.press('Tab');
  expect(await blogPanel.evaluate((panel) => panel.contains(document.activeElement))).toBe(true);
  await axe(page, 'results page, second index chosen');

  // A reload keeps the tab.
  await page.reload();
  await expect(results(page).getByRole('tab', { name: /^Blog/ })).toHaveAttribute('aria-selected', 'true');
  // A new search keeps it too, and Back returns to the search before on the same tab.
  const field = results(page).getByRole('combobox', { name: 'Search' });
  await field.fill('dialog');
  await field.press('Enter');
  await expect(page).toHaveURL(/[?&]q=dialog(&|$)/);
  await expect(results(page).getByRole('tab', { name: /^Blog/ })).toHaveAttribute('aria-selected', 'true');
  await expect(results(page).getByRole('tabpanel', { name: /^Blog/ }).getByRole('link', { name: 'Dialogs without libraries' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/[?&]q=grid(&|$)/);
  await expect(results(page).getByRole('tab', { name: /^Blog/ })).toHaveAttribute('aria-selected', 'true');
  await expect(results(page).getByRole('tabpanel', { name: /^Blog/ }).getByRole('link', { name: 'Grid layout in practice' })).toBeVisible();
});

test('an index with no results has no tab; a failed one says so in its tab and the other stays', async ({ page, request }) => {
  expect(await total(request, 'blog', 'promise')).toBe(0);
  await page.goto(`/?${SOURCES}&q=promise&theme=light`);
  const tabs = results(page).getByRole('tab');
  await expect(tabs).toHaveCount(1);
  await expect(tabs.first()).toHaveAccessibleName(/^Features \d/);
  await axe(page, 'results page, one index with results');

  await page.route(/\/v1\/search\/blog\?/, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"internal"}' }));
  await page.goto(`/?${SOURCES}&q=grid&theme=dark`);
  await expect(tabs).toHaveCount(2);
  await expect(tabs.nth(1)).toHaveAccessibleName('Blog Search failed');
  await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');
  await expect(
    results(page)
      .getByRole('tabpanel', { name: /^Features/ })
      .locator('.ss-hit')
      .first(),
  ).toBeVisible();
  await tabs.nth(1).click();
  await expect(results(page).getByRole('tabpanel', { name: /^Blog/ })).toContainText('Search failed');
  await axe(page, 'results page, one index failed');
});

for (const [theme, device] of [
  ['dark', 'desktop'],
  ['light', 'phone'],
  ['dark', 'phone'],
] as const) {
  test(`the tabs on a ${device} in the ${theme} theme stay axe clean`, async ({ browser }) => {
    const phone = device === 'phone';
    const context = await browser.newContext(phone ? { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } : {});
    const page = await context.newPage();
    await page.goto(`/?${SOURCES}&q=grid&theme=${theme}`);
    const tabs = results(page).getByRole('tab');
    await expect(tabs).toHaveCount(2);
    await expect(results(page).locator('.ss-hit').first()).toBeVisible();
    // Both tabs on one line, within the screen.
    const [first, second] = [await tabs.nth(0).boundingBox(), await tabs.nth(1).boundingBox()];
    expect(second!.y).toBe(first!.y);
    expect(second!.x + second!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    await results(page).scrollIntoViewIfNeeded();
    await axe(page, `results page with two indices, ${theme} ${device}`);
    await saveScreenshot(page, { path: `${SHOTS}/sources-page-${theme}-${device}.png` });
    await context.close();
  });
}
