// Recent searches in the dropdown (issue #14), and the dropdown as a layer of its own,
// as wide as the search box, in both themes. Against the API stand-in of mockApi.ts.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { scaled } from './loadScale.ts';
import { axe } from './axe.ts';
import { mockApi } from './mockApi.ts';
import { API, servePages } from './servePage.ts';
import { saveScreenshot } from './screenshot.ts';

const SHOTS = 'e2e/artifacts/screenshots';
// The demo's widgets: site key `demo` on the API the demo starts (playwright.config.ts).
const KEY = `site-search:recent:demo@http://127.0.0.1:${process.env.E2E_API_PORT ?? 18787}`;

/** Recent searches as if the visitor had run them before this page loaded. */
const seed = (page: Page, terms: string[]) => page.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [KEY, JSON.stringify(terms)]);

const stored = (page: Page) => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null') as unknown, KEY);

async function openOverlay(page: Page) {
  await page.locator('#header-search').getByRole('button', { name: 'Search' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

test('recent searches in the overlay with the keyboard alone: kept, run, removed', async ({ page }) => {
  test.setTimeout(scaled(90_000));
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await mockApi(page);
  await page.goto('/');
  let dialog = await openOverlay(page);
  const input = dialog.getByRole('combobox', { name: 'Search' });
  // Nothing kept yet: the overlay opens on the site's popular searches.
  await expect(dialog.getByRole('listbox', { name: 'Popular searches' })).toBeVisible();

  // Typing keeps nothing; Enter does. Opening a result keeps its search too.
  await page.keyboard.type('flex');
  await expect(dialog.locator('.ss-item').first()).toBeVisible();
  expect(await stored(page)).toBeNull();
  // Enter opens the results page of the search, which keeps it.
  await page.keyboard.press('Enter');
  await page.waitForURL(/[?&]q=flex/);
  await expect.poll(() => stored(page)).toEqual(['flex']);
  dialog = await openOverlay(page);
  await input.fill('gap');
  await expect(dialog.locator('.ss-item').first()).toContainText('gap');
  await page.keyboard.press('ArrowDown'); // to the first result
  await expect(dialog.locator('.ss-item').first()).toHaveAttribute('aria-selected', 'true');
  await page.route('https://developer.mozilla.org/**', (route) => route.fulfill({ body: '<title>MDN</title>' }));
  await page.keyboard.press('Enter');
  await page.waitForURL(/developer\.mozilla\.org/);
  await page.goto('/');

  // Back on the page, the overlay opens on them, newest first, in the combobox's listbox.
  dialog = await openOverlay(page);
  await expect(input).toBeFocused();
  await expect(input).toHaveAttribute('aria-expanded', 'true');
  const listbox = dialog.getByRole('listbox', { name: 'Recent searches' });
  await expect(listbox).toBeVisible();
  await expect(input).toHaveAttribute('aria-controls', (await listbox.getAttribute('id'))!);
  await expect(listbox.getByRole('option')).toHaveText(['gap', 'flex']);
  await axe(page, 'recent searches shown');

  // ↓ reaches them; Delete removes the active one and keeps the focus in the field.
  await page.keyboard.press('ArrowDown');
  await expect(listbox.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Delete');
  await expect(listbox.getByRole('option')).toHaveText(['flex']);
  await expect(input).toBeFocused();
  await expect(input).toHaveAttribute('aria-activedescendant', (await listbox.getByRole('option').first().getAttribute('id'))!);
  expect(await stored(page)).toEqual(['flex']);
  await axe(page, 'after a removal');

  // Enter runs the active one.
  await page.keyboard.press('Enter');
  await expect(input).toHaveValue('flex');
  await expect(dialog.locator('.ss-item').first()).toContainText('flex');
  expect(errors).toEqual([]);
});

test("a recent search's remove button, by pointer, keeps the focus in the field; the inline box shows them too", async ({ page }) => {
  await seed(page, ['flexbox', 'grid', 'dialog']);
  await mockApi(page);
  await page.goto('/');
  const search = page.locator('#search');
  const input = search.getByRole('combobox', { name: 'Search' });
  await input.focus();
  const listbox = search.getByRole('listbox', { name: 'Recent searches' });
  await expect(listbox.getByRole('option')).toHaveText(['flexbox', 'grid', 'dialog']);
  await listbox.getByRole('button', { name: 'Remove “grid” from recent searches' }).click();
  await expect(listbox.getByRole('option')).toHaveText(['flexbox', 'dialog']);
  await expect(input).toBeFocused();
  await expect(input).toHaveValue('');
  expect(await stored(page)).toEqual(['flexbox', 'dialog']);
  await axe(page, 'inline recent searches');
});

test('the script tag and the element keep one list per index; recent-searches="off" keeps none', async ({ page }) => {
  // Built by npm run build: the script-tag file, against the reference service.
  const problems = await servePages(page);
  await page.goto('/e2e/pages/two.html');
  const docs = page.getByRole('region', { name: 'Docs search' }).getByRole('combobox', { name: 'Search' });
  const blog = page.getByRole('region', { name: 'Blog search' }).getByRole('combobox', { name: 'Search' });
  await docs.fill('grid');
  await docs.press('Enter');
  await blog.fill('dark');
  await blog.press('Enter');
  const lists = () =>
    page.evaluate(() =>
      Object.fromEntries(
        Object.keys(localStorage)
          .filter((k) => k.includes(':recent:'))
          .map((k) => [k, JSON.parse(localStorage.getItem(k)!)]),
      ),
    );
  expect(await lists()).toEqual({ [`site-search:recent:demo@${API}`]: ['grid'], [`site-search:recent:blog@${API}`]: ['dark'] });
  await page.reload();
  await docs.focus();
  await expect(page.getByRole('listbox', { name: 'Recent searches' }).getByRole('option')).toHaveText(['grid']);
  await blog.focus();
  await expect(page.getByRole('listbox', { name: 'Recent searches' }).getByRole('option')).toHaveText(['dark']);

  // Switched off: nothing shown, nothing kept.
  await page.locator('site-search').evaluate((el) => el.setAttribute('recent-searches', 'off'));
  await blog.focus();
  await blog.fill('');
  await expect(blog).toHaveAttribute('aria-expanded', 'false');
  await blog.fill('light');
  await blog.press('Enter');
  await expect(page.getByRole('region', { name: 'Blog search' }).getByRole('status')).toContainText(/result/);
  expect((await lists())[`site-search:recent:blog@${API}`]).toEqual(['dark']);
  expect(problems).toEqual([]);
});

/** The box and its open dropdown share their left and right edges to the pixel. */
async function expectAligned(box: Locator, dropdown: Locator) {
  await expect(dropdown).toBeVisible();
  const [b, d] = [await box.boundingBox(), await dropdown.boundingBox()];
  expect(d!.x).toBeCloseTo(b!.x, 1);
  expect(d!.width).toBeCloseTo(b!.width, 1);
  expect(d!.y).toBeGreaterThan(b!.y + b!.height);
}

for (const theme of ['light', 'dark'] as const) {
  test(`the dropdown is as wide as the box and reads as a layer: ${theme}`, async ({ page }) => {
    test.setTimeout(scaled(90_000));
    await seed(page, ['flexbox', 'grid', 'dialog']);
    await mockApi(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/?theme=${theme}`);

    // The inline box, with suggestions.
    const search = page.locator('#search');
    await search.getByRole('combobox', { name: 'Search' }).focus();
    await page.keyboard.type('gr');
    // The list closes when the results come, and ↓ opens it again. ↓ waits for the results:
    // pressed before them, the list it kept open closed when they came.
    await expect(search.getByRole('status')).toHaveText(/results?$/);
    await page.keyboard.press('ArrowDown');
    const inline = search.locator('.ss-suggest');
    await expect(inline.getByRole('option').first()).toHaveText(/^gr/);
    await expectAligned(search.locator('.ss-box'), inline);
    await page.keyboard.press('Escape');

    // The overlay, on its recent searches: in its one list, no dropdown over it.
    const dialog = await openOverlay(page);
    const recent = dialog.getByRole('listbox', { name: 'Recent searches' });
    await expect(recent.getByRole('option')).toHaveCount(3);
    await expect(dialog.locator('.ss-suggest')).toHaveCount(0);
    await page.keyboard.press('ArrowDown');
    await saveScreenshot(page, { path: `${SHOTS}/recents-overlay-${theme}-desktop.png` });
    await axe(page, `overlay recent searches, ${theme}`);
    await page.keyboard.type('gr');
    await expect(dialog.getByRole('listbox', { name: 'Search results' }).getByRole('option').first()).toContainText(/gr/i);
  });
}

for (const [name, query, width] of [
  ['phone-light', '?theme=light', 375],
  ['phone-dark', '?theme=dark', 375],
  ['rtl-light', '?theme=light&dir=rtl', 1280],
  ['phone-rtl-dark-de', '?theme=dark&dir=rtl&locale=de', 375],
] as const) {
  test(`screenshots of the recent searches: ${name}`, async ({ page }) => {
    await seed(page, ['flexbox', 'grid', 'a rather long search about container queries and subgrid']);
    await mockApi(page);
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`/${query}`);
    // The inline box first.
    const search = page.locator('#search');
    await search.getByRole('combobox').focus();
    await expect(search.locator('.ss-suggest').getByRole('option')).toHaveCount(3);
    await expectAligned(search.locator('.ss-box'), search.locator('.ss-suggest'));
    await saveScreenshot(page, { path: `${SHOTS}/recents-inline-${name}.png` });
    await page.keyboard.press('Escape');
    await page.locator('#header-search').getByRole('button').first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('listbox').getByRole('option')).toHaveCount(3);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await saveScreenshot(page, { path: `${SHOTS}/recents-overlay-${name}.png` });
  });
}
