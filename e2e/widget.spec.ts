// The results page and the overlay, driven by the keyboard alone against the API
// stand-in of mockApi.ts; axe (WCAG 2.2 A and AA) on every state.
import { expect, test, type Page } from '@playwright/test';
import { scaled } from './loadScale.ts';
import { axe } from './axe.ts';
import type { SearchResponse } from '../src/client/types.ts';
import { mockApi } from './mockApi.ts';
import { saveScreenshot, SCREENSHOTS_TAKEN } from './screenshot.ts';

const SHOTS = 'e2e/artifacts/screenshots';

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

const box = (page: Page) => page.locator('#search').getByRole('combobox', { name: 'Search' });

test('the results page with the keyboard alone', async ({ page }) => {
  // Three axe runs and a walk by Tab: more than the default budget on a busy machine.
  test.setTimeout(scaled(90_000));
  const errors = watchErrors(page);
  const searches = await mockApi(page);
  await page.goto('/');
  const input = box(page);
  await expect(input).toHaveAttribute('aria-expanded', 'false');
  await expect(input).toHaveAttribute('aria-autocomplete', 'list');

  // The searches wait for the test at first, so the suggestions come before the results.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/v1\/search\//, async (route) => {
    await held;
    // The widget may have cancelled the request meanwhile (a newer search left).
    await route.fallback().catch(() => {});
  });

  // Tab from the page into the field, type: with no results on screen yet the suggestion
  // list opens, nothing active yet.
  await input.focus();
  await page.keyboard.type('gri');
  await expect(input).toHaveAttribute('aria-expanded', 'true');
  const listbox = page.locator(`#${await input.getAttribute('aria-controls')}`);
  await expect(listbox).toBeVisible();
  await expect(listbox.getByRole('option')).toHaveCount(2);
  await expect(input).not.toHaveAttribute('aria-activedescendant', /./);
  await axe(page, 'open dropdown');

  // The results come: they answer the typing, and the list closes rather than cover them.
  release();
  const results = page.locator('#search').getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('listitem')).toHaveCount(10);
  await expect(input).toHaveAttribute('aria-expanded', 'false');
  await expect(listbox).toBeHidden();

  // Down opens it again on its first option; Down, Up: the first option is active and selected.
  await page.keyboard.press('ArrowDown');
  await expect(input).toHaveAttribute('aria-expanded', 'true');
  await expect(listbox.getByRole('option')).toHaveCount(2);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  const first = listbox.getByRole('option').first();
  await expect(input).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id')) ?? 'x');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  // Escape closes the list and keeps the text; Enter then searches what was typed.
  await page.keyboard.press('Escape');
  await expect(input).toHaveAttribute('aria-expanded', 'false');
  await expect(input).toHaveValue('gri');
  await page.keyboard.press('Enter');
  await expect(results.getByRole('listitem')).toHaveCount(10);
  await expect(page.locator('#search').getByRole('status')).toHaveText('10 results');
  await axe(page, 'results');

  // Tab from the field (past its clear button) to "Skip to results", shown while focused: Enter puts the
  // focus on the list, and the next Tab is the first result.
  await input.focus();
  const skip = page.locator('#search').getByRole('button', { name: 'Skip to results' });
  for (let i = 0; i < 4 && !(await skip.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  expect(await skip.evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThan(20);
  await saveScreenshot(page, { path: 'e2e/artifacts/screenshots/skip-to-results.png', clip: { x: 0, y: 300, width: 1280, height: 200 } });
  await page.keyboard.press('Enter');
  await expect(results).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(results.getByRole('link').first()).toBeFocused();
  await input.focus();

  // Tab along to the area facet and check "css" with the space bar.
  const css = page.getByRole('group', { name: 'Area' }).getByRole('checkbox', { name: /^css/ });
  for (let i = 0; i < 14 && !(await css.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(css).toBeFocused();
  await page.keyboard.press('Space');
  await expect(css).toBeChecked();
  await expect(page.getByRole('list', { name: 'Active filters' }).getByRole('button', { name: 'Remove filter Area: css' })).toBeVisible();
  // The chip shows the state at once; the request follows a moment later.
  await expect.poll(() => searches.at(-1)?.searchParams.getAll('customField')).toEqual(['area=css']);
  await axe(page, 'facets');

  // Sort by oldest with the keyboard.
  const sort = page.getByRole('combobox', { name: 'Sort by' });
  await sort.focus();
  await sort.selectOption({ label: 'Oldest first' });
  await expect.poll(() => searches.at(-1)?.searchParams.get('order')).toBe('asc');
  await expect(page).toHaveURL(/sort=date&order=asc/);
  expect(errors).toEqual([]);
});

test('the pager moves the focus to the top of the results and marks the page', async ({ page }) => {
  await mockApi(page);
  await page.goto('/?q=g');
  const nav = page.getByRole('navigation', { name: 'Pages' });
  await expect(nav.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('button', { name: 'Next' }).focus();
  await page.keyboard.press('Enter');
  await expect(nav.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('#search').getByRole('list', { name: 'Search results' })).toBeFocused();
  await expect(page).toHaveURL(/[?&]page=2/);
});

test('Back and Forward restore term, page, sort and filters; a shared link opens the same results', async ({ page }) => {
  const searches = await mockApi(page);
  await page.goto('/?keep=1');
  const input = box(page);
  await input.fill('grid');
  await input.press('Enter');
  await expect(page).toHaveURL(/q=grid/);
  await page.getByRole('group', { name: 'Area' }).getByRole('checkbox', { name: /^css/ }).check();
  await expect(page).toHaveURL(/f\.area=css/);
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Newest first' });
  await expect(page).toHaveURL(/sort=date/);
  const shared = page.url();

  await page.goBack();
  await expect(page).not.toHaveURL(/sort=date/);
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('relevance desc');
  await expect(page.getByRole('group', { name: 'Area' }).getByRole('checkbox', { name: /^css/ })).toBeChecked();
  await page.goBack();
  await expect(page.getByRole('group', { name: 'Area' }).getByRole('checkbox', { name: /^css/ })).not.toBeChecked();
  await expect(input).toHaveValue('grid');
  await expect.poll(() => searches.at(-1)?.searchParams.getAll('customField')).toEqual([]);
  await page.goForward();
  await page.goForward();
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('date desc');
  await expect(page).toHaveURL(/keep=1/);

  const other = await page.context().newPage();
  await mockApi(other);
  await other.goto(shared);
  await expect(box(other)).toHaveValue('grid');
  await expect(other.getByRole('group', { name: 'Area' }).getByRole('checkbox', { name: /^css/ })).toBeChecked();
  await expect(other.getByRole('combobox', { name: 'Sort by' })).toHaveValue('date desc');
});

test('the overlay with the keyboard alone: open, search, close, focus back', async ({ page }) => {
  await mockApi(page);
  await page.goto('/');
  const opener = page.locator('#header-search').getByRole('button', { name: 'Search' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await expect(dialog).toBeVisible();
  const input = dialog.getByRole('combobox', { name: 'Search' });
  await expect(input).toBeFocused();
  await page.keyboard.type('fle');
  const hits = dialog.getByRole('listbox', { name: 'Search results' }).getByRole('option');
  await expect(hits.first()).toBeVisible();
  await expect(input).toHaveAttribute('aria-controls', (await dialog.getByRole('listbox').getAttribute('id'))!);
  await axe(page, 'overlay results');
  // Tab stays inside the dialog (the page behind is inert).
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('dialog') || document.activeElement === document.body)).toBe(true);
  }
  // ↓ from the field makes the first result active, the focus and the caret stay in the field.
  await input.focus();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowDown');
  await expect(input).toBeFocused();
  await expect(input).toHaveAttribute('aria-activedescendant', (await hits.first().getAttribute('id'))!);
  await page.keyboard.press('ArrowDown');
  await expect(hits.nth(1)).toHaveAttribute('aria-selected', 'true');
  expect(await input.evaluate((el: HTMLInputElement) => el.selectionStart)).toBe(3);
  await saveScreenshot(page, { path: `${SHOTS}/overlay-arrows-to-results.png` });
  await axe(page, 'overlay, a result active');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(input).not.toHaveAttribute('aria-activedescendant', /./);
  await expect(dialog.locator('.ss-dialog-foot')).toHaveText(/to search.*to move.*to close/);
  // One Escape closes, with text in the field.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  // The shortcut opens it again, and Ctrl+K closes it.
  await page.locator('body').press('/');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Control+k');
  await expect(dialog).toBeHidden();
  await page.keyboard.press('Control+k');
  await expect(dialog).toBeVisible();
});

// Where the results column starts, and how wide it is, beside the whole layout's.
const columns = async (page: Page, state: string) => {
  const [layout, shown] = await Promise.all([page.locator('#search .ss-layout').boundingBox(), page.locator(`#search ${state}`).boundingBox()]);
  return { start: Math.round(shown!.x - layout!.x), spare: Math.round(layout!.width - shown!.width) };
};

test('empty and error states, dark theme and a phone viewport pass axe', async ({ page }) => {
  test.setTimeout(scaled(90_000));
  await mockApi(page);
  await page.goto('/?q=nothingmatches');
  await expect(page.getByText('No results for “nothingmatches”')).toBeVisible();
  // No facets to show: the empty state takes the whole width, not a blank facet column beside it.
  expect(await columns(page, '.ss-empty')).toEqual({ start: 0, spare: 0 });
  await saveScreenshot(page, { path: `${SHOTS}/empty-wide-light-desktop.png` });
  await axe(page, 'empty');

  await page.goto('/?q=grid&theme=dark');
  await expect(page.locator('#search .ss-item').first()).toBeVisible();
  // Results with facets keep their column beside them.
  expect((await columns(page, '.ss-main')).start).toBeGreaterThan(200);
  await axe(page, 'dark');

  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/?q=grid');
  await expect(page.locator('#search .ss-item').first()).toBeVisible();
  await page.getByRole('button', { name: 'Filters' }).click();
  await expect(page.getByRole('group', { name: 'Area' })).toBeVisible();
  await axe(page, 'mobile');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // The narrowest phones: nothing sticks out sideways.
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await saveScreenshot(page, { path: `${SHOTS}/page-light-320.png`, fullPage: true });
});

test('the error state offers a retry', async ({ page }) => {
  await mockApi(page, { failWith: 500 });
  await page.goto('/?q=grid');
  const alert = page.locator('#search').getByRole('alert');
  await expect(alert).toContainText('The search service ran into a problem.');
  // No facets came, so the panel is empty: the message keeps the wide results column
  // instead of falling into the 15rem facet column.
  const main = await page.locator('#search .ss-main').boundingBox();
  expect(main!.width).toBeGreaterThan(500);
  await expect(page.locator('#search .ss-error')).toBeVisible();
  expect(await columns(page, '.ss-error')).toEqual({ start: 0, spare: 0 });
  await saveScreenshot(page, { path: `${SHOTS}/error-wide-light-desktop.png` });
  await axe(page, 'error');
  await alert.getByRole('button', { name: 'Retry' }).press('Enter');
  await expect(box(page)).toBeFocused();
});

test('words that find nothing together: results for some of them under a notice, announced once with the count', async ({ page }) => {
  test.setTimeout(scaled(90_000));
  const searches = await mockApi(page);
  await page.goto('/?q=property+zzzzqqq');
  const search = page.locator('#search');
  const sentence = 'No results for all of the words. Showing results for some of them.';
  await expect(search.locator('.ss-notice')).toHaveText(sentence);
  // The stats line is the one live region: the count and the sentence arrive in it together.
  await expect(search.getByRole('status')).toHaveText(`20 results ${sentence}`);
  await expect(search.getByRole('list', { name: 'Search results' }).getByRole('listitem')).toHaveCount(10);
  expect(searches.map((u) => [u.searchParams.get('fuzzy'), u.searchParams.get('defaultOperator')])).toEqual([
    ['auto', null],
    ['auto', 'or'],
  ]);
  // The title marks the word that matched and the word the passage marked.
  await expect(search.locator('.ss-hit-title').first().locator('mark.ss-mark')).toHaveText(['grid', 'property']);
  await axe(page, 'partial results');

  // Its next page is partial too; the URL holds no more than the search.
  await search.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Next' }).click();
  await expect.poll(() => searches.at(-1)?.searchParams.get('page')).toBe('2');
  expect(searches.at(-1)?.searchParams.get('defaultOperator')).toBe('or');
  await expect(page).toHaveURL(/\?q=property\+zzzzqqq&page=2$/);
  await expect(search.locator('.ss-notice')).toHaveText(sentence);

  // A new term asks for all of its words again, and the notice goes with the old results.
  await box(page).fill('property 1');
  await expect(search.getByRole('status')).toHaveText(/^\d+ results?$/);
  expect(searches.at(-1)?.searchParams.get('defaultOperator')).toBeNull();
  await expect(search.locator('.ss-notice')).toHaveCount(0);

  await page.goto('/?q=property+zzzzqqq&theme=dark');
  await expect(search.locator('.ss-notice')).toBeVisible();
  await axe(page, 'partial results, dark');
});

test('the overlay field has the focus as soon as the dialog renders, before the next paint', async ({ page }) => {
  await mockApi(page);
  await page.goto('/');
  const focused = await page.evaluate(async () => {
    const opener = [...document.querySelectorAll<HTMLButtonElement>('#header-search button')].find(
      (b) => b.getAttribute('aria-label') === 'Search' || b.textContent?.includes('Search'),
    );
    opener?.click();
    // The render runs in a microtask after the click; keys typed next must find the field.
    await Promise.resolve();
    return document.activeElement?.getAttribute('role');
  });
  expect(focused).toBe('combobox');
});

for (const theme of ['light', 'dark']) {
  for (const [device, width, height] of [
    ['desktop', 1280, 900],
    ['mobile', 375, 800],
  ] as const) {
    test(`screenshots: ${theme}, ${device}`, async ({ page }) => {
      // Only pictures for people to look at: where none are taken (CI), the page and the overlay
      // it passes through are checked by keyboard.spec.ts (this page, light and dark),
      // overlay.spec.ts (the overlay's results, light and dark) and reflow.spec.ts (on a phone).
      test.skip(!SCREENSHOTS_TAKEN, 'no screenshots are taken');
      await mockApi(page);
      await page.setViewportSize({ width, height });
      await page.goto(`/?q=g&f.area=css&theme=${theme}`);
      await expect(page.locator('#search .ss-item').first()).toBeVisible();
      await saveScreenshot(page, { path: `${SHOTS}/page-${theme}-${device}.png`, fullPage: true });
      await page.locator('#header-search').getByRole('button', { name: 'Search' }).click();
      await saveScreenshot(page, { path: `${SHOTS}/overlay-${theme}-${device}-before-typing.png` });
      await page.keyboard.type('gr');
      await expect(page.getByRole('dialog').locator('.ss-item').first()).toBeVisible();
      await saveScreenshot(page, { path: `${SHOTS}/overlay-${theme}-${device}.png` });
      await page.keyboard.press('ArrowDown');
      await saveScreenshot(page, { path: `${SHOTS}/overlay-${theme}-${device}-active.png` });
    });
  }
}

for (const theme of ['light', 'dark']) {
  test(`a slow answer keeps the results on screen, marked as updating, and announces nothing until it comes: ${theme}`, async ({ page }) => {
    // An axe run on a busy machine: more than the default budget.
    test.setTimeout(scaled(90_000));
    const errors = watchErrors(page);
    await mockApi(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/?q=g&theme=${theme}`);
    const search = page.locator('#search');
    const list = search.getByRole('list', { name: 'Search results' });
    const status = search.getByRole('status');
    await expect(list.getByRole('listitem').first()).toBeVisible();
    const firstHit = await list.getByRole('listitem').first().textContent();
    // Said once the typing has paused (here: a second after the widget started).
    await expect(status).toHaveText(/^\d+ results?$/);
    const said = await status.textContent();
    // From now on the service is slow: each answer waits for the test.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/v1\/search\//, async (route) => {
      await held;
      await route.fallback();
    });
    await box(page).fill('grid');
    // Typed over results on screen: no suggestion list opens to cover them.
    await expect(box(page)).toHaveAttribute('aria-expanded', 'false');
    // Past the 300 ms after which an answer is slow: the same list, dimmed, busy; no skeletons.
    await expect(list).toHaveClass(/ss-updating/);
    await expect(list).toHaveAttribute('aria-busy', 'true');
    await expect(search.locator('.ss-skeletons')).toHaveCount(0);
    expect(await list.getByRole('listitem').first().textContent()).toBe(firstHit);
    // The live region keeps its words: no "Searching…" for screen readers to read in between.
    await expect(status).toHaveText(said ?? '');
    await saveScreenshot(page, { path: `${SHOTS}/updating-${theme}-desktop.png` });
    await axe(page, `updating, ${theme}`);
    release();
    await expect(list).not.toHaveClass(/ss-updating/);
    await expect(list).toHaveAttribute('aria-busy', 'false');
    await expect(list.getByRole('listitem').first()).toContainText(/grid/i);
    expect(errors).toEqual([]);
  });
}

test('screenshots against the reference service, German, right-to-left', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/?q=grid&cat=3xCSS');
  await expect(page.locator('#search .ss-item').first()).toBeVisible();
  await saveScreenshot(page, { path: `${SHOTS}/page-service-light-desktop.png`, fullPage: true });
  await page.goto('/?q=fetch&locale=de&theme=dark');
  // The count's live region; a long facet's search field has one of its own.
  await expect(page.locator('#search').getByRole('status').filter({ hasText: 'Ergebnisse' })).toHaveCount(1);
  await saveScreenshot(page, { path: `${SHOTS}/page-service-dark-desktop-de.png` });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/?q=dialog&dir=rtl');
  await expect(page.locator('#search .ss-item').first()).toBeVisible();
  await page.locator('#search').getByRole('combobox', { name: 'Search' }).focus();
  await page.keyboard.type(' el');
  // Over results on screen the suggestions open on ↓ alone (the sort's options are no suggestions).
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('#search .ss-suggest').getByRole('option').first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await saveScreenshot(page, { path: `${SHOTS}/page-service-light-mobile-rtl.png` });
});

test('partial results and marked titles against the reference service: screenshots and axe', async ({ page }) => {
  test.setTimeout(scaled(180_000));
  const search = page.locator('#search');
  // Axe in one light and one dark variant: the marks' and the notice's colours come from the theme.
  const variants = [
    ['light-desktop', 1280, '', true],
    ['dark-desktop-de', 1280, '&theme=dark&locale=de', false],
    ['light-mobile-de', 375, '&locale=de', false],
    ['dark-mobile-rtl', 375, '&theme=dark&dir=rtl', true],
  ] as const;
  for (const [name, width, options, checked] of variants) {
    await page.setViewportSize({ width, height: 900 });
    // `grid qxqzv` finds nothing with both words (no word is near qxqzv either), then `grid` alone.
    await page.goto(`/?q=grid+qxqzv${options}`);
    await expect(search.locator('.ss-notice')).toBeVisible();
    await expect(search.locator('.ss-item').first()).toBeVisible();
    await expect(search.locator('.ss-hit-title mark').first()).toBeVisible();
    if (checked) await axe(page, `partial ${name}`);
    await saveScreenshot(page, { path: `${SHOTS}/partial-service-${name}.png` });
    await page.goto(`/?q=element+scroll${options}`);
    await expect(search.locator('.ss-item').first()).toBeVisible();
    await expect(search.locator('.ss-notice')).toHaveCount(0);
    await expect(search.locator('.ss-hit-title mark').first()).toBeVisible();
    if (checked) await axe(page, `marked titles ${name}`);
    await saveScreenshot(page, { path: `${SHOTS}/marks-service-${name}.png` });
  }
});

// A page and two of its sections, and more results than 100 pages hold.
const sectioned = (answer: SearchResponse): SearchResponse => {
  const page = 'https://developer.mozilla.org/en-US/docs/Web/API/Window/fetch';
  const [first, second, third, ...rest] = answer.hits;
  return {
    ...answer,
    total_hits: 5000,
    hits: [
      { ...first!, url: page, title: 'fetch() global function' },
      { ...second!, url: `${page}#options_parameter`, title: 'fetch() global function › options parameter' },
      { ...third!, url: `${page}#init.keepalive`, title: 'fetch() global function › init.keepalive' },
      ...rest,
    ],
  };
};

for (const [name, size, query] of [
  ['light-desktop', { width: 1280, height: 800 }, ''],
  ['dark-phone', { width: 390, height: 844 }, '&theme=dark'],
  ['de-phone', { width: 320, height: 700 }, '&locale=de'],
] as const) {
  test(`a section of a page shows its name after the page's URL, and the pager says where it stops: ${name}`, async ({ page }) => {
    await mockApi(page, { change: sectioned });
    await page.setViewportSize(size);
    await page.goto(`/?q=g${query}`);
    const items = page.locator('#search .ss-item');
    await expect(items.first()).toBeVisible();
    const urls = items.locator('.ss-hit-url');
    await expect(urls.nth(0)).toHaveText('developer.mozilla.org/en-US/docs/Web/API/Window/fetch');
    await expect(urls.nth(1)).toHaveText('developer.mozilla.org/en-US/docs/Web/API/Window/fetch#options_parameter');
    // The section whole and on screen, the URL before it cut where the card ends.
    for (const i of [1, 2]) {
      const section = urls.nth(i).locator('.ss-hit-section');
      const [box, card] = [(await section.boundingBox())!, (await urls.nth(i).boundingBox())!];
      expect(box.x + box.width).toBeLessThanOrEqual(card.x + card.width + 0.5);
      expect(await section.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    }
    await items.nth(2).scrollIntoViewIfNeeded();
    await saveScreenshot(page, { path: `${SHOTS}/sections-${name}.png` });
    const note = page.locator('#search .ss-pager-note');
    await note.scrollIntoViewIfNeeded();
    await expect(note).toHaveText(query.includes('de') ? /^Die Ergebnisse enden mit Seite 100\./ : /^Results stop at page 100\./);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    await saveScreenshot(page, { path: `${SHOTS}/pager-stops-${name}.png` });
    await axe(page, `sections and pager, ${name}`);
  });
}
