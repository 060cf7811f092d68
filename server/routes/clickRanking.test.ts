import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse, StatsEvent } from '../../src/client/types.ts';
import type { AppOptions } from '../config.ts';
import { getJson, putJson, startService, type TestService } from '../testing/service.ts';

const DAY = 86_400_000;
const START = Date.parse('2026-05-01T00:00:00Z');

describe('ranking that learns from clicks', () => {
  let now = START;
  const services: TestService[] = [];
  let service: TestService;

  const start = async (options: Partial<AppOptions> = {}, dataDir?: string) => {
    const started = await startService({ clock: () => now, ...options, ...(dataDir !== undefined && { dataDir }) });
    services.push(started);
    return started;
  };
  const ids = async (s: TestService, params: Array<[string, string]> = []) => {
    const answer = await getJson<SearchResponse>(s, '/v1/search/demo', [['term', 'kettle'], ['collectAnalytics', 'false'], ...params]);
    expect(answer.status).toBe(200);
    return answer.body.hits.map((hit) => hit.id);
  };
  /** Visitors search for the keyword and click `docid` at position 3, `times` times. */
  const clicks = (s: TestService, docid: string, times: number, received: number) => {
    const events: StatsEvent[] = [];
    for (let i = 0; i < times; i++) {
      events.push({ action: 'search', session: `v${i}`, keyword: 'Kettle', numberOfResults: 3 });
      events.push({ action: 'click', session: `v${i}`, keyword: 'kettle ', docid, position: 3 });
    }
    s.app.eventStores.get('demo').addStats(events, 'stats', received);
  };

  beforeAll(async () => {
    service = await start();
    await putJson(service, '/v2/indices/demo/documents:batch', {
      documents: [
        { id: 'copper', title: 'Copper kettle', main_content: 'A kettle of copper.', doc_date: '2020-01-01' },
        { id: 'enamel', title: 'Enamel kettle', main_content: 'A kettle with enamel.', doc_date: '2021-01-01' },
        { id: 'steel', title: 'Steel kettle for the stove top', main_content: 'A kettle made of steel, with a whistle.', doc_date: '2019-01-01' },
      ],
    });
  });

  afterAll(async () => {
    for (const s of services) await s.close();
    services[0]?.remove();
  });

  it('moves a clicked document up for the keyword, and back once the clicks are old', async () => {
    const before = await ids(service);
    expect(before[2]).toBe('steel');
    const byDate = await ids(service, [['sort', 'date']]);

    // A couple of clicks against many searches move nothing: the share is smoothed.
    clicks(service, 'steel', 1, now);
    service.app.eventStores.get('demo').addStats(
      Array.from({ length: 40 }, (_, i): StatsEvent => ({ action: 'search', session: `o${i}`, keyword: 'kettle', numberOfResults: 3 })),
      'stats',
      now,
    );
    expect(await ids(service)).toEqual(before);

    clicks(service, 'steel', 60, now);
    const after = await ids(service);
    expect(after[0]).toBe('steel');
    // Bounded: the boost only multiplies the score of documents that match.
    expect(after).toHaveLength(3);
    // Another keyword, organic results and other sorts are left alone.
    expect((await getJson<SearchResponse>(service, '/v1/search/demo', [['term', 'steel kettle'], ['collectAnalytics', 'false']])).body.hits[0]!.id).toBe('steel');
    expect(await ids(service, [['resultType', 'organic']])).toEqual(before);
    expect(await ids(service, [['sort', 'date']])).toEqual(byDate);

    // Ten half-lives later the clicks weigh a thousandth: the order is back.
    now += 140 * DAY;
    expect(await ids(service)).toEqual(before);
    now = START;
    expect((await ids(service))[0]).toBe('steel');
  });

  it('leaves the order alone when switched off', async () => {
    const dataDir = service.dataDir;
    await service.close();
    const off = await start({ clickRanking: false }, dataDir);
    const order = await ids(off);
    expect(order[0]).not.toBe('steel');
    await off.close();
    const on = await start({}, dataDir);
    expect((await ids(on))[0]).toBe('steel');
  });
});
