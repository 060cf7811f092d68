// The specs of the React and Vue example apps (demo/react-app, demo/vue-app), the same for
// both: each app is built once per spec file, as its author would (`vite build` against the
// package's exports map, dist/), and type-checked against the package's declarations.
import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { axe } from './axe.ts';
import { scaled } from './loadScale.ts';
import { API } from './servePage.ts';
import { storedEvents, trackerState } from './statsEvents.ts';

/** Event listeners on window and document, as DevTools sees them. */
async function listeners(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  let count = 0;
  for (const expression of ['window', 'document']) {
    const { result } = await cdp.send('Runtime.evaluate', { expression });
    count += (await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId! })).listeners.length;
  }
  await cdp.detach();
  return count;
}

/** Presses Tab until `target` has the focus, at most `limit` times; fails past that. */
async function tabTo(page: Page, target: ReturnType<Page['locator']>, limit: number) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`${limit} Tab presses did not reach ${target}`);
}

/** The specs of one app: `app` its folder under demo/, `typecheck` the command that checks it. */
export function frameworkAppSpecs(app: 'react-app' | 'vue-app', typecheck: string[]): void {
  // One worker for the file, so that the app is built once.
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(() => {
    test.setTimeout(scaled(180_000)); // a build and a type-check, on a busy machine
    execFileSync('npx', ['vite', 'build', '--config', `demo/${app}/vite.config.js`, '--logLevel', 'error'], { env: { ...process.env, VITE_SEARCH_API: API } });
    execFileSync('npx', typecheck);
  });

  let errors: string[];
  let searches: URL[];
  test.beforeEach(async ({ page }) => {
    errors = [];
    searches = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      // The apps have no favicon: the browser's request for one is not the widget's.
      if ((m.type() === 'error' || m.type() === 'warning') && !/^Failed to load resource/.test(m.text())) errors.push(m.text());
    });
    page.on('request', (r) => {
      if (r.url().startsWith(`${API}/v1/search/`)) searches.push(new URL(r.url()));
    });
    await page.goto(`/demo/${app}/dist/index.html`);
  });
  test.afterEach(() => expect(errors.filter((e) => !/aborted|AbortError/i.test(e))).toEqual([]));

  test('by keyboard alone: into the field, a search, a facet chosen; axe finds nothing', async ({ page }) => {
    const box = page.getByRole('combobox', { name: 'Search' });
    await tabTo(page, box, 5);
    await page.keyboard.type('grid');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('list', { name: 'Search results' }).getByRole('listitem')).toHaveCount(10);
    // The app's own callback (onResults / @results) heard the answer.
    await expect(page.locator('#total')).toHaveText(/^[1-9]\d* found$/);
    const before = await page.locator('#total').textContent();
    const value = page.getByRole('group', { name: 'Area' }).getByRole('checkbox').first();
    await tabTo(page, value, 40);
    await page.keyboard.press('Space');
    await expect(value).toBeChecked();
    await expect(page.getByRole('button', { name: /Area: / })).toBeVisible();
    await expect(page.locator('#total')).not.toHaveText(before ?? '');
    await axe(page, `${app} with a facet chosen`);
  });

  test('a click on a result reaches the stats endpoint, reported by the tracker', async ({ page, request }) => {
    // The demo's results link to MDN, which the test machine may not reach: a stand-in answers there.
    await page.route('https://developer.mozilla.org/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Elsewhere</title><h1>Another site</h1>' }),
    );
    const box = page.getByRole('combobox', { name: 'Search' });
    await box.fill('grid');
    await box.press('Enter');
    const results = page.getByRole('list', { name: 'Search results' });
    await expect(results.getByRole('listitem')).toHaveCount(10);
    const link = results.getByRole('listitem').nth(1).getByRole('link').first();
    const href = await link.getAttribute('href');
    await link.click();
    await expect(page.getByRole('heading', { name: 'Another site' })).toBeVisible();
    await page.goBack();
    await expect(box).toBeVisible();
    await expect.poll(() => page.evaluate(trackerState).then((s) => s.waiting), { timeout: scaled(15_000) }).toBe(0);
    const { session } = await page.evaluate(trackerState);
    const clicks = (await storedEvents(request, API, session!)).filter((e) => e.action === 'click');
    expect(clicks).toHaveLength(1);
    expect(clicks[0]).toMatchObject({ keyword: 'grid', position: 2 });
    expect(href).toBeTruthy();
  });

  test('removed and added again, the widget leaves no listener behind and asks nothing twice', async ({ page }) => {
    const box = page.getByRole('combobox', { name: 'Search' });
    await expect(box).toBeVisible();
    const mounted = await listeners(page);
    await page.getByRole('button', { name: 'Search for grid' }).click();
    await expect(page.locator('#total')).toHaveText(/found$/);
    expect(searches).toHaveLength(1);
    await page.getByRole('button', { name: 'Remove the search' }).click();
    await expect(box).toHaveCount(0);
    expect(await listeners(page)).toBeLessThanOrEqual(mounted);
    for (let i = 0; i < 5; i++) {
      await page.getByRole('button', { name: 'Add the search' }).click();
      await expect(box).toBeVisible();
      await page.getByRole('button', { name: 'Remove the search' }).click();
      await expect(box).toHaveCount(0);
    }
    await page.getByRole('button', { name: 'Add the search' }).click();
    await expect(page.locator('.ss-widget')).toHaveCount(1);
    expect(await listeners(page)).toBe(mounted);
    // Mounting asked nothing; the ref of the new widget searches once.
    expect(searches).toHaveLength(1);
    await page.getByRole('button', { name: 'Search for grid' }).click();
    await expect(page.getByRole('list', { name: 'Search results' }).getByRole('listitem')).toHaveCount(10);
    expect(searches).toHaveLength(2);
  });
}
