import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse, StatsEvent } from '../../src/client/types.ts';
import type { AppOptions } from '../app.ts';
import { injectService } from '../testing/injectedService.ts';
import { getJson, putJson, startService, type TestService } from '../testing/service.ts';
import { sendFrom } from '../testing/fromAddress.ts';
import { DEFAULT_CLICK_RANKING } from '../events/clickRanking.ts';

const DAY = 86_400_000;
const START = Date.parse('2026-05-01T00:00:00Z');

describe('ranking that learns from clicks', () => {
  let now = START;
  const services: TestService[] = [];
  let service: TestService;

  const start = async (options: Partial<AppOptions> = {}, dataDir?: string) => {
    const started = await injectService({ clock: () => now, ...options, ...(dataDir !== undefined && { dataDir }) });
    services.push(started);
    return started;
  };
  const ids = async (s: TestService, params: Array<[string, string]> = []) => {
    const answer = await getJson<SearchResponse>(s, '/v1/search/demo', [['term', 'kettle'], ['collectAnalytics', 'false'], ...params]);
    expect(answer.status).toBe(200);
    return answer.body.hits.map((hit) => hit.id);
  };
  /** `times` visitors, each from an address group (IPv4 /24) of their own, search for the keyword and click `docid` at position 3. */
  const clicks = async (s: TestService, docid: string, times: number, received: number) => {
    const store = s.app.eventStores.get('demo');
    for (let i = 0; i < times; i++) {
      const visit: StatsEvent[] = [
        { action: 'search', session: `v${i}`, keyword: 'Kettle', numberOfResults: 3 },
        { action: 'click', session: `v${i}`, keyword: 'kettle ', docid, position: 3 },
      ];
      await store.addStats(visit, 'stats', received, `198.51.${i}.100`);
    }
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
    await clicks(service, 'steel', 1, now);
    await service.app.eventStores.get('demo').addStats(
      Array.from({ length: 40 }, (_, i): StatsEvent => ({ action: 'search', session: `o${i}`, keyword: 'kettle', numberOfResults: 3 })),
      'stats',
      now,
    );
    expect(await ids(service)).toEqual(before);

    await clicks(service, 'steel', 60, now);
    const after = await ids(service);
    expect(after[0]).toBe('steel');
    // Bounded: the boost only multiplies the score of documents that match.
    expect(after).toHaveLength(3);
    // Another keyword, organic results and other sorts are left alone.
    expect(
      (
        await getJson<SearchResponse>(service, '/v1/search/demo', [
          ['term', 'steel kettle'],
          ['collectAnalytics', 'false'],
        ])
      ).body.hits[0]!.id,
    ).toBe('steel');
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

describe('ranking under forged clicks', () => {
  let service: TestService;
  const now = START;

  beforeAll(async () => {
    // No stats rate limit here: what is tested is what the events themselves can do.
    service = await injectService({ clock: () => now, statsRateLimit: false });
    // A hundred documents that match the keyword alike, but for the length of their text.
    const documents = Array.from({ length: 100 }, (_, i) => ({
      id: `kettle-${i}`,
      title: `Kettle ${i}`,
      main_content: `A kettle ${'and more '.repeat(i)}to boil water.`,
    }));
    expect((await putJson(service, '/v2/indices/demo/documents:batch', { documents })).status).toBe(202);
  });

  afterAll(async () => {
    await service.close();
    service.remove();
  });

  const ranked = async () => {
    const answer = await getJson<SearchResponse>(service, '/v1/search/demo', [
      ['term', 'kettle'],
      ['limit', '100'],
      ['collectAnalytics', 'false'],
    ]);
    expect(answer.status).toBe(200);
    return answer.body.hits.map((hit) => hit.id);
  };
  const post = (event: StatsEvent) =>
    service.fetch(`/v1/stats/demo`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(event) });

  it('does not lift a document from rank 60 into the top 10 with 300 clicks from one address', async () => {
    const before = await ranked();
    expect(before).toHaveLength(100);
    const target = before[59]!;
    for (let i = 0; i < 300; i++) {
      const session = `forged${i}`;
      expect((await post({ action: 'search', session, keyword: 'kettle', numberOfResults: 100 })).status).toBe(200);
      expect((await post({ action: 'click', session, keyword: 'kettle', docid: target, position: 60 })).status).toBe(200);
    }
    const after = await ranked();
    expect(after.indexOf(target)).toBeGreaterThanOrEqual(10);
    expect(after).toEqual(before);
  });
});

describe('ranking under clicks from a few address groups', () => {
  let service: TestService;
  const now = START;

  beforeAll(async () => {
    // On a socket: the service must see each sender's own address.
    service = await startService({ clock: () => now });
    const documents = Array.from({ length: 100 }, (_, i) => ({
      id: `kettle-${i}`,
      title: `Kettle ${i}`,
      main_content: `A kettle ${'and more '.repeat(i)}to boil water.`,
    }));
    expect((await putJson(service, '/v2/indices/demo/documents:batch', { documents })).status).toBe(202);
  });

  afterAll(async () => {
    await service.close();
    service.remove();
  });

  const ranked = async () => {
    const answer = await getJson<SearchResponse>(service, '/v1/search/demo', [
      ['term', 'kettle'],
      ['limit', '100'],
      ['collectAnalytics', 'false'],
    ]);
    expect(answer.status).toBe(200);
    return answer.body.hits.map((hit) => hit.id);
  };
  /** One visitor from `address`: a search event, then a click on `docid` at rank 60. */
  const visit = async (address: string, session: string, docid: string) => {
    const send = (event: StatsEvent) => sendFrom(service, address, 'POST', '/v1/stats/demo', event);
    expect((await send({ action: 'search', session, keyword: 'kettle', numberOfResults: 100 })).status).toBe(200);
    expect((await send({ action: 'click', session, keyword: 'kettle', docid, position: 60 })).status).toBe(200);
  };

  it('leaves a document at rank 60 after one search and click from each of three address groups, and raises it once ten agree', async () => {
    const before = await ranked();
    const target = before[59]!;
    // The whole 127.0.0.0/8 is this machine's: 127.<i>.0.1 is an address group (IPv4 /24) of its own.
    for (let i = 1; i <= 3; i++) await visit(`127.${i}.0.1`, `few-${i}`, target);
    expect(await ranked()).toEqual(before);
    // Many addresses of one /24 are one group.
    for (let host = 2; host <= 20; host++) await visit(`127.4.0.${host}`, `block-${host}`, target);
    expect(await ranked()).toEqual(before);
    for (let i = 5; i <= DEFAULT_CLICK_RANKING.minAddresses; i++) await visit(`127.${i}.0.1`, `more-${i}`, target);
    expect((await ranked()).indexOf(target)).toBeLessThan(59);
  });
});
