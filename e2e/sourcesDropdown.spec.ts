// The results page's dropdown with several indices (issue #44) against the reference service:
// the demo's `demo` and `blog` indices (`?sources=`), each index's suggestions in a labelled
// group of the field's one listbox, walked with ↓ across the groups, Enter searching the
// picked one in every index; by keyboard, axe clean, seen on desktop and phone, light and dark.
import { expect, test, type Page } from '@playwright/test';
import { axe } from './axe.ts';
import { saveScreenshot } from './screenshot.ts';

const SHOTS = 'e2e/artifacts/screenshots';
const SOURCES = 'sources=demo:Features,blog:Blog';

/**
 * Puts `term` in the results page's field and asks for its suggestions (↓), as a visitor over
 * results does; the list is then open on its first option. The term comes in one input (pasted),
 * so that the list answers it alone: typed key by key, the list of an earlier key may still be
 * open when ↓ comes, and its options are not the ones this test walks.
 */
async function suggest(page: Page, theme: 'light' | 'dark', term: string) {
  await page.goto(`/?${SOURCES}&theme=${theme}`);
  const widget = page.locator('#search');
  const field = widget.getByRole('combobox', { name: 'Search' });
  await field.focus();
  await page.keyboard.insertText(term);
  // The results land under the field first (a tab per index); ↓ then opens the list over them.
  await expect(widget.getByRole('tab')).toHaveCount(2);
  await page.keyboard.press('ArrowDown');
  const listbox = widget.getByRole('listbox', { name: 'Suggestions' });
  await expect(listbox.getByRole('group')).toHaveCount(2);
  // Whether ↓ found the list at hand or asked for it, it opens on its first option (the first group's).
  const first = listbox.getByRole('group').first().getByRole('option').first();
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(field).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
  return { field, listbox };
}

test('the page’s dropdown holds a labelled group per index; ↓ walks across both, Enter searches the pick in every index', async ({ page }) => {
  const { field, listbox } = await suggest(page, 'light', 'gr');
  const features = listbox.getByRole('group', { name: 'Features' });
  const blog = listbox.getByRole('group', { name: 'Blog' });
  await expect(features.getByRole('option').first()).toBeVisible();
  await expect(blog.getByRole('option').first()).toBeVisible();
  await axe(page, 'results page dropdown with two indices');
  await saveScreenshot(page, { path: `${SHOTS}/sources-dropdown-light-desktop.png` });

  // ↓ (which opened the list on the first option) walks past the first group into the blog's.
  const first = await features.getByRole('option').count();
  expect(first).toBeGreaterThan(0);
  for (let i = 0; i < first; i++) await field.press('ArrowDown');
  const active = listbox.locator('[aria-selected="true"]');
  const pick = blog.getByRole('option').first();
  await expect(pick).toHaveAttribute('aria-selected', 'true');
  await expect(field).toHaveAttribute('aria-activedescendant', (await active.getAttribute('id'))!);
  await expect(field).toBeFocused();
  const value = (await pick.textContent())!.trim();
  // ↑ goes back into the first group.
  await field.press('ArrowUp');
  await expect(features.getByRole('option').last()).toHaveAttribute('aria-selected', 'true');
  await field.press('ArrowDown');

  // Enter picks the blog's suggestion: the field takes it, and every index searches it.
  const searched = ['demo', 'blog'].map((index) =>
    page.waitForRequest((r) => r.url().includes(`/v1/search/${index}?`) && new URL(r.url()).searchParams.get('term') === value),
  );
  await field.press('Enter');
  await expect(field).toHaveValue(value);
  await Promise.all(searched);
  await expect(listbox).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(value).replace(/%20/g, '(\\+|%20)')}(&|$)`));
});

for (const [theme, device] of [
  ['dark', 'desktop'],
  ['light', 'phone'],
  ['dark', 'phone'],
] as const) {
  test(`the page’s dropdown with two indices on a ${device} in the ${theme} theme, axe clean`, async ({ browser }) => {
    const phone = device === 'phone';
    const context = await browser.newContext(phone ? { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } : {});
    const page = await context.newPage();
    const { listbox } = await suggest(page, theme, 'gr');
    await expect(listbox.getByRole('group', { name: 'Blog' }).getByRole('option').first()).toBeInViewport();
    await axe(page, `results page dropdown with two indices, ${theme} ${device}`);
    await saveScreenshot(page, { path: `${SHOTS}/sources-dropdown-${theme}-${device}.png` });
    await context.close();
  });
}
