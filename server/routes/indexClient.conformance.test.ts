// The client against the reference service over real HTTP, for the endpoints it has
// now (search, suggest, autocomplete, batch, PUT, stats and its report), plus the retry path and the
// regional-host refusal against tiny local servers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/createClient.ts';
import { createIndexClient, type IndexClient } from '../../src/client/createIndexClient.ts';
import { documentIdFromUrl } from '../documents/documentId.ts';
import { startFakeHost, sendJson } from '../testing/fakeHost.ts';
import { startService, type TestService } from '../testing/service.ts';

let service: TestService;
let api: IndexClient;
/** The service's clock: events are stamped by it, and the proposals' days counted by it. */
const NOW = Date.parse('2026-05-01T12:00:00Z');

beforeAll(async () => {
  service = await startService({ clock: () => NOW, indices: [{ publicKey: 'demo', secret: 'démo-sécret✓' }] });
  api = createIndexClient({ siteKey: 'demo', secret: 'démo-sécret✓', baseUrl: service.baseUrl });
});

afterAll(async () => {
  await service.close();
  service.remove();
});

describe('the index client against the reference service', () => {
  it('indexes a batch with non-ASCII credentials, then finds it with search, suggest and autocomplete', async () => {
    const url = 'https://site.example/flux.html';
    const { ids } = await api.indexBatch([
      { id: 'cap-1', title: 'Fluxcapacitor manual', main_content: 'How the fluxcapacitor works', custom_fields: { maker: 'Brown Labs' } },
      { url, title: 'Fluxcapacitor repair', custom_fields: { maker: 'Brownian Motion' } },
    ]);
    expect(ids).toEqual(['cap-1', documentIdFromUrl(url)]);
    const found = await api.search({ term: 'fluxcapacitor', limit: 10 });
    expect(found.hits.map((h) => h.id).sort()).toEqual([documentIdFromUrl(url), 'cap-1'].sort());
    const explained = await api.search({ term: 'fluxcapacitor', explain: true });
    expect(explained.hits.map((h) => h.id)).toEqual(found.hits.map((h) => h.id));
    expect(explained.hits[0]!._rankingDetails?.decidedBy).toBeTruthy();
    const pub = createClient({ siteKey: 'demo', baseUrl: service.baseUrl });
    expect((await pub.suggest({ term: 'fluxcap' })).suggestions.length).toBeGreaterThan(0);
    expect((await pub.autocomplete({ term: 'brown', source: 'custom_fields.maker' })).autocomplete.map((i) => i.value)).toContain('Brown Labs');
  });

  it('reads and changes the settings, and hears which field the service refused', async () => {
    expect((await api.settings.get()).synonyms).toEqual([]);
    const changed = await api.settings.update({ synonyms: [['zeppelin', 'airship']], typos: { minWordLengthForOneTypo: 5 } });
    expect(changed).toMatchObject({ synonyms: [['zeppelin', 'airship']], typos: { minWordLengthForOneTypo: 5, minWordLengthForTwoTypos: 8 } });
    expect(await api.settings.get()).toEqual(changed);
    await expect(api.settings.update({ stopWords: [''] })).rejects.toMatchObject({ status: 400, code: 'invalid_body', parameter: 'stopWords[0]' });
  });

  it('replaces with and without an id in the path', async () => {
    await expect(api.replaceDocument({ title: 'Zeppelinword one' }, 'z-1')).resolves.toEqual({ id: 'z-1' });
    const url = 'https://site.example/zeppelin';
    await expect(api.replaceDocument({ url, title: 'Zeppelinword two' })).resolves.toEqual({ id: documentIdFromUrl(url) });
    expect((await api.search({ term: 'zeppelinword' })).total_hits).toBe(2);
  });

  it('passes on the service answer when it refuses a batch', async () => {
    // The client checks every rule it can; a field's type from earlier writes only the service knows.
    const error = await api.indexBatch([{ id: 'd-1', custom_fields: { maker: 3 } }]).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, code: 'custom_field_type_conflict' });
  });

  it('reads back a click through the event listing and the stats report', async () => {
    await api.sendStatsEvent({ action: 'search', session: 'report-s', keyword: 'Fluxcapacitor', numberOfResults: 2, eventId: 'r-1' });
    await api.sendStatsEvent({ action: 'click', session: 'report-s', keyword: 'fluxcapacitor', docid: 'cap-1', position: 2, eventId: 'r-2' });
    const { events } = await api.listStatsEvents({ session: 'report-s' });
    expect(events.map((e) => [e.action, e.eventId, e.source])).toEqual([
      ['search', 'r-1', 'stats'],
      ['click', 'r-2', 'stats'],
    ]);
    const report = await api.getStatsReport();
    // The search of the first test was recorded by the search endpoint: two searches, one clicked.
    expect(report.topKeywords.find((k) => k.keyword === 'fluxcapacitor')).toMatchObject({ searches: 2, clicks: 1, clickedSearches: 1, clickThroughRate: 0.5 });
    expect(report.topDocuments[0]).toMatchObject({ docid: 'cap-1', clicks: 1, title: 'Fluxcapacitor manual' });
    await expect(api.getStatsReport({ from: '2026-02-30' })).rejects.toMatchObject({ status: 400, parameter: 'from' });
  });

  it('reads the proposed fixes, typed', async () => {
    // Events stored by code in the process, each session from an address group of its own,
    // on two days (a proposal needs pairs made on two).
    const store = service.app.eventStores.get('demo');
    const day = 86_400_000;
    for (let i = 0; i < 5; i++) {
      const received = NOW - (i < 2 ? day : 0);
      await store.addStats(
        [
          { action: 'search', session: `p${i}`, keyword: 'zepelin', numberOfResults: 0 },
          { action: 'search', session: `p${i}`, keyword: 'zeppelinword', numberOfResults: 2 },
          { action: 'click', session: `p${i}`, keyword: 'zeppelinword', docid: 'z-1', position: 1 },
        ],
        'stats',
        received,
        `198.51.${i}.7`,
      );
    }
    const { proposals } = await api.getStatsProposals();
    expect(proposals).toEqual([
      { kind: 'pin', from: 'zepelin', to: 'zeppelinword', id: 'z-1', sessions: 5, addresses: 5, groups: 5, days: 2 },
      { kind: 'synonym', from: 'zepelin', to: 'zeppelinword', sessions: 5, addresses: 5, groups: 5, days: 2 },
    ]);
  });

  it('turns wrong credentials into a 401', async () => {
    const wrong = createIndexClient({ siteKey: 'demo', secret: 'nope', baseUrl: service.baseUrl, retries: 0 });
    await expect(wrong.indexBatch([{ id: 'x' }])).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
  });
});

describe('retries over real HTTP', () => {
  it('waits out a 429 with Retry-After and succeeds on the next attempt', async () => {
    const host = await startFakeHost((_request, res) => {
      if (host.requests.length === 1) sendJson(res, 429, { error: { status: 429, code: 'rate_limited', message: 'slow down' } }, { 'Retry-After': '0' });
      else sendJson(res, 202, { ids: ['a'] });
    });
    try {
      const client = createIndexClient({ siteKey: 'k', secret: 's', baseUrl: host.baseUrl, retryBaseMs: 10 });
      await expect(client.indexBatch([{ id: 'a' }])).resolves.toEqual({ ids: ['a'] });
      expect(host.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['PUT /v2/indices/k/documents:batch', 'PUT /v2/indices/k/documents:batch']);
    } finally {
      await host.close();
    }
  });

  it('refuses indexing and crawl on a regional host without sending anything', async () => {
    const host = await startFakeHost((_request, res) => res.end('{}'));
    try {
      const client = createIndexClient({ siteKey: 'k', secret: 's', baseUrl: host.baseUrl, regionalUrls: [host.baseUrl + '/'] });
      await expect(client.indexBatch([{ id: 'a' }])).rejects.toMatchObject({ code: 'regional_host', parameter: 'baseUrl' });
      await expect(client.crawl('https://site.example/')).rejects.toMatchObject({ code: 'regional_host' });
      expect(host.requests).toEqual([]);
    } finally {
      await host.close();
    }
  });
});
