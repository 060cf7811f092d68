// The owner's console, served by the demo's service at /console/: a sign-in by keyboard
// that keeps no secret in the page or storage, an index made, opened and deleted with
// the admin key, axe-clean at every step, and a screenshot of each page on a desktop and
// a phone, light and dark (e2e/artifacts/console/), for a person to look at.
import { expect, test, type Page } from '@playwright/test';
import { axe } from './axe.ts';
import { ADMIN_KEY, API, CONSOLE, DEMO, openConsole } from './consoleSession.ts';
import { scaled } from './loadScale.ts';
import { saveScreenshot } from './screenshot.ts';

const SHOTS = 'e2e/artifacts/console';
const shoot = (page: Page, name: string) => saveScreenshot(page, { path: `${SHOTS}/${name}.png`, fullPage: true });

test('signs in and out by keyboard, keeping no secret', async ({ page }) => {
  await page.goto(CONSOLE);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await axe(page, 'signed out');
  await shoot(page, 'sign-in');

  await page.keyboard.press('Tab'); // the first choice
  await page.keyboard.press('Tab'); // the index key
  await expect(page.getByLabel('Index key', { exact: true })).toBeFocused();
  await page.keyboard.type('demo');
  await page.keyboard.press('Tab');
  await page.keyboard.type('wrong');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Wrong key or secret.');
  await expect(page.getByLabel('Index key', { exact: true })).toBeFocused();
  await axe(page, 'refused');
  await shoot(page, 'sign-in-refused');

  await page.getByLabel('Secret', { exact: true }).focus();
  await page.keyboard.type('demo-secret');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Search analytics' })).toBeVisible();
  await expect(page.getByText('Signed in to index demo')).toBeVisible();
  // A session of one index sees no index list.
  await expect(page.getByRole('link', { name: 'Indices' })).toHaveCount(0);

  const kept = await page.evaluate(() =>
    [document.documentElement.outerHTML, JSON.stringify({ ...localStorage }), JSON.stringify({ ...sessionStorage }), document.cookie, location.href].join('\n'),
  );
  expect(kept).not.toContain('demo-secret');
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'site_search_session')).toMatchObject({ httpOnly: true, sameSite: 'Strict' });

  // A reload finds the session.
  await page.reload();
  await expect(page.getByText('Signed in to index demo')).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeFocused();
  await expect(page.getByRole('status')).toHaveText('You are signed out.');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  // The session is gone on the service too.
  expect((await page.context().request.get(`${API}/v2/session`)).status()).toBe(401);
});

test('the admin key makes an index, opens its pages and deletes it', async ({ page }) => {
  test.setTimeout(scaled(90_000));
  const key = `shop-${test.info().workerIndex}-${test.info().repeatEachIndex}`;
  await page.goto(CONSOLE);
  await page.getByLabel("the service's admin key").check();
  await page.getByLabel('Admin key', { exact: true }).fill(ADMIN_KEY);
  await page.keyboard.press('Enter');

  // With several indices and none named, the admin key starts on the index list.
  await expect(page.getByRole('heading', { level: 1, name: 'Indices' })).toBeVisible();
  await expect(page.getByText('Signed in with the admin key')).toBeVisible();
  const table = page.getByRole('table', { name: /Each index/ });
  await expect(table.getByRole('row', { name: /^demo / })).toContainText('the config file');
  await axe(page, 'indices');
  await shoot(page, 'indices');

  // A key the API refuses is said beside its field.
  await page.getByLabel('Index key', { exact: true }).fill('no spaces');
  await page.getByRole('button', { name: 'Make the index' }).click();
  await expect(page.getByText('An index key is 1 to 64 letters')).toBeVisible();
  await expect(page.getByLabel('Index key', { exact: true })).toBeFocused();

  await page.getByLabel('Index key', { exact: true }).fill(key);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `The secret of ${key}` });
  await expect(dialog).toBeVisible();
  const secret = await dialog.getByLabel('Secret').inputValue();
  expect(secret.length).toBeGreaterThan(20);
  await axe(page, 'secret shown');
  await shoot(page, 'indices-secret');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status')).toHaveText(`Index ${key} made.`);
  await expect(table.getByRole('row', { name: new RegExp(`^${key} `) })).toContainText('the index API');
  // The secret shown once works at once for scripts.
  const auth = `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;
  expect((await page.context().request.get(`${API}/v2/indices/${key}/settings`, { headers: { authorization: auth } })).status()).toBe(200);

  // Its pages: the Index page first, then each tab, by keyboard.
  await table.getByRole('link', { name: key }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Index ${key}` })).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`\\?index=${key}#index$`));
  await expect(page.getByRole('table', { name: /latest crawls/ })).toHaveCount(0);
  await expect(page.getByText('No crawl yet')).toBeVisible();
  await axe(page, 'index page');
  await shoot(page, 'index');
  for (const [tab, title] of [
    ['Analytics', 'Search analytics'],
    ['Rules', 'Query rules'],
    ['Synonyms, stop words', 'Synonyms and stop words'],
    ['Why this order', 'Why this order'],
  ] as const) {
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: tab }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeFocused();
    await expect(page.locator('.dash-status', { hasText: /Loading/ })).toHaveCount(0);
    await axe(page, `${tab} of a new index`);
    await shoot(page, `new-index-${tab.split(/\W/)[0]!.toLowerCase()}`);
  }

  // Deleting asks for the key, then the index is gone from the list and the picker.
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Indices' }).click();
  await page.getByRole('button', { name: `Delete ${key}` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${key}?` });
  await confirm.getByRole('button', { name: `Delete ${key}` }).click();
  await expect(confirm.getByText(`Type ${key} to delete it.`)).toBeVisible();
  await confirm.getByLabel(`Type ${key} to confirm`).fill(key);
  await axe(page, 'delete asked');
  await confirm.getByRole('button', { name: `Delete ${key}` }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('status')).toHaveText(`Index ${key} deleted, with its documents and events.`);
  await expect(table.getByRole('link', { name: key })).toHaveCount(0);
  await expect(page.getByLabel('Index', { exact: true }).locator('option', { hasText: key })).toHaveCount(0);
  expect((await page.context().request.get(`${API}/v1/search/${key}?term=a`)).status()).toBe(404);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('the Index page: fields and their types, a document by id or address, the indexing errors', async ({ page }) => {
  test.setTimeout(scaled(60_000));
  const request = page.context().request;
  const auth = { authorization: `Basic ${Buffer.from(`${DEMO.key}:${DEMO.secret}`).toString('base64')}` };
  // A page that cannot be fetched (the .invalid domain never resolves) leaves an indexing error.
  const broken = `https://broken-${test.info().workerIndex}-${test.info().repeatEachIndex}.invalid/gone.html`;
  const crawl = await request.post(`${API}/crawler`, { headers: auth, data: { action: 'FETCH', indexPublicKey: 'demo', url: broken } });
  expect(crawl.status()).toBe(202);
  const { docId } = (await crawl.json()) as { docId: string };
  await expect
    .poll(async () => ((await (await request.get(`${API}/v1/indices/demo/documents/${docId}`, { headers: auth })).json()) as { status: string }).status, {
      timeout: scaled(30_000),
    })
    .toBe('ERROR');
  const hit = ((await (await request.get(`${API}/v1/search/demo?term=grid`)).json()) as { hits: Array<{ id: string; url: string; title: string }> }).hits[0]!;

  await openConsole(page, '#index');
  await expect(page.getByRole('heading', { level: 1, name: 'Index demo' })).toBeVisible();
  const fields = page.getByRole('table', { name: /Every field a document may have/ });
  await expect(fields.getByRole('row', { name: /^title text standard$/ })).toBeVisible();
  await expect(fields.getByRole('row', { name: /^interface text custom/ })).toBeVisible();
  const errors = page.getByRole('table', { name: /whose latest fetch failed/ });
  await expect(errors.getByRole('row', { name: new RegExp(broken.replace(/[.]/g, '\\.')) })).toBeVisible();

  // By address, by keyboard.
  const lookup = page.getByLabel('Document id or address');
  await lookup.focus();
  await page.keyboard.type(hit.url);
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Document ${hit.id}. Status: INDEXED`)).toBeVisible();
  await expect(page.getByRole('table', { name: `The fields of ${hit.id} as stored` }).getByRole('row', { name: /^title / })).toContainText(hit.title);
  // An address that failed is found with its status, though it is not in the index.
  await lookup.fill(broken);
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Document ${docId} is not in the index. Status: ERROR`)).toBeVisible();
  // By id; and a wrong one says so.
  await lookup.fill(hit.id);
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Document ${hit.id}. Status: INDEXED`)).toBeVisible();
  await lookup.fill('https://nowhere.example/none');
  await page.keyboard.press('Enter');
  await expect(page.getByText('No document has the address https://nowhere.example/none.')).toBeVisible();
  await axe(page, 'index page, looked up');
});

for (const [name, viewport, scheme] of [
  ['desktop', { width: 1280, height: 800 }, 'light'],
  ['desktop-dark', { width: 1280, height: 800 }, 'dark'],
  ['phone', { width: 390, height: 844 }, 'light'],
  ['phone-dark', { width: 390, height: 844 }, 'dark'],
] as const) {
  test(`every page of the demo index, ${name}: axe-clean, and a screenshot`, async ({ page }) => {
    test.setTimeout(scaled(90_000));
    await page.setViewportSize(viewport);
    await page.emulateMedia({ colorScheme: scheme });
    for (const [hash, title, ready] of [
      ['#report', 'Search analytics', page.getByRole('heading', { name: 'Top keywords' })],
      ['#rules', 'Query rules', page.getByRole('heading', { name: 'Rules of this index' })],
      ['#rules/new', 'New rule', page.getByRole('heading', { name: 'Preview' })],
      ['#synonyms', 'Synonyms and stop words', page.getByLabel('Words to leave out')],
      ['#why?q=grid', 'Why this order', page.getByRole('table').first()],
      ['#index', 'Index demo', page.getByRole('heading', { name: 'Ranking settings' })],
    ] as const) {
      await openConsole(page, hash);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      if (hash.startsWith('#why')) await page.getByRole('button', { name: 'Explain' }).click();
      await expect(ready).toBeVisible();
      await axe(page, `${hash} ${name}`);
      // Nothing wider than the screen but the tables, which scroll in their own region.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await shoot(page, `${name}-${hash.slice(1).split('?')[0]!.replace('/', '-')}`);
    }
  });
}
