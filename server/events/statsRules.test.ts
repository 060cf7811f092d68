import { describe, expect, it } from 'vitest';
import { clickBoosts } from './clickBoosts.ts';
import { clickVoters, DAY_MS, DEFAULT_CLICK_RANKING } from './clickRanking.ts';
import { mostSearched, searchedPrefixes } from './searchedKeywords.ts';
import { statsReport, type ReportRows } from './statsReport.ts';

const NOW = Date.parse('2026-05-01T00:00:00Z');
/** The log2 weight of `n` events received at `at`, with the default half-life. */
const lw = (n: number, at = NOW) => Math.log2(n) + at / (DEFAULT_CLICK_RANKING.halfLifeDays * DAY_MS);

describe('clickBoosts', () => {
  it('raises a document by its share of the searches, smoothed and bounded by maxBoost', () => {
    const boosts = clickBoosts({ searchesLw: lw(15), clicks: [{ docid: 'a', lw: lw(10) }] }, NOW, DEFAULT_CLICK_RANKING);
    expect(boosts.get('a')).toBeCloseTo(1 + 10 / (15 + 5), 9);
    const capped = clickBoosts({ searchesLw: lw(1), clicks: [{ docid: 'a', lw: lw(50) }] }, NOW, { ...DEFAULT_CLICK_RANKING, maxBoost: 0.5 });
    expect(capped.get('a')).toBe(1.5);
  });

  it('halves old weights each half-life, and leaves out boosts too small to matter', () => {
    const weights = { searchesLw: null, clicks: [{ docid: 'a', lw: lw(4) }] };
    const later = NOW + DEFAULT_CLICK_RANKING.halfLifeDays * DAY_MS;
    expect(clickBoosts(weights, later, DEFAULT_CLICK_RANKING).get('a')).toBeCloseTo(1 + 2 / 5, 9);
    expect(clickBoosts(weights, NOW + 20 * DEFAULT_CLICK_RANKING.halfLifeDays * DAY_MS, DEFAULT_CLICK_RANKING).has('a')).toBe(false);
  });
});

describe('clickVoters', () => {
  it('votes by client and by session, counted by address group; by session alone for events of the process; never for an unknown sender', () => {
    expect(clickVoters('c1', 'g1', 's1')).toEqual({ group: 'g1', voters: ['ac1', 'ss1'] });
    // Stored before groups were kept: its address is a group of its own.
    expect(clickVoters('c1', null, 's1')).toEqual({ group: 'ac1', voters: ['ac1', 'ss1'] });
    expect(clickVoters(null, null, 's1')).toEqual({ group: 'ss1', voters: ['ass1'] });
    expect(clickVoters('', null, 's1')).toBeNull();
  });
});

describe('searched keywords lookup', () => {
  it('looks several words up spaced and joined, and one or two letters among the most searched', () => {
    expect(searchedPrefixes(['set', 'time'])).toEqual({ prefixes: ['set time', 'settime'], short: false });
    expect(searchedPrefixes(['re'])).toEqual({ prefixes: ['re'], short: true });
    expect(searchedPrefixes(['res'])).toEqual({ prefixes: ['res'], short: false });
  });

  it('merges the lookups by sessions', () => {
    const spaced = [{ keyword: 'set time', sessions: 3 }];
    const joined = [{ keyword: 'settimeout', sessions: 9 }];
    expect(mostSearched([spaced, joined], 5)).toEqual(['settimeout', 'set time']);
    expect(mostSearched([spaced, joined], 1)).toEqual(['settimeout']);
  });
});

describe('statsReport', () => {
  const day = Math.floor(NOW / DAY_MS);
  const counts = (searches: number, noHitSearches = 0, clicks = 0, clickedSearches = 0) => ({ searches, noHitSearches, clicks, clickedSearches });
  const rows: ReportRows = {
    byDay: [{ day: day + 1, ...counts(4, 1, 3, 2) }],
    byKeyword: [
      { keyword: 'b', ...counts(2, 1) },
      { keyword: 'a', ...counts(2) },
      { keyword: 'c', ...counts(0, 0, 3, 0) },
    ],
    byPosition: [
      { position: 2, clicks: 2 },
      { position: 14, clicks: 1 },
    ],
    byTag: [
      { tag: '', ...counts(3, 1, 2, 1) },
      { tag: 'docs', ...counts(1, 0, 1, 1) },
    ],
    topDocuments: [{ docid: 'd1', clicks: 3 }],
  };

  it('fills every day of the range, sums the totals and rates', () => {
    const report = statsReport({ fromDay: day, toDay: day + 2 }, rows, 10);
    expect(report.days.map((d) => [d.date, d.searches])).toEqual([
      ['2026-05-01', 0],
      ['2026-05-02', 4],
      ['2026-05-03', 0],
    ]);
    expect(report.days[0]!.clickThroughRate).toBeNull();
    expect(report.totals).toEqual({ ...counts(4, 1, 3, 2), clickThroughRate: 0.5, meanClickPosition: (2 * 2 + 14) / 3 });
  });

  it('lists keywords by count then by keyword, buckets positions past 10, and names the untagged tag null', () => {
    const report = statsReport({ fromDay: day, toDay: day }, rows, 1);
    expect(report.topKeywords.map((k) => k.keyword)).toEqual(['a']);
    expect(report.noHitKeywords.map((k) => k.keyword)).toEqual(['b']);
    expect(report.positions[1]).toEqual({ from: 2, to: 2, clicks: 2 });
    expect(report.positions[10]).toEqual({ from: 11, to: null, clicks: 1 });
    expect(report.tags.map((t) => t.tag)).toEqual([null, 'docs']);
    expect(report.topDocuments).toEqual([{ docid: 'd1', clicks: 3 }]);
  });
});
