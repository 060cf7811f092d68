// Searches enter the browser's history: Back returns to the search before, not off the page.
import { expect, test } from '@playwright/test';
import { mockApi } from './mockApi.ts';
import { saveScreenshot } from './screenshot.ts';

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

test('on a phone, Back closes the open filter panel first, keeping the filters chosen in it', async ({ page }) => {
  await mockApi(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/?keep=1');
  const search = page.locator('#search');
  const box = search.getByRole('combobox', { name: 'Search' });
  await box.fill('grid');
  await box.press('Enter');
  await expect(page).toHaveURL(/\?keep=1&q=grid$/);
  const filters = search.getByRole('button', { name: /^Filters/ });
  const sheet = page.getByRole('dialog', { name: 'Filters' });

  // Opened and closed by its button: no entry left behind.
  await filters.click();
  await expect(sheet).toBeVisible();
  await sheet.getByRole('button', { name: 'Close' }).click();
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(/\?keep=1&q=grid$/);

  // Opened, then Back: the panel closes, the search stays.
  await filters.click();
  await expect(sheet).toBeVisible();
  await page.goBack();
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(/\?keep=1&q=grid$/);
  await expect(box).toHaveValue('grid');
  await expect(filters).toBeFocused();

  // A filter chosen in it stays when Back closes it.
  await filters.click();
  await sheet.getByRole('checkbox', { name: /^css/ }).check();
  await expect(page).toHaveURL(/q=grid&f\.area=css$/);
  await page.goBack();
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(/q=grid&f\.area=css$/);
  await expect(filters).toHaveAccessibleName('Filters, 1 applied');
  await saveScreenshot(page, { path: 'e2e/artifacts/screenshots/history-back-closes-filters-phone.png' });

  // Then Back walks the searches as before: the filter, then the query.
  await page.goBack();
  await expect(page).toHaveURL(/\?keep=1&q=grid$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/\?keep=1$/);
});
