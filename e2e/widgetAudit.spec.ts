// What a picky user found in the widget (issue 44's audit), each against the reference
// service: Enter in the overlay's field, a redirect as the answer, the host page's link
// styles, history, the dropdown on the results page, the tracker's warning, the Tab stops.
// Screenshots on desktop and phone, axe where the page changes.
import { expect, test, type Page } from '@playwright/test';
import { axe } from './axe.ts';
import { servePages } from './servePage.ts';
import { saveScreenshot } from './screenshot.ts';

const SHOTS = 'e2e/artifacts/screenshots';
const API = `http://127.0.0.1:${process.env.E2E_API_PORT ?? 18787}`;
const AUTH = { Authorization: `Basic ${Buffer.from('demo:demo-secret').toString('base64')}` };
const RULE = `${API}/v2/indices/demo/rules/e2e-audit-tailwind`;
const GUIDE = 'https://example.com/tailwind-guide';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

// One worker for the file, so that the rule is written once and removed after the last test.
test.describe.configure({ mode: 'default' });

test.beforeAll(async ({ request }) => {
  const put = await request.put(RULE, {
    headers: AUTH,
    data: { conditions: [{ pattern: 'tailwind', anchoring: 'is' }], consequence: { redirect: GUIDE } },
  });
  expect(put.ok()).toBe(true);
  // Searches follow a written rule within a second.
  await expect.poll(async () => ((await (await request.get(`${API}/v1/search/demo?term=tailwind`)).json()) as { redirect?: string }).redirect).toBe(GUIDE);
});

test.afterAll(async ({ request }) => {
  await request.delete(RULE, { headers: AUTH });
});

async function openOverlay(page: Page, query = '?theme=light') {
  await page.goto(`/${query}`);
  await page.locator('#header-search .ss-opener').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('combobox')).toBeFocused();
  return dialog;
}

test('1. Enter in the overlay’s field opens "See all N results" on the results page', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  const dialog = await openOverlay(page);
  await page.keyboard.type('dialog');
  await expect(dialog.getByRole('option', { name: /^See all \d+ results$/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]q=dialog(&|$)/);
  await expect(page.locator('#search .ss-list .ss-item').first()).toBeVisible();
});

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`2. a redirect is the answer, as a card: overlay and dropdown, ${name}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const dialog = await openOverlay(page);
    await page.keyboard.type('tailwind');
    const card = dialog.getByRole('option', { name: /Go to/ });
    await expect(card).toHaveClass(/ss-redirect/);
    await expect(dialog).not.toContainText(/spelling|0 results/i);
    await axe(page, `overlay redirect card ${name}`);
    await saveScreenshot(page, { path: `${SHOTS}/audit-redirect-overlay-${name}.png` });
    await page.keyboard.press('Escape');

    const field = page.locator('#search .ss-input');
    await field.click();
    await page.keyboard.type('tailwind');
    const option = page.locator('#search .ss-suggest .ss-redirect');
    await expect(option).toBeVisible();
    await expect(page.locator('#search .ss-redirect-link')).toHaveAttribute('href', GUIDE);
    await expect(page.locator('#search')).not.toContainText(/spelling|0 results/i);
    await axe(page, `page redirect card ${name}`);
    await saveScreenshot(page, { path: `${SHOTS}/audit-redirect-page-${name}.png` });
  });
}

test('3. a documentation page’s a:link and a:hover do not colour the result titles', async ({ page }) => {
  const problems = await servePages(page);
  await page.setViewportSize(DESKTOP);
  await page.goto('/e2e/pages/docs-links.html');
  // The page's own link takes the page's colours.
  await expect(page.getByRole('link', { name: 'this page' })).toHaveCSS('color', 'rgb(200, 0, 0)');
  await page.locator('.ss-input').fill('grid');
  const title = page.locator('.ss-hit-link').first();
  await expect(title).toBeVisible();
  const accent = await page.locator('.ss-widget').evaluate((el) => {
    const probe = document.createElement('span');
    probe.style.color = getComputedStyle(el).getPropertyValue('--ss-accent');
    el.append(probe);
    const color = getComputedStyle(probe).color;
    probe.remove();
    return color;
  });
  await expect(title).toHaveCSS('color', accent);
  await expect(title).toHaveCSS('text-decoration-line', 'none');
  await title.hover();
  await expect(title).toHaveCSS('color', accent);
  await expect(title).toHaveCSS('text-decoration-style', 'solid');
  await saveScreenshot(page, { path: `${SHOTS}/audit-host-links-desktop.png` });
  await page.setViewportSize(PHONE);
  await page.mouse.move(0, 0);
  await expect(title).toHaveCSS('color', accent);
  await saveScreenshot(page, { path: `${SHOTS}/audit-host-links-phone.png` });
  expect(problems).toEqual([]);
});

test('5. Back after Enter lands on the search before it, never on a half-typed term', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/?theme=light');
  const field = page.locator('#search .ss-input');
  await field.click();
  await page.keyboard.type('promise all', { delay: 60 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]q=promise(\+|%20)all/);
  await expect(page.locator('#search .ss-list .ss-item').first()).toBeVisible();
  await page.locator('#search .ss-clear').click();
  await page.keyboard.type('grid', { delay: 60 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]q=grid(&|$)/);
  await page.goBack();
  await expect(page).toHaveURL(/[?&]q=promise(\+|%20)all/);
  await expect(field).toHaveValue('promise all');
});

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`6. the suggestions do not open over the results on screen; ↓ opens them, ${name}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/?theme=light');
    await page.locator('#search .ss-input').click();
    await page.keyboard.type('promise', { delay: 80 });
    await expect(page.locator('#search .ss-list .ss-item').first()).toBeVisible();
    await page.keyboard.type(' a', { delay: 80 });
    await expect(page.locator('#search .ss-stats')).toContainText(/result/);
    await expect(page.locator('#search .ss-suggest')).toBeHidden();
    await expect(page.locator('#search .ss-input')).toHaveAttribute('aria-expanded', 'false');
    await saveScreenshot(page, { path: `${SHOTS}/audit-no-dropdown-over-results-${name}.png` });
    // ↓ asks for the term's suggestions (shown unless each repeats a result's title).
    const asked = page.waitForRequest(/\/v1\/suggest\//);
    await page.keyboard.press('ArrowDown');
    await asked;
    await axe(page, `dropdown on ↓ ${name}`);
  });
}

test('8. from the field to the first result in few Tab presses; "More filters" folded', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/?theme=light&q=grid');
  await expect(page.locator('#search .ss-list .ss-item').first()).toBeVisible();
  await expect(page.locator('#search .ss-more-filters')).toBeVisible();
  await page.locator('#search .ss-input').focus();
  let presses = 0;
  for (; presses < 60; presses++) {
    if (await page.evaluate(() => !!document.activeElement?.matches('.ss-hit-link'))) break;
    await page.keyboard.press('Tab');
  }
  expect(presses).toBeLessThanOrEqual(20);
  await axe(page, 'folded filters');
  await saveScreenshot(page, { path: `${SHOTS}/audit-more-filters-desktop.png`, fullPage: true });
  await page.locator('#search .ss-more-filters > summary').click();
  await expect(page.locator('#search .ss-dates > summary')).toBeVisible();
  await saveScreenshot(page, { path: `${SHOTS}/audit-more-filters-open-desktop.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await page.locator('#search .ss-toggle').click();
  await expect(page.locator('#search .ss-sheet')).toBeVisible();
  await saveScreenshot(page, { path: `${SHOTS}/audit-more-filters-phone.png` });
});

/** The mean relative luminance (0 black, 1 white) of what the element shows, from its screenshot. */
async function luminance(page: Page, selector: string): Promise<number> {
  const png = (await page.locator(selector).first().screenshot()).toString('base64');
  return page.evaluate(async (data) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const canvas = Object.assign(document.createElement('canvas'), { width: image.width, height: image.height });
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const { data: px } = context.getImageData(0, 0, image.width, image.height);
    const linear = (v: number) => ((v /= 255) <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    let sum = 0;
    for (let i = 0; i < px.length; i += 4) sum += 0.2126 * linear(px[i]!) + 0.7152 * linear(px[i + 1]!) + 0.0722 * linear(px[i + 2]!);
    return sum / (px.length / 4);
  }, png);
}

test('9. letter thumbnails follow the dark theme: a dark card in the dark widget, a light one in the light', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  const thumb = '#search .ss-thumb-loaded';
  const shown = {} as Record<'light' | 'dark', number>;
  for (const theme of ['light', 'dark'] as const) {
    await page.goto(`/?theme=${theme}&q=grid`);
    await expect(page.locator(thumb).first()).toBeVisible();
    shown[theme] = await luminance(page, thumb);
    await saveScreenshot(page, { path: `${SHOTS}/audit-thumbnails-${theme}-desktop.png` });
  }
  // The light card is pastel (about 0.7); in the dark widget it was the same card dimmed (about 0.5), brighter than any text beside it.
  expect(shown.light).toBeGreaterThan(0.5);
  expect(shown.dark).toBeLessThan(0.12);
  // On a phone, following the system on a page with a dark look, too.
  await page.setViewportSize(PHONE);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/?q=grid');
  await expect(page.locator(thumb).first()).toBeVisible();
  await saveScreenshot(page, { path: `${SHOTS}/audit-thumbnails-auto-dark-phone.png` });
});
