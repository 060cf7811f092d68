// The overlay as a command palette: one listbox that its field controls, the phone's
// full-screen dialog, the results page behind "See all N results". Against mockApi.ts.
import { expect, test } from '@playwright/test';
import { axe } from './axe.ts';
import { mockApi } from './mockApi.ts';
import { saveScreenshot } from './screenshot.ts';

const SHOTS = 'e2e/artifacts/screenshots';

test('on a phone, a tap on the empty space under the results leaves the overlay open', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await mockApi(page);
  await page.goto('/');
  await page.locator('#header-search').getByRole('button', { name: 'Search' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await expect(dialog).toBeVisible();
  await saveScreenshot(page, { path: `${SHOTS}/overlay-phone-before-typing.png` });
  // Below the popular searches: empty space of the full-screen dialog.
  await page.touchscreen.tap(195, 780);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Search' }).tap();
  await page.keyboard.type('zzzzqq');
  await expect(dialog.getByText('No results for “zzzzqq”')).toBeVisible();
  await page.touchscreen.tap(195, 780);
  await expect(dialog).toBeVisible();
  await saveScreenshot(page, { path: `${SHOTS}/overlay-phone-no-results.png` });
  await context.close();
});

test('Enter opens the active result; ↑ from the field reaches "See all N results", which opens the results page', async ({ page }) => {
  const searches = await mockApi(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/?theme=light');
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Search' });
  const input = dialog.getByRole('combobox', { name: 'Search' });
  await expect(input).toBeFocused();
  await expect(dialog.getByRole('listbox', { name: 'Popular searches' }).getByRole('option')).toHaveText(['grid', 'fetch', 'dialog element']);
  await axe(page, 'overlay before typing');
  await page.keyboard.type('gap');
  const list = dialog.getByRole('listbox', { name: 'Search results' });
  // The answer for the whole word, so no later one redraws the list under the keys below.
  await expect.poll(() => searches.at(-1)?.searchParams.get('term')).toBe('gap');
  await expect(list).toHaveAttribute('aria-busy', 'false');
  await expect(list.getByRole('option').first()).toContainText('gap');
  // The last option, one ↑ away.
  await page.keyboard.press('ArrowUp');
  const all = list.getByRole('option').last();
  await expect(all).toHaveText('See all 10 results');
  await expect(all).toHaveAttribute('aria-selected', 'true');
  await saveScreenshot(page, { path: `${SHOTS}/overlay-see-all-light-desktop.png` });
  await axe(page, 'overlay, See all active');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\?theme=light&q=gap$/);
  await expect(page.locator('#search').getByRole('combobox', { name: 'Search' })).toHaveValue('gap');
  await expect(page.locator('#search .ss-item').first()).toBeVisible();

  // Again, and Enter on the second result opens its page.
  await page.keyboard.press('Control+k');
  // Keys typed before the dialog has the focus would be lost.
  await expect(input).toBeFocused();
  await page.keyboard.type('flex');
  // The answer for the whole word, not for its first letters ("fle" finds the same two).
  await expect.poll(() => searches.at(-1)?.searchParams.get('term')).toBe('flex');
  await expect(list).toHaveAttribute('aria-busy', 'false');
  await expect(list.getByRole('option').nth(1)).toContainText('flex element 7');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.route('https://developer.mozilla.org/**', (route) => route.fulfill({ body: '<title>MDN</title>' }));
  await page.keyboard.press('Enter');
  await page.waitForURL(/developer\.mozilla\.org\/.*\/flex-7$/);
});

for (const theme of ['light', 'dark']) {
  test(`the overlay's active result and its no-results state: ${theme}`, async ({ page }) => {
    await mockApi(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/?theme=${theme}`);
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await expect(dialog.getByRole('combobox', { name: 'Search' })).toBeFocused();
    await page.keyboard.type('grid');
    await expect(dialog.locator('.ss-item').first()).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await saveScreenshot(page, { path: `${SHOTS}/overlay-active-${theme}-desktop.png` });
    await axe(page, `overlay active result, ${theme}`);
    await page.keyboard.type('zzz');
    await expect(dialog.getByText('No results for “gridzzz”')).toBeVisible();
    await saveScreenshot(page, { path: `${SHOTS}/overlay-no-results-${theme}-desktop.png` });
    await axe(page, `overlay no results, ${theme}`);
  });
}

test('on a laptop the overlay shows 7 results or more at once: title, address, a passage line only where it holds the words', async ({ page }) => {
  const searches = await mockApi(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/?theme=light');
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await page.keyboard.type('grid');
  const list = dialog.getByRole('listbox', { name: 'Search results' });
  await expect.poll(() => searches.at(-1)?.searchParams.get('term')).toBe('grid');
  await expect(list).toHaveAttribute('aria-busy', 'false');
  // Whole in sight: above the end of what scrolls and above the key hints at the dialog's foot.
  const whole = await list.evaluate((el) => {
    let scroller = el.parentElement;
    while (scroller && !/auto|scroll/.test(getComputedStyle(scroller).overflowY)) scroller = scroller.parentElement;
    const foot = el.closest('dialog, [role="dialog"]')?.querySelector('.ss-dialog-foot');
    const end = Math.min(scroller?.getBoundingClientRect().bottom ?? innerHeight, foot?.getBoundingClientRect().top ?? innerHeight);
    return [...el.querySelectorAll('.ss-hit')].filter((hit) => hit.getBoundingClientRect().bottom <= end).length;
  });
  expect(whole).toBeGreaterThanOrEqual(7);
  await expect(list.locator('.ss-thumb:visible, .ss-hit-meta:visible')).toHaveCount(0);
  await saveScreenshot(page, { path: `${SHOTS}/overlay-compact-light-desktop.png` });
  await axe(page, 'compact overlay');
});

test('in a right-to-left page the widget’s English words keep their order: count, notice, key hints', async ({ page }) => {
  await mockApi(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/?q=property+zzzzqqq&dir=rtl');
  const search = page.locator('#search');
  await expect(search.locator('.ss-notice')).toBeVisible();
  // Laid out as written: the count before the timing, left to right, inside the right-aligned line.
  const stats = search.locator('.ss-stats bdi');
  await expect(stats).toHaveText(/^\d+ results \(\d+ ms\)$/);
  expect(await stats.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
  expect(await search.locator('.ss-notice bdi').evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
  await saveScreenshot(page, { path: `${SHOTS}/rtl-partial-desktop.png` });
  await page.keyboard.press('Control+k');
  const foot = page.getByRole('dialog').locator('.ss-dialog-foot > span');
  await expect(foot).toHaveCount(3);
  for (const hint of await foot.all()) expect(await hint.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
  await saveScreenshot(page, { path: `${SHOTS}/rtl-overlay-desktop.png` });
});
