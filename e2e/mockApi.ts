// A stand-in for the search API inside the browser, via page.route: a small fixed
// corpus with the demo's custom fields, so the widget specs do not depend on the
// reference service's data or timing, and can serve errors and hostile markup.
import type { Page, Route } from '@playwright/test';
import type { FacetValue, RangeFacetRequest, SearchHit, SearchResponse } from '../src/client/types.ts';

const AREAS = ['css', 'html', 'api', 'javascript'];
const STATUSES = ['standard', 'experimental'];
const WORDS = ['grid', 'flex', 'gap', 'fetch', 'dialog', 'color'];
// An 8x8 blue gradient PNG: the inline placeholder of every thumbnail.
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAeklEQVR4nAXBIRYAERQAQMd2AAeQJEHcJ//siYIkz2F2JuWmNLXpzddEs5vbpDyUoQ59+IYY9nCHlKcy1alP3xTTnu6Uciihhh6+EGGHG1JeylKXvnxLLHu5S8pHOerRj++IYx/3SPkpT3368z3x7Oc+KVOodD6CzeUH3QONwQeendAAAAAASUVORK5CYII=';

export interface MockDoc {
  hit: SearchHit;
  year: number;
}

/** 60 documents: grid, flex, gap... across areas, statuses and years. */
export function corpus(): MockDoc[] {
  return Array.from({ length: 60 }, (_, i) => {
    const word = WORDS[i % WORDS.length]!;
    const area = AREAS[i % AREAS.length]!;
    const year = 2005 + (i % 20);
    return {
      year,
      hit: {
        id: `doc-${i}`,
        url: `https://developer.mozilla.org/en-US/docs/Web/${area}/${word}-${i}`,
        title: `${word} ${['property', 'element', 'method'][i % 3]} ${i}`,
        meta_description: null,
        meta_categories: null,
        custom_fields: { area, status: STATUSES[i % 7 === 0 ? 1 : 0]!, first_year: String(year) },
        highlight: `The <em>${word}</em> feature of ${area}, first shipped in ${year}, is widely supported.`,
        ts: `${year}-03-0${(i % 9) + 1}T00:00:00`,
        categories: [`1x${area}`],
        document_type: i % 11 === 5 ? 'pdf' : 'html',
        images: { main: null, main_b64: PNG, capture: null },
        score: 1,
      },
    };
  });
}

function counts(values: string[]): FacetValue[] {
  const map = new Map<string, number>();
  for (const v of values) map.set(v, (map.get(v) ?? 0) + 1);
  return [...map].map(([value, count]) => ({ value, count })).sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
}

/** Answers a search URL the way section 4.1 describes, for the parameters the widget sends. */
export function answerSearch(url: URL, docs = corpus()): SearchResponse {
  const q = url.searchParams;
  const term = (q.get('term') ?? '').toLowerCase().trim();
  const limit = Number(q.get('limit') ?? 10);
  const page = Number(q.get('page') ?? 1);
  // Every word must match, or any of them with `defaultOperator=or`.
  const words = q.get('defaultOperator') === 'or' ? 'some' : 'every';
  let found = docs.filter(({ hit }) => term === '*' || term.split(/\s+/)[words]((w) => hit.title.toLowerCase().includes(w)));
  const byField = new Map<string, string[]>();
  for (const pair of q.getAll('customField')) {
    const [name = '', value = ''] = pair.split('=');
    byField.set(name, [...(byField.get(name) ?? []), value]);
  }
  for (const [name, values] of byField) found = found.filter(({ hit }) => values.includes(String(hit.custom_fields[name])));
  const filter = q.get('filter');
  if (filter) {
    const text = JSON.stringify(JSON.parse(filter));
    const m = /"custom_fields\.first_year":\{(?:"gt":([\d.]+))?,?(?:"lt":([\d.]+))?\}/.exec(text);
    if (m) found = found.filter(({ year }) => (!m[1] || year > Number(m[1])) && (!m[2] || year < Number(m[2])));
  }
  if (q.get('sort') === 'date') {
    const dir = q.get('order') === 'asc' ? 1 : -1;
    found = [...found].sort((a, b) => dir * a.hit.ts.localeCompare(b.hit.ts));
  }
  const facets: Record<string, FacetValue[]> = {};
  for (const f of q.getAll('facet')) {
    const name = f.replace('custom_fields.', '');
    const values = found.flatMap(({ hit }) => hit.custom_fields[name] ?? []);
    facets[f] = counts(values).slice(0, Number(q.get('numFacets') ?? 10));
  }
  const rangeRequests = JSON.parse(q.get('rangeFacets') ?? '[]') as RangeFacetRequest[];
  const rangeFacets = Object.fromEntries(
    rangeRequests.map(({ field, ranges }) => [
      field,
      ranges.map((r) => ({ ...r, count: found.filter(({ year }) => (r.from === undefined || year >= r.from) && (r.to === undefined || year < r.to)).length })),
    ]),
  );
  return {
    page,
    total_hits: found.length,
    processing_time_ms: 3,
    hits: found.slice((page - 1) * limit, page * limit).map(({ hit }) => hit),
    facets: q.getAll('facet').length ? facets : null,
    rangeFacets: rangeRequests.length ? rangeFacets : null,
  };
}

const json = (route: Route, body: unknown, status = 200) =>
  route.fulfill({ status, contentType: 'application/json', headers: { 'Access-Control-Allow-Origin': '*' }, body: JSON.stringify(body) });

export interface MockOptions {
  /** Answer searches with this status and an error body. */
  failWith?: number;
  /** Replace every hit by this one. */
  hits?: SearchHit[];
  /** Suggestions for any term. */
  suggestions?: string[];
  /** Changes each answer before it is sent: what a site's query rules add, say. */
  change?: (answer: SearchResponse, url: URL) => SearchResponse;
}

/** Routes the widget's API calls to the stand-in; returns the search URLs asked for. */
export async function mockApi(page: Page, options: MockOptions = {}): Promise<URL[]> {
  const searches: URL[] = [];
  await page.route(/\/v1\/search\//, (route) => {
    const url = new URL(route.request().url());
    searches.push(url);
    if (options.failWith) {
      return json(route, { error: { status: options.failWith, code: 'internal_error', message: 'boom' } }, options.failWith);
    }
    const answer = options.hits ? { ...answerSearch(url, []), total_hits: options.hits.length, hits: options.hits } : answerSearch(url);
    return json(route, options.change?.(answer, url) ?? answer);
  });
  await page.route(/\/v1\/suggest\//, (route) => {
    const term = new URL(route.request().url()).searchParams.get('term') ?? '';
    const t = term.toLowerCase();
    const titles = corpus().map(({ hit }) => hit.title.split(' ').slice(0, 2).join(' '));
    const values = options.suggestions ?? [
      ...new Set(titles.filter((title) => title.startsWith(t))),
      ...WORDS.filter((w) => w.startsWith(t)).map((w) => `css ${w}`),
    ];
    return json(route, { suggestions: values.map((value) => ({ value })) });
  });
  await page.route(/\/v1\/autocomplete\//, (route) => json(route, { autocomplete: [] }));
  // The tracker's events: accepted, and not kept.
  await page.route(/\/v1\/stats\//, (route) => json(route, {}));
  return searches;
}
