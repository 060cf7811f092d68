import { expect, test } from '@playwright/test';
import { scaled } from './loadScale.ts';

/** A generator of numbers in [0, 1) that gives the same run for the same seed. */
function seeded(seed: number) {
  return () => (seed = (seed * 16807) % 2147483647) / 2147483647;
}

/** The most of `times` in any window of `ms`, its end excluded. */
function peak(times: number[], ms = 1000) {
  return Math.max(0, ...times.map((t) => times.filter((u) => u >= t && u < t + ms).length));
}

interface Arrival {
  endpoint: string;
  term: string;
  at: number;
}

test('typing for seconds over a network that delays requests unevenly: at most 5 arrive at the service in any second, per endpoint', async ({ page }) => {
  test.setTimeout(scaled(90_000));
  // Page time moves only when the test says, so a busy machine can neither bunch the keys
  // nor the arrivals: each second below is a second of the page's clock.
  await page.clock.install();
  // The network, inside the page and on its clock: half the requests arrive at once, half
  // take 100-150 ms (so one may arrive after a later one); the answer takes 0-200 ms more.
  // An aborted request arrives all the same; only its answer is dropped.
  await page.addInitScript(() => {
    let seed = 11;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const arrivals: Arrival[] = [];
    let unanswered = 0;
    (window as unknown as { __arrivals: Arrival[] }).__arrivals = arrivals;
    (window as unknown as { __unanswered: () => number }).__unanswered = () => unanswered;
    const original = window.fetch;
    window.fetch = (input, init) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, location.href);
      const endpoint = /\/v1\/(search|suggest|autocomplete)\//.exec(url.pathname)?.[1];
      if (!endpoint) return original(input, init);
      const at = performance.now() + (random() < 0.5 ? 0 : 100 + random() * 50);
      const answerAt = at + random() * 200;
      arrivals.push({ endpoint, term: url.searchParams.get('term') ?? '', at });
      const signal = init?.signal;
      unanswered++;
      const answer = original(input, init);
      answer.then(
        () => unanswered--,
        () => unanswered--,
      );
      return new Promise<Response>((resolve, reject) => {
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
        answer.then((response) => setTimeout(() => resolve(response), Math.max(0, answerAt - performance.now())), reject);
      });
    };
  });
  await page.goto('/');
  // The service answers on the machine's clock, the page moves on the test's: before the page's
  // time moves on, each request sent has its answer from the service (then held until its time
  // in the page). Otherwise a loaded machine's slow answers came later in page time than a
  // quiet one's, and the run depended on the load.
  const answered = () => expect.poll(() => page.evaluate(() => (window as unknown as { __unanswered: () => number }).__unanswered())).toBe(0);
  await page.clock.pauseAt(Date.now() + 60_000);
  const box = page.getByRole('combobox', { name: 'Search' });
  await box.focus();
  // Long words: the widget searches the first 10 words only.
  const typed = 'container queries subgrid transitions animations typography clamp element';
  // A key each 60-130 ms of page time.
  const random = seeded(11);
  for (const key of typed) {
    await answered();
    await page.keyboard.press(key === ' ' ? 'Space' : key);
    await answered();
    await page.clock.runFor(Math.round(60 + random() * 70));
  }
  // Past the last slot (the pace waits at most a second): every request has gone.
  await answered();
  await page.clock.runFor(1500);
  await answered();
  // Then the clock runs on by itself, for the answers still on their way.
  await page.clock.resume();
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results).toHaveAttribute('aria-busy', 'false');
  await expect(results.getByRole('listitem').first()).toBeVisible();
  const arrivals = await page.evaluate(() => (window as unknown as { __arrivals: Arrival[] }).__arrivals);
  for (const endpoint of ['search', 'suggest', 'autocomplete']) {
    const mine = arrivals.filter((a) => a.endpoint === endpoint).sort((a, b) => a.at - b.at);
    expect(mine.length, endpoint).toBeGreaterThan(10);
    expect(peak(mine.map((a) => a.at)), endpoint).toBeLessThanOrEqual(5);
    // The last term reached every endpoint, last.
    expect(mine.at(-1)?.term, endpoint).toBe(typed);
  }
});
