// The analytics dashboard of the demo, over the generated traffic `demo/start.ts` loads
// into a fresh data folder: figures, charts with table twins, the range picker, dark
// mode, and axe (WCAG 2.2 A and AA) in both schemes.
import { expect, test, type Page } from '@playwright/test';
import { scaled } from './loadScale.ts';
import { axeViolations } from './axe.ts';
import { openConsole } from './consoleSession.ts';
import { saveScreenshot } from './screenshot.ts';

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const axe = (page: Page): Promise<string[]> => axeViolations(page, { tags: ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'] });

const figure = (page: Page, label: string) =>
  page
    .locator('.dash-figure')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('.dash-figure-value');

test('shows the report of the generated traffic, and a shorter range updates it', async ({ page }) => {
  test.setTimeout(scaled(60_000));
  const errors = watchErrors(page);
  await openConsole(page);
  await expect(page.getByRole('status').first()).toContainText('Showing');
  const searches = figure(page, 'Searches');
  await expect(searches).toHaveText(/^\d[\d,]*$/);
  const thirtyDays = Number((await searches.textContent())!.replace(/,/g, ''));
  expect(thirtyDays).toBeGreaterThan(1000);
  await expect(figure(page, 'Click-through rate')).toHaveText(/^\d+(\.\d)?%$/);
  await expect(page.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');

  // Each chart is named for assistive technology, and has a table with its numbers.
  await expect(page.getByRole('img', { name: /searches per day/i })).toBeVisible();
  await expect(page.getByRole('img', { name: /clicks by position/i })).toBeVisible();
  await page.getByText('Clicks by position as a table').click();
  await expect(page.getByRole('table', { name: 'Clicks by result position' }).getByRole('row')).toHaveCount(12);
  await expect(page.getByRole('table', { name: 'Most searched keywords' }).getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Keywords with the most no-hit searches' })).toContainText(/jquery|tailwind|php|python/);

  // By keyboard: the 7-day preset.
  await page.getByRole('button', { name: 'Last 7 days' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('status').first()).toContainText('Showing');
  await expect(searches).not.toHaveText(thirtyDays.toLocaleString('en'));
  const sevenDays = Number((await searches.textContent())!.replace(/,/g, ''));
  expect(sevenDays).toBeGreaterThan(0);
  expect(sevenDays).toBeLessThan(thirtyDays);
  expect(page.url()).toMatch(/from=\d{4}-\d{2}-\d{2}&to=/);

  // A start after the end is refused in the form, and the last good report stays.
  await page.getByLabel('From').fill('2099-01-01');
  await expect(page.getByRole('alert')).toHaveText('The start date must be on or before the end date.');
  await expect(searches).toHaveText(sevenDays.toLocaleString('en'));

  await saveScreenshot(page, { path: 'e2e/artifacts/screenshots/dashboard-light.png', fullPage: true });
  expect(errors).toEqual([]);
});

test('a tag narrows the report; a range without traffic says so', async ({ page }) => {
  await openConsole(page);
  await expect(page.getByRole('status').first()).toContainText('Showing');
  const all = Number((await figure(page, 'Searches').textContent())!.replace(/,/g, ''));
  await page.getByRole('combobox', { name: 'Source (tag)' }).selectOption('header');
  await expect(page).toHaveURL(/tag=header/);
  await expect(page.getByRole('status').first()).toContainText('Showing');
  await expect(figure(page, 'Searches')).not.toHaveText(all.toLocaleString('en'));
  const header = Number((await figure(page, 'Searches').textContent())!.replace(/,/g, ''));
  expect(header).toBeGreaterThan(0);
  expect(header).toBeLessThan(all);

  await openConsole(page, '', 'from=2001-01-01&to=2001-01-31');
  await expect(page.getByText(/No searches or clicks between 1 January 2001 and 31 January 2001/)).toBeVisible();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`has no axe violations in ${colorScheme} mode`, async ({ page }) => {
    test.setTimeout(scaled(60_000));
    await page.emulateMedia({ colorScheme });
    await openConsole(page);
    await expect(page.getByRole('status').first()).toContainText('Showing');
    await page.getByText('Searches per day as a table').click();
    expect(await axe(page)).toEqual([]);
    if (colorScheme === 'dark') await saveScreenshot(page, { path: 'e2e/artifacts/screenshots/dashboard-dark.png', fullPage: true });
  });
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`on a phone, ${colorScheme}: nothing is cut off, and axe finds nothing`, async ({ page }) => {
    test.setTimeout(scaled(60_000));
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize({ width: 375, height: 800 });
    await openConsole(page);
    await expect(page.getByRole('status').first()).toContainText('Showing');
    await page.getByText('Searches per day as a table').click();
    await page.getByText('Clicks by position as a table').click();
    // The page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // The keyword tables fit; any table that does not scrolls in a region the keyboard can reach.
    for (const name of ['Most searched keywords', 'Keywords with the most no-hit searches']) {
      const wrap = page.getByRole('region', { name });
      expect(await wrap.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    }
    await expect(page.locator('.dash-table-wrap:not([tabindex="0"])')).toHaveCount(0);
    await saveScreenshot(page, { path: `e2e/artifacts/screenshots/dashboard-phone-${colorScheme}.png`, fullPage: true });
    expect(await axe(page)).toEqual([]);
  });
}
