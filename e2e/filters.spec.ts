// The facets on a phone (a full-screen modal panel), the headings of the page's areas,
// the range facet's From/To and its layout in German, against the API stand-in of
// mockApi.ts (the category facet against the reference service); axe on every state.
import { expect, test, type Page } from '@playwright/test';
import { scaled } from './loadScale.ts';
import { axe } from './axe.ts';
import { mockApi } from './mockApi.ts';
import { openMoreFilters } from './moreFilters.ts';
import { saveScreenshot } from './screenshot.ts';

const SHOTS = 'e2e/artifacts/screenshots';

const inDialog = (page: Page) => page.evaluate(() => !!document.activeElement?.closest('dialog[open]'));

test('on a phone the filters open in a full-screen panel: count, focus kept inside, Escape, live "Show N results"', async ({ page }) => {
  test.setTimeout(scaled(120_000));
  const searches = await mockApi(page);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/?q=g');
  const search = page.locator('#search');
  await expect(search.locator('.ss-item').first()).toBeVisible();
  // Inline, the facets take no room above the results.
  await expect(search.getByRole('group', { name: 'Area' })).toBeHidden();
  const button = search.getByRole('button', { name: 'Filters', exact: true });
  await expect(button).toHaveAttribute('aria-haspopup', 'dialog');
  // Scrolled a little, so a scroll of the page behind would show.
  await page.evaluate(() => scrollTo(0, 120));
  const scrolled = await page.evaluate(() => scrollY);
  await button.click();

  const dialog = page.getByRole('dialog', { name: 'Filters' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Filters' })).toBeVisible();
  expect(await inDialog(page)).toBe(true);
  // Shift+Tab at once wraps round to the last stop, the footer's button.
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { name: /^Show \d+ results?$/ })).toBeFocused();
  // Full screen.
  expect(await dialog.boundingBox()).toEqual({ x: 0, y: 0, width: 375, height: 740 });
  // The count shown (the live region says it once the typing has paused).
  const total = async () => Number((await search.locator('.ss-stats bdi').textContent())?.match(/^\d+/)?.[0]);
  const show = dialog.getByRole('button', { name: /^Show \d+ results?$/ });
  await expect(show).toHaveText(`Show ${await total()} results`);
  // The footer stays in view: the facets scroll between header and footer.
  expect((await show.boundingBox())!.y + (await show.boundingBox())!.height).toBeLessThanOrEqual(740);
  await expect(dialog.getByRole('button', { name: 'Clear all' })).toHaveCount(0);
  await axe(page, 'filters panel');
  await saveScreenshot(page, { path: `${SHOTS}/filters-panel-light-mobile.png` });

  // The page behind does not scroll, by wheel or otherwise.
  await page.mouse.move(180, 400);
  // Until the wheel has reached the page and two frames have passed: a scroll it started shows by then.
  await page.evaluate(() => {
    const w = window as unknown as { __wheeled: Promise<void> };
    w.__wheeled = new Promise((resolve) =>
      addEventListener('wheel', () => requestAnimationFrame(() => requestAnimationFrame(() => resolve())), { once: true, capture: true }),
    );
  });
  await page.mouse.wheel(0, 2000);
  await page.evaluate(() => (window as unknown as { __wheeled: Promise<void> }).__wheeled);
  expect(await page.evaluate(() => scrollY)).toBe(scrolled);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');

  // Tab stays inside, however far it goes, either way.
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    expect(await inDialog(page)).toBe(true);
  }
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await inDialog(page)).toBe(true);
  }

  // A value chosen in the panel: the count on "Show" follows the answer.
  await dialog.getByRole('checkbox', { name: /^css, 15 results/ }).check();
  await expect.poll(() => searches.at(-1)?.searchParams.getAll('customField')).toEqual(['area=css']);
  await expect(dialog.getByRole('button', { name: 'Show 15 results' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Clear all' })).toBeVisible();
  // The other values stay on offer.
  await expect(dialog.getByRole('checkbox', { name: /^api/ })).toBeVisible();
  await axe(page, 'filters panel, one applied');
  await saveScreenshot(page, { path: `${SHOTS}/filters-panel-applied-light-mobile.png` });

  // Escape closes onto the button, which now counts what is applied.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  const counted = search.getByRole('button', { name: 'Filters, 1 applied' });
  await expect(counted).toBeFocused();
  await expect(counted).toHaveText('Filters1');
  expect(await page.evaluate(() => scrollY)).toBe(scrolled);
  // Unlocked with the dialog's close event, which comes a task after it closed.
  await expect.poll(() => page.evaluate(() => document.documentElement.style.overflow)).toBe('');
  await axe(page, 'filters closed, one applied');
  await page.evaluate(() => scrollTo(0, 0));
  await saveScreenshot(page, { path: `${SHOTS}/filters-button-count-light-mobile.png` });

  // "Show 15 results" closes too; "Clear all" undoes everything.
  await counted.click();
  await dialog.getByRole('button', { name: 'Clear all' }).click();
  await expect(dialog.getByRole('button', { name: 'Show 30 results' })).toBeFocused();
  await dialog.getByRole('checkbox', { name: /^api/ }).check();
  await dialog.getByRole('button', { name: 'Show 15 results' }).click();
  await expect(dialog).toBeHidden();
  await expect(search.getByRole('button', { name: 'Filters, 1 applied' })).toBeFocused();
  // The close button.
  await search.getByRole('button', { name: 'Filters, 1 applied' }).press('Enter');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(search.getByRole('button', { name: 'Filters, 1 applied' })).toBeFocused();
});

for (const [name, query] of [
  ['dark', '&theme=dark'],
  ['rtl', '&dir=rtl'],
  ['de', '&locale=de'],
] as const) {
  test(`the phone's filter panel, ${name}: screenshot and axe`, async ({ page }) => {
    test.setTimeout(scaled(90_000));
    await mockApi(page);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`/?q=g&f.area=css&r.first_year=2010..2020${query}`);
    const search = page.locator('#search');
    await expect(search.locator('.ss-item').first()).toBeVisible();
    await saveScreenshot(page, { path: `${SHOTS}/filters-button-${name}-mobile.png` });
    await search.getByRole('button', { name: /^(Filters, 2 applied|Filter, 2 aktiv)$/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: /^(Show 6 results|6 Ergebnisse anzeigen)$/ })).toBeVisible();
    await axe(page, `filters panel, ${name}`);
    await saveScreenshot(page, { path: `${SHOTS}/filters-panel-${name}-mobile.png` });
  });
}

test('the narrowest phone, German: the panel fits, "Anwenden" beside the fields, the footer in view', async ({ page }) => {
  test.setTimeout(scaled(90_000));
  await mockApi(page);
  await page.setViewportSize({ width: 320, height: 568 });
  await page.goto('/?q=g&locale=de');
  await page.locator('#search').getByRole('button', { name: 'Filter', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Filter' });
  const group = dialog.getByRole('group', { name: 'First shipped' });
  await group.scrollIntoViewIfNeeded();
  const to = (await group.getByLabel('Bis').boundingBox())!;
  const apply = (await group.getByRole('button', { name: 'Anwenden' }).boundingBox())!;
  expect(apply.x).toBeGreaterThan(to.x + to.width);
  expect(apply.x + apply.width).toBeLessThanOrEqual(320);
  expect(await dialog.evaluate((el) => el.scrollWidth)).toBeLessThanOrEqual(320);
  const show = (await dialog.getByRole('button', { name: '30 Ergebnisse anzeigen' }).boundingBox())!;
  expect(show.y + show.height).toBeLessThanOrEqual(568);
  await saveScreenshot(page, { path: `${SHOTS}/filters-panel-de-320-range.png` });
});

test('on a desktop the facets stay a column beside the results, under headings for screen readers', async ({ page }) => {
  test.setTimeout(scaled(90_000));
  await mockApi(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/?q=g&f.area=css');
  const search = page.locator('#search');
  await expect(search.locator('.ss-item').first()).toBeVisible();
  await expect(search.getByRole('group', { name: 'Area' })).toBeVisible();
  await expect(search.getByRole('button', { name: /^Filters/ })).toBeHidden();
  // Filters and Results head their areas; each result's title is a level below.
  await expect(search.getByRole('heading', { level: 2 })).toHaveText(['Filters', 'Results']);
  await expect(search.getByRole('heading', { level: 3 }).first()).toHaveClass(/ss-hit-title/);
  const facets = (await search.locator('.ss-facets').boundingBox())!;
  const main = (await search.locator('.ss-main').boundingBox())!;
  expect(facets.x + facets.width).toBeLessThan(main.x);
  await axe(page, 'desktop, headings');
  await saveScreenshot(page, { path: `${SHOTS}/filters-desktop-light.png`, fullPage: true });
  await page.goto('/?q=g&f.area=css&theme=dark&dir=rtl');
  await expect(search.locator('.ss-item').first()).toBeVisible();
  await axe(page, 'desktop, dark, rtl');
  await saveScreenshot(page, { path: `${SHOTS}/filters-desktop-dark-rtl.png`, fullPage: true });
});

test('From/To takes the To value in: the URL, the chip and the request say so', async ({ page }) => {
  test.setTimeout(scaled(90_000));
  const searches = await mockApi(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/?q=g');
  const search = page.locator('#search');
  // Past the first two groups: under "More filters".
  await openMoreFilters(search);
  const group = search.getByRole('group', { name: 'First shipped' });
  await group.getByLabel('From').fill('2005');
  await group.getByLabel('To').fill('2007');
  await group.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/r\.first_year=2005\.\.2007/);
  await expect(search.getByRole('button', { name: 'Remove filter First shipped: 2005 – 2007' })).toBeVisible();
  // Of the stand-in's documents that hold a g, 3 are from 2005 and 3 from 2007: 2007 counts.
  await expect(search.getByRole('status')).toHaveText(/^6 results/);
  const filter = JSON.parse(searches.at(-1)!.searchParams.get('filter')!) as { range: Record<string, { gt: number; lt: number }> };
  expect(filter.range['custom_fields.first_year']!.lt).toBeGreaterThan(2007);
  await axe(page, 'range applied');
});

test('German: "Anwenden" stays beside the From/To fields in the facet column', async ({ page }) => {
  test.setTimeout(scaled(90_000));
  await mockApi(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/?q=g&locale=de');
  await openMoreFilters(page.locator('#search'));
  const group = page.locator('#search').getByRole('group', { name: 'First shipped' });
  const apply = group.getByRole('button', { name: 'Anwenden' });
  await expect(apply).toBeVisible();
  const to = (await group.getByLabel('Bis').boundingBox())!;
  const button = (await apply.boundingBox())!;
  // Same row: the button's middle within the field's height, and after it.
  expect(button.y + button.height / 2).toBeGreaterThan(to.y);
  expect(button.y + button.height / 2).toBeLessThan(to.y + to.height);
  expect(button.x).toBeGreaterThan(to.x + to.width);
  await saveScreenshot(group, { path: `${SHOTS}/range-de-desktop.png` });
  await page.goto('/?q=g&locale=de&theme=dark&dir=rtl');
  await openMoreFilters(page.locator('#search'));
  await expect(apply).toBeVisible();
  await saveScreenshot(group, { path: `${SHOTS}/range-de-dark-rtl-desktop.png` });
  await axe(page, 'range, German, dark, rtl');
});

test('the category facet goes back up, against the reference service', async ({ page }) => {
  test.setTimeout(scaled(120_000));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/?q=grid');
  const search = page.locator('#search');
  const group = search.getByRole('group', { name: 'Section' });
  await expect(group).toBeVisible();
  await group.getByRole('button', { name: /^CSS, / }).click();
  await expect(page).toHaveURL(/cat=3xCSS/);
  const up = group.getByRole('button', { name: 'All sections' });
  await expect(up).toBeVisible();
  await axe(page, 'category chosen');
  await saveScreenshot(group, { path: `${SHOTS}/category-up-light-desktop.png` });
  await up.click();
  await expect(page).not.toHaveURL(/cat=/);
  await expect(group.getByRole('button', { name: /^CSS, / })).toBeVisible();
});
