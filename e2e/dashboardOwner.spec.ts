// The owner's pages against the demo's real service (no stand-in): a rule made in the
// editor with a picked document is what the rules endpoint keeps and what the next search
// applies, the API's 400 lands beside its field, "Why this order" tables the service's
// explanation of the pin, synonyms saved in the page are what the settings endpoint keeps,
// and a proposed pin of the generated traffic, accepted, is applied by the next search.
// Each test undoes what it wrote, since the service is shared by every spec of the run.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { scaled } from './loadScale.ts';
import type { IndexSettings, QueryRule, SearchResponse } from '../src/client/types.ts';
import { openConsole } from './consoleSession.ts';
import { saveScreenshot } from './screenshot.ts';

const API = `http://127.0.0.1:${process.env.E2E_API_PORT ?? 18787}`;
const AUTH = { Authorization: `Basic ${Buffer.from('demo:demo-secret').toString('base64')}` };
// A search no other spec makes, so that the rule changes nothing they see.
const TERM = 'viewport units';

async function search(request: APIRequestContext, term: string): Promise<SearchResponse> {
  const answer = await request.get(`${API}/v1/search/demo?term=${encodeURIComponent(term)}&collectAnalytics=false`);
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as SearchResponse;
}

test('a rule made in the editor is stored as written and pins the picked document; the API’s 400 shows beside its field; Why this order shows the pin', async ({
  page,
  request,
}) => {
  test.setTimeout(scaled(60_000));
  try {
    await openConsole(page, '#rules/new');
    await page.getByLabel('Id', { exact: true }).fill('e2e-viewport');
    await page.getByLabel('Description').fill('The dialog element first for viewport units');
    await page.getByLabel('Words', { exact: true }).fill(TERM);

    await page.getByRole('button', { name: 'Pin a document…' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose a document to pin' });
    await picker.getByLabel('Search the index').fill('dialog element');
    const choice = picker.getByRole('button', { name: /HTML element: <dialog>/ }).first();
    await expect(choice).toBeVisible();
    const title = (await choice.locator('.dash-pick-title').textContent())!;
    await choice.click();
    await expect(page.locator('.dash-docname-title')).toHaveText(title);

    // The API refuses a redirect that is no web address, and says so beside it.
    await page.getByLabel('Send the visitor to this address instead (optional)').fill('not an address');
    await page.getByRole('button', { name: 'Save rule' }).click();
    const redirect = page.getByLabel('Send the visitor to this address instead (optional)');
    await expect(redirect).toHaveAttribute('aria-invalid', 'true');
    await expect(redirect).toBeFocused();
    await expect(page.getByLabel('Words', { exact: true })).toHaveValue(TERM);
    await saveScreenshot(redirect, { path: 'e2e/artifacts/screenshots/dashboard-real-redirect-error.png' });
    await redirect.fill('');

    // Every other kind of consequence, and a window, in the shapes the service accepts.
    await page.getByRole('button', { name: 'Hide a document…' }).click();
    const hider = page.getByRole('dialog', { name: 'Choose a document to hide' });
    await hider.getByLabel('Search the index').fill('details element');
    await hider
      .getByRole('button', { name: /HTML element: <details>/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Add a boost' }).click();
    await page.getByLabel('Filter (JSON)').fill('{"custom_fields.area": "html"}');
    await page.getByLabel('Factor').fill('1.5');
    await page.getByRole('button', { name: 'Add a promotion' }).click();
    await page.getByLabel('Title').fill('Units cheat sheet');
    await page.getByLabel('Link').fill('https://example.com/units');
    await page.getByLabel('Text (optional)').fill('Every CSS unit on one page');
    await page.getByRole('group', { name: 'Promotion 1' }).getByLabel('Position').fill('3');
    await page.getByLabel('Data for the page (optional JSON)').fill('{"banner": "units"}');
    await page.getByRole('button', { name: 'Add a window' }).click();
    await page.getByLabel('From (UTC)').fill('2026-01-01T00:00');
    await page.getByLabel('Until (UTC)').fill('2099-01-01T00:00');

    await page.getByRole('button', { name: 'Preview' }).click();
    const first = page
      .getByRole('list', { name: /with this rule/ })
      .getByRole('listitem')
      .first();
    await expect(first).toContainText(title);
    await expect(first).toContainText('Pinned');
    await expect(
      page
        .getByRole('list', { name: /with this rule/ })
        .getByRole('listitem')
        .nth(2),
    ).toContainText('Units cheat sheet');
    await expect(page.getByText('The rule’s boost is not applied here')).toBeVisible();
    await saveScreenshot(page, { path: 'e2e/artifacts/screenshots/dashboard-real-rule.png', fullPage: true });
    expect((await search(request, TERM)).appliedRules).toBeUndefined();

    await page.getByRole('button', { name: 'Save rule' }).click();
    await expect(page.getByRole('status')).toHaveText('Rule e2e-viewport saved.');
    await expect(page.getByRole('row', { name: /e2e-viewport/ })).toContainText(`is “${TERM}”`);

    // The service keeps the rule as the editor wrote it.
    const stored = await request.get(`${API}/v2/indices/demo/rules/e2e-viewport`, { headers: AUTH });
    expect(await stored.json()).toEqual({
      id: 'e2e-viewport',
      description: 'The dialog element first for viewport units',
      enabled: true,
      conditions: [{ pattern: TERM, anchoring: 'is' }],
      consequence: {
        pin: [{ id: expect.any(String), position: 1 }],
        hide: [expect.any(String)],
        boost: [{ filter: { 'custom_fields.area': 'html' }, factor: 1.5 }],
        promotions: [{ title: 'Units cheat sheet', url: 'https://example.com/units', text: 'Every CSS unit on one page', position: 3 }],
        userData: { banner: 'units' },
      },
      validity: [{ from: '2026-01-01T00:00:00Z', until: '2099-01-01T00:00:00Z' }],
    });

    // Saved, the rule applies to the next searches: the service's answer shows its pin and data.
    await expect(async () => {
      const answer = await search(request, TERM);
      expect(answer.appliedRules).toEqual(['e2e-viewport']);
      expect(answer.hits[0]).toMatchObject({ title, resultType: 'pinned' });
      expect(answer.userData).toEqual({ banner: 'units' });
    }).toPass({ timeout: scaled(5_000) });

    // The service's own explanation of that search: the pin, a column per ranking rule, and the rule that decided.
    await page.getByRole('link', { name: 'Why this order' }).click();
    await page.getByLabel('Search', { exact: true }).fill(TERM);
    await page.getByRole('button', { name: 'Explain' }).click();
    const table = page.getByRole('table', { name: `Why the results for “${TERM}” stand in this order` });
    const pinned = table.getByRole('row').nth(1);
    await expect(pinned).toContainText(title);
    await expect(pinned).toContainText('Pinned');
    await expect(pinned).toContainText('pinned at 1 by rule e2e-viewport');
    await expect(table.getByRole('row', { name: /Units cheat sheet/ })).toContainText('Promotion');
    await expect(page.getByRole('link', { name: 'e2e-viewport' })).toHaveAttribute('href', '#rules/e2e-viewport');
    expect(await table.getByRole('columnheader').count()).toBeGreaterThan(4);
    await saveScreenshot(page, { path: 'e2e/artifacts/screenshots/dashboard-real-why.png', fullPage: true });

    await openConsole(page, '#rules');
    await page.getByRole('button', { name: 'Delete e2e-viewport' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('status')).toHaveText('Rule e2e-viewport deleted.');
  } finally {
    await request.delete(`${API}/v2/indices/demo/rules/e2e-viewport`, { headers: AUTH });
  }
  expect((await request.get(`${API}/v2/indices/demo/rules/e2e-viewport`, { headers: AUTH })).status()).toBe(404);
});

test('synonyms saved in the page are what the settings endpoint keeps', async ({ page, request }) => {
  const before = (await (await request.get(`${API}/v2/indices/demo/settings`, { headers: AUTH })).json()) as IndexSettings;
  try {
    await openConsole(page, '#synonyms');
    const synonyms = page.getByLabel('Synonyms, one entry a line');
    await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
    await synonyms.fill('zorblax, quuxify\nfrobnic => zorblax');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status')).toHaveText('Saved. The next search uses them.');
    const after = (await (await request.get(`${API}/v2/indices/demo/settings`, { headers: AUTH })).json()) as IndexSettings;
    expect(after.synonyms).toEqual([['zorblax', 'quuxify'], { from: 'frobnic', to: ['zorblax'] }]);
    expect(after.stopWords).toEqual(before.stopWords);
    await page.reload();
    await expect(synonyms).toHaveValue('zorblax, quuxify\nfrobnic => zorblax');
  } finally {
    await request.patch(`${API}/v2/indices/demo/settings`, { headers: AUTH, data: { synonyms: before.synonyms, stopWords: before.stopWords } });
  }
});

test('a proposed pin from the generated traffic, accepted, is a rule the next search for those words applies', async ({ page, request }) => {
  test.setTimeout(scaled(60_000));
  try {
    await openConsole(page);
    const accept = page.getByRole('button', { name: /^Accept: “rounded corners” shows .+ first \(clicked after “border-radius”\)$/ });
    await expect(accept).toBeVisible();
    await expect(page.getByRole('button', { name: 'Accept: “http request” also finds “fetch”' })).toBeVisible();
    await accept.click();
    await expect(page.locator('.dash-proposals').getByRole('status')).toContainText('Rule fix-rounded-corners saved');
    const rule = (await (await request.get(`${API}/v2/indices/demo/rules/fix-rounded-corners`, { headers: AUTH })).json()) as QueryRule;
    expect(rule.conditions).toEqual([{ pattern: 'rounded corners', anchoring: 'is' }]);
    const pinned = rule.consequence.pin![0]!.id;
    const answer = await search(request, 'rounded corners');
    expect(answer.hits[0]!.id).toBe(pinned);
    expect(answer.appliedRules).toContain('fix-rounded-corners');
  } finally {
    await request.delete(`${API}/v2/indices/demo/rules/fix-rounded-corners`, { headers: AUTH });
  }
});
