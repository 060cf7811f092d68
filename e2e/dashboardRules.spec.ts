// The dashboard's rules pages against a stand-in for the rules endpoints (ownerApiMock.ts):
// a rule made by keyboard with a document picked from the real index, its preview before
// saving, errors beside their fields with nothing typed lost, the list, an edit and a
// delete that asks first; axe and screenshots on desktop, phone and dark.
import { expect, test, type Page } from '@playwright/test';
import { scaled } from './loadScale.ts';
import type { QueryRule } from '../src/client/types.ts';
import { axe } from './axe.ts';
import { expectVisibleFocus } from './focusRing.ts';
import { mockOwnerApi } from './ownerApiMock.ts';
import { openConsole } from './consoleSession.ts';
import { saveScreenshot } from './screenshot.ts';

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    // The browser logs as failed loads the 400s the stand-in answers on purpose, and the
    // 404 that tells the editor a new rule's id is free.
    if (message.type() === 'error' && !/status of 40[04]/.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const SAVED: QueryRule = {
  id: 'flex-guide',
  description: 'The flexbox guide first',
  enabled: true,
  conditions: [{ pattern: 'flex', anchoring: 'contains' }],
  consequence: { promotions: [{ title: 'Flexbox course', url: 'https://example.com/flex', position: 2 }], replaceTerm: 'flexbox' },
  validity: [{ from: '2026-11-27T00:00:00Z', until: '2099-11-30T23:59:00Z' }],
};

test('a rule made by keyboard: condition, a picked pin, a promotion, a window; previewed, then saved', async ({ page }) => {
  test.setTimeout(scaled(60_000));
  const errors = watchErrors(page);
  const mock = await mockOwnerApi(page);
  await openConsole(page, '#rules');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Query rules');
  await expect(page.getByText('No rules yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Rules' })).toHaveAttribute('aria-current', 'page');

  await page.getByRole('link', { name: 'New rule' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New rule');
  // The new page takes the focus to its title, as a page load would.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

  await page.getByLabel('Id', { exact: true }).fill('grid-guide');
  await page.getByLabel('Description').fill('The grid guide for grid searches');
  await page.getByLabel('Anchoring').selectOption('startsWith');
  await page.getByLabel('Words', { exact: true }).fill('grid');

  // The picker: opened by keyboard, it searches the index; Esc closes it and the focus comes back.
  const pinButton = page.getByRole('button', { name: 'Pin a document…' });
  await pinButton.focus();
  await page.keyboard.press('Enter');
  const picker = page.getByRole('dialog', { name: 'Choose a document to pin' });
  await expect(picker).toBeVisible();
  await expect(picker.getByLabel('Search the index')).toBeFocused();
  await expect(picker.getByLabel('Search the index')).toHaveValue('grid');
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();
  await expect(pinButton).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(picker.getByLabel('Search the index')).toBeFocused();
  await page.keyboard.type(' template');
  await expect(picker.getByRole('status')).toContainText(/documents? match/);
  const first = picker.getByRole('listitem').first().getByRole('button');
  const pickedTitle = (await first.locator('.dash-pick-title').textContent())!;
  await page.keyboard.press('Tab');
  await expect(first).toBeFocused();
  await saveScreenshot(page, { path: 'e2e/artifacts/screenshots/dashboard-rule-picker.png' });
  await page.keyboard.press('Enter');
  await expect(picker).toBeHidden();
  // The chosen document is a row of its own, its position field focused.
  await expect(page.getByLabel('Position').first()).toBeFocused();
  await expect(page.getByLabel('Position').first()).toHaveValue('1');
  await expect(page.locator('.dash-docname-title').first()).toHaveText(pickedTitle);

  await page.getByRole('button', { name: 'Add a promotion' }).click();
  await expect(page.getByLabel('Title')).toBeFocused();
  await page.getByLabel('Title').fill('Grid course');
  await page.getByLabel('Link').fill('https://example.com/grid');
  await page.getByRole('group', { name: 'Promotion 1' }).getByLabel('Position').fill('3');

  await page.getByRole('button', { name: 'Add a window' }).click();
  await page.getByLabel('From (UTC)').fill('2026-11-01T00:00');
  await page.getByLabel('Until (UTC)').fill('2099-12-31T23:59');

  // The preview: the pin first, the promotion third, nothing saved.
  await page.getByLabel('Search', { exact: true }).fill('grid layout');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.locator('.dash-preview').getByRole('status')).toHaveText('The rule matches “grid layout”.');
  const results = page.getByRole('list', { name: /Results for “grid layout” with this rule/ }).getByRole('listitem');
  await expect(results.nth(0)).toContainText(pickedTitle);
  await expect(results.nth(0)).toContainText('Pinned');
  await expect(results.nth(2)).toContainText('Grid course');
  await expect(results.nth(2)).toContainText('Promotion');
  expect(mock.writes).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await saveScreenshot(page, { path: 'e2e/artifacts/screenshots/dashboard-rule-editor.png', fullPage: true });
  await axe(page, 'rule editor with preview');

  // A search the conditions do not match leaves the results as they are.
  await page.getByLabel('Search', { exact: true }).fill('fetch');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.locator('.dash-preview').getByRole('status')).toContainText('do not match “fetch”');
  await expect(page.locator('.dash-preview .dash-badge')).toHaveCount(0);

  await page.getByRole('button', { name: 'Save rule' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Query rules');
  await expect(page.getByRole('status')).toHaveText('Rule grid-guide saved.');
  const put = mock.writes[0]!;
  expect(put.path).toBe('/v2/indices/demo/rules/grid-guide');
  expect(put.body).toEqual({
    description: 'The grid guide for grid searches',
    enabled: true,
    conditions: [{ pattern: 'grid', anchoring: 'startsWith' }],
    consequence: {
      pin: [{ id: expect.any(String), position: 1 }],
      promotions: [{ title: 'Grid course', url: 'https://example.com/grid', position: 3 }],
    },
    validity: [{ from: '2026-11-01T00:00:00Z', until: '2099-12-31T23:59:00Z' }],
  });
  const row = page.getByRole('row', { name: /grid-guide/ });
  await expect(row).toContainText('starts with “grid”');
  // The list names the pinned page by its title, and the promotion by its title and address.
  await expect(row).toContainText(`pins “${pickedTitle}” at 1, promotes “Grid course” (https://example.com/grid) at 3`);
  await expect(row).toContainText('In force: 1 Nov 2026, 00:00 to 31 Dec 2099, 23:59 (UTC)');
  expect(errors).toEqual([]);
});

test('a new rule is given an id from its words, which the owner may change; a failed save keeps the id field its width', async ({ page }) => {
  await mockOwnerApi(page);
  await openConsole(page, '#rules/new');
  const id = page.getByLabel('Id', { exact: true });
  await expect(id).toHaveValue(/^rule-[a-z0-9]{4}$/);
  const suffix = (await id.inputValue()).slice('rule-'.length);
  await page.getByLabel('Words', { exact: true }).fill('Sign in');
  await expect(id).toHaveValue(`rule-sign-in-${suffix}`);
  const width = (await page.locator('.dash-field', { has: id }).boundingBox())!.width;

  // A refused id says why beside it, and the field keeps its width.
  await id.fill('bad id!');
  await page.getByRole('button', { name: 'Save rule' }).click();
  await expect(id).toHaveAccessibleDescription(/1 to 64 letters/);
  expect((await page.locator('.dash-field', { has: id }).boundingBox())!.width).toBe(width);

  // An id the owner typed stays when the words change.
  await id.fill('my-login');
  await page.getByLabel('Words', { exact: true }).fill('log in');
  await expect(id).toHaveValue('my-login');
});

test('problems show beside their fields, from the form and from the API, and nothing typed is lost', async ({ page }) => {
  const mock = await mockOwnerApi(page, { rules: [SAVED] });
  await openConsole(page, '#rules/new');
  await page.getByLabel('Id', { exact: true }).fill('bad id!');
  await page.getByLabel('Words', { exact: true }).fill('login');
  await page.getByLabel('Only with this filter (optional)').fill('{"custom_fields.area": css}');
  await page.getByLabel('Send the visitor to this address instead (optional)').fill('ftp://example.com/account');
  await page.getByRole('button', { name: 'Save rule' }).click();

  await expect(page.getByRole('alert')).toContainText('The rule was not saved. 2 fields need a change');
  await expect(page.getByLabel('Id', { exact: true })).toBeFocused();
  await expect(page.getByLabel('Id', { exact: true })).toHaveAccessibleDescription(/1 to 64 letters/);
  await expect(page.getByLabel('Only with this filter (optional)')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Only with this filter (optional)')).toHaveAccessibleDescription(/This is not JSON/);
  expect(mock.writes).toEqual([]);

  // Fixed here; the API then refuses the redirect and names it.
  await page.getByLabel('Id', { exact: true }).fill('login-redirect');
  await page.getByLabel('Only with this filter (optional)').fill('{"custom_fields.area": "css"}');
  mock.failNext = { status: 400, code: 'invalid_body', message: 'consequence.redirect must be an http or https URL', parameter: 'consequence.redirect' };
  await page.getByRole('button', { name: 'Save rule' }).click();
  const redirect = page.getByLabel('Send the visitor to this address instead (optional)');
  await expect(redirect).toBeFocused();
  await expect(redirect).toHaveAccessibleDescription(/consequence.redirect must be an http or https URL/);
  await expect(redirect).toHaveValue('ftp://example.com/account');
  await expect(page.getByLabel('Words', { exact: true })).toHaveValue('login');
  await expect(page.getByLabel('Only with this filter (optional)')).toHaveValue('{"custom_fields.area": "css"}');
  await saveScreenshot(page, { path: 'e2e/artifacts/screenshots/dashboard-rule-errors.png', fullPage: true });
  await axe(page, 'rule editor with errors');

  // A field of a row the form has no control for lands on its row.
  mock.failNext = {
    status: 400,
    code: 'invalid_body',
    message: 'conditions[0].filters.custom_fields.area is not a field of this index',
    parameter: 'conditions[0].filters.custom_fields.area',
  };
  await redirect.fill('https://example.com/account');
  await page.getByRole('button', { name: 'Save rule' }).click();
  await expect(page.getByLabel('Only with this filter (optional)')).toHaveAccessibleDescription(/is not a field of this index/);

  // A new rule never replaces one of the same id.
  await page.getByLabel('Id', { exact: true }).fill('flex-guide');
  await page.getByRole('button', { name: 'Save rule' }).click();
  await expect(page.getByLabel('Id', { exact: true })).toHaveAccessibleDescription(/A rule flex-guide exists already/);
  expect(mock.writes.map((w) => w.path)).toEqual(['/v2/indices/demo/rules/login-redirect', '/v2/indices/demo/rules/login-redirect']);
});

test('the list: an edit keeps what is not changed; a delete asks first, Esc keeps the rule', async ({ page }) => {
  const mock = await mockOwnerApi(page, {
    rules: [SAVED, { ...SAVED, id: 'old-sale', description: '', enabled: false, validity: [{ until: '2001-01-01T00:00:00Z' }] }],
  });
  await openConsole(page, '#rules');
  const row = page.getByRole('row', { name: /flex-guide/ });
  await expect(row).toContainText('contains “flex”');
  await expect(row).toContainText('promotes “Flexbox course” (https://example.com/flex) at 2, searches “flexbox” instead');
  await expect(row).toContainText('On');
  await expect(page.getByRole('row', { name: /old-sale/ })).toContainText('Off');
  await expect(page.getByRole('row', { name: /old-sale/ })).toContainText('Ended: until 1 Jan 2001, 00:00 (UTC)');

  await row.getByRole('link', { name: 'Edit flex-guide' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rule flex-guide');
  await expect(page.getByLabel('Id', { exact: true })).toHaveValue('flex-guide');
  await expect(page.getByLabel('Id', { exact: true })).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('From (UTC)')).toHaveValue('2026-11-27T00:00');
  await page.getByLabel('Description').fill('The flexbox guide, and its course');
  await page.getByRole('checkbox', { name: /On: the rule changes searches/ }).uncheck();
  await page.getByRole('button', { name: 'Save rule' }).click();
  await expect(page.getByRole('status')).toHaveText('Rule flex-guide saved.');
  expect(mock.writes[0]!.body).toEqual({
    description: 'The flexbox guide, and its course',
    enabled: false,
    conditions: SAVED.conditions,
    consequence: SAVED.consequence,
    validity: [{ from: '2026-11-27T00:00:00Z', until: '2099-11-30T23:59:00Z' }],
  });

  const remove = page.getByRole('button', { name: 'Delete old-sale' });
  await remove.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Delete rule old-sale?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await axe(page, 'delete dialog');
  await saveScreenshot(page, { path: 'e2e/artifacts/screenshots/dashboard-rule-delete.png' });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(remove).toBeFocused();
  expect(mock.rules.has('old-sale')).toBe(true);

  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status')).toHaveText('Rule old-sale deleted.');
  await expect(page.getByRole('row', { name: /old-sale/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'New rule' })).toBeFocused();
  expect(mock.rules.has('old-sale')).toBe(false);
});

test('Cancel leaves at once when nothing changed, and asks first when something did', async ({ page }) => {
  await mockOwnerApi(page, { rules: [SAVED] });
  await openConsole(page, '#rules/flex-guide');
  await expect(page.getByLabel('Description')).toHaveValue('The flexbox guide first');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Query rules');

  await page.getByRole('link', { name: 'Edit flex-guide' }).click();
  await page.getByLabel('Description').fill('Changed');
  const cancel = page.getByRole('button', { name: 'Cancel' });
  await cancel.click();
  const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(dialog.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(cancel).toBeFocused();
  await expect(page.getByLabel('Description')).toHaveValue('Changed');
  await cancel.click();
  await dialog.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Query rules');
});

test('a list that could not be loaded says why, and Try again loads it', async ({ page }) => {
  await mockOwnerApi(page, { rules: [SAVED] });
  let refusals = 0;
  await page.route(
    (url) => url.pathname === '/v2/indices/demo/rules',
    async (route) => {
      // Refused until the page's own retries are spent, then answered by the stand-in.
      if (refusals++ < 4)
        return route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ error: { status: 503, code: 'unavailable', message: 'The service is starting.' } }),
        });
      return route.fallback();
    },
  );
  await openConsole(page, '#rules');
  await expect(page.getByRole('alert')).toContainText('The rules could not be loaded. The service is starting.');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('link', { name: 'Edit flex-guide' })).toBeVisible();
});

test('the editor by Tab: each control in reading order, each with a visible focus', async ({ page }) => {
  await mockOwnerApi(page);
  await openConsole(page, '#rules');
  await page.getByRole('link', { name: 'New rule' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  const order = [
    'Analytics',
    'Rules',
    'Synonyms, stop words',
    'Why this order',
    'Index',
    'Id',
    'Description',
    'On: the rule changes searches (within its validity windows)',
    'Anchoring',
    'Words',
    'Only with this filter (optional)',
    'Remove condition 1',
    'Add a condition',
    'Pin a document…',
    'Hide a document…',
    'Add a boost',
    'Add a promotion',
    'Search these words instead (optional)',
    'Send the visitor to this address instead (optional)',
    'Data for the page (optional JSON)',
    'Add a window',
    'Search',
    'Preview',
    'Save rule',
    'Cancel',
  ];
  for (const name of order) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const label = el.id === '' ? null : document.querySelector(`label[for="${el.id}"]`);
      return el.getAttribute('aria-label') || label?.textContent || el.closest('label')?.textContent || el.textContent;
    });
    expect(focused?.trim()).toBe(name);
    await expectVisibleFocus(page, name);
  }
});

for (const colorScheme of ['light', 'dark'] as const) {
  for (const [device, size] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    test(`rules list and editor, ${device}, ${colorScheme}: nothing cut off, axe finds nothing`, async ({ page }) => {
      test.setTimeout(scaled(60_000));
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize(size);
      await mockOwnerApi(page, {
        rules: [SAVED, { ...SAVED, id: 'login', description: 'Sign-in page', conditions: [{ pattern: 'login', anchoring: 'is' }], validity: [] }],
      });
      await openConsole(page, '#rules');
      await expect(page.getByRole('link', { name: 'Edit flex-guide' })).toBeVisible();
      // A table where there is room; one card a rule on a phone.
      if (device === 'phone') await expect(page.getByRole('list', { name: '2 rules, by id' }).getByRole('listitem')).toHaveCount(2);
      else await expect(page.getByRole('table', { name: '2 rules, by id' }).getByRole('row')).toHaveCount(3);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      await axe(page, `rules list ${device} ${colorScheme}`);
      await saveScreenshot(page, { path: `e2e/artifacts/screenshots/dashboard-rules-${device}-${colorScheme}.png`, fullPage: true });

      await page.getByRole('link', { name: 'Edit flex-guide' }).click();
      await expect(page.getByLabel('Id', { exact: true })).toHaveValue('flex-guide');
      await page.getByRole('button', { name: 'Preview' }).click();
      await expect(page.locator('.dash-preview').getByRole('status')).toContainText('The rule matches “flex”');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      await axe(page, `rule editor ${device} ${colorScheme}`);
      await saveScreenshot(page, { path: `e2e/artifacts/screenshots/dashboard-rule-${device}-${colorScheme}.png`, fullPage: true });
    });
  }
}
