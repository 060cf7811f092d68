// The proposed fixes on the Analytics page, against a stand-in for the owner's endpoints
// (ownerApiMock.ts): a synonym and a pin accepted by keyboard, each written as the API
// expects; a dismissed one stays hidden after a reload; a refused write is said in words
// and leaves the proposal; axe and screenshots on desktop, phone and dark.
import { expect, test, type Page } from '@playwright/test';
import { scaled } from './loadScale.ts';
import type { SearchResponse, StatsProposal } from '../src/client/types.ts';
import { axe } from './axe.ts';
import { mockOwnerApi } from './ownerApiMock.ts';
import { openConsole } from './consoleSession.ts';
import { saveScreenshot } from './screenshot.ts';

const API = `http://127.0.0.1:${process.env.E2E_API_PORT ?? 18787}`;

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    // The 404 that tells the page a rule id is free, and the 400 the stand-in answers on purpose.
    if (message.type() === 'error' && !/status of 40[04]/.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function proposals(page: Page): Promise<StatsProposal[]> {
  const answer = (await (await page.request.get(`${API}/v1/search/demo?term=border-radius&collectAnalytics=false`)).json()) as SearchResponse;
  const id = answer.hits[0]!.id;
  return [
    { kind: 'synonym', from: 'rounded corners', to: 'border-radius', sessions: 9, addresses: 5, groups: 5, days: 1 },
    { kind: 'pin', from: 'rounded corners', to: 'border-radius', id, sessions: 7, addresses: 4, groups: 4, days: 1 },
    { kind: 'synonym', from: 'http request', to: 'fetch', sessions: 6, addresses: 3, groups: 3, days: 1 },
  ];
}

const list = (page: Page) => page.getByRole('list', { name: /proposed fix/ });

test('a synonym and a pin accepted by keyboard are written as the API expects; a dismissed one stays hidden', async ({ page }) => {
  test.setTimeout(scaled(60_000));
  const errors = watchErrors(page);
  const seeded = await proposals(page);
  const mock = await mockOwnerApi(page, { proposals: seeded, settings: { synonyms: [['js', 'javascript']] } });
  await openConsole(page);
  await expect(list(page)).toHaveAccessibleName('3 proposed fixes, most sessions first');
  await expect(list(page).getByRole('listitem').first()).toContainText('9 sessions from 5 addresses');
  // The pin names its document by title once the index has answered.
  const pinTitle = (await page.request.get(`${API}/v1/search/demo?term=border-radius&collectAnalytics=false`).then((r) => r.json())) as SearchResponse;
  await expect(list(page).getByRole('listitem').nth(1)).toContainText(`shows ${pinTitle.hits[0]!.title} first`);
  expect(mock.writes).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('heading', { name: 'Proposed fixes' }).scrollIntoViewIfNeeded();
  await saveScreenshot(page, { path: 'e2e/artifacts/screenshots/dashboard-proposals.png' });
  await axe(page, 'proposed fixes');

  // Accept the synonym: one PATCH adding a one-way entry to the synonyms the index has.
  await page.getByRole('button', { name: 'Accept: “rounded corners” also finds “border-radius”' }).focus();
  await page.keyboard.press('Enter');
  const status = page.locator('.dash-proposals').getByRole('status');
  await expect(status).toHaveText('Synonym added: a search for “rounded corners” now also finds “border-radius”.');
  expect(mock.writes).toEqual([
    { method: 'PATCH', path: '/v2/indices/demo/settings', body: { synonyms: [['js', 'javascript'], { from: 'rounded corners', to: ['border-radius'] }] } },
  ]);
  // The focus goes to the next proposal, now the first.
  await expect(page.getByRole('button', { name: /^Accept: “rounded corners” shows/ })).toBeFocused();

  // Accept the pin: a rule with a readable id pins the clicked page first for exactly those words.
  await page.keyboard.press('Enter');
  await expect(status).toContainText('Rule fix-rounded-corners saved: it pins');
  expect(mock.writes[1]).toEqual({
    method: 'PUT',
    path: '/v2/indices/demo/rules/fix-rounded-corners',
    body: {
      description: 'Proposed fix: “rounded corners” finds what “border-radius” found',
      conditions: [{ pattern: 'rounded corners', anchoring: 'is' }],
      consequence: { pin: [{ id: seeded[1]!.id, position: 1 }] },
    },
  });
  await expect(status.getByRole('link', { name: 'Open the rule' })).toHaveAttribute('href', '#rules/fix-rounded-corners');

  // Dismiss the last: nothing is written, it is gone, and stays gone after a reload.
  await expect(page.getByRole('button', { name: /^Accept: “http request”/ })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: /^Dismiss: “http request”/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(status).toHaveText('Dismissed: “http request” → “fetch” stays hidden in this browser.');
  await expect(page.getByRole('heading', { name: 'Proposed fixes' })).toBeFocused();
  await expect(page.getByText('No proposed fixes now.')).toBeVisible();
  expect(mock.writes).toHaveLength(2);

  // The service still lists all three (the stand-in applies nothing): the dismissed one stays hidden.
  await page.reload();
  await expect(list(page)).toHaveAccessibleName('2 proposed fixes, most sessions first');
  await expect(list(page)).not.toContainText('http request');
  expect(errors).toEqual([]);
});

test('a refused write is said in words, the proposal stays and the focus with it; a second rule of the same words gets its own id', async ({ page }) => {
  const seeded = await proposals(page);
  const mock = await mockOwnerApi(page, {
    proposals: [seeded[1]!],
    rules: [{ id: 'fix-rounded-corners', enabled: true, conditions: [{ pattern: 'rounded', anchoring: 'contains' }], consequence: { hide: ['x'] } }],
  });
  await openConsole(page);
  const accept = page.getByRole('button', { name: /^Accept: “rounded corners” shows/ });
  mock.failNext = { status: 400, code: 'invalid_body', message: 'consequence.pin[0].id is not a document of this index', parameter: 'consequence.pin[0].id' };
  await accept.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Not applied. consequence.pin[0].id is not a document of this index');
  await expect(accept).toBeFocused();
  await expect(accept).toHaveAccessibleDescription('Not applied. consequence.pin[0].id is not a document of this index');
  await axe(page, 'proposed fix refused');

  await page.keyboard.press('Enter');
  await expect(page.locator('.dash-proposals').getByRole('status')).toContainText('Rule fix-rounded-corners-2 saved');
  expect(mock.writes.map((w) => w.path)).toEqual(['/v2/indices/demo/rules/fix-rounded-corners-2', '/v2/indices/demo/rules/fix-rounded-corners-2']);
  expect(mock.rules.get('fix-rounded-corners')!.consequence).toEqual({ hide: ['x'] });
});

for (const [name, colorScheme, width, height] of [
  ['phone', 'light', 390, 844],
  ['phone-dark', 'dark', 390, 844],
  ['dark', 'dark', 1280, 800],
] as const) {
  test(`proposed fixes on ${name}: nothing cut off, axe finds nothing`, async ({ page }) => {
    test.setTimeout(scaled(60_000));
    const seeded = await proposals(page);
    await mockOwnerApi(page, { proposals: seeded });
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize({ width, height });
    await openConsole(page);
    await expect(list(page).getByRole('listitem')).toHaveCount(3);
    await expect(page.getByRole('status').first()).toContainText('Showing');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await saveScreenshot(page.locator('.dash-proposals'), { path: `e2e/artifacts/screenshots/dashboard-proposals-${name}.png` });
    await axe(page, `proposed fixes, ${name}`);
  });
}
