import { describe, expect, it } from 'vitest';
import { DAY_MS } from './clickRanking.ts';
import { countEvent, countEventNow, type AsyncRollupSteps, type FollowedSearch, type RollupEvent, type RollupSteps } from './rollupRules.ts';

const HALF_LIFE = 14 * DAY_MS;
const T = Date.parse('2026-05-01T12:00:00Z');

/** Rollups in maps: what a store would keep, to compare the two ways of running the rules. */
function memoryRollups(searches: readonly RollupEvent[]): RollupSteps & { log: string[] } {
  const log: string[] = [];
  const clicked = new Set<number>();
  const voters = new Set<string>();
  const clients = new Set<string>();
  return {
    log,
    count: (day, tag, keyword, add) => void log.push(`count ${day} ${tag} ${keyword} ${JSON.stringify(add)}`),
    click: (day, tag, docid, position) => void log.push(`click ${day} ${tag} ${docid} ${position}`),
    addSearchWeight: (keyword) => void log.push(`search weight ${keyword}`),
    latestSearch: (session, keyword, from, to): FollowedSearch | null => {
      const found = searches
        .filter((e) => e.action === 'search' && e.session === session && e.keyword === keyword && e.received >= from && e.received <= to)
        .at(-1);
      return found === undefined ? null : { rowid: found.rowid, received: found.received, tag: found.tag, clicked: clicked.has(found.rowid) };
    },
    markClicked: (rowid) => void clicked.add(rowid),
    vote: (day, keyword, docid, voter) => {
      const key = `${day} ${keyword} ${docid} ${voter}`;
      const fresh = !voters.has(key);
      voters.add(key);
      log.push(`vote ${voter} ${fresh}`);
      return fresh;
    },
    addClickClient: (keyword, docid, client) => {
      const fresh = !clients.has(`${keyword} ${docid} ${client}`);
      clients.add(`${keyword} ${docid} ${client}`);
      return fresh;
    },
    addClickWeight: (keyword, docid, _lw, newClients) => void log.push(`click weight ${keyword} ${docid} +${newClients}`),
  };
}

function promised(steps: RollupSteps): AsyncRollupSteps {
  const wrap =
    <A extends unknown[], R>(f: (...args: A) => R) =>
    async (...args: A): Promise<R> =>
      f(...args);
  return {
    count: wrap(steps.count),
    click: wrap(steps.click),
    addSearchWeight: wrap(steps.addSearchWeight),
    latestSearch: wrap(steps.latestSearch),
    markClicked: wrap(steps.markClicked),
    vote: wrap(steps.vote),
    addClickClient: wrap(steps.addClickClient),
    addClickWeight: wrap(steps.addClickWeight),
  };
}

const event = (rowid: number, action: 'search' | 'click', session: string, client: string | null, received: number): RollupEvent => ({
  rowid,
  received,
  action,
  session,
  keyword: 'kettle',
  numberOfResults: action === 'search' ? 0 : null,
  docid: action === 'click' ? 'steel' : null,
  position: action === 'click' ? 2 : null,
  tag: '',
  client,
  group: client === null ? null : `g${client}`,
});

describe('the rollup rules', () => {
  const events = [
    event(1, 'search', 's1', 'c1', T),
    event(2, 'click', 's1', 'c1', T + 60_000),
    // The same client in another session the same day: recorded as a voter, weighs nothing.
    event(3, 'search', 's2', 'c1', T + 120_000),
    event(4, 'click', 's2', 'c1', T + 180_000),
    // A click with no search before it counts for the day only.
    event(5, 'click', 's3', 'c2', T),
  ];

  it('ask a store the same steps, answered at once or awaited', async () => {
    const now = memoryRollups(events);
    const later = memoryRollups(events);
    for (const e of events) countEventNow(e, HALF_LIFE, now);
    for (const e of events) await countEvent(e, HALF_LIFE, promised(later));
    expect(later.log).toEqual(now.log);
    const day = Math.floor(T / DAY_MS);
    expect(now.log).toEqual([
      `count ${day}  kettle {"searches":1,"noHits":1,"clicks":0,"clickedSearches":0}`,
      'search weight kettle',
      `count ${day}  kettle {"searches":0,"noHits":0,"clicks":1,"clickedSearches":0}`,
      `click ${day}  steel 2`,
      'vote ac1 true',
      'vote ss1 true',
      'click weight kettle steel +1',
      `count ${day}  kettle {"searches":0,"noHits":0,"clicks":0,"clickedSearches":1}`,
      `count ${day}  kettle {"searches":1,"noHits":1,"clicks":0,"clickedSearches":0}`,
      'search weight kettle',
      `count ${day}  kettle {"searches":0,"noHits":0,"clicks":1,"clickedSearches":0}`,
      `click ${day}  steel 2`,
      'vote ac1 false',
      'vote ss2 true',
      `count ${day}  kettle {"searches":0,"noHits":0,"clicks":0,"clickedSearches":1}`,
      `count ${day}  kettle {"searches":0,"noHits":0,"clicks":1,"clickedSearches":0}`,
      `click ${day}  steel 2`,
    ]);
  });
});
