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
