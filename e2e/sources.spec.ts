// Several indices in one box (issue #44) against the reference service: the demo's `demo`
// and `blog` indices together in the header's overlay (`?sources=`), a labelled group each
// in one listbox, walked with ↓; axe clean; seen on desktop and phone, light and dark.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { axe } from './axe.ts';
import { saveScreenshot } from './screenshot.ts';
import { storedClicks } from './statsEvents.ts';

const SHOTS = 'e2e/artifacts/screenshots';
const API = `http://127.0.0.1:${process.env.E2E_API_PORT ?? 18787}`;

/**
 * Whether the whole of `locator` shows: inside the window and inside every ancestor that
 * clips, and under nothing (the overlay's footer). Playwright's `toBeInViewport` passed for
 * the blog's option half hidden under the overlay's footer.
 */
const wholeOnScreen = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const inside = (outer: { top: number; bottom: number; left: number; right: number }) =>
      box.top >= outer.top - 0.5 && box.bottom <= outer.bottom + 0.5 && box.left >= outer.left - 0.5 && box.right <= outer.right + 0.5;
    if (!inside({ top: 0, left: 0, bottom: innerHeight, right: innerWidth })) return false;
    for (let up = element.parentElement; up; up = up.parentElement) {
      if (getComputedStyle(up).overflowY !== 'visible' && !inside(up.getBoundingClientRect())) return false;
    }
    // Nothing over its last line: the overlay's footer sticks to the bottom of the dialog, which scrolls.
    const below = document.elementFromPoint(box.left + 4, box.bottom - 2);
    return !!below && element.contains(below);
  });

async function openAndType(page: Page, theme: 'light' | 'dark', term: string) {
  await page.goto(`/?sources=demo:Features,blog:Blog&theme=${theme}`);
  await page.locator('#header-search').getByRole('button').first().click();
  const dialog = page.getByRole('dialog', { name: 'Search' });
  const field = dialog.getByRole('combobox', { name: 'Search' });
  await field.fill(term);
  return { dialog, field, listbox: dialog.getByRole('listbox') };
}

test('the overlay shows a labelled group per index in its one listbox, and ↓ walks through both', async ({ page }) => {
  const { field, listbox } = await openAndType(page, 'light', 'grid');
  const groups = listbox.getByRole('group');
  await expect(groups).toHaveCount(2);
  await expect(listbox.getByRole('group', { name: 'Features' }).getByRole('option').first()).toBeVisible();
  const blog = listbox.getByRole('group', { name: 'Blog' });
  await expect(blog.getByRole('option', { name: 'Grid layout in practice' })).toBeVisible();
  // On a 1280×720 laptop the second group's first hit shows without scrolling: fewer hits per index.
  await expect(blog.getByRole('option').first()).toBeVisible();
  expect(await wholeOnScreen(blog.getByRole('option').first())).toBe(true);
  await axe(page, 'overlay with two indices');
  await saveScreenshot(page, { path: `${SHOTS}/sources-overlay-light-desktop.png` });

  // ↓ past every option of the first group reaches the blog's.
  const first = await listbox.getByRole('group', { name: 'Features' }).getByRole('option').count();
  for (let i = 0; i <= first; i++) await field.press('ArrowDown');
  const active = listbox.locator('[aria-selected="true"]');
  await expect(active).toHaveAttribute('aria-label', 'Grid layout in practice');
  await expect(field).toHaveAttribute('aria-activedescendant', (await active.getAttribute('id'))!);
  await expect(field).toBeFocused();
});

for (const [theme, device] of [
  ['dark', 'phone'],
  ['light', 'phone'],
  ['dark', 'desktop'],
] as const) {
  test(`on a ${device} in the ${theme} theme, both groups show and stay axe clean`, async ({ browser }) => {
    const phone = device === 'phone';
    const context = await browser.newContext(phone ? { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } : {});
    const page = await context.newPage();
    const { listbox } = await openAndType(page, theme, 'dialog');
    await expect(listbox.getByRole('group', { name: 'Blog' }).getByRole('option').first()).toBeVisible();
    expect(await wholeOnScreen(listbox.getByRole('group', { name: 'Blog' }).getByRole('option').first())).toBe(true);
    await axe(page, `overlay with two indices, ${theme} ${device}`);
    await saveScreenshot(page, { path: `${SHOTS}/sources-overlay-${theme}-${device}.png` });
    await page.close();
    await context.close();
  });
}

test('"See all N in Features" counts the index the results page opens on, names it, and lands on that many', async ({ page, request }) => {
  const { listbox } = await openAndType(page, 'light', 'grid');
  await expect(listbox.getByRole('group', { name: 'Blog' }).getByRole('option').first()).toBeVisible();
  // The results page behind the link is the demo's page widget, on the first source's index.
  const api = `http://127.0.0.1:${process.env.E2E_API_PORT ?? 18787}`;
  const own = (await (await request.get(`${api}/v1/search/demo?term=grid&limit=1`)).json()) as { total_hits: number };
  const blog = (await (await request.get(`${api}/v1/search/blog?term=grid&limit=1`)).json()) as { total_hits: number };
  expect(blog.total_hits).toBeGreaterThan(0);
  const all = listbox.locator('.ss-see-all');
  await expect(all).toHaveText(`See all ${own.total_hits} in Features`);
  await all.click();
  await expect(page.locator('#search .ss-stats')).toContainText(`${own.total_hits} results`);
});

test('a click on the second index’s hit is stored by that index, at its position among its own hits', async ({ page, request }) => {
  // A session of this test's own, so that the service's record is read for it alone, not watched for on the wire.
  const session = [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
  await page.addInitScript((id) => localStorage.setItem('ss-session', JSON.stringify({ id, at: Date.now() })), session);
  // The blog's pages are not on this machine: the click lands on a stand-in.
  await page.route('https://blog.example.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Post</title>' }));
  const { listbox } = await openAndType(page, 'light', 'grid');
  const post = listbox.getByRole('group', { name: 'Blog' }).getByRole('option', { name: 'Grid layout in practice' });
  // Clicked where a visitor may, anywhere on the option: its middle is the address line, not the title.
  await post.click();
  await page.waitForURL('https://blog.example.com/**');
  await expect.poll(() => storedClicks(request, API, session, 'blog')).toEqual([['grid', 1]]);
  expect(await storedClicks(request, API, session, 'demo')).toEqual([]);
});
