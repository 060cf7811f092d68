import { expect, test, type Page, type Request } from '@playwright/test';
import { saveScreenshot } from './screenshot.ts';

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
  // The count's live region; a long facet's search field has one of its own.
  await expect(page.getByRole('status').filter({ hasText: /\d[\d,]* results?/ })).toHaveCount(1);

  const first = results.getByRole('listitem').first();
  const link = first.getByRole('link').first();
  await expect(link).toHaveAttribute('href', /^https?:\/\//);
  await expect(first.locator('img').first()).toBeVisible();

  await saveScreenshot(page, { path: 'e2e/artifacts/screenshots/demo-results.png', fullPage: false });
  expect(errors).toEqual([]);
});

test('paces a word typed quickly: the first key at once, the word in the next slot, at most 5 a second per endpoint', async ({ page }) => {
  // Page time moves only when the test says, so a slow machine cannot stretch the
  // gaps between keys: one key each 50 ms, then time runs on.
  await page.clock.install();
  // Each request as the widget sends it, at page time; cancelled ones too, since they reached
  // the service. In the same list, in order, the moment the first results show.
  await page.addInitScript(() => {
    const sent: Array<{ endpoint: string; term: string; at: number }> = [];
    (window as unknown as { __sent: typeof sent }).__sent = sent;
    const shown = new MutationObserver(() => {
      if (!document.querySelector('#search .ss-item')) return;
      sent.push({ endpoint: 'results shown', term: '', at: performance.now() });
      shown.disconnect();
    });
    shown.observe(document, { subtree: true, childList: true });
    const original = window.fetch;
    window.fetch = (input, init) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, location.href);
      const endpoint = /\/v1\/(search|suggest)\//.exec(url.pathname)?.[1];
      if (endpoint) sent.push({ endpoint, term: url.searchParams.get('term') ?? '', at: performance.now() });
      return original(input, init);
    };
  });
  await page.goto('/');
  const read = () => page.evaluate(() => (window as unknown as { __sent: Array<{ endpoint: string; term: string; at: number }> }).__sent);
  await page.clock.pauseAt(Date.now() + 60_000);
  const box = page.getByRole('combobox', { name: 'Search' });
  await box.focus();
  await page.keyboard.press('e');
  // The leading edge: the first key after a quiet time searches at once.
  expect((await read()).filter((s) => s.endpoint === 'search').map((s) => s.term)).toEqual(['e']);
  for (const key of 'lement grid') {
    await page.clock.runFor(50);
    await page.keyboard.press(key === ' ' ? 'Space' : key);
  }
  await page.clock.runFor(250);
  await expect(page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first()).toBeVisible();
  await page.clock.runFor(1000);
  const sent = await read();
  for (const endpoint of ['search', 'suggest']) {
    const mine = sent.filter((s) => s.endpoint === endpoint);
    const times = mine.map((s) => s.at);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!, endpoint).toBeGreaterThanOrEqual(200);
    expect(mine[0]?.term, endpoint).toBe('e');
  }
  // 12 keys in 550 ms: one search each 200 ms slot (0, 200, 400, 600), not one per key.
  const searches = sent.filter((s) => s.endpoint === 'search');
  expect(searches.length).toBe(4);
  expect(searches.at(-1)?.term).toBe('element grid');
  // Suggestions are asked only while no results are on screen (the list would cover them):
  // the first key's at once, then only those whose slot came before the first results showed;
  // one still waiting for its slot then is dropped, however slow the service.
  const shownAt = sent.findIndex((s) => s.endpoint === 'results shown');
  expect(shownAt).toBeGreaterThan(0);
  expect(sent.slice(shownAt).filter((s) => s.endpoint === 'suggest')).toEqual([]);
  await expect(page.getByRole('list', { name: 'Search results' })).toHaveAttribute('aria-busy', 'false');
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

  // When the old answer has reached the page, or the widget cancelled its request.
  const oldDone = new Promise<void>((resolve) => {
    const done = (request: Request) => {
      const url = new URL(request.url());
      if (url.pathname.includes('/v1/search/') && url.searchParams.get('term') === 'back') resolve();
    };
    page.on('requestfinished', done);
    page.on('requestfailed', done);
  });

  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search' });
  await box.fill('back');
  await oldArrived;
  await box.fill('background');
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('listitem').first()).toContainText(/background/i);

  releaseOld();
  await oldDone;
  // A frame after it, to paint it in.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
  await expect(results).not.toContainText('STALE-ANSWER');
  expect(await page.evaluate(() => (window as unknown as { __stale: { stale: boolean } }).__stale.stale)).toBe(false);
  expect(errors).toEqual([]);
});

test('a query with no match says so', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('combobox', { name: 'Search' }).fill('qqxqzzv');
  await expect(page.getByText(/No results for/)).toBeVisible();
});
