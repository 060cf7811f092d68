// Reflow (WCAG 1.4.10): at 320 and 390 CSS pixels, in every shipped language, with the
// longest sort option chosen, nothing scrolls sideways, on the page or in the filter panel.
import { expect, test } from '@playwright/test';
import { mockApi } from './mockApi.ts';

const SHOTS = 'e2e/artifacts/screenshots';

for (const locale of ['en', 'de', 'fr', 'es', 'pt', 'it', 'nl', 'pl', 'ja', 'zh', 'ko', 'ar']) {
  for (const width of [320, 390]) {
    test(`no sideways scrolling at ${width} px: ${locale}`, async ({ page }) => {
      await mockApi(page);
      await page.setViewportSize({ width, height: 844 });
      await page.goto(`/?q=g&sort=custom_fields.first_year&order=asc&f.area=css&locale=${locale}`);
      const search = page.locator('#search');
      await expect(search.locator('.ss-item').first()).toBeVisible();
      await expect(search.locator('.ss-sort select')).toHaveValue('custom_fields.first_year asc');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `${SHOTS}/reflow-${locale}-${width}.png` });
      await search.locator('.ss-toggle').click();
      const sheet = page.locator('dialog.ss-sheet');
      await expect(sheet).toBeVisible();
      expect((await sheet.boundingBox())!.width).toBeLessThanOrEqual(width);
      // Its close button and its "Show N results" button on screen.
      for (const button of [sheet.locator('.ss-sheet-head .ss-button'), sheet.locator('.ss-show')]) {
        const box = (await button.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(width);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `${SHOTS}/reflow-${locale}-${width}-filters.png` });
    });
  }
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
  await page.screenshot({ path: `${SHOTS}/reflow-root-font-30px-390.png` });
});
