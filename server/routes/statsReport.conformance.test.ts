import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, StatsEvent, StatsReport } from '../../src/client/types.ts';
import { injectService } from '../testing/injectedService.ts';
import { DEMO_AUTH, getJson, putJson, type TestService } from '../testing/service.ts';

const DAY = 86_400_000;
/** Noon UTC of a date, plus minutes. */
const at = (date: string, minutes = 0) => Date.parse(`${date}T12:00:00Z`) + minutes * 60_000;
const auth = { headers: { authorization: DEMO_AUTH } };

describe('GET /v2/indices/{key}/stats/report', () => {
  let service: TestService;
  const add = (events: StatsEvent[], received: number) => service.app.eventStores.get('demo').addStats(events, 'stats', received);
  const report = (params: Array<[string, string]>) => getJson<StatsReport>(service, '/v2/indices/demo/stats/report', params, auth);

  const search = (session: string, keyword: string, hits: number, tag?: string): StatsEvent => ({
    action: 'search',
    session,
    keyword,
    numberOfResults: hits,
    ...(tag !== undefined && { tag }),
  });
  const click = (session: string, keyword: string, docid: string, position: number, tag?: string): StatsEvent => ({
    action: 'click',
    session,
    keyword,
    docid,
    position,
    ...(tag !== undefined && { tag }),
  });

  beforeAll(async () => {
    service = await injectService({ clock: () => at('2026-03-10') });
    await putJson(service, '/v2/indices/demo/documents:batch', {
      documents: [
        { id: 'd1', title: 'Flexbox guide', url: 'https://example.com/flex' },
        { id: 'd2', title: 'Grid guide' },
      ],
    });
    // 2026-03-01: three searches for "flex" under three spellings, two of them clicked
    // (one twice), and a no-hit search.
    await add([search('s1', 'Flex', 12, 'docs')], at('2026-03-01'));
    await add([click('s1', 'flex', 'd1', 1, 'docs'), click('s1', ' FLEX ', 'd2', 12, 'docs')], at('2026-03-01', 1));
    await add([search('s2', ' flex ', 12)], at('2026-03-01', 2));
    await add([click('s2', 'flex', 'd1', 3)], at('2026-03-01', 3));
    await add([search('s3', 'flex', 12), search('s3', 'zzz  qq', 0)], at('2026-03-01', 4));
    // A click with no search before it in its session counts as a click, not a clicked search.
    await add([click('s9', 'grid', 'gone', 2)], at('2026-03-03'));
    // 2026-03-04: one more no-hit search, and a click 40 minutes after its search (too late to count).
    await add([search('s4', 'zzz qq', 0, 'blog'), search('s5', 'grid', 4, 'blog')], at('2026-03-04'));
    await add([click('s5', 'grid', 'd2', 1, 'blog')], at('2026-03-04', 40));
    // Outside the range asked for below.
    await add([search('s6', 'flex', 3)], at('2026-02-27'));
  });

  afterAll(async () => {
    await service.close();
    service.remove();
  });

  it('lists keywords searched often but rarely clicked, most searches with results first', async () => {
    // A day apart from the other tests' ranges.
    const day = '2026-01-15';
    // `tabs`: 12 searches that found something, one clicked (8%); `modal`: 6, none clicked, and 3 that found nothing;
    // `menu`: 10 searches, 1 clicked (10%, not under); `tooltip`: 4 searches that found something only.
    for (let i = 0; i < 12; i++) await add([search(`tabs-${i}`, 'tabs', 5)], at(day, i));
    await add([click('tabs-0', 'tabs', 'd1', 2)], at(day, 1));
    for (let i = 0; i < 6; i++) await add([search(`modal-${i}`, 'Modal', 3)], at(day, i));
    for (let i = 0; i < 3; i++) await add([search(`modal-none-${i}`, 'modal', 0)], at(day, i));
    for (let i = 0; i < 10; i++) await add([search(`menu-${i}`, 'menu', 2)], at(day, i));
    await add([click('menu-0', 'menu', 'd2', 1)], at(day, 1));
    for (let i = 0; i < 4; i++) await add([search(`tooltip-${i}`, 'tooltip', 2)], at(day, i));
    const { status, body } = await report([
      ['from', day],
      ['to', day],
    ]);
    expect(status).toBe(200);
    expect(body.lowClickKeywords).toEqual([
      { keyword: 'tabs', searches: 12, noHitSearches: 0, clicks: 1, clickedSearches: 1, clickThroughRate: 1 / 12 },
      { keyword: 'modal', searches: 9, noHitSearches: 3, clicks: 0, clickedSearches: 0, clickThroughRate: 0 },
    ]);
    const limited = await report([
      ['from', day],
      ['to', day],
      ['limit', '1'],
    ]);
    expect(limited.body.lowClickKeywords.map((k) => k.keyword)).toEqual(['tabs']);
  });

  it('counts searches per day with empty days, keywords normalised, CTR, positions, documents and tags', async () => {
    const { status, body } = await report([
      ['from', '2026-03-01'],
      ['to', '2026-03-05'],
    ]);
    expect(status).toBe(200);
    expect(body.from).toBe('2026-03-01');
    expect(body.to).toBe('2026-03-05');
    expect(body.tag).toBeNull();
    expect(body.days.map((d) => [d.date, d.searches, d.noHitSearches, d.clicks])).toEqual([
      ['2026-03-01', 4, 1, 3],
      ['2026-03-02', 0, 0, 0],
      ['2026-03-03', 0, 0, 1],
      ['2026-03-04', 2, 1, 1],
      ['2026-03-05', 0, 0, 0],
    ]);
    expect(body.totals).toEqual({
      searches: 6,
      noHitSearches: 2,
      clicks: 5,
      clickedSearches: 2,
      clickThroughRate: 2 / 6,
      meanClickPosition: (1 + 12 + 3 + 2 + 1) / 5,
    });
    expect(body.topKeywords[0]).toEqual({ keyword: 'flex', searches: 3, noHitSearches: 0, clicks: 3, clickedSearches: 2, clickThroughRate: 2 / 3 });
    expect(body.topKeywords.map((k) => k.keyword)).toEqual(['flex', 'zzz qq', 'grid']);
    expect(body.noHitKeywords.map((k) => [k.keyword, k.noHitSearches])).toEqual([['zzz qq', 2]]);
    // Too few searches to say they are rarely clicked.
    expect(body.lowClickKeywords).toEqual([]);
    expect(body.positions).toHaveLength(11);
    expect(body.positions[0]).toEqual({ from: 1, to: 1, clicks: 2 });
    expect(body.positions[2]).toEqual({ from: 3, to: 3, clicks: 1 });
    expect(body.positions[10]).toEqual({ from: 11, to: null, clicks: 1 });
    expect(body.topDocuments).toEqual([
      { docid: 'd1', clicks: 2, title: 'Flexbox guide', url: 'https://example.com/flex' },
      { docid: 'd2', clicks: 2, title: 'Grid guide', url: null },
      { docid: 'gone', clicks: 1, title: null, url: null },
    ]);
    expect(body.tags.map((t) => [t.tag, t.searches, t.clicks, t.clickedSearches])).toEqual([
      [null, 3, 2, 1],
      ['blog', 2, 1, 0],
      ['docs', 1, 2, 1],
    ]);
  });

  it('shows the documents clicks raise for its top keywords, with the address groups behind each', async () => {
    const boosted = await injectService({ clock: () => at('2026-03-10') });
    try {
      await putJson(boosted, '/v2/indices/demo/documents:batch', { documents: [{ id: 'd1', title: 'Flexbox guide', url: 'https://example.com/flex' }] });
      // One search and one click on d1 from each of twelve address groups: enough to raise it (10), too few to lift the bound on places (30).
      const rows = Array.from({ length: 12 }, (_, g) => [
        { event: search(`g${g}`, 'flex', 5), received: at('2026-03-09', g), address: `10.0.${g}.1` },
        { event: click(`g${g}`, 'flex', 'd1', 4), received: at('2026-03-09', g) + 1000, address: `10.0.${g}.1` },
      ]).flat();
      await boosted.app.eventStores.get('demo').loadStats(rows);
      const { status, body } = await getJson<StatsReport>(boosted, '/v2/indices/demo/stats/report', [], auth);
      expect(status).toBe(200);
      expect(body.clickBoosts).toHaveLength(1);
      expect(body.clickBoosts[0]).toMatchObject({
        keyword: 'flex',
        docid: 'd1',
        title: 'Flexbox guide',
        url: 'https://example.com/flex',
        groups: 12,
        maxPlaces: 10,
      });
      expect(body.clickBoosts[0]!.boost).toBeGreaterThan(1);
      // Keywords without clicks that count raise nothing.
      expect((await report([['from', '2026-03-01']])).body.clickBoosts).toEqual([]);
    } finally {
      await boosted.close();
      boosted.remove();
    }
  });

  it('filters by tag, and by no tag with an empty tag', async () => {
    const blog = await report([
      ['from', '2026-03-01'],
      ['to', '2026-03-05'],
      ['tag', 'blog'],
    ]);
    expect(blog.body.tag).toBe('blog');
    expect(blog.body.totals.searches).toBe(2);
    expect(blog.body.topKeywords.map((k) => k.keyword)).toEqual(['grid', 'zzz qq']);
    const untagged = await report([
      ['from', '2026-03-01'],
      ['to', '2026-03-05'],
      ['tag', ''],
    ]);
    expect(untagged.body.totals.searches).toBe(3);
  });

  it('covers the 30 days up to today by default', async () => {
    const { body } = await report([]);
    expect([body.from, body.to, body.days.length]).toEqual(['2026-02-09', '2026-03-10', 30]);
    expect(body.totals.searches).toBe(7);
  });

  it('refuses bad dates, reversed and too long ranges, naming the parameter; needs credentials', async () => {
    const cases: Array<[Array<[string, string]>, string]> = [
      [[['from', '2026-02-30']], 'from'],
      [[['to', 'yesterday']], 'to'],
      [
        [
          ['from', '2026-03-02'],
          ['to', '2026-03-01'],
        ],
        'from',
      ],
      [
        [
          ['from', '2025-01-01'],
          ['to', '2026-01-02'],
        ],
        'to',
      ],
      [[['limit', '0']], 'limit'],
      [[['tag', 'x'.repeat(51)]], 'tag'],
    ];
    for (const [params, parameter] of cases) {
      const { status, body } = await getJson<ApiErrorBody>(service, '/v2/indices/demo/stats/report', params, auth);
      expect([status, body.error.code, body.error.parameter]).toEqual([400, 'invalid_parameter', parameter]);
    }
    expect(
      (
        await report([
          ['from', '2025-01-01'],
          ['to', '2026-01-01'],
        ])
      ).status,
    ).toBe(200);
    expect((await getJson(service, '/v2/indices/demo/stats/report')).status).toBe(401);
    expect((await getJson(service, '/v2/indices/nope/stats/report', [], auth)).status).toBe(404);
  });

  it('rebuilds the same figures from the events when the store is reopened with another half-life', async () => {
    const before = (
      await report([
        ['from', '2026-03-01'],
        ['to', '2026-03-05'],
      ])
    ).body;
    await service.close();
    service = await injectService({ dataDir: service.dataDir, clock: () => at('2026-03-10'), clickRanking: { halfLifeDays: 3 } });
    const after = (
      await report([
        ['from', '2026-03-01'],
        ['to', '2026-03-05'],
      ])
    ).body;
    expect(after).toEqual(before);
    expect(DAY).toBeGreaterThan(0);
  });
});
