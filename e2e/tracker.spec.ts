import { expect, test } from '@playwright/test';
import { scaled } from './loadScale.ts';
import type { SearchResponse } from '../src/client/types.ts';
import { storedEvents, trackerState } from './statsEvents.ts';

const API = `http://127.0.0.1:${process.env.E2E_API_PORT ?? 18787}`;

test('a search, page 2 and a click that leaves the page arrive exactly once, with the position and the session', async ({ page, request }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const searches: URL[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(`${API}/v1/search/`)) searches.push(new URL(r.url()));
  });
  // The demo's results link to MDN, which the test machine may not reach: a stand-in
  // page answers there, so the click is a real navigation to another site.
  await page.route('https://developer.mozilla.org/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Elsewhere</title><h1>Another site</h1>' }),
  );

  // The page's clock runs as a real one, but the test can move it on past the tracker's pause.
  await page.clock.install();
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search' });
  await box.fill('element');
  await box.press('Enter');
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('listitem')).toHaveCount(10);

  const page2 = page.waitForResponse((r) => r.url().startsWith(`${API}/v1/search/`) && new URL(r.url()).searchParams.get('page') === '2');
  await page.locator('#search').getByRole('button', { name: 'Page 2', exact: true }).click();
  const { hits } = (await (await page2).json()) as SearchResponse;
  await expect(results.getByRole('link').first()).toHaveAttribute('href', hits[0]!.url);

  const link = results.getByRole('listitem').nth(2).getByRole('link').first();
  await link.click();
  await expect(page.getByRole('heading', { name: 'Another site' })).toBeVisible();
  await page.goBack();
  await expect(results.getByRole('listitem')).toHaveCount(10);

  // Settled: the back page has nothing waiting, and the session is the one the events carry.
  await expect.poll(() => page.evaluate(trackerState).then((s) => s.waiting), { timeout: scaled(15_000) }).toBe(0);
  const { session } = await page.evaluate(trackerState);
  expect(session).toMatch(/^[0-9a-f]{32}$/);
  // Past the tracker's pause on the page's clock: a search restored by Back must not count
  // again. Had it counted, its event would wait in the queue until the service stored it.
  await page.clock.runFor(2500);
  await expect.poll(() => page.evaluate(trackerState).then((s) => s.waiting), { timeout: scaled(15_000) }).toBe(0);
  const events = await storedEvents(request, API, session!);
  expect(events.map(({ source, action }) => `${source}:${action}`)).toEqual(['stats:search', 'stats:click']);
  expect(events[0]).toMatchObject({ keyword: 'element' });
  expect((events[0] as { numberOfResults: number }).numberOfResults).toBeGreaterThan(20);
  expect(events[1]).toMatchObject({ keyword: 'element', docid: hits[2]!.id, position: 13 });
  expect(new Set(events.map((e) => e.eventId)).size).toBe(2);
  // The widget asked the service not to count its searches itself.
  expect(searches.length).toBeGreaterThanOrEqual(2);
  for (const url of searches) expect(url.searchParams.get('collectAnalytics')).toBe('false');
  expect(errors).toEqual([]);
});
