// Several indices through the script tag (issue #44; npm run build first): `data-sources` on
// the tag gives the results page a tab per index, `sources` on `<site-search>` the overlay a
// group per index. Their part, `site-search.sources.js` and its stylesheet, loads only on
// such a page, pinned by its hash when the script is; by keyboard, axe clean, under the strict
// CSP of servePage.ts, and a click on the blog's hit is stored by the blog's index.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { axe } from './axe.ts';
import { scaled } from './loadScale.ts';
import { API, integrity, servePages } from './servePage.ts';
import { saveScreenshot } from './screenshot.ts';
import { storedClicks } from './statsEvents.ts';

const SHOTS = 'e2e/artifacts/screenshots';

const serveBuiltFiles = (page: Page) =>
  page.route(/\/dist\/embed\/[a-z.-]+$/, (route) => route.fulfill({ path: `dist/embed/${new URL(route.request().url()).pathname.split('/').pop()}` }));

/**
 * What went wrong on the page but axe's own `<style>`, which the page's `style-src 'self'`
 * refuses while it checks: the widget's parts add none (no `<style>` in the page or the element).
 */
async function widgetProblems(page: Page, problems: string[]) {
  expect(
    await page.evaluate(
      () => document.querySelectorAll('style').length + (document.querySelector('site-search')?.shadowRoot?.querySelectorAll('style').length ?? 0),
    ),
  ).toBe(0);
  return problems.filter((p) => !/^Applying inline style violates|^CSP: style-src-elem inline$/.test(p));
}

/**
 * The page says it has a dark look (`color-scheme: light dark` on its root) from the start, so
 * that the widget, which reads it as it mounts, follows the dark system, and paints its own
 * background in the scheme's colour, as such a page does (axe takes a page without one for
 * white). The root element is not there yet when an init script runs: it is set as the parser adds it.
 */
const darkLook = (page: Page) =>
  page.addInitScript(() =>
    new MutationObserver((_, observer) => {
      if (!document.documentElement) return;
      Object.assign(document.documentElement.style, { colorScheme: 'light dark', background: 'Canvas', color: 'CanvasText' });
      observer.disconnect();
    }).observe(document, { childList: true }),
  );

const total = async (request: APIRequestContext, index: string, term: string) =>
  ((await (await request.get(`${API}/v1/search/${index}?term=${encodeURIComponent(term)}&limit=1`)).json()) as { total_hits: number }).total_hits;

test('a page without data-sources loads nothing of them', async ({ page }) => {
  const problems = await servePages(page);
  await serveBuiltFiles(page);
  await page.goto('/e2e/pages/plain.html');
  const box = page.getByRole('combobox').first();
  await box.fill('grid');
  await box.press('Enter');
  await expect(page.locator('.ss-stats')).toHaveText(/\d/);
  await expect(page.locator('script[src*="site-search.sources"], link[href*="site-search.sources"]')).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('data-sources: a tab per index on the results page, by keyboard, pinned, axe clean; light and dark, desktop and phone', async ({ page, request }) => {
  test.setTimeout(scaled(120_000));
  const problems = await servePages(page);
  await serveBuiltFiles(page);
  const [features, blog] = [await total(request, 'demo', 'grid'), await total(request, 'blog', 'grid')];
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/e2e/pages/sources.html');
  const main = page.locator('main');
  const box = main.getByRole('combobox', { name: 'Search' });
  await box.focus();
  await page.keyboard.type('grid');
  await page.keyboard.press('Enter');
  const tabs = main.getByRole('tablist', { name: 'Search results' }).getByRole('tab');
  await expect(tabs).toHaveCount(2);
  await expect(tabs.nth(0)).toHaveAccessibleName(`Features ${features.toLocaleString('en')}`);
  await expect(tabs.nth(1)).toHaveAccessibleName(`Blog ${blog}`);
  // The tabs are drawn by their own stylesheet, linked beside the widget's and pinned like the part that links it.
  await expect(tabs.nth(0)).toHaveCSS('border-bottom-style', 'solid');
  for (const [selector, file] of [
    ['script[src$="/site-search.sources.js"]', 'site-search.sources.js'],
    ['link[href$="/site-search.sources.css"]', 'site-search.sources.css'],
  ] as const) {
    await expect(page.locator(selector).first()).toHaveAttribute('integrity', integrity(`embed/${file}`, 'sha256'));
  }
  // The facets come with the chosen index's page.
  await expect(main.getByRole('tabpanel', { name: /^Features/ }).getByRole('group', { name: 'Area' })).toBeVisible();
  expect(problems).toEqual([]);
  await axe(page, 'script tag, results page of two indices');
  await saveScreenshot(page, { path: `${SHOTS}/embed-sources-page-light-desktop.png` });

  // Tab from the field reaches the chosen tab; → picks the blog's.
  await box.focus();
  await page.keyboard.press('Tab'); // the clear button
  await page.keyboard.press('Tab'); // the submit button
  await page.keyboard.press('Tab');
  await expect(tabs.nth(0)).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.nth(1)).toBeFocused();
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  const blogPanel = main.getByRole('tabpanel', { name: /^Blog/ });
  await expect(blogPanel.getByRole('link', { name: 'Grid layout in practice' })).toBeVisible();
  await axe(page, 'script tag, results page, blog chosen');

  // A page with a dark look on a dark phone: the URL keeps the search and the chosen tab through the reload.
  await page.emulateMedia({ colorScheme: 'dark' });
  await darkLook(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(blogPanel.getByRole('link', { name: 'Grid layout in practice' })).toBeVisible();
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  await saveScreenshot(page, { path: `${SHOTS}/embed-sources-page-dark-phone.png` });
  await axe(page, 'script tag, results page, dark phone');
  expect(await widgetProblems(page, problems)).toEqual([]);
});

test('data-sources: the results page’s dropdown holds a group of suggestions per index, ↓ walks both, Enter searches the pick', async ({ page }) => {
  test.setTimeout(scaled(120_000));
  const problems = await servePages(page);
  await serveBuiltFiles(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/e2e/pages/sources.html');
  const main = page.locator('main');
  const box = main.getByRole('combobox', { name: 'Search' });
  await box.focus();
  // In one input (pasted): the list answers this term alone, not an earlier key's (sourcesDropdown.spec).
  await page.keyboard.insertText('gr');
  await expect(main.getByRole('tab')).toHaveCount(2);
  // Over the results, ↓ opens the list on its first option: a group per index, each with its own index's suggestions.
  await page.keyboard.press('ArrowDown');
  const listbox = main.getByRole('listbox', { name: 'Suggestions' });
  const features = listbox.getByRole('group', { name: 'Features' });
  const blog = listbox.getByRole('group', { name: 'Blog' });
  await expect(blog.getByRole('option').first()).toBeVisible();
  await expect(features.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await features.getByRole('option').first().getAttribute('id'))!);
  const first = await features.getByRole('option').count();
  expect(first).toBeGreaterThan(0);
  for (let i = 0; i < first; i++) await page.keyboard.press('ArrowDown');
  const pick = blog.getByRole('option').first();
  await expect(pick).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await pick.getAttribute('id'))!);
  await axe(page, 'script tag, results page dropdown of two indices');
  await saveScreenshot(page, { path: `${SHOTS}/embed-sources-dropdown-light-desktop.png` });
  const value = (await pick.textContent())!.trim();
  await page.keyboard.press('Enter');
  await expect(box).toHaveValue(value);
  await expect(listbox).toBeHidden();
  expect(await widgetProblems(page, problems)).toEqual([]);
});

test('sources on <site-search>: the overlay groups each index, ↓ walks both, and a blog click is stored by the blog', async ({ page, request }) => {
  test.setTimeout(scaled(120_000));
  const problems = await servePages(page);
  await serveBuiltFiles(page);
  // A session of this test's own, so that the service's record is read for it alone.
  const session = [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
  await page.addInitScript((id) => localStorage.setItem('ss-session', JSON.stringify({ id, at: Date.now() })), session);
  await page.route('https://blog.example.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Post</title>' }));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/e2e/pages/sources.html');
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await page.keyboard.type('grid');
  const listbox = dialog.getByRole('listbox', { name: 'Search results' });
  const features = listbox.getByRole('group', { name: 'Features' });
  const blog = listbox.getByRole('group', { name: 'Blog' });
  await expect(features.getByRole('option').first()).toBeVisible();
  await expect(blog.getByRole('option').first()).toBeVisible();
  // The element's shadow root holds the tabs' stylesheet too, so nothing of the page's leaks in.
  expect(problems).toEqual([]);
  await axe(page, 'script tag, overlay of two indices');
  await saveScreenshot(page, { path: `${SHOTS}/embed-sources-overlay-light-desktop.png` });
  // ↓ walks the one list from the first group into the second.
  const input = dialog.getByRole('combobox');
  const featureCount = await features.getByRole('option').count();
  for (let i = 0; i <= featureCount; i++) await page.keyboard.press('ArrowDown');
  const active = await input.getAttribute('aria-activedescendant');
  expect(await blog.locator(`[id="${active}"]`).count()).toBe(1);

  const post = blog.getByRole('option', { name: 'Grid layout in practice' });
  await post.click();
  await page.waitForURL('https://blog.example.com/**');
  await expect.poll(() => storedClicks(request, API, session, 'blog')).toEqual([['grid', 1]]);
  expect(await storedClicks(request, API, session, 'demo')).toEqual([]);
  expect(await widgetProblems(page, problems)).toEqual([]);
});

test('the overlay of several indices on a phone, on a dark page', async ({ page }) => {
  const problems = await servePages(page);
  await serveBuiltFiles(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await darkLook(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/e2e/pages/sources.html');
  await page.locator('site-search').getByRole('button').first().click();
  const dialog = page.getByRole('dialog');
  await page.keyboard.type('grid');
  await expect(dialog.getByRole('group', { name: 'Blog' }).getByRole('option').first()).toBeVisible();
  expect(problems).toEqual([]);
  await axe(page, 'script tag, overlay of two indices, phone');
  await saveScreenshot(page, { path: `${SHOTS}/embed-sources-overlay-dark-phone.png` });
  expect(await widgetProblems(page, problems)).toEqual([]);
});
