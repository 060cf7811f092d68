import type { Static } from 'typebox';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { RecommendationEvent as ApiRecommendationEvent } from '../../src/client/types.ts';
import { validateRecommendationEvents } from '../../src/client/validateRecommendationEvents.ts';
import { readRecommendationEvents, RecommendationEvent } from './recommendationEvent.ts';

const good = { transaction: 't', item: 'i', time: '2024-06-01' };

/** Events right and wrong in one way each; the client and the schema must agree on each. */
const EVENTS: unknown[] = [
  good,
  { ...good, time: '2024-06-01T10:00:00' },
  { ...good, time: '2024-06-01T10:00:00+02:00', extra: 1 },
  'not an event',
  null,
  [good],
  { item: 'i', time: '2024-06-01' },
  { ...good, item: 5 },
  { ...good, item: null },
  { ...good, item: '' },
  { ...good, transaction: 'x'.repeat(513) },
  { ...good, item: 'a\u0000' },
  { ...good, transaction: '\ud800' },
  { ...good, time: 'yesterday' },
  { ...good, time: '1717200000000' },
  { ...good, time: '2024-06-01\u0000' },
];

describe('the recommendation event schema and the client check', () => {
  it.each(EVENTS.map((event) => [JSON.stringify(event)?.slice(0, 90), event]))('agree on %s', (_, event) => {
    const server = readRecommendationEvents([good, event]);
    const client = validateRecommendationEvents([good, event]);
    expect(client.ok).toBe(server.ok);
    if (client.ok && server.ok) expect(client.events).toEqual(server.events);
    if (!client.ok && !server.ok) expect(client.problems[0]).toEqual(server.problems[0]);
  });

  it('agree with the API types', () => {
    expectTypeOf<Static<typeof RecommendationEvent>>().toEqualTypeOf<ApiRecommendationEvent>();
  });
});
