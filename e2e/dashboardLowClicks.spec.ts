// Keywords searched often but rarely clicked, on the Analytics page: the demo's generated
// traffic makes a few (searches that find pages no one clicks), read from the real report;
// the owner's writes go to a stand-in (ownerApiMock.ts). A page pinned through the
// picker and a redirect, both by keyboard, are written as the API expects; a bad address
// is said beside its field; axe and screenshots on desktop, phone and dark.
import { expect, test, type Page } from '@playwright/test';
import { scaled } from './loadScale.ts';
import { axe } from './axe.ts';
import { mockOwnerApi } from './ownerApiMock.ts';
import { openConsole } from './consoleSession.ts';
import { saveScreenshot } from './screenshot.ts';

const section = (page: Page) => page.locator('section', { has: page.getByRole('heading', { name: 'Searched often, rarely clicked' }) });
const table = (page: Page) => section(page).getByRole('table', { name: 'Keywords searched often whose results are rarely clicked' });

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    // The 404 that tells the page a rule id is free.
    if (message.type() === 'error' && !/status of 404/.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('lists the generated keywords searched often but rarely clicked, and pins a page or redirects one by keyboard', async ({ page }) => {
  test.setTimeout(scaled(60_000));
  const errors = watchErrors(page);
  const mock = await mockOwnerApi(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openConsole(page);
  const row = table(page).getByRole('row', { name: /^scroll to top/ });
  await expect(row).toBeVisible();
  await expect(table(page).getByRole('rowheader', { name: 'color picker' })).toBeVisible();
  await expect(row.getByRole('cell').nth(1)).toHaveText(/^\d+\.\d%$/);
  await expect(row.getByRole('link', { name: 'Add a synonym for “scroll to top”' })).toHaveAttribute('href', '#synonyms?add=scroll+to+top');
  await section(page).scrollIntoViewIfNeeded();
  await saveScreenshot(section(page), { path: 'e2e/artifacts/screenshots/dashboard-low-clicks.png' });
  await axe(page, 'searched often, rarely clicked');

  // Pin a page: the picker searches the index for the keyword; the first page found is chosen by keyboard.
  const pin = row.getByRole('button', { name: 'Pin a page for “scroll to top”' });
  await pin.focus();
  await page.keyboard.press('Enter');
  const picker = page.getByRole('dialog', { name: 'Pin a page first for “scroll to top”' });
  await expect(picker.getByRole('searchbox', { name: 'Search the index' })).toBeFocused();
  await expect(picker.getByRole('searchbox', { name: 'Search the index' })).toHaveValue('scroll to top');
  const first = picker.getByRole('list', { name: 'Documents found' }).getByRole('button').first();
  await expect(first).toBeVisible();
  const title = (await first.locator('.dash-pick-title').textContent())!;
  await saveScreenshot(page, { path: 'e2e/artifacts/screenshots/dashboard-low-clicks-picker.png' });
  await axe(page, 'pin picker');
  await page.keyboard.press('Tab');
  await expect(first).toBeFocused();
  await page.keyboard.press('Enter');
  const status = section(page).getByRole('status');
  await expect(status).toContainText(`Rule pin-scroll-to-top saved: a search for “scroll to top” shows ${title} first.`);
  await expect(status.getByRole('link', { name: 'Open the rule' })).toHaveAttribute('href', '#rules/pin-scroll-to-top');
  await expect(picker).toHaveCount(0);
  await expect(pin).toBeFocused();
  expect(mock.writes).toHaveLength(1);
  expect(mock.writes[0]).toMatchObject({
    method: 'PUT',
    path: '/v2/indices/demo/rules/pin-scroll-to-top',
    body: { conditions: [{ pattern: 'scroll to top', anchoring: 'is' }], consequence: { pin: [{ position: 1 }] } },
  });

  // Redirect: a bad address is said beside its field and nothing is written; a good one saves a rule.
  await page.keyboard.press('Tab');
  await expect(row.getByRole('button', { name: 'Redirect “scroll to top”' })).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Send a search for “scroll to top” to a page' });
  const address = dialog.getByRole('textbox', { name: 'Address of the page' });
  await expect(address).toBeFocused();
  await page.keyboard.type('scroll page');
  await page.keyboard.press('Enter');
  await expect(address).toHaveAccessibleDescription(/Type a full address that starts with https:\/\//);
  await expect(address).toHaveAttribute('aria-invalid', 'true');
  expect(mock.writes).toHaveLength(1);
  await saveScreenshot(page, { path: 'e2e/artifacts/screenshots/dashboard-low-clicks-redirect.png' });
  await axe(page, 'redirect dialog with a bad address');
  await address.fill('https://docs.example.com/scroll-to-top');
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(status).toContainText(
    'Rule redirect-scroll-to-top saved: a search for “scroll to top” sends visitors to https://docs.example.com/scroll-to-top.',
  );
  expect(mock.writes[1]).toEqual({
    method: 'PUT',
    path: '/v2/indices/demo/rules/redirect-scroll-to-top',
    body: {
      description: 'Rarely clicked: “scroll to top” goes to https://docs.example.com/scroll-to-top',
      conditions: [{ pattern: 'scroll to top', anchoring: 'is' }],
      consequence: { redirect: 'https://docs.example.com/scroll-to-top' },
    },
  });
  expect(errors).toEqual([]);
});

test('Esc closes the redirect dialog, writing nothing, and the focus goes back to its button', async ({ page }) => {
  const mock = await mockOwnerApi(page);
  await openConsole(page);
  const redirect = table(page).getByRole('button', { name: 'Redirect “color picker”' });
  await redirect.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(redirect).toBeFocused();
  expect(mock.writes).toEqual([]);
});

for (const [name, colorScheme, width, height] of [
  ['phone', 'light', 390, 844],
  ['phone-dark', 'dark', 390, 844],
  ['dark', 'dark', 1280, 800],
] as const) {
  test(`searched often, rarely clicked on ${name}: nothing cut off, axe finds nothing`, async ({ page }) => {
    test.setTimeout(scaled(60_000));
    await mockOwnerApi(page);
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize({ width, height });
    await openConsole(page);
    await expect(table(page).getByRole('rowheader', { name: 'scroll to top' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await section(page).scrollIntoViewIfNeeded();
    await saveScreenshot(section(page), { path: `e2e/artifacts/screenshots/dashboard-low-clicks-${name}.png` });
    await axe(page, `searched often, rarely clicked, ${name}`);
  });
}
