// The dashboard's synonyms and stop words page and its "Why this order" page, against a
// stand-in for the settings endpoint and for `explain=true` (ownerApiMock.ts): lists
// saved with one PATCH, errors beside their box with nothing typed lost, and the table of
// an explained search; axe and screenshots on desktop, phone and dark.
import { expect, test } from '@playwright/test';
import { scaled } from './loadScale.ts';
import { axe } from './axe.ts';
import { mockOwnerApi } from './ownerApiMock.ts';
import { openConsole } from './consoleSession.ts';
import { saveScreenshot } from './screenshot.ts';

test('synonyms and stop words: edited as lines, saved with one PATCH, problems beside their box', async ({ page }) => {
  const mock = await mockOwnerApi(page, { settings: { synonyms: [['flexbox', 'flexible box']], stopWords: ['the', 'of'] } });
  await openConsole(page, '#synonyms');
  const synonyms = page.getByLabel('Synonyms, one entry a line');
  const stopWords = page.getByLabel('Words to leave out');
  await expect(synonyms).toHaveValue('flexbox, flexible box');
  await expect(stopWords).toHaveValue('the\nof');
  await expect(page.getByRole('button', { name: 'Undo changes' })).toBeDisabled();

  // A line that is no entry is refused here, before anything is sent.
  await synonyms.fill('flexbox, flexible box\ngrid\njs => javascript');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(synonyms).toBeFocused();
  await expect(synonyms).toHaveAccessibleDescription(/Line 2: A group needs two or more words/);
  expect(mock.writes).toEqual([]);

  await synonyms.fill('flexbox, flexible box\njs => javascript');
  await stopWords.fill('the of, a');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved. The next search uses them.');
  expect(mock.writes).toEqual([
    {
      method: 'PATCH',
      path: '/v2/indices/demo/settings',
      body: { synonyms: [['flexbox', 'flexible box'], { from: 'js', to: ['javascript'] }], stopWords: ['the', 'of', 'a'] },
    },
  ]);
  // The page shows the lists as the service keeps them.
  await expect(stopWords).toHaveValue('the\nof\na');

  // The API names an entry: its line is named beside the box, and the text stays.
  mock.failNext = { status: 400, code: 'invalid_body', message: 'synonyms[1].to[0] must not be empty', parameter: 'synonyms[1].to[0]' };
  await synonyms.fill('flexbox, flexible box\n\njs => javascript, ecmascript');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(synonyms).toHaveAccessibleDescription(/Line 3: synonyms\[1\]\.to\[0\] must not be empty/);
  await expect(synonyms).toHaveValue('flexbox, flexible box\n\njs => javascript, ecmascript');
  mock.failNext = { status: 400, code: 'invalid_body', message: 'stopWords[0] must be a single word', parameter: 'stopWords[0]' };
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(stopWords).toBeFocused();
  await expect(stopWords).toHaveAccessibleDescription(/stopWords\[0\] must be a single word/);
  await axe(page, 'settings with an error');

  await page.getByRole('button', { name: 'Undo changes' }).click();
  await expect(synonyms).toHaveValue('flexbox, flexible box\njs => javascript');
});

test('why this order: the table of an explained search, each rule’s value, the deciding rule, pins and boosts', async ({ page }) => {
  await mockOwnerApi(page);
  await openConsole(page, '#why');
  await page.getByRole('link', { name: 'Why this order' }).focus();
  await page.getByLabel('Search', { exact: true }).fill('flex');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toContainText(/documents match “flex”; the first 20 results are explained/);
  const table = page.getByRole('table', { name: 'Why the results for “flex” stand in this order' });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Result',
    'Type',
    'Decided by',
    'Pin and boosts',
    'Words found',
    'Spelling',
    'Words close',
    'In the title',
    'Exact words',
    'Text score',
  ]);
  // One plain line a rule, in the index's order, and none of the engine's names shown raw.
  await expect(page.locator('.dash-why-rule-list dt')).toHaveText(['Words found', 'Spelling', 'Words close', 'In the title', 'Exact words', 'Text score']);
  await expect(page.locator('.dash-why-rule-list dd').nth(1)).toHaveText('First: fewer words that had to be corrected.');
  await expect(page.getByRole('main')).not.toContainText(/\b(?:bm25|concise|pageBeforeSections|typo|title not matched)\b/);
  const first = table.getByRole('row').nth(1);
  await expect(first).toContainText('Pinned');
  await expect(first).toContainText('pinned at 1 by rule flex-guide');
  await expect(first.getByRole('cell').nth(1)).toHaveText('Pinned by a rule');
  await expect(table.getByRole('row').nth(2)).toContainText('visitors’ clicks ×1.5');
  // The value of the rule that decided stands out: the second result was decided by typo.
  await expect(table.getByRole('row').nth(2).locator('strong')).toHaveText('1');
  await expect(table.getByRole('row').nth(2).getByRole('cell').nth(1)).toHaveText('Spelling');
  await expect(page.getByRole('link', { name: 'flex-guide' })).toHaveAttribute('href', '#rules/flex-guide');
  // The address keeps the search, so that the table can be linked to.
  expect(new URL(page.url()).hash).toBe('#why?q=flex');
});

for (const colorScheme of ['light', 'dark'] as const) {
  for (const [device, size] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    test(`synonyms and why this order, ${device}, ${colorScheme}: nothing cut off, axe finds nothing`, async ({ page }) => {
      test.setTimeout(scaled(60_000));
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize(size);
      await mockOwnerApi(page, { settings: { synonyms: [['flexbox', 'flexible box'], { from: 'js', to: ['javascript'] }], stopWords: ['the', 'of', 'a'] } });
      await openConsole(page, '#synonyms');
      await expect(page.getByLabel('Synonyms, one entry a line')).toHaveValue(/flexbox/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      await axe(page, `synonyms ${device} ${colorScheme}`);
      await saveScreenshot(page, { path: `e2e/artifacts/screenshots/dashboard-synonyms-${device}-${colorScheme}.png`, fullPage: true });

      await openConsole(page, '#why?q=grid');
      await page.getByRole('button', { name: 'Explain' }).click();
      await expect(page.getByRole('table')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      // A table wider than the phone says so above it (and shades the edge where more is hidden).
      await expect(page.getByText('Wider than the screen: scroll the table sideways')).toHaveCount(device === 'phone' ? 1 : 0);
      await axe(page, `why this order ${device} ${colorScheme}`);
      await saveScreenshot(page, { path: `e2e/artifacts/screenshots/dashboard-why-${device}-${colorScheme}.png`, fullPage: true });
    });
  }
}
