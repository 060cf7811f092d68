import { expect, test } from '@playwright/test';
import { scaled } from './loadScale.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A generator of numbers in [0, 1) that gives the same run for the same seed. */
function seeded(seed: number) {
  return () => (seed = (seed * 16807) % 2147483647) / 2147483647;
}

/** The most of `times` in any window of `ms`, its end excluded. */
function peak(times: number[], ms = 1000) {
  return Math.max(0, ...times.map((t) => times.filter((u) => u >= t && u < t + ms).length));
}

test('typing for seconds over a network that delays requests unevenly: at most 5 arrive at the service in any second, per endpoint', async ({ page }) => {
  test.setTimeout(scaled(90_000));
  const random = seeded(11);
  // Between the page and the service, a network: half the requests arrive at once, half
  // take 100-150 ms (so one may arrive after a later one); the answer takes 0-200 ms
  // more. An aborted request arrives all the same; only its answer is dropped.
  const arrivals: Record<string, Array<{ at: number; term: string }>> = { search: [], suggest: [], autocomplete: [] };
  await page.route(/\/v1\/(search|suggest|autocomplete)\//, async (route) => {
    const url = new URL(route.request().url());
    const endpoint = /\/v1\/(search|suggest|autocomplete)\//.exec(url.pathname)![1]!;
    await sleep(random() < 0.5 ? 0 : 100 + random() * 50);
    arrivals[endpoint]!.push({ at: performance.now(), term: url.searchParams.get('term') ?? '' });
    try {
      const response = await route.fetch();
      await sleep(random() * 200);
      await route.fulfill({ response });
    } catch {
      // The page aborted it meanwhile.
    }
  });
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search' });
  await box.focus();
  // Long words: the widget searches the first 10 words only.
  const typed = 'container queries subgrid transitions animations typography clamp element';
  // A key each 60-130 ms, on a schedule, so the time each press takes does not stretch the pauses.
  let due = performance.now();
  for (const key of typed) {
    await sleep(due - performance.now());
    await page.keyboard.press(key === ' ' ? 'Space' : key);
    due += 60 + random() * 70;
  }
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results).toHaveAttribute('aria-busy', 'false');
  await sleep(1500);
  for (const [endpoint, times] of Object.entries(arrivals)) {
    expect(times.length, endpoint).toBeGreaterThan(10);
    expect(peak(times.map((t) => t.at)), endpoint).toBeLessThanOrEqual(5);
    // The last term reached every endpoint, last.
    expect(times.at(-1)?.term, endpoint).toBe(typed);
  }
  await expect(results.getByRole('listitem').first()).toBeVisible();
});
