// From a search that found nothing to a fix, against a stand-in for the rules and
// settings endpoints (ownerApiMock.ts) over the report of the generated traffic: "Fix"
// opens a new rule for exactly that search, a page pinned with the picker; "Add synonym"
// opens the synonyms with a line for it. By keyboard, axe-checked, with screenshots.
import { expect, test, type Page } from '@playwright/test';
import { axe } from './axe.ts';
import { mockOwnerApi } from './ownerApiMock.ts';

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    // The 404 that tells the editor a new rule's id is free.
    if (message.type() === 'error' && !/status of 404/.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const noHits = (page: Page) => page.getByRole('table', { name: 'Keywords with the most no-hit searches' });

async function firstNoHitKeyword(page: Page): Promise<string> {
  await page.goto('/demo/dashboard.html');
  await expect(page.getByRole('status').first()).toContainText('Showing');
  const words = (await noHits(page).getByRole('row').nth(1).getByRole('rowheader').textContent())!;
  expect(words).not.toBe('');
  return words;
}

test('"Fix" on a no-hit keyword opens a new rule for exactly that search; a pinned page is saved with it', async ({ page }) => {
  test.setTimeout(60_000);
  const errors = watchErrors(page);
  const mock = await mockOwnerApi(page);
  const words = await firstNoHitKeyword(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await noHits(page).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'e2e/artifacts/screenshots/dashboard-no-hit-fixes.png' });

  await noHits(page)
    .getByRole('link', { name: `Fix “${words}” with a rule` })
    .focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New rule');
  await expect(page.getByLabel('Anchoring')).toHaveValue('is');
  await expect(page.getByLabel('Words', { exact: true })).toHaveValue(words);
  await expect(page.getByLabel('Id', { exact: true })).toHaveValue(/^fix-[a-z0-9-]+$/);
  const id = await page.getByLabel('Id', { exact: true }).inputValue();

  // Nothing typed yet: Cancel leaves without asking, and Back brings the prefilled rule again.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Query rules');
  await page.goBack();
  await expect(page.getByLabel('Words', { exact: true })).toHaveValue(words);

  // The picker searches the index: a page the visitor should have found.
  await page.getByRole('button', { name: 'Pin a document…' }).focus();
  await page.keyboard.press('Enter');
  const picker = page.getByRole('dialog', { name: 'Choose a document to pin' });
  await expect(picker.getByLabel('Search the index')).toBeFocused();
  await picker.getByLabel('Search the index').fill('grid');
  await expect(picker.getByRole('status')).toContainText(/documents? match/);
  await picker.getByRole('listitem').first().getByRole('button').click();
  await expect(page.getByLabel('Position').first()).toHaveValue('1');
  await page.screenshot({ path: 'e2e/artifacts/screenshots/dashboard-fix-rule.png', fullPage: true });
  await axe(page, 'rule for a no-hit keyword');

  await page.getByRole('button', { name: 'Save rule' }).click();
  await expect(page.getByRole('status')).toHaveText(`Rule ${id} saved.`);
  expect(mock.writes).toEqual([
    {
      method: 'PUT',
      path: `/v2/indices/demo/rules/${id}`,
      body: {
        description: `For the search “${words}”, which found nothing`,
        enabled: true,
        conditions: [{ pattern: words, anchoring: 'is' }],
        consequence: { pin: [{ id: expect.any(String), position: 1 }] },
      },
    },
  ]);
  expect(errors).toEqual([]);
});

test('"Add synonym" on a no-hit keyword opens the synonyms with a line for it, saved only with Save', async ({ page }) => {
  test.setTimeout(60_000);
  const errors = watchErrors(page);
  const mock = await mockOwnerApi(page, { settings: { synonyms: [['js', 'javascript']] } });
  const words = await firstNoHitKeyword(page);

  await noHits(page)
    .getByRole('link', { name: `Add a synonym for “${words}”` })
    .focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Synonyms and stop words');
  const box = page.getByLabel('Synonyms, one entry a line');
  await expect(box).toBeFocused();
  await expect(box).toHaveValue(`js, javascript\n${words} => `);
  await expect(page.getByRole('status')).toHaveText(`A line for “${words}” is added at the end: type the words a search for it should also find, then Save.`);
  expect(mock.writes).toEqual([]);

  // The caret waits at the end of the new line.
  await page.keyboard.type('css grid');
  await expect(box).toHaveValue(`js, javascript\n${words} => css grid`);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'e2e/artifacts/screenshots/dashboard-fix-synonym-phone.png' });
  await axe(page, 'synonyms with a line for a no-hit keyword');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved. The next search uses them.');
  expect(mock.writes).toEqual([
    { method: 'PATCH', path: '/v2/indices/demo/settings', body: { synonyms: [['js', 'javascript'], { from: words, to: ['css grid'] }], stopWords: [] } },
  ]);
  expect(errors).toEqual([]);
});
