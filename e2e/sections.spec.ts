// A hit's sections (issue #40) against the reference service: the demo's guides index is a
// small documentation site the demo serves and the service crawled (demo/guides.ts), so its
// hits carry their pages' sections. Under the card on the results page, a link each reached
// by Tab; options of their own after their page's in the overlay, reached by ↓; axe clean;
// seen on desktop and phone, light, dark and right-to-left German.
import { expect, test, type Page } from '@playwright/test';
import { axe } from './axe.ts';
import { API } from './servePage.ts';

const SHOTS = 'e2e/artifacts/screenshots';

// The crawl starts with the demo, in the background: wait until its pages answer with sections.
test.beforeAll(async () => {
  await expect
    .poll(
      async () => {
        const answer = (await (await fetch(`${API}/v1/search/guides?term=abort`)).json()) as { hits?: Array<{ sections?: unknown[] }> };
        return answer.hits?.[0]?.sections?.length ?? 0;
      },
      { timeout: 60_000 },
    )
    .toBeGreaterThan(1);
});

const results = (page: Page) => page.locator('#search');

test('on the results page, a section is a link under its page, after the title in the tab order, and a click opens its anchor', async ({ page }) => {
  await page.goto('/?site=guides&theme=light&q=abort');
  const guide = results(page).getByRole('list', { name: 'API guide' });
  await expect(guide.getByRole('link').first()).toBeVisible();
  const sections = await guide.getByRole('link').evaluateAll((links) => links.map((a) => [a.textContent, (a as HTMLAnchorElement).href]));
  expect(sections.length).toBeGreaterThan(1);
  for (const [, href] of sections) expect(href).toMatch(/\/guides\/api\.html#[a-z0-9-]+$/);
  await axe(page, 'results with sections');
  await page.screenshot({ path: `${SHOTS}/sections-results-light-desktop.png` });

  // Tab from the page's title link reaches its sections in order.
  await results(page).getByRole('link', { name: 'API guide' }).focus();
  for (const [title] of sections) {
    await page.keyboard.press('Tab');
    await expect(page.locator(':focus')).toHaveText(title!);
  }
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(sections.at(-2)![1]!);
  await expect(page.locator(`[id="${new URL(sections.at(-2)![1]!).hash.slice(1)}"]`)).toBeVisible();
});

test('in the overlay, each section is an option after its page’s, reached with ↓ and opened with Enter', async ({ page }) => {
  await page.goto('/?site=guides&theme=dark');
  await page.locator('#header-search').getByRole('button', { name: 'Search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search' });
  const field = dialog.getByRole('combobox', { name: 'Search' });
  await field.fill('abort');
  const listbox = dialog.getByRole('listbox');
  await expect(listbox.getByRole('option', { name: /– API guide$/ }).first()).toBeVisible();
  const names = await listbox.getByRole('option').evaluateAll((options) => options.map((o) => o.getAttribute('aria-label') ?? o.textContent));
  const page1 = names.indexOf('API guide');
  expect(names[page1 + 1]).toMatch(/– API guide$/);
  await axe(page, 'overlay with sections');
  // ↓ to the page's option, then its first section's.
  for (let i = 0; i <= page1 + 1; i++) await field.press('ArrowDown');
  const active = listbox.locator('[aria-selected="true"]');
  await expect(active).toHaveAttribute('aria-label', names[page1 + 1]!);
  await expect(field).toHaveAttribute('aria-activedescendant', (await active.getAttribute('id'))!);
  await page.screenshot({ path: `${SHOTS}/sections-overlay-dark-desktop.png` });
  await field.press('Enter');
  await expect(page).toHaveURL(/\/guides\/api\.html#[a-z0-9-]+$/);
});

test('on a phone, in right-to-left German, the sections stay under their page', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await page.goto('/?site=guides&theme=light&locale=de&dir=rtl&q=abort');
  await expect(results(page).getByRole('list', { name: 'API guide' }).getByRole('link').first()).toBeVisible();
  await axe(page, 'right-to-left German phone with sections');
  await results(page).getByRole('list', { name: 'API guide' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/sections-results-rtl-de-phone.png` });
  await page.locator('#header-search').getByRole('button').first().tap();
  const field = page.getByRole('dialog').getByRole('combobox');
  await field.fill('abort');
  await expect(
    page
      .getByRole('dialog')
      .getByRole('option', { name: /– API guide$/ })
      .first(),
  ).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/sections-overlay-rtl-de-phone.png` });
  await context.close();
});
