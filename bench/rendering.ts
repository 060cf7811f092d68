/**
 * Rendering in Chromium, measured from outside the bundle: 300 hits with thumbnails and
 * highlights, a facet panel of 1,000 values opened in full, both from a canned answer
 * so the service's time is not in them; and the main-thread time the script-tag build
 * adds to a page, from Chromium's performance metrics (CDP `Performance.getMetrics`).
 */
import type { Browser } from '@playwright/test';
import { median } from './stats.ts';

export interface RenderingResult {
  runs: number;
  /** Answer received (fetch resolved) to 300 hits painted, ms. */
  hits300: number;
  /** Answer parsed (JSON) to the 300 hits in the DOM (before style, layout and paint), ms. */
  hits300Dom: number;
  /** The 300 hits in the DOM to the next frame painted (style, layout, paint, and the wait for the frame), ms. */
  hits300Paint: number;
  /**
   * The renderer's main-thread CPU time from the search to the paint (CDP `ThreadTime`),
   * ms: the work itself, which a busy machine stretches less than the wall-clock times.
   */
  hits300Cpu: number;
  /** "Show more" clicked to 1,000 facet values painted, ms. */
  facet1000: number;
  /** Main-thread time added by loading the script-tag build, ms (median of loaded minus median of blank). */
  added: { task: number; script: number; layout: number; style: number };
}

/** A search answer of `hits` whose value facet has 1,000 values. */
export function cannedAnswer(answer: { hits: unknown[]; [key: string]: unknown }, values = 1000): string {
  const facet = Array.from({ length: values }, (_, i) => ({ value: `value ${String(i).padStart(4, '0')}`, count: values - i }));
  return JSON.stringify({ ...answer, total_hits: Math.max(Number(answer.total_hits) || 0, answer.hits.length), facets: { 'custom_fields.area': facet } });
}

export async function measureRendering(options: { browser: Browser; pageOrigin: string; runs: number; log: (line: string) => void }): Promise<RenderingResult> {
  const hits: number[] = [];
  const hitsDom: number[] = [];
  const hitsPaint: number[] = [];
  const hitsCpu: number[] = [];
  const facets: number[] = [];
  for (let run = 0; run < options.runs; run++) {
    const page = await options.browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      // tsx names functions with an `__name` helper that the page does not have.
      await page.addInitScript('window.__name = (f) => f;');
      await page.addInitScript(() => {
        const original = window.fetch;
        const w = window as unknown as { __answered: number; __parsed: number };
        // Only the search answer's stamps: the tracker's own requests resolve later and
        // would otherwise overwrite them.
        const isSearch = (url: string) => url.includes('/v1/search/');
        const json = Response.prototype.json;
        Response.prototype.json = function (this: Response) {
          const search = isSearch(this.url);
          return json.call(this).then((body: unknown) => (search && (w.__parsed = performance.now()), body));
        };
        window.fetch = function (this: unknown, input: RequestInfo | URL, init?: RequestInit) {
          const pending = original.call(this, input, init);
          const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
          if (isSearch(url))
            pending.then(
              () => (w.__answered = performance.now()),
              () => {},
            );
          return pending;
        } as typeof fetch;
      });
      await page.goto(`${options.pageOrigin}/render.html`);
      type Painted = (done: () => boolean) => Promise<{ dom: number; paint: number }>;
      type Page = {
        SiteSearch: { mount(el: Element, o: Record<string, unknown>): Widget };
        __widget: Widget;
        __painted: Painted;
        __answered: number;
        __parsed: number;
      };
      type Widget = { search(term: string): void };
      await page.evaluate((api) => {
        const w = window as unknown as Page;
        // When the DOM holds what `done` waits for, and when the frame after it has painted.
        w.__painted = (done) =>
          new Promise((resolve) => {
            const check = () => {
              if (!done()) return;
              observer.disconnect();
              const dom = performance.now();
              requestAnimationFrame(() => setTimeout(() => resolve({ dom, paint: performance.now() })));
            };
            const observer = new MutationObserver(check);
            observer.observe(document.body, { subtree: true, childList: true });
            check();
          });
        w.__widget = w.SiteSearch.mount(document.getElementById('widget')!, {
          siteKey: 'demo',
          baseUrl: api,
          limit: 300,
          facets: [{ field: 'area', label: 'Area' }],
          numFacets: 1000,
          suggestions: false,
        });
        // The facets come from site-search.more.js, which the widget asks for with its first
        // search; it is here before, so the timed paint holds the facet panel too, as on a
        // page's later searches.
        const more = new Promise((resolve, reject) =>
          document.head.append(Object.assign(document.createElement('script'), { src: '/dist/embed/site-search.more.js', onload: resolve, onerror: reject })),
        );
        // The mount's own render painted first, so the CPU time below is the search's alone.
        return more.then(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
      }, `${options.pageOrigin}/canned`);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Performance.enable');
      const threadTime = async () => ((await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ThreadTime')?.value ?? NaN) * 1000;
      const cpuBefore = await threadTime();
      const shown = await page.evaluate(async () => {
        const w = window as unknown as Page;
        const listed = w.__painted(() => document.querySelectorAll('.ss-list .ss-item').length >= 300);
        w.__widget.search('element');
        const { dom, paint } = await listed;
        return { hits: paint - w.__answered, hitsDom: dom - w.__parsed, hitsPaint: paint - dom };
      });
      hitsCpu.push((await threadTime()) - cpuBefore);
      await cdp.detach();
      const times = await page.evaluate(async () => {
        const w = window as unknown as Page;
        const more = document.querySelector<HTMLButtonElement>('.ss-facet .ss-link');
        if (more === null) throw new Error('no "show more" button in the facet');
        const opened = w.__painted(() => document.querySelectorAll('.ss-facet .ss-check').length >= 1000);
        const clicked = performance.now();
        more.click();
        const facet = (await opened).paint - clicked;
        return {
          facet,
          thumbs: document.querySelectorAll('.ss-list .ss-thumb').length,
          marks: document.querySelectorAll('.ss-list mark').length,
        };
      });
      if (times.thumbs < 300 || times.marks === 0) throw new Error(`rendering: expected thumbnails and highlights, saw ${times.thumbs} and ${times.marks}`);
      hits.push(shown.hits);
      hitsDom.push(shown.hitsDom);
      hitsPaint.push(shown.hitsPaint);
      facets.push(times.facet);
    } finally {
      await page.close();
    }
  }
  options.log(`rendering: ${options.runs} runs`);
  const blank = await metrics(options, 'blank.html');
  const loaded = await metrics(options, 'loaded.html');
  const added = (key: keyof Metrics) => median(loaded.map((m) => m[key])) - median(blank.map((m) => m[key]));
  return {
    runs: options.runs,
    hits300: median(hits),
    hits300Dom: median(hitsDom),
    hits300Paint: median(hitsPaint),
    hits300Cpu: median(hitsCpu),
    facet1000: median(facets),
    added: { task: added('task'), script: added('script'), layout: added('layout'), style: added('style') },
  };
}

interface Metrics {
  task: number;
  script: number;
  layout: number;
  style: number;
}

/** Chromium's main-thread totals for loading a page, one fresh page per run, in ms. */
async function metrics(options: { browser: Browser; pageOrigin: string; runs: number }, path: string): Promise<Metrics[]> {
  const rows: Metrics[] = [];
  for (let run = 0; run < options.runs; run++) {
    const page = await options.browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Performance.enable');
      await page.goto(`${options.pageOrigin}/${path}`, { waitUntil: 'load' });
      // Let the mount, its first render and any idle work finish.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 300))));
      const { metrics: list } = await cdp.send('Performance.getMetrics');
      const get = (name: string) => (list.find((m) => m.name === name)?.value ?? 0) * 1000;
      rows.push({ task: get('TaskDuration'), script: get('ScriptDuration'), layout: get('LayoutDuration'), style: get('RecalcStyleDuration') });
      await cdp.detach();
    } finally {
      await page.close();
    }
  }
  return rows;
}
