// Searches enter the browser's history: Back returns to the search before, not off the page.
import { expect, test } from '@playwright/test';
import { mockApi } from './mockApi.ts';

test('each submitted search is a history entry of its own', async ({ page }) => {
  await mockApi(page);
  await page.goto('/?keep=1');
  const box = page.locator('#search').getByRole('combobox', { name: 'Search' });
  const first = page.locator('#search .ss-hit-title').first();
  await box.fill('grid');
  await box.press('Enter');
  await expect(first).toContainText('grid');
  await expect(page).toHaveURL(/\?keep=1&q=grid$/);
  await box.fill('flex');
  await box.press('Enter');
  await expect(first).toContainText('flex');
  await expect(page).toHaveURL(/\?keep=1&q=flex$/);

  await page.goBack();
  await expect(page).toHaveURL(/\?keep=1&q=grid$/);
  await expect(box).toHaveValue('grid');
  await expect(first).toContainText('grid');
  await page.goBack();
  await expect(page).toHaveURL(/\/\?keep=1$/);
  await page.goForward();
  await expect(box).toHaveValue('grid');
});
