// In the conformance suite (server/testing/testEngine.ts): stored events past
// statsRetentionDays are deleted in batches by the app's clock; the report keeps their days.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HealthResponse, StatsEvent, StatsReport, StoredStatsEventsResponse } from '../../src/client/types.ts';
import { RETENTION_BATCH } from '../indices/eventRetention.ts';
import { TAGS_PER_DAY } from '../events/dailyTags.ts';
import { sendFrom } from '../testing/fromAddress.ts';
import { DEMO_AUTH, getJson, startService, type TestService } from '../testing/service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const at = (date: string) => Date.parse(`${date}T12:00:00Z`);

describe('statsRetentionDays', () => {
  let service: TestService;
  let now = at('2026-03-01');

  const stored = async () => {
    const answer = await getJson<StoredStatsEventsResponse>(service, '/v2/indices/demo/stats/events', [['limit', '1000']], {
      headers: { authorization: DEMO_AUTH },
    });
    expect(answer.status).toBe(200);
    return answer.body.events;
  };
  const searches = async (day: string) => {
    const answer = await getJson<StatsReport>(
      service,
      '/v2/indices/demo/stats/report',
      [
        ['from', day],
        ['to', day],
      ],
      { headers: { authorization: DEMO_AUTH } },
    );
    expect(answer.status).toBe(200);
    return answer.body.totals.searches;
  };

  beforeAll(async () => {
    service = await startService({ clock: () => now, statsRetentionDays: 31 });
    const event = (i: number): StatsEvent => ({ action: 'search', session: `s-${i}`, keyword: 'old flex', numberOfResults: 1 });
    // More than one batch on 2026-01-10, and three events on 2026-02-20.
    const old = Array.from({ length: RETENTION_BATCH + 5 }, (_, i) => ({ event: event(i), received: at('2026-01-10') + i }));
    const recent = [0, 1, 2].map((i) => ({ event: { ...event(i), keyword: 'new grid' }, received: at('2026-02-20') + i }));
    await service.app.eventStores.get('demo').loadStats([...old, ...recent]);
  });
  afterAll(async () => {
    await service.close();
    service.remove();
  });

  it('deletes the events older than the retention by the clock, in batches, and keeps the report of their days', async () => {
    expect(await searches('2026-01-10')).toBe(RETENTION_BATCH + 5);
    expect(await service.app.eventRetention.sweep()).toBe(RETENTION_BATCH + 5);
    const left = await stored();
    expect(left.map((e) => e.keyword)).toEqual(['new grid', 'new grid', 'new grid']);
    // The report counts as events arrive: the deleted days stay in it.
    expect(await searches('2026-01-10')).toBe(RETENTION_BATCH + 5);
    expect(await service.app.eventRetention.sweep()).toBe(0);

    // The clock moves on: the February events pass the 31 days too.
    now = at('2026-02-20') + 32 * DAY_MS;
    expect(await service.app.eventRetention.sweep()).toBe(3);
    expect(await stored()).toEqual([]);
    expect(await searches('2026-02-20')).toBe(3);
  });

  it('takes at most TAGS_PER_DAY distinct analytics tags a day from one address: the rest count untagged', async () => {
    const extra = 20;
    for (let i = 0; i < TAGS_PER_DAY + extra; i++) {
      const event = { action: 'search', session: `t-${i}`, keyword: 'tagged', numberOfResults: 1, tag: `tag-${i}` };
      expect((await sendFrom(service, '127.0.5.9', 'POST', '/v1/stats/demo', event)).status).toBe(200);
    }
    const events = (await stored()).filter((e) => e.keyword === 'tagged');
    expect(events).toHaveLength(TAGS_PER_DAY + extra);
    expect(new Set(events.map((e) => e.tag)).size).toBe(TAGS_PER_DAY + 1);
    expect(events.filter((e) => e.tag === undefined)).toHaveLength(extra);
  });

  it("reclaims the per-keyword counts of the events it drops: the keyword's report rows, click weights and suggestion counts", async () => {
    // Day 1 and day 2: twelve address groups search "gone fox" and click doc-1 each day, enough for
    // a click boost and a suggestion; day 3: 200 other events, which the cap of 200 keeps.
    // Days before today: a store opens its window of searched keywords by the machine's clock.
    const day = (n: number) => (Math.floor(Date.now() / DAY_MS) - 4 + n) * DAY_MS + DAY_MS / 2;
    const capped = await startService({ clock: () => day(4), statsMaxEvents: 200 });
    try {
      const store = capped.app.eventStores.get('demo');
      const gone = [1, 2].flatMap((d) =>
        Array.from({ length: 12 }, (_, g) => {
          const common = { session: `gone-${d}-${g}`, keyword: 'gone fox' };
          const address = `10.${d}.${g}.1`;
          return [
            { event: { action: 'search', ...common, numberOfResults: 5 } as StatsEvent, received: day(d) + g * 1000, address },
            { event: { action: 'click', ...common, docid: 'doc-1', position: 1 } as StatsEvent, received: day(d) + g * 1000 + 500, address },
          ];
        }).flat(),
      );
      const kept = Array.from({ length: 200 }, (_, i) => ({
        event: { action: 'search', session: `kept-${i}`, keyword: 'kept owl', numberOfResults: 1 } as StatsEvent,
        received: day(3) + i,
        address: `10.9.${i % 50}.1`,
      }));
      await store.loadStats([...gone, ...kept]);
      const report = async (date: number) => {
        const iso = new Date(date).toISOString().slice(0, 10);
        const answer = await getJson<StatsReport>(
          capped,
          '/v2/indices/demo/stats/report',
          [
            ['from', iso],
            ['to', iso],
          ],
          { headers: { authorization: DEMO_AUTH } },
        );
        return answer.body;
      };
      expect((await store.clickBoosts('gone fox', day(4))).has('doc-1')).toBe(true);
      expect(await store.searchedKeywords(['gone'], 5, day(4))).toEqual(['gone fox']);
      expect((await report(day(1))).topKeywords.map((k) => k.keyword)).toEqual(['gone fox']);

      expect(await capped.app.eventRetention.sweep()).toBe(gone.length);
      expect((await store.clickBoosts('gone fox', day(4))).size).toBe(0);
      expect(await store.searchedKeywords(['gone'], 5, day(4))).toEqual([]);
      // The report keeps the day's totals; its keyword and document rows went with the events.
      const first = await report(day(1));
      expect(first.totals.searches).toBe(12);
      expect(first.topKeywords).toEqual([]);
      expect(first.topDocuments).toEqual([]);
      // What is kept is counted as before.
      expect((await report(day(3))).topKeywords.map((k) => k.keyword)).toEqual(['kept owl']);
    } finally {
      await capped.close();
      capped.remove();
    }
  });

  it('keeps at most statsMaxEvents stored events, the oldest dropped first, and /health says so', async () => {
    const capped = await startService({ clock: () => now, statsMaxEvents: 100 });
    try {
      const rows = Array.from({ length: 150 }, (_, i) => ({
        event: { action: 'search', session: `c-${i}`, keyword: `k${String(i).padStart(3, '0')}`, numberOfResults: 1 } as StatsEvent,
        received: now - 1000 + i,
      }));
      await capped.app.eventStores.get('demo').loadStats(rows);
      const health = async () => (await getJson<HealthResponse>(capped, '/health')).body;
      expect((await health()).status).toBe('ok');
      expect(await capped.app.eventRetention.sweep()).toBe(50);
      const kept = await getJson<StoredStatsEventsResponse>(capped, '/v2/indices/demo/stats/events', [['limit', '1000']], {
        headers: { authorization: DEMO_AUTH },
      });
      expect(kept.body.events.map((e) => e.keyword)).toEqual(rows.slice(50).map((row) => row.event.keyword));
      const after = await health();
      expect(after.status).toBe('degraded');
      expect(after.problems?.join(' ')).toMatch(/statsMaxEvents: the 50 oldest were deleted/);
    } finally {
      await capped.close();
      capped.remove();
    }
  });
});
