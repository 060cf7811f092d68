import { describe, expect, it } from 'vitest';
import { judgedQueryProblem } from '../../cli/judgedQueries.ts';
import type { StoredStatsEvent } from '../../../src/client/types.ts';
import { judgedQueriesOf } from './judgedQueries.ts';

const click = (keyword: string, docid: string, received = '2026-11-20T10:00:00Z', tag?: string): StoredStatsEvent => ({
  action: 'click',
  session: 's',
  keyword,
  docid,
  position: 1,
  ...(tag === undefined ? {} : { tag }),
  source: 'stats',
  received,
});
const SCOPE = { from: '2026-11-01', to: '2026-11-27', tag: undefined };

describe('judged queries from clicks', () => {
  it('gives each query the pages clicked most for it, more clicks first, at most three', () => {
    const events: StoredStatsEvent[] = [
      click('grid', 'b'),
      click('Grid ', 'a'),
      click('grid', 'a'),
      click('grid', 'c'),
      click('grid', 'd'),
      click('grid', 'd'),
      { action: 'search', session: 's', keyword: 'grid', numberOfResults: 4, source: 'search', received: '2026-11-20T10:00:00Z' },
      click('flex  box', 'f'),
      click('other', 'z'),
    ];
    const judged = judgedQueriesOf(['grid', 'flex box', 'never clicked', ''], events, SCOPE);
    expect(judged).toEqual([
      { query: 'grid', wanted: ['a', 'd', 'b'] },
      { query: 'flex box', wanted: ['f'] },
    ]);
    // Each entry is one `site-search eval` reads.
    expect(judged.map(judgedQueryProblem)).toEqual([null, null]);
  });

  it('counts only the clicks of the report’s days and tag', () => {
    const events = [
      click('grid', 'before', '2026-10-31T23:59:59Z'),
      click('grid', 'first-day', '2026-11-01T00:00:00Z'),
      click('grid', 'last-day', '2026-11-27T23:59:59Z'),
      click('grid', 'after', '2026-11-28T00:00:00Z'),
      click('grid', 'header', '2026-11-20T00:00:00Z', 'header'),
    ];
    expect(judgedQueriesOf(['grid'], events, SCOPE, 10)[0]!.wanted.sort()).toEqual(['first-day', 'header', 'last-day']);
    expect(judgedQueriesOf(['grid'], events, { ...SCOPE, tag: 'header' })).toEqual([{ query: 'grid', wanted: ['header'] }]);
    expect(judgedQueriesOf(['grid'], events, { ...SCOPE, tag: null }, 10)[0]!.wanted.sort()).toEqual(['first-day', 'last-day']);
  });
});
