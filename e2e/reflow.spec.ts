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
