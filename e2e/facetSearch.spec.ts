// A long value facet's own search field, against the reference service and the demo's
// corpus (the "Kind" facet has dozens of values): by keyboard alone, with axe, on a
// desktop (light, dark, right to left, German) and in the phone's filter panel.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { scaled } from './loadScale.ts';
import { axe } from './axe.ts';
import { openMoreFilters } from './moreFilters.ts';
import { saveScreenshot } from './screenshot.ts';

const SHOTS = 'e2e/artifacts/screenshots';

/** The values a facet lists, as shown. */
const shown = (group: Locator) => group.locator('.ss-check .ss-grow').allTextContents();

/** Lower case without accents, as the field compares. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

async function facet(page: Page, query: string, name = 'Kind') {
  await page.goto(`/?q=element${query}`);
  // Past the first two groups: under "More filters".
  await openMoreFilters(page.locator('#search'));
  const group = page.locator('#search').getByRole('group', { name });
  await expect(group.getByRole('checkbox').first()).toBeVisible();
  return group;
}

test('a long facet narrows its values by keyboard: word starts, case aside, chosen values kept, "No matching values"', async ({ page }) => {
  test.setTimeout(scaled(120_000));
  await page.setViewportSize({ width: 1280, height: 800 });
  const group = await facet(page, '&theme=light');
  const field = group.getByRole('searchbox', { name: 'Search Kind' });
  await expect(field).toBeVisible();
  // A value behind "Show more", found by the start of one of its words, typed in capitals.
  await group.getByRole('button', { name: 'Show more' }).click();
  const values = await shown(group);
  expect(values.length).toBeGreaterThan(10);
  const wanted = values[8]!;
  const prefix = wanted.slice(0, 3);
  await group.getByRole('button', { name: 'Show less' }).click();
  expect(await shown(group)).not.toContain(wanted);

  // Tab comes to the field from the facet before, Status: from its last control.
  await page.locator('#search').getByRole('group', { name: 'Status' }).locator('input, button').last().focus();
  await page.keyboard.press('Tab');
  await expect(field).toBeFocused();
  await page.keyboard.type(prefix.toUpperCase());
  await expect.poll(() => shown(group)).toContain(wanted);
  for (const value of await shown(group)) {
    // Each shown value has a word that starts as typed.
    expect(
      value.split(/[^\p{L}\p{N}]+|(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u).some((w) => fold(w).startsWith(fold(prefix))),
      value,
    ).toBe(true);
  }
  await expect(group.getByRole('button', { name: /^Show (more|less)$/ })).toHaveCount(0);
  await axe(page, 'facet narrowed');
  await saveScreenshot(page, { path: `${SHOTS}/facet-search-light-desktop.png` });

  // Tab on to the first value, Space chooses it: the search filters by it.
  await page.keyboard.press('Tab');
  const first = group.getByRole('checkbox').first();
  await expect(first).toBeFocused();
  const chosen = (await group.locator('.ss-check .ss-grow').first().textContent())!;
  await page.keyboard.press('Space');
  await expect.poll(() => new URL(page.url()).searchParams.getAll('f.kind')).toEqual([chosen]);
  await expect(first).toBeChecked();

  // Nothing else matches: the chosen value stays, and the facet says so.
  await page.keyboard.press('Shift+Tab');
  await expect(field).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('zzqx');
  await expect(group.getByRole('status')).toHaveText('No matching values');
  expect(await shown(group)).toEqual([chosen]);
  await axe(page, 'facet, no matching values');
  await saveScreenshot(page, { path: `${SHOTS}/facet-search-none-light-desktop.png` });

  // Escape empties the field: the first five values again, behind "Show more" the rest.
  await page.keyboard.press('Escape');
  await expect(field).toHaveValue('');
  await expect(group.getByRole('status')).toHaveText('');
  await expect(group.getByRole('button', { name: 'Show more' })).toBeVisible();
});

// The browsers: "and" finds the four Android ones, "Firefox for Android" too.
for (const [name, query, label, none] of [
  ['dark', '&theme=dark', 'Search Supported by', 'No matching values'],
  ['rtl', '&theme=light&dir=rtl', 'Search Supported by', 'No matching values'],
  ['german-dark', '&theme=dark&locale=de', 'In Supported by suchen', 'Keine passenden Werte'],
  ['arabic', '&theme=light&locale=ar', 'البحث في Supported by', 'لا توجد قيم مطابقة'],
] as const) {
  test(`the facet's search field, ${name}: screenshot and axe`, async ({ page }) => {
    test.setTimeout(scaled(90_000));
    await page.setViewportSize({ width: 1280, height: 800 });
    const group = await facet(page, query, 'Supported by');
    const field = group.getByRole('searchbox', { name: label });
    await field.fill('zzqx');
    await expect(group.getByRole('status')).toHaveText(none);
    await axe(page, `facet search ${name}`);
    await saveScreenshot(group, { path: `${SHOTS}/facet-search-none-${name}-desktop.png` });
    await field.fill('and');
    await expect.poll(() => shown(group)).toEqual(['Chrome Android', 'Opera Android', 'WebView Android', 'Firefox for Android']);
    await axe(page, `facet search narrowed ${name}`);
    await saveScreenshot(group, { path: `${SHOTS}/facet-search-${name}-desktop.png` });
  });
}

test('in the phone’s filter panel, Escape in the field empties it and leaves the panel open', async ({ page }) => {
  test.setTimeout(scaled(90_000));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/?q=element&theme=light');
  const search = page.locator('#search');
  await expect(search.locator('.ss-item').first()).toBeVisible();
  await search.getByRole('button', { name: 'Filters', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Filters' });
  const field = dialog.getByRole('searchbox', { name: 'Search Supported by' });
  await field.focus();
  await page.keyboard.type('and');
  const group = dialog.getByRole('group', { name: 'Supported by' });
  await expect(group.getByRole('checkbox', { name: /^Chrome Android/ })).toBeVisible();
  await group.scrollIntoViewIfNeeded();
  await axe(page, 'facet search in the filter panel');
  await saveScreenshot(page, { path: `${SHOTS}/facet-search-light-phone.png` });
  await page.keyboard.press('Escape');
  await expect(field).toHaveValue('');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

for (const theme of ['light', 'dark']) {
  test(`in the phone’s filter panel, "No matching values": axe and screenshot, ${theme}`, async ({ page }) => {
    test.setTimeout(scaled(90_000));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/?q=element&theme=${theme}`);
    const search = page.locator('#search');
    await expect(search.locator('.ss-item').first()).toBeVisible();
    await search.getByRole('button', { name: 'Filters', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Filters' });
    const group = dialog.getByRole('group', { name: 'Kind' });
    await group.getByRole('searchbox', { name: 'Search Kind' }).fill('zzqx');
    await expect(group.getByRole('status')).toHaveText('No matching values');
    await group.scrollIntoViewIfNeeded();
    await axe(page, `facet search, no matching values, filter panel, ${theme}`);
    await saveScreenshot(page, { path: `${SHOTS}/facet-search-none-${theme}-phone.png` });
  });
}
