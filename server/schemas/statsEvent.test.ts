import type { Static } from 'typebox';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { StatsEvent as ApiStatsEvent } from '../../src/client/types.ts';
import { validateStatsEvent } from '../../src/client/validateStatsEvent.ts';
import { readStatsEvent, StatsEvent } from './statsEvent.ts';

const search = { action: 'search', session: 's', keyword: 'k', numberOfResults: 1 };
const click = { action: 'click', session: 's', keyword: 'k', docid: 'd', position: 1 };

/** Events right and wrong in one way each; the client and the schema must agree on each. */
const EVENTS: unknown[] = [
  search,
  click,
  { ...search, tag: 'header', eventId: 'e-1', timestamp: 5 },
  { ...click, tag: null, eventId: null },
  { ...search, keyword: '' },
  'search',
  null,
  [search],
  { ...search, action: undefined },
  { ...search, action: 'view' },
  { ...search, session: undefined },
  { ...search, session: null },
  { ...search, session: '' },
  { ...search, session: 'x'.repeat(33) },
  { ...search, session: 5 },
  { ...search, session: 'a\u0000' },
  { ...search, keyword: 'k\u0000' },
  { ...search, keyword: 'k\ud800' },
  { ...search, keyword: 'k'.repeat(301) },
  { ...search, numberOfResults: undefined },
  { ...search, numberOfResults: -1 },
  { ...search, numberOfResults: 1.5 },
  { ...search, numberOfResults: '3' },
  { ...search, numberOfResults: 2 ** 53 },
  { ...search, tag: 't'.repeat(51) },
  { ...search, tag: 'a\u0000' },
  { ...click, docid: undefined },
  { ...click, docid: 'd'.repeat(33) },
  { ...click, docid: 'd\u0000' },
  { ...click, position: 0 },
  { ...click, position: 1.5 },
  { ...click, position: undefined },
  { ...click, eventId: 'a b' },
  { ...click, eventId: 'e'.repeat(65) },
  { ...click, eventId: 7 },
  { ...click, userToken: 'user-42' },
  { ...click, userToken: 'u'.repeat(128) },
  { ...click, userToken: null },
  { ...click, userToken: 'u'.repeat(129) },
  { ...click, userToken: '' },
  { ...click, userToken: 42 },
  { ...click, userToken: 'u\u0000' },
  { ...click, position: 0, userToken: 'u'.repeat(129) },
  { ...search, userToken: 'user-42' },
  { ...search, userToken: 'u'.repeat(129) },
  { ...search, numberOfResults: -1, userToken: 'u'.repeat(129) },
];

describe('the stats event schema and the client check', () => {
  it.each(EVENTS.map((event) => [JSON.stringify(event)?.slice(0, 90), event]))('agree on %s', (_, event) => {
    const server = readStatsEvent(event);
    const client = validateStatsEvent(event);
    expect(client).toEqual(server);
  });

  it('agree with the API types', () => {
    expectTypeOf<Static<typeof StatsEvent>>().toEqualTypeOf<ApiStatsEvent>();
  });
});
