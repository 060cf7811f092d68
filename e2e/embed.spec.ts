// The built script-tag file (npm run build first) on a page with a strict
// Content-Security-Policy: it mounts from its data attributes, searches, shows the
// forced dark theme, and causes no CSP violation.
import { expect, test } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { mockApi } from './mockApi.ts';

test('the script-tag build works under a strict CSP, with its data-* options', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP: ${e.violatedDirective} ${e.blockedURI}`));
  });
  await mockApi(page);
  await page.goto('/e2e/embed.html');
  const input = page.getByRole('combobox', { name: 'Search' });
  await input.fill('g');
  await input.press('Enter');
  await expect(page.getByRole('list', { name: 'Search results' }).getByRole('listitem')).toHaveCount(10);
  await expect(page).toHaveURL(/s_q=g/);
  await expect(page.getByRole('group', { name: 'Area' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show more results' })).toBeVisible();
  // data-theme="dark": light text on a dark field, whatever the system prefers.
  expect(await page.locator('.ss-widget').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(230, 233, 238)');
  expect(await page.locator('.ss-box').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(21, 24, 29)');
  expect(await page.locator('[style]').count()).toBe(0);
  expect(await axeViolations(page, { include: '.ss-widget', tags: ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'] })).toEqual([]);
  // The live region says how far the list goes once more were appended; the timing is not in it.
  await expect(page.getByRole('status')).toHaveText(/^\d+ results$/);
  await page.getByRole('button', { name: 'Show more results' }).click();
  await expect(page.getByRole('list', { name: 'Search results' }).getByRole('listitem')).toHaveCount(20);
  await expect(page.getByRole('status')).toHaveText(/^Showing 20 of \d+ results$/);
  expect(problems).toEqual([]);
});
