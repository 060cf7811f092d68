// A query rule's redirect in the header's overlay, against the reference service: a rule
// written through the rules API sends "clipboard" to a page of the site's own, which the
// overlay offers as its first option, "Go to …", reached with ↓ and opened with Enter or a
// click. Light and dark, a phone, German and right to left; axe on each.
import { expect, test, type Page } from '@playwright/test';
import { axe } from './axe.ts';
import { saveScreenshot } from './screenshot.ts';

const SHOTS = 'e2e/artifacts/screenshots';
const API = `http://127.0.0.1:${process.env.E2E_API_PORT ?? 18787}`;
const AUTH = { Authorization: `Basic ${Buffer.from('demo:demo-secret').toString('base64')}` };
const RULE = `${API}/v2/indices/demo/rules/e2e-overlay-clipboard`;
const GUIDE = 'https://example.com/clipboard-guide';

// One worker for the file, so that the rule is written once and removed after the last test.
test.describe.configure({ mode: 'default' });

test.beforeAll(async ({ request }) => {
  const put = await request.put(RULE, {
    headers: AUTH,
    data: { conditions: [{ pattern: 'clipboard', anchoring: 'is' }], consequence: { redirect: GUIDE } },
  });
  expect(put.ok()).toBe(true);
  // Searches follow a written rule within a second.
  await expect.poll(async () => ((await (await request.get(`${API}/v1/search/demo?term=clipboard`)).json()) as { redirect?: string }).redirect).toBe(GUIDE);
});

test.afterAll(async ({ request }) => {
  await request.delete(RULE, { headers: AUTH });
});

async function openOverlay(page: Page, query: string) {
  await page.route('https://example.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Guide</title><h1>Guide</h1>' }));
  await page.goto(`/${query}`);
  await page.locator('#header-search .ss-opener').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('combobox')).toBeFocused();
  await page.keyboard.type('clipboard');
  return dialog;
}

test('the overlay offers a rule’s redirect first: ↓ reaches it, Enter goes there', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const dialog = await openOverlay(page, '?theme=light');
  const options = dialog.getByRole('listbox', { name: 'Search results' }).getByRole('option');
  await expect(options.first()).toHaveText('Go to \u2066example.com/clipboard-guide\u2069');
  // The results follow it.
  await expect(options.nth(1)).toHaveClass(/ss-hit-option/);
  await page.keyboard.press('ArrowDown');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByRole('combobox')).toHaveAttribute('aria-activedescendant', (await options.first().getAttribute('id'))!);
  await axe(page, 'overlay redirect');
  await saveScreenshot(page, { path: `${SHOTS}/overlay-redirect-light-desktop.png` });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(GUIDE);
});

test('a click on the overlay’s "Go to" opens the page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const dialog = await openOverlay(page, '?theme=dark');
  const go = dialog.getByRole('option', { name: /^Go to / });
  await expect(go).toBeVisible();
  await axe(page, 'overlay redirect, dark');
  await saveScreenshot(page, { path: `${SHOTS}/overlay-redirect-dark-desktop.png` });
  await go.click();
  await expect(page).toHaveURL(GUIDE);
});

for (const [name, query, label, viewport] of [
  ['light-phone', '?theme=light', 'Go to', { width: 390, height: 844 }],
  ['german-dark-phone', '?theme=dark&locale=de', 'Gehe zu', { width: 390, height: 844 }],
  ['rtl-desktop', '?theme=light&dir=rtl', 'Go to', { width: 1280, height: 800 }],
  ['arabic-phone', '?theme=light&locale=ar', 'الانتقال إلى', { width: 390, height: 844 }],
] as const) {
  test(`the overlay's redirect option, ${name}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const dialog = await openOverlay(page, query);
    const first = dialog.getByRole('option').first();
    await expect(first).toHaveText(`${label} \u2066example.com/clipboard-guide\u2069`);
    await page.keyboard.press('ArrowDown');
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await axe(page, `overlay redirect ${name}`);
    await saveScreenshot(page, { path: `${SHOTS}/overlay-redirect-${name}.png` });
  });
}
