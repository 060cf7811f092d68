// Reflow (WCAG 1.4.10): at 320 and 390 CSS pixels, in every shipped language, with the
// longest sort option chosen, nothing scrolls sideways, on the page or in the filter panel;
// nor at 320 with a long facet's search field in use, nor in the overlay with its results.
import { readdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { scaled } from './loadScale.ts';
import { axe } from './axe.ts';
import { mockApi } from './mockApi.ts';
import { saveScreenshot } from './screenshot.ts';

const SHOTS = 'e2e/artifacts/screenshots';

/** Every shipped language: English, and one messages file for each of the others. */
const LOCALES = [
  'en',
  ...readdirSync(new URL('../src/ui/', import.meta.url))
    .map((file) => /^messages([A-Z][a-z])\.ts$/.exec(file)?.[1]?.toLowerCase())
    .filter((locale) => locale !== undefined),
];

// One page load per language: the widths are checked in turn on the same page, resized as a
// phone turned or a window narrowed would be (the layout follows the width, not the load).
for (const locale of LOCALES) {
  test(`no sideways scrolling at 320 and 390 px: ${locale}`, async ({ page }) => {
    await mockApi(page);
    await page.setViewportSize({ width: 320, height: 844 });
    await page.goto(`/?q=g&sort=custom_fields.first_year&order=asc&f.area=css&locale=${locale}`);
    const search = page.locator('#search');
    await expect(search.locator('.ss-item').first()).toBeVisible();
    await expect(search.locator('.ss-sort select')).toHaveValue('custom_fields.first_year asc');
    const sheet = page.locator('dialog.ss-sheet');
    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 844 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await saveScreenshot(page, { path: `${SHOTS}/reflow-${locale}-${width}.png` });
      await search.locator('.ss-toggle').click();
      await expect(sheet).toBeVisible();
      expect((await sheet.boundingBox())!.width).toBeLessThanOrEqual(width);
      // Its close button and its "Show N results" button on screen.
      for (const button of [sheet.locator('.ss-sheet-head .ss-button'), sheet.locator('.ss-show')]) {
        const box = (await button.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(width);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await saveScreenshot(page, { path: `${SHOTS}/reflow-${locale}-${width}-filters.png` });
      await sheet.locator('.ss-sheet-head .ss-button').click();
      await expect(sheet).toBeHidden();
    }
  });
}

/** The elements inside `root` whose box reaches past the screen's sides, named. */
const outside = (page: Page, root: string) =>
  page.evaluate((selector) => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll(`${selector} *`)]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.right > width + 0.5 || r.left < -0.5);
      })
      .map((el) => `<${el.tagName.toLowerCase()} class="${el.className}">`);
  }, root);

// Against the reference service: its long facets have a search field, and the overlay
// its results, at 320 px. Not every language: those that could overflow where the others
// fit. German, Dutch and French have the longest words and texts of the shipped messages
// (compound nouns like "Suchergebnisse", "zoekopdrachten"; the most text in French);
// Arabic is the right-to-left layout; Japanese the one whose lines break without spaces.
// The loop above checks every language at 320 px, with filters. Axe on both, once for each
// direction: the languages give the same elements, roles and colours, only other words.
const AXE_LOCALES = new Set(['de', 'ar']);
for (const locale of ['de', 'nl', 'fr', 'ar', 'ja']) {
  test(`no sideways scrolling at 320 px with a facet's search field and the overlay: ${locale}`, async ({ page }) => {
    test.setTimeout(scaled(60_000));
    await page.setViewportSize({ width: 320, height: 844 });
    await page.goto(`/?q=element&locale=${locale}`);
    const search = page.locator('#search');
    await expect(search.locator('.ss-item').first()).toBeVisible();
    await search.locator('.ss-toggle').click();
    const sheet = page.locator('dialog.ss-sheet');
    await expect(sheet).toBeVisible();
    // One field narrowed to nothing ("No matching values"), the other to a few values.
    const searchable = sheet.locator('.ss-facet').filter({ has: page.locator('input[type="search"]') });
    await expect(searchable).toHaveCount(2);
    await searchable.first().locator('input[type="search"]').fill('zzqx');
    await expect(searchable.first().locator('.ss-no-values')).not.toBeEmpty();
    await searchable.last().locator('input[type="search"]').fill('and');
    await expect(searchable.last().getByRole('checkbox')).toHaveCount(4);
    await searchable.first().scrollIntoViewIfNeeded();
    expect(await outside(page, 'dialog.ss-sheet')).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await saveScreenshot(page, { path: `${SHOTS}/reflow-${locale}-320-facet-search.png` });
    if (AXE_LOCALES.has(locale)) await axe(page, `filter panel, facet search, 320 px, ${locale}`);
    await sheet.locator('.ss-sheet-head .ss-button').click();
    await expect(sheet).toBeHidden();

    await page.locator('#header-search .ss-opener').click();
    const dialog = page.locator('dialog.ss-dialog');
    await expect(dialog.getByRole('combobox')).toBeFocused();
    await page.keyboard.type('grid');
    await expect(dialog.locator('.ss-hit-option').first()).toBeVisible();
    expect(await outside(page, 'dialog.ss-dialog')).toEqual([]);
    expect(await dialog.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await saveScreenshot(page, { path: `${SHOTS}/reflow-${locale}-320-overlay.png` });
    if (AXE_LOCALES.has(locale)) await axe(page, `overlay with results, 320 px, ${locale}`);
  });
}

test('with a large root font the icons grow with the text', async ({ page }) => {
  await mockApi(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/?q=g&f.area=css');
  const search = page.locator('#search');
  await expect(search.locator('.ss-item').first()).toBeVisible();
  const size = (selector: string) =>
    search
      .locator(selector)
      .first()
      .evaluate((el) => el.getBoundingClientRect().width);
  const before = [await size('.ss-submit .ss-icon'), await size('.ss-chip .ss-icon')];
  await page.addStyleTag({ content: 'html { font-size: 30px !important; }' });
  const after = [await size('.ss-submit .ss-icon'), await size('.ss-chip .ss-icon')];
  expect(after.map((w, i) => Math.round((w / before[i]!) * 16))).toEqual([30, 30]);
  await saveScreenshot(page, { path: `${SHOTS}/reflow-root-font-30px-390.png` });
});

// The opener's right edge, and which of its word and key hint show: each either whole on
// its first line or on the cut-off second line (below the button's bottom edge), never in part.
const opener = async (page: Page) => {
  const button = page.locator('#header-search .ss-opener');
  await expect(button).toBeVisible();
  const box = (await button.boundingBox())!;
  const shows = async (selector: string) => {
    const part = button.locator(selector);
    const { top, bottom, left, right } = await part.evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
    // (The cut-off line starts inside the bottom border.)
    if (top >= box.y + box.height - 2) return false;
    expect(bottom, selector).toBeLessThanOrEqual(box.y + box.height);
    // Whole: as wide as its text (scrollWidth is rounded).
    expect(right - left + 1, selector).toBeGreaterThanOrEqual(await part.evaluate((el) => el.scrollWidth));
    expect(right, selector).toBeLessThanOrEqual(box.x + box.width);
    return true;
  };
  return { end: box.x + box.width, word: await shows('.ss-grow'), hint: await shows('.ss-kbd') };
};

test('with a large root font the overlay opener fits a 320 px screen: its label on one line, the key hint inside or left out', async ({ page }) => {
  await mockApi(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/?locale=de');
  // At the usual size: the whole word and the hint.
  expect(await opener(page)).toMatchObject({ word: true, hint: true });
  await saveScreenshot(page.locator('.demo-bar'), { path: `${SHOTS}/opener-de-desktop.png` });
  await page.setViewportSize({ width: 320, height: 640 });
  await page.addStyleTag({ content: 'html { font-size: 30px !important; }' });
  expect((await opener(page)).end).toBeLessThanOrEqual(320);
  await saveScreenshot(page, { path: `${SHOTS}/reflow-root-font-30px-opener-de-320.png` });
  await page.goto('/?theme=dark');
  await page.addStyleTag({ content: 'html { font-size: 30px !important; }' });
  expect((await opener(page)).end).toBeLessThanOrEqual(320);
  await saveScreenshot(page, { path: `${SHOTS}/reflow-root-font-30px-opener-dark-320.png` });
  // A phone at its usual size: word and hint.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  expect(await opener(page)).toMatchObject({ word: true });
  expect((await opener(page)).end).toBeLessThanOrEqual(390);
  await saveScreenshot(page.locator('.demo-bar'), { path: `${SHOTS}/opener-phone.png` });
});

// The demo page itself at a 30 px root font on a 320 px screen (WCAG 1.4.4 and 1.4.10):
// its bar, heading, lede and footer, before a search and with results, in English and German.
for (const [name, query] of [
  ['before a search', '/?theme=light'],
  ['with results', '/?q=g&theme=light'],
  ['German, dark, with results', '/?q=g&locale=de&theme=dark'],
  ['right to left', '/?q=g&dir=rtl'],
] as const) {
  test(`the demo page at a 30 px root font fits 320 px: ${name}`, async ({ page }) => {
    await mockApi(page);
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto(query);
    await page.addStyleTag({ content: 'html { font-size: 30px !important; }' });
    if (query.includes('q=')) await expect(page.locator('#search .ss-item').first()).toBeVisible();
    else await expect(page.locator('#search .ss-input')).toBeVisible();
    // What sticks out (an element, or a word wider than its box), named, for a failure that says where.
    const wide = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const out = (rect: DOMRect) => rect.width > 0 && (rect.right > width + 0.5 || rect.left < -0.5);
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const found: string[] = [];
      // Text in a box that clips it (a URL cut off with an ellipsis) does not widen the page.
      const clipped = (el: Element | null): boolean =>
        !!el && el !== document.body && (getComputedStyle(el).overflowX !== 'visible' || clipped(el.parentElement));
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (clipped(node.parentElement)) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        if ([...range.getClientRects()].some(out)) found.push(`"${node.textContent?.trim().slice(0, 40)}" in ${node.parentElement?.className}`);
      }
      return found.concat(
        [...document.querySelectorAll('body *')]
          .filter((el) => out(el.getBoundingClientRect()))
          .map((el) => `<${el.tagName.toLowerCase()} class="${el.className}">`),
      );
    });
    expect(wide).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      await page.evaluate(() => document.documentElement.clientWidth),
    );
    const shot = `${SHOTS}/reflow-demo-30px-320-${name.replace(/\W+/g, '-')}`;
    await saveScreenshot(page, { path: `${shot}.png`, fullPage: true });
    if (query.includes('q=')) {
      await page.locator('#search .ss-item').first().scrollIntoViewIfNeeded();
      await saveScreenshot(page, { path: `${shot}-results.png` });
    }
  });
}

// A rule's redirect in the overlay, written through the rules API and removed after: the
// answer is a card with the address, which stays whole on a line of its own, and one longer
// than the screen is cut at its end, never wider than the screen.
test('the overlay\u2019s redirect card keeps its address whole on a phone and cut at 320 px', async ({ page, request }, testInfo) => {
  test.setTimeout(scaled(90_000));
  const api = `http://127.0.0.1:${process.env.E2E_API_PORT ?? 18787}`;
  const auth = { Authorization: `Basic ${Buffer.from('demo:demo-secret').toString('base64')}` };
  const rules = [
    [`e2e-reflow-short-${testInfo.repeatEachIndex}`, 'clipboard', 'https://example.com/clipboard-guide'],
    [`e2e-reflow-long-${testInfo.repeatEachIndex}`, 'flexbox', 'https://example.com/guides/layout/flexible-boxes/aligning-items-in-a-flex-container-and-more'],
  ] as const;
  const go = page.locator('dialog.ss-dialog .ss-redirect').first();
  const url = go.locator('.ss-go-url');
  // The address's box: one line high, and its text whole or cut.
  const lines = async () => {
    const { height, lineHeight } = await url.evaluate((el) => ({
      height: el.getBoundingClientRect().height,
      lineHeight: parseFloat(getComputedStyle(el).lineHeight),
    }));
    return Math.round(height / lineHeight);
  };
  const cut = () => url.evaluate((el) => el.scrollWidth > el.clientWidth);
  try {
    for (const [id, pattern, redirect] of rules) {
      expect(
        (
          await request.put(`${api}/v2/indices/demo/rules/${id}`, {
            headers: auth,
            data: { conditions: [{ pattern, anchoring: 'is' }], consequence: { redirect } },
          })
        ).ok(),
      ).toBe(true);
      await expect
        .poll(async () => ((await (await request.get(`${api}/v1/search/demo?term=${pattern}`)).json()) as { redirect?: string }).redirect)
        .toBe(redirect);
    }
    const dialog = page.locator('dialog.ss-dialog');
    let loaded = '';
    // One page load per language: a width after the first is the same page resized, its
    // overlay closed and opened again (the layout follows the width, not the load).
    for (const [locale, width, term, whole] of [
      ['ar', 390, 'clipboard', true],
      ['ar', 320, 'flexbox', false],
      ['de', 390, 'clipboard', true],
      ['en', 320, 'flexbox', false],
    ] as const) {
      await page.setViewportSize({ width, height: 844 });
      if (locale === loaded) {
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      } else await page.goto(`/?locale=${locale}`);
      loaded = locale;
      await page.locator('#header-search .ss-opener').click();
      // Keys typed before the dialog has the focus would be lost.
      await expect(dialog.getByRole('combobox')).toBeFocused();
      await dialog.getByRole('combobox').clear();
      await page.keyboard.type(term);
      // This term's address, not the one the overlay showed before it was closed and reopened:
      // until the new answer comes, the last one may still be on screen.
      const redirect = rules.find(([, pattern]) => pattern === term)![2];
      await expect(url).toContainText(redirect.replace('https://', '').slice(0, 30));
      // Measured once the answer for the whole word is on screen, not while the list is still busy.
      await expect(dialog.locator('ul.ss-overlay-list')).toHaveAttribute('aria-busy', 'false');
      expect(await lines(), `${locale} ${width}: the address on one line`).toBe(1);
      expect(await cut(), `${locale} ${width}: the address cut`).toBe(!whole);
      // Cut at its end, the right, in every language: its start (the host) shows.
      expect(await url.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
      expect(await outside(page, 'dialog.ss-dialog')).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await saveScreenshot(page, { path: `${SHOTS}/reflow-overlay-redirect-${locale}-${width}.png` });
    }
  } finally {
    for (const [id] of rules) await request.delete(`${api}/v2/indices/demo/rules/${id}`, { headers: auth });
  }
});
