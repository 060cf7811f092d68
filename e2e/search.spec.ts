import { expect, test, type Page } from '@playwright/test';

/** Collects console errors and uncaught exceptions, which must stay empty. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('typing a query shows highlighted results from the reference service', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search' });
  await box.pressSequentially('grid template', { delay: 60 });

  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('listitem').first()).toBeVisible();
  await expect(results.locator('em, mark').first()).toBeVisible();
  await expect(page.getByRole('status')).toContainText(/\d[\d,]* results?/);

  const first = results.getByRole('listitem').first();
  const link = first.getByRole('link').first();
  await expect(link).toHaveAttribute('href', /^https?:\/\//);
  await expect(first.locator('img').first()).toBeVisible();

  await page.screenshot({ path: 'e2e/artifacts/screenshots/demo-results.png', fullPage: false });
  expect(errors).toEqual([]);
});

test('sends one request for a word typed quickly', async ({ page }) => {
  // Page time stands still while typing, so a slow machine cannot stretch the gaps
  // between keys past the debounce; then time moves on by more than the debounce.
  await page.clock.install();
  await page.goto('/');
  const terms: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/v1/search/')) terms.push(url.searchParams.get('term') ?? '');
  });
  await page.clock.pauseAt(Date.now() + 60_000);
  await page.getByRole('combobox', { name: 'Search' }).pressSequentially('element');
  expect(terms).toEqual([]);
  await page.clock.runFor(250);
  await expect(page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first()).toBeVisible();
  await page.clock.runFor(1000);
  expect(terms).toEqual(['element']);
});

test('a response that arrives late for an older query is never painted', async ({ page }) => {
  const errors = watchErrors(page);
  // Records whether the stale answer's marker ever reaches the page, even for a frame.
  await page.addInitScript(() => {
    const seen = { stale: false };
    (window as unknown as { __stale: typeof seen }).__stale = seen;
    new MutationObserver(() => {
      if (document.body?.textContent?.includes('STALE-ANSWER')) seen.stale = true;
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });

  let releaseOld!: () => void;
  const oldHeld = new Promise<void>((resolve) => (releaseOld = resolve));
  let oldSeen!: () => void;
  const oldArrived = new Promise<void>((resolve) => (oldSeen = resolve));
  await page.route('**/v1/search/**', async (route) => {
    const term = new URL(route.request().url()).searchParams.get('term');
    if (term !== 'back') return route.continue();
    oldSeen();
    await oldHeld;
    const stale = {
      page: 1,
      total_hits: 1,
      processing_time_ms: 1,
      facets: null,
      rangeFacets: null,
      hits: [
        {
          id: 'stale',
          url: 'https://example.com/stale',
          title: 'STALE-ANSWER',
          highlight: 'STALE-ANSWER',
          meta_description: null,
          meta_categories: null,
          custom_fields: {},
          ts: '2020-01-01T00:00:00',
          categories: [],
          document_type: 'html',
          images: { main: null, main_b64: null, capture: null },
          score: 1,
        },
      ],
    };
    // The browser may already have cancelled this request; fulfilling it then fails.
    await route.fulfill({ json: stale, headers: { 'Access-Control-Allow-Origin': '*' } }).catch(() => {});
  });

  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search' });
  await box.fill('back');
  await oldArrived;
  await box.fill('background');
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('listitem').first()).toContainText(/background/i);

  releaseOld();
  await page.waitForTimeout(500);
  await expect(results).not.toContainText('STALE-ANSWER');
  expect(await page.evaluate(() => (window as unknown as { __stale: { stale: boolean } }).__stale.stale)).toBe(false);
  expect(errors).toEqual([]);
});

test('a query with no match says so', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('combobox', { name: 'Search' }).fill('qqxqzzv');
  await expect(page.getByText(/No results for/)).toBeVisible();
});
