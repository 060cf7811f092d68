// From a search that found nothing to a fix, against a stand-in for the rules and
// settings endpoints (ownerApiMock.ts) over the report of the generated traffic: "Fix"
// opens a new rule for exactly that search, a page pinned with the picker; "Add synonym"
// opens the synonyms with a line for it; "Export judged queries" downloads a file for
// `site-search eval` from the real service's clicks. By keyboard, axe-checked, with screenshots.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { scaled } from './loadScale.ts';
import { judgedQueryProblem } from '../server/cli/judgedQueries.ts';
import { axe } from './axe.ts';
import { mockOwnerApi } from './ownerApiMock.ts';
import { openConsole } from './consoleSession.ts';
import { saveScreenshot } from './screenshot.ts';

const API = `http://127.0.0.1:${process.env.E2E_API_PORT ?? 18787}`;
const AUTH = { Authorization: `Basic ${Buffer.from('demo:demo-secret').toString('base64')}` };

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
  await openConsole(page);
  await expect(page.getByRole('status').first()).toContainText('Showing');
  const words = (await noHits(page).getByRole('row').nth(1).getByRole('rowheader').textContent())!;
  expect(words).not.toBe('');
  return words;
}

test('"Fix" on a no-hit keyword opens a new rule for exactly that search; a pinned page is saved with it', async ({ page }) => {
  test.setTimeout(scaled(60_000));
  const errors = watchErrors(page);
  const mock = await mockOwnerApi(page);
  const words = await firstNoHitKeyword(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await noHits(page).scrollIntoViewIfNeeded();
  await saveScreenshot(page, { path: 'e2e/artifacts/screenshots/dashboard-no-hit-fixes.png' });

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
  await saveScreenshot(page, { path: 'e2e/artifacts/screenshots/dashboard-fix-rule.png', fullPage: true });
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
  test.setTimeout(scaled(60_000));
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
  await saveScreenshot(page, { path: 'e2e/artifacts/screenshots/dashboard-fix-synonym-phone.png' });
  await axe(page, 'synonyms with a line for a no-hit keyword');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved. The next search uses them.');
  expect(mock.writes).toEqual([
    { method: 'PATCH', path: '/v2/indices/demo/settings', body: { synonyms: [['js', 'javascript'], { from: words, to: ['css grid'] }], stopWords: [] } },
  ]);
  expect(errors).toEqual([]);
});

test('"Export judged queries" downloads the top searches with their most clicked pages, a file site-search eval reads', async ({ page }) => {
  test.setTimeout(scaled(60_000));
  const errors = watchErrors(page);
  await openConsole(page);
  await expect(page.getByRole('status').first()).toContainText('Showing');
  const top = page.getByRole('table', { name: 'Most searched keywords' });
  const first = (await top.getByRole('row').nth(1).getByRole('rowheader').textContent())!;
  const keywords = await top.getByRole('rowheader').allTextContents();

  const button = page.getByRole('button', { name: 'Export judged queries' });
  await expect(button).toHaveAccessibleDescription(/A JSON file for site-search eval/);
  await button.focus();
  const downloaded = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const file = await downloaded;
  expect(file.suggestedFilename()).toMatch(/^judged-queries-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.json$/);
  const judged = JSON.parse(await readFile((await file.path())!, 'utf8')) as Array<{ query: string; wanted: string[] }>;
  expect(judged.length).toBeGreaterThan(5);
  expect(judged[0]!.query).toBe(first);
  for (const entry of judged) {
    expect(keywords).toContain(entry.query);
    expect(judgedQueryProblem(entry)).toBeNull();
    expect(entry.wanted.length).toBeLessThanOrEqual(3);
  }
  // The most clicked page for the top search is a document of the index.
  const answer = await page.request.get(`${API}/v2/indices/demo/documents/${encodeURIComponent(judged[0]!.wanted[0]!)}`, { headers: AUTH });
  expect(answer.status()).toBe(200);
  const status = page.locator('.dash-export').getByRole('status');
  await expect(status).toHaveText(
    `Downloaded ${file.suggestedFilename()}: ${judged.length} searches with the pages clicked most. Check each before site-search eval uses it.`,
  );
  await expect(button).toBeFocused();
  await page.locator('.dash-export').scrollIntoViewIfNeeded();
  await saveScreenshot(page, { path: 'e2e/artifacts/screenshots/dashboard-export-judged.png' });
  await axe(page, 'judged queries exported');
  expect(errors).toEqual([]);
});
