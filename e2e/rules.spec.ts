// What the site's query rules do to a search, as the widget shows it: a promotion labelled
// "Promoted" (English, German), a pinned result like any other, a redirect offered first
// in the dropdown and followed on Enter. Against mockApi.ts, its answers changed as the
// service's rules change them; axe on every state.
import { expect, test, type Page } from '@playwright/test';
import type { SearchHit, SearchResponse } from '../src/client/types.ts';
import { axe } from './axe.ts';
import { corpus, mockApi } from './mockApi.ts';
import { saveScreenshot } from './screenshot.ts';

const SHOTS = 'e2e/artifacts/screenshots';

const promotion: SearchHit = {
  ...corpus()[0]!.hit,
  id: 'promotion:grid-help:1',
  url: 'https://example.com/help/grid',
  title: 'Grid layout course',
  highlight: 'Learn <em>grid</em> in an afternoon, with exercises.',
  meta_description: null,
  custom_fields: {},
  document_type: 'html',
  categories: [],
  resultType: 'promotion',
};

/** `grid`: a pinned document first, the promotion second. `account`: a redirect. */
function rules(answer: SearchResponse, url: URL): SearchResponse {
  const term = url.searchParams.get('term');
  if (term === 'grid') {
    const [pinned, ...rest] = answer.hits;
    return { ...answer, hits: [{ ...pinned!, resultType: 'pinned' }, promotion, ...rest.slice(0, -1)], appliedRules: ['grid-help'] };
  }
  if (term === 'account') return { ...answer, redirect: 'https://example.com/account', appliedRules: ['account'] };
  return answer;
}

async function open(page: Page, query = '') {
  await mockApi(page, { change: rules });
  await page.route('https://example.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Elsewhere</title><h1>Elsewhere</h1>' }));
  await page.goto(`/${query}`);
  return page.locator('#search');
}

for (const [name, query, label, viewport] of [
  ['light-desktop', '?theme=light', 'Promoted', { width: 1280, height: 800 }],
  ['dark-desktop', '?theme=dark', 'Promoted', { width: 1280, height: 800 }],
  ['light-phone', '?theme=light', 'Promoted', { width: 390, height: 844 }],
  ['german-dark-phone', '?theme=dark&locale=de', 'Hervorgehoben', { width: 390, height: 844 }],
  ['rtl-desktop', '?theme=light&dir=rtl', 'Promoted', { width: 1280, height: 800 }],
] as const) {
  test(`a promotion is a result labelled "${label}", a pinned result like any other (${name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const search = await open(page, query);
    await search.getByRole('combobox').fill('grid');
    await page.keyboard.press('Enter');
    const links = search.locator('.ss-hit-link');
    await expect(links.nth(1)).toHaveAccessibleName(`${label} Grid layout course`);
    await expect(links.nth(0)).toHaveAccessibleName(/^grid property 0$/);
    await expect(search.locator('.ss-badge', { hasText: label })).toHaveCount(1);
    await axe(page, `promotion ${name}`);
    await search.locator('.ss-item').nth(1).scrollIntoViewIfNeeded();
    await saveScreenshot(page, { path: `${SHOTS}/rules-promotion-${name}.png` });
  });
}

test('the overlay names a promotion’s option "Promoted" too', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, '?theme=light');
  await page.keyboard.press('Control+k');
  await page.keyboard.type('grid');
  const list = page.getByRole('dialog').getByRole('listbox', { name: 'Search results' });
  await expect(list.getByRole('option').nth(1)).toHaveAccessibleName('Promoted Grid layout course');
  await axe(page, 'overlay with a promotion');
  await saveScreenshot(page, { path: `${SHOTS}/rules-promotion-overlay-light-desktop.png` });
});

test('a redirect is offered first while typing, and Enter goes there', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const search = await open(page, '?theme=light');
  const input = search.getByRole('combobox');
  await input.click();
  await page.keyboard.type('account');
  const options = search.getByRole('listbox').getByRole('option');
  await expect(options.first()).toHaveText('Go to \u2066example.com/account\u2069');
  await axe(page, 'redirect offered');
  await saveScreenshot(page, { path: `${SHOTS}/rules-redirect-light-desktop.png` });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('https://example.com/account');
});

test('the redirect option in German, on a phone, dark', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const search = await open(page, '?theme=dark&locale=de');
  await search.getByRole('combobox').click();
  await page.keyboard.type('account');
  const first = search.getByRole('listbox').getByRole('option').first();
  await expect(first).toHaveText('Gehe zu \u2066example.com/account\u2069');
  await page.keyboard.press('ArrowDown');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await saveScreenshot(page, { path: `${SHOTS}/rules-redirect-german-dark-phone.png` });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('https://example.com/account');
});
