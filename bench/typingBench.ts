/**
 * The typing benchmark: Chromium types real queries into the script-tag widget, backed
 * by the reference service, at human speed, and the same keys at the same times into
 * the pages it is compared with (Algolia Autocomplete), query by query in turn, so a
 * busy moment of the machine falls on both. Measured from outside the bundle (no
 * bytes added to it): an init script wraps `fetch` to note when each request leaves,
 * per endpoint, and whether the widget aborted it (a cancelled request has reached the
 * service all the same, so it counts against the rate), and a MutationObserver notes
 * each change of the result list, timed after the next animation frame (the paint).
 */
import type { Browser, Page } from '@playwright/test';
import { median, percentile } from './stats.ts';
import { typedText, typingPlan, type Keystroke } from './typingPlan.ts';

/** A page the harness types into, and where it shows results. */
export interface TypingTarget {
  /** Its column in the table. */
  name: string;
  /** Its path on the page server; `?api=` (the service's address) is added. */
  path: string;
  /** The field typed into. */
  input: string;
  /** The result list, whose changes are timed. */
  list: string;
  /** The hits' links in that list, in order. */
  link: string;
}

/** The script-tag widget, as a site owner embeds it. */
export const WIDGET: TypingTarget = { name: 'the widget', path: '/typing.html', input: '.ss-input', list: '.ss-list', link: '.ss-list .ss-hit-link' };

/** Algolia Autocomplete with one source of `/v1/search` hits (bench/autocompletePage.ts). */
export const AUTOCOMPLETE: TypingTarget = {
  name: 'Algolia Autocomplete',
  path: '/typing-autocomplete.html',
  input: '.aa-Input',
  list: '.aa-List',
  link: '.aa-List .aa-ItemLink',
};

export interface TypingResult {
  queries: number;
  keystrokes: number;
  /** Search requests per typed query, mean. */
  searchesPerQuery: number;
  /** Suggestion requests per typed query, mean. */
  suggestionsPerQuery: number;
  /** Requests aborted by the widget per typed query, every endpoint: they reached the service all the same. */
  cancelledPerQuery: number;
  /** Of all requests, the share aborted. */
  cancelledShare: number;
  /** The most requests sent in any 1000 ms, per endpoint (`search`, `suggest`, `autocomplete`), cancelled ones counted. */
  peakPerSecond: Record<string, number>;
  /**
   * The widget's time on top of the API's, from the last key to the final results on
   * screen for good (the list's last change): the wait from the last key to the search
   * they answer leaving, plus that answer's arrival to the paint. 0 when they were on
   * screen before the last key (an earlier term had the same hits). Per query whose final
   * list is right; the API's own latency is left out.
   */
  widgetTimes: number[];
  widgetMedian: number;
  widgetP95: number;
  /** The same, only over the queries whose final search changed the list. */
  repaintedMedian: number;
  /** Paints of a superseded search's results, or a final paint that is not the last search's. */
  stalePaints: number;
  /** Search sent to results painted, ms. */
  latencies: number[];
  median: number;
  p95: number;
  /** Of that, the answer's arrival (fetch resolved) to the paint: the widget's and the browser's part, ms. */
  afterAnswerMedian: number;
  afterAnswerP95: number;
  /** Pauses between keys as the page saw them (keydown to keydown), ms: what the request pace faced. */
  pauseMedian: number;
  pauseP95: number;
  /** Share of those pauses of 200 ms or more, the widget's least time between two searches. */
  pausesOverDebounce: number;
  /** Queries whose final search changed nothing on screen, so no paint to time. */
  unchanged: number;
}

interface Search {
  url: string;
  start: number;
  end: number | null;
}
interface Paint {
  mutatedAt: number;
  paintedAt: number;
  hrefs: string[];
}
interface Sent {
  endpoint: string;
  start: number;
  cancelled: boolean;
}
interface Probe {
  keys: number[];
  searches: Search[];
  suggests: number;
  requests: Sent[];
  paints: Paint[];
}
declare global {
  interface Window {
    __bench: Probe;
  }
}

/** Runs in the page before its scripts; `selectors` name the result list and its links (a TypingTarget's). */
function probe(selectors: { list: string; link: string }): void {
  const state: Probe = { keys: [], searches: [], suggests: 0, requests: [], paints: [] };
  window.__bench = state;
  document.addEventListener('keydown', (event) => state.keys.push(event.timeStamp), true);
  const original = window.fetch;
  window.fetch = function (this: unknown, input: RequestInfo | URL, init?: RequestInit) {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const pending = original.call(this, input, init);
    const endpoint = /\/v1\/(search|suggest|autocomplete)\//.exec(url)?.[1];
    if (endpoint !== undefined) {
      const sent: Sent = { endpoint, start: performance.now(), cancelled: false };
      state.requests.push(sent);
      const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
      let settled = false;
      signal?.addEventListener('abort', () => (sent.cancelled ||= !settled));
      pending.then(
        () => (settled = true),
        () => (settled = true),
      );
    }
    if (url.includes('/v1/search/')) {
      const search: Search = { url, start: performance.now(), end: null };
      state.searches.push(search);
      pending.then(
        () => (search.end = performance.now()),
        () => (search.end = -1),
      );
    } else if (url.includes('/v1/suggest/') || url.includes('/v1/autocomplete/')) state.suggests++;
    return pending;
  } as typeof fetch;
  let last = '';
  const check = () => {
    const list = document.querySelector(selectors.list);
    const signature = list === null ? '' : (list.textContent ?? '') + [...list.querySelectorAll('a')].map((a) => a.href).join(' ');
    if (signature === last) return;
    last = signature;
    const mutatedAt = performance.now();
    requestAnimationFrame(() =>
      setTimeout(() => {
        const hrefs = [...document.querySelectorAll<HTMLAnchorElement>(selectors.link)].map((a) => a.href);
        state.paints.push({ mutatedAt, paintedAt: performance.now(), hrefs });
      }),
    );
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
}

/** The most of `starts` (ms, in sending order) in any window of `windowMs`, the window's end excluded. */
export function peakInWindow(starts: readonly number[], windowMs: number): number {
  const sorted = [...starts].sort((a, b) => a - b);
  let peak = 0;
  for (let first = 0, last = 0; last < sorted.length; last++) {
    while (sorted[last]! - sorted[first]! >= windowMs) first++;
    peak = Math.max(peak, last - first + 1);
  }
  return peak;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function normalized(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
}

/** One target's page and what typing into it has gathered so far. */
interface Typist {
  /** Types `query` with `keys`, waits for it to settle, and adds its figures. */
  type(query: string, keys: readonly Keystroke[]): Promise<void>;
  result(): Promise<TypingResult>;
  close(): Promise<void>;
}

async function openTypist(browser: Browser, url: string, target: TypingTarget, log: (line: string) => void): Promise<Typist> {
  const page: Page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  // Each search's hits as the service answered them, by request URL.
  const answers = new Map<string, string[]>();
  page.on('response', (response) => {
    if (!response.url().includes('/v1/search/') || response.request().method() !== 'GET') return;
    response.json().then(
      (body: { hits?: Array<{ url?: string }> }) =>
        answers.set(
          response.url(),
          (body.hits ?? []).map((h) => normalized(h.url ?? '')),
        ),
      () => {},
    );
  });
  // tsx names functions with an `__name` helper that the page does not have.
  await page.addInitScript('window.__name = (f) => f;');
  await page.addInitScript(probe, { list: target.list, link: target.link });
  await page.goto(url);
  const input = page.locator(target.input);
  await input.waitFor();
  await input.click();
  let queries = 0;
  let searches = 0;
  let suggests = 0;
  let stale = 0;
  let unchanged = 0;
  let keystrokes = 0;
  const latencies: number[] = [];
  const afterAnswer: number[] = [];
  const pauses: number[] = [];
  const widgetTimes: number[] = [];
  const repaintedTimes: number[] = [];

  async function type(query: string, keys: readonly Keystroke[]) {
    queries++;
    // Pages in the background may have their timers and frames slowed.
    await page.bringToFront();
    await input.fill('');
    await sleep(400);
    const before = await page.evaluate(() => ({
      keys: window.__bench.keys.length,
      searches: window.__bench.searches.length,
      paints: window.__bench.paints.length,
      suggests: window.__bench.suggests,
    }));
    // On a schedule from the first key, so the time each press takes does not stretch the pauses.
    let due = performance.now();
    for (const { key, delayMs } of keys) {
      due += delayMs;
      await sleep(due - performance.now());
      await page.keyboard.press(key === ' ' ? 'Space' : key);
    }
    keystrokes += keys.length;
    // Settle: the last search's slot, the answer, the paint.
    await sleep(300);
    for (let waited = 0; waited < 3000; waited += 50) {
      const done = await page.evaluate((n) => {
        const s = window.__bench.searches;
        const lastSearch = s[s.length - 1];
        return s.length > n && lastSearch !== undefined && lastSearch.end !== null && performance.now() - lastSearch.end > 150;
      }, before.searches);
      if (done) break;
      await sleep(50);
    }
    const window_ = await page.evaluate(
      ({ b, link }) => ({
        keys: window.__bench.keys.slice(b.keys),
        searches: window.__bench.searches.slice(b.searches),
        paints: window.__bench.paints.slice(b.paints),
        suggests: window.__bench.suggests - b.suggests,
        shown: [...document.querySelectorAll<HTMLAnchorElement>(link)].map((a) => a.href),
      }),
      { b: before, link: target.link },
    );
    searches += window_.searches.length;
    for (let k = 1; k < window_.keys.length; k++) pauses.push(window_.keys[k]! - window_.keys[k - 1]!);
    suggests += window_.suggests;
    const final = window_.searches[window_.searches.length - 1];
    if (final === undefined) {
      log(`typing: ${target.name}: "${query}" sent no search`);
      return;
    }
    const hitsOf = (s: Search) => answers.get(s.url);
    const same = (a: readonly string[] | undefined, b: readonly string[]) => a !== undefined && a.length === b.length && a.every((x, k) => x === b[k]);
    // A paint is stale when it shows a superseded search's hits instead of the latest one's.
    for (const paint of window_.paints) {
      const sent = window_.searches.filter((s) => s.start <= paint.mutatedAt);
      const latest = sent[sent.length - 1];
      if (latest === undefined || same(hitsOf(latest), paint.hrefs)) continue;
      if (sent.slice(0, -1).some((s) => same(hitsOf(s), paint.hrefs))) stale++;
    }
    const finalHits = hitsOf(final);
    const lastKey = window_.keys[window_.keys.length - 1];
    if (finalHits !== undefined && !same(finalHits, window_.shown)) stale++;
    const painted = window_.paints.find((p) => p.mutatedAt >= final.start && same(finalHits, p.hrefs));
    if (painted === undefined) unchanged++;
    else {
      latencies.push(painted.paintedAt - final.start);
      if (final.end !== null && final.end > 0) {
        afterAnswer.push(painted.paintedAt - final.end);
        if (lastKey !== undefined) repaintedTimes.push(Math.max(0, final.start - lastKey) + (painted.paintedAt - final.end));
      }
    }
    // From the last key to the final results for good: the last change of the list.
    const settled = window_.paints[window_.paints.length - 1];
    if (lastKey !== undefined && finalHits !== undefined && settled !== undefined && same(finalHits, settled.hrefs)) {
      if (settled.paintedAt <= lastKey) widgetTimes.push(0);
      else {
        // The search whose answer that change shows: the newest one answered by then with those hits.
        const source = window_.searches.filter((s) => s.end !== null && s.end > 0 && s.end <= settled.mutatedAt && same(hitsOf(s), settled.hrefs)).pop();
        if (source !== undefined) widgetTimes.push(Math.max(0, source.start - lastKey) + (settled.paintedAt - source.end!));
      }
    }
  }

  async function result(): Promise<TypingResult> {
    const requests = await page.evaluate(() => window.__bench.requests);
    const peakPerSecond: Record<string, number> = {};
    for (const endpoint of new Set(requests.map((r) => r.endpoint))) {
      const starts = requests.filter((r) => r.endpoint === endpoint).map((r) => r.start);
      peakPerSecond[endpoint] = peakInWindow(starts, 1000);
    }
    const cancelled = requests.filter((r) => r.cancelled).length;
    const n = Math.max(1, queries);
    return {
      queries,
      keystrokes,
      searchesPerQuery: searches / n,
      suggestionsPerQuery: suggests / n,
      cancelledPerQuery: cancelled / n,
      cancelledShare: cancelled / Math.max(1, requests.length),
      peakPerSecond,
      widgetTimes,
      widgetMedian: median(widgetTimes),
      widgetP95: percentile(widgetTimes, 95),
      repaintedMedian: median(repaintedTimes),
      stalePaints: stale,
      latencies,
      median: median(latencies),
      p95: percentile(latencies, 95),
      afterAnswerMedian: median(afterAnswer),
      afterAnswerP95: percentile(afterAnswer, 95),
      pauseMedian: median(pauses),
      pauseP95: percentile(pauses, 95),
      pausesOverDebounce: pauses.filter((p) => p >= 200).length / Math.max(1, pauses.length),
      unchanged,
    };
  }

  return { type, result, close: () => page.close() };
}

/**
 * Types every query into each target's page, the targets in turn for each query (the
 * first one alternating), with the same keys at the same pauses. One result per target, in order.
 */
export async function measureTyping(options: {
  browser: Browser;
  pageOrigin: string;
  api: string;
  queries: readonly string[];
  seed: number;
  log: (line: string) => void;
  /** @default [WIDGET] */
  targets?: readonly TypingTarget[];
}): Promise<TypingResult[]> {
  const targets = options.targets ?? [WIDGET];
  const typists: Typist[] = [];
  try {
    for (const target of targets)
      typists.push(await openTypist(options.browser, `${options.pageOrigin}${target.path}?api=${encodeURIComponent(options.api)}`, target, options.log));
    for (const [i, query] of options.queries.entries()) {
      const keys = typingPlan(query, options.seed + i);
      if (typedText(keys) !== query) throw new Error(`the plan for "${query}" types something else`);
      const order = i % 2 === 0 ? typists : [...typists].reverse();
      for (const typist of order) await typist.type(query, keys);
      if ((i + 1) % 10 === 0) options.log(`typing: ${i + 1} / ${options.queries.length} queries`);
    }
    return await Promise.all(typists.map((t) => t.result()));
  } finally {
    await Promise.all(typists.map((t) => t.close()));
  }
}
