// The keyboard alone, end to end: every Tab stop of the results page shows a focus
// indicator one can see (a pixel check against the unfocused state, light and dark), and
// the focus never falls to <body>, also where a control goes away under it.
import { expect, test, type Page } from '@playwright/test';
import { scaled } from './loadScale.ts';
import { axe } from './axe.ts';
import { differing, expectVisibleFocus } from './focusRing.ts';
import { mockApi } from './mockApi.ts';
import { openMoreFilters } from './moreFilters.ts';
import { saveScreenshot } from './screenshot.ts';

const SHOTS = 'e2e/artifacts/screenshots';

const onBody = (page: Page) => page.evaluate(() => document.activeElement === document.body || !document.activeElement);
const inWidget = (page: Page, selector: string) => page.evaluate((s) => !!document.activeElement?.closest(s), selector);

/**
 * Where the focus is after a Tab, in one round trip (a walk asks at every stop): on
 * <body>, inside `within`, inside a result, and its name. With `mark`, the element is
 * marked, and `firstVisit` is false for one marked before (a date field's day, month and
 * year are stops of one element).
 */
const focusAt = (page: Page, within: string, mark = false) =>
  page.evaluate(
    ([selector, mark]) => {
      const el = document.activeElement as HTMLElement | null;
      const firstVisit = !el?.hasAttribute('data-ring-checked');
      if (mark) el?.setAttribute('data-ring-checked', '');
      return {
        onBody: el === document.body || !el,
        inside: !!el?.closest(selector),
        inResult: !!el?.closest('.ss-hit'),
        firstVisit,
        name: `${el?.tagName.toLowerCase()} ${el?.getAttribute('aria-label') ?? el?.textContent?.trim().slice(0, 40)}`,
      };
    },
    [within, mark] as const,
  );

for (const theme of ['light', 'dark']) {
  test(`every Tab stop of the results page shows its focus: ${theme}`, async ({ page }) => {
    test.setTimeout(scaled(150_000));
    await mockApi(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/?q=g&f.area=css&theme=${theme}`);
    const search = page.locator('#search');
    await expect(search.locator('.ss-item').first()).toBeVisible();
    // No pointer over the page: a hover would change the pixels too.
    await page.mouse.move(0, 0);
    await search.getByRole('combobox', { name: 'Search' }).focus();
    let results = 0;
    for (let stop = 0; stop < 60 && results < 4; stop++) {
      await page.keyboard.press('Tab');
      const focus = await focusAt(page, '#search', true);
      expect(focus.onBody, 'the focus is on <body>').toBe(false);
      if (!focus.inside) break;
      // A date field's day, month and year are stops of one element, checked once.
      if (!focus.firstVisit) continue;
      await expectVisibleFocus(page, focus.name);
      if (focus.inResult) {
        results++;
        if (results === 1) await saveScreenshot(page, { path: `${SHOTS}/focus-result-${theme}-desktop.png` });
      }
    }
    expect(results, 'Tab reached the results').toBeGreaterThan(0);
  });
}

test('the overlay: every Tab stop shows its focus', async ({ page }) => {
  test.setTimeout(scaled(90_000));
  const searches = await mockApi(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await page.mouse.move(0, 0);
  await page.locator('#header-search').getByRole('button', { name: 'Search' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await page.keyboard.type('grid');
  // The answer for the whole word is on screen.
  await expect.poll(() => searches.at(-1)?.searchParams.get('term')).toBe('grid');
  await expect(dialog.getByRole('listbox', { name: 'Search results' })).toHaveAttribute('aria-busy', 'false');
  // The active option, reached with ↓ while the focus stays in the field, shows as plainly as a focused one.
  const option = dialog.getByRole('option').first();
  const box = (await option.boundingBox())!;
  const clip = { x: box.x - 4, y: box.y - 4, width: box.width + 8, height: box.height + 8 };
  const plain = await page.screenshot({ clip, animations: 'disabled', caret: 'hide' });
  await page.keyboard.press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  const active = await page.screenshot({ clip, animations: 'disabled', caret: 'hide' });
  expect(await differing(page, plain, active)).toBeGreaterThanOrEqual(box.width + box.height);
  await page.keyboard.press('ArrowUp');
  // Tab goes round the dialog's controls, never out of it.
  for (let stop = 0; stop < 8; stop++) {
    await page.keyboard.press('Tab');
    const focus = await focusAt(page, 'dialog');
    expect(focus.onBody, 'the focus is on <body>').toBe(false);
    expect(focus.inside).toBe(true);
    await expectVisibleFocus(page, focus.name);
  }
});

test('removing a filter chip, Clear all and a section keep the focus in the widget', async ({ page }) => {
  const searches = await mockApi(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/?q=g&f.area=css&f.area=html&f.status=standard');
  const chips = page.getByRole('list', { name: 'Active filters' });
  await expect(chips.getByRole('button')).toHaveCount(4);
  // The middle chip: the focus goes to the next one.
  await chips.getByRole('button', { name: 'Remove filter Area: html' }).focus();
  await page.keyboard.press('Enter');
  await expect(chips.getByRole('button', { name: 'Remove filter Status: standard' })).toBeFocused();
  // The last chip: the focus goes to the one before.
  await page.keyboard.press('Enter');
  await expect(chips.getByRole('button', { name: 'Remove filter Area: css' })).toBeFocused();
  await page.keyboard.press('Enter');
  // No chip left: the focus goes to the results, and stays there once their answer has come.
  const list = page.locator('#search').getByRole('list', { name: 'Search results' });
  await expect(list).toBeFocused();
  await expect.poll(() => searches.at(-1)?.searchParams.getAll('customField')).toEqual([]);
  await expect(list).toHaveAttribute('aria-busy', 'false');
  await expect(list).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.locator('#search .ss-hit-link').first()).toBeFocused();

  await page.goto('/?q=g&f.area=css&f.status=standard');
  // The results are on screen before the visitor clears the filters: there is a list to move to.
  await expect(page.locator('#search .ss-hit-link').first()).toBeVisible();
  await chips.getByRole('button', { name: 'Clear all' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#search').getByRole('list', { name: 'Search results' })).toBeFocused();
  await axe(page, 'chips removed');
});

test('choosing a section and going back up keep the focus in the facet, against the reference service', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/?q=grid');
  const group = page.locator('#search').getByRole('group', { name: 'Section' });
  await group.getByRole('button', { name: /^CSS, / }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/cat=3xCSS/);
  const up = group.getByRole('button', { name: 'All sections' });
  await expect(up).toBeFocused();
  // Once the answer has come, still there.
  await expect(group.getByRole('button', { name: /, \d+ results?$/ }).first()).toBeVisible();
  await expect(up).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/cat=/);
  await expect(group.getByRole('button', { name: /^CSS, / })).toBeVisible();
  expect(await onBody(page)).toBe(false);
  expect(await inWidget(page, '.ss-facet')).toBe(true);
});

// A long value facet's search field, against the reference service (the demo's "Kind" has
// dozens of values): Tab comes to it, typing narrows the values, Tab goes on to them.
for (const theme of ['light', 'dark']) {
  test(`the facet's search field and its values: each stop shows its focus, ${theme}`, async ({ page }) => {
    test.setTimeout(scaled(90_000));
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/?q=element&theme=${theme}`);
    // Past the first two groups: under "More filters".
    await openMoreFilters(page.locator('#search'));
    const group = page.locator('#search').getByRole('group', { name: 'Kind' });
    await expect(group.getByRole('checkbox').first()).toBeVisible();
    await page.mouse.move(0, 0);
    // From the last control of the facet before.
    await page.locator('#search').getByRole('group', { name: 'Status' }).locator('input, button').last().focus();
    await page.keyboard.press('Tab');
    const field = group.getByRole('searchbox', { name: 'Search Kind' });
    await expect(field).toBeFocused();
    await expectVisibleFocus(page, 'the facet search field');
    await page.keyboard.type('el');
    await expect(group.getByRole('button', { name: /^Show (more|less)$/ })).toHaveCount(0);
    await expectVisibleFocus(page, 'the facet search field, typed in');
    await saveScreenshot(page, { path: `${SHOTS}/focus-facet-search-${theme}-desktop.png` });
    // On through the values it narrowed to, and out of the facet.
    const narrowed = await group.getByRole('checkbox').count();
    expect(narrowed).toBeGreaterThan(0);
    for (let value = 0; value < narrowed; value++) {
      await page.keyboard.press('Tab');
      expect(await onBody(page), 'the focus is on <body>').toBe(false);
      await expect(group.getByRole('checkbox').nth(value)).toBeFocused();
      await expectVisibleFocus(page, `value ${value + 1} of the narrowed facet`);
    }
    await page.keyboard.press('Tab');
    const focus = await focusAt(page, '#search');
    expect(focus.onBody, 'the focus is on <body>').toBe(false);
    expect(focus.inside).toBe(true);
    await expectVisibleFocus(page, focus.name);
  });
}

// A query rule's redirect, written through the rules API for the test and removed after:
// the overlay offers "Go to …" first; ↓ makes it the active option, seen as plainly as a focus.
for (const theme of ['light', 'dark']) {
  test(`the overlay's "Go to" option of a redirect rule and every Tab stop show their focus: ${theme}`, async ({ page, request }) => {
    test.setTimeout(scaled(90_000));
    const api = `http://127.0.0.1:${process.env.E2E_API_PORT ?? 18787}`;
    const auth = { Authorization: `Basic ${Buffer.from('demo:demo-secret').toString('base64')}` };
    const rule = `${api}/v2/indices/demo/rules/e2e-keyboard-clipboard-${theme}`;
    const guide = 'https://example.com/clipboard-guide';
    const put = await request.put(rule, {
      headers: auth,
      data: { conditions: [{ pattern: 'clipboard', anchoring: 'is' }], consequence: { redirect: guide } },
    });
    expect(put.ok()).toBe(true);
    try {
      await expect.poll(async () => ((await (await request.get(`${api}/v1/search/demo?term=clipboard`)).json()) as { redirect?: string }).redirect).toBe(guide);
      await page.route('https://example.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Guide</title><h1>Guide</h1>' }));
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`/?theme=${theme}`);
      await page.mouse.move(0, 0);
      await page.locator('#header-search').getByRole('button', { name: 'Search' }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Search' });
      await expect(dialog.getByRole('combobox')).toBeFocused();
      await page.keyboard.type('clipboard');
      const options = dialog.getByRole('listbox', { name: 'Search results' }).getByRole('option');
      const go = options.first();
      await expect(go).toHaveText(/^Go to /);
      await expect(options.nth(1)).toBeVisible();
      await expect(dialog.getByRole('listbox', { name: 'Search results' })).toHaveAttribute('aria-busy', 'false');
      const box = (await go.boundingBox())!;
      const clip = { x: box.x - 4, y: box.y - 4, width: box.width + 8, height: box.height + 8 };
      const plain = await page.screenshot({ clip, animations: 'disabled', caret: 'hide' });
      await page.keyboard.press('ArrowDown');
      await expect(go).toHaveAttribute('aria-selected', 'true');
      const active = await page.screenshot({ clip, animations: 'disabled', caret: 'hide' });
      expect(await differing(page, plain, active), 'the active "Go to" option shows').toBeGreaterThanOrEqual(box.width + box.height);
      await axe(page, `overlay, "Go to" active, ${theme}`);
      await saveScreenshot(page, { path: `${SHOTS}/focus-overlay-redirect-${theme}-desktop.png` });
      // Tab goes round the dialog's controls, never out of it, then Enter on "Go to" opens the page.
      await page.keyboard.press('ArrowUp');
      for (let stop = 0; stop < 8; stop++) {
        await page.keyboard.press('Tab');
        const focus = await focusAt(page, 'dialog');
        expect(focus.onBody, 'the focus is on <body>').toBe(false);
        expect(focus.inside).toBe(true);
        await expectVisibleFocus(page, focus.name);
      }
      await dialog.getByRole('combobox').focus();
      await page.keyboard.press('ArrowDown');
      await expect(go).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(guide);
    } finally {
      await request.delete(rule, { headers: auth });
    }
  });
}
