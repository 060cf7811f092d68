import { describe, expect, it } from 'vitest';
import { PROPOSAL_GAP_MS, proposalsFrom, type ProposalEvent } from './proposals.ts';
import { DEFAULT_PROPOSAL_RULE } from './learningSettings.ts';

const RULE = { minSessions: 2, minAddresses: 2, minDays: 1 };
let rowid = 0;

/** One session's visit: each step `[keyword, results]` is a search, `[keyword, docid]` a click, a minute apart unless `at` says. */
function visit(
  session: string,
  client: string | null,
  steps: Array<{ search: string; results?: number; clicked?: boolean } | { click: string; docid: string }>,
  start = 0,
) {
  return steps.map((step, i): ProposalEvent => {
    const common = { rowid: ++rowid, received: start + i * 60_000, session, client };
    return 'search' in step
      ? { ...common, action: 'search', keyword: step.search, numberOfResults: step.results ?? 3, clicked: step.clicked ?? false, docid: null }
      : { ...common, action: 'click', keyword: step.click, numberOfResults: null, clicked: false, docid: step.docid };
  });
}

const fixed = (session: string, client: string | null, start = 0) =>
  visit(
    session,
    client,
    [
      { search: 'round corners', results: 0 },
      { search: 'border radius', clicked: true },
      { click: 'border radius', docid: 'radius' },
    ],
    start,
  );
const DAY = 86_400_000;

describe('proposalsFrom', () => {
  it('proposes a synonym and a pin from a failed search followed by a clicked one, with their counts', () => {
    const events = [...fixed('a', 'x'), ...fixed('b', 'y'), ...fixed('c', 'y')];
    expect(proposalsFrom(events, RULE, 10)).toEqual([
      { kind: 'pin', from: 'round corners', to: 'border radius', id: 'radius', sessions: 3, addresses: 2, groups: 2, days: 1 },
      { kind: 'synonym', from: 'round corners', to: 'border radius', sessions: 3, addresses: 2, groups: 2, days: 1 },
    ]);
  });

  it('needs enough addresses: sessions made up on one address count as one', () => {
    const events = Array.from({ length: 40 }, (_, i) => fixed(`s${i}`, 'one')).flat();
    expect(proposalsFrom(events, RULE, 10)).toEqual([]);
    // Without an address (events stored by code in the process) each session stands for one.
    expect(proposalsFrom([...fixed('a', null), ...fixed('b', null)], RULE, 10)).toHaveLength(2);
    // An unknown sender ('') counts as no address.
    expect(proposalsFrom([...fixed('a', ''), ...fixed('b', '')], RULE, 10)).toEqual([]);
  });

  it('takes an unclicked search with results as failed, and never a clicked one', () => {
    const unclicked = (session: string, client: string) =>
      visit(session, client, [{ search: 'rounded box' }, { search: 'border radius', clicked: true }, { click: 'border radius', docid: 'radius' }]);
    expect(proposalsFrom([...unclicked('a', 'x'), ...unclicked('b', 'y')], RULE, 10).map((p) => p.from)).toEqual(['rounded box', 'rounded box']);
    const clicked = (session: string, client: string) =>
      visit(session, client, [
        { search: 'grid', clicked: true },
        { search: 'flexbox', clicked: true },
        { click: 'flexbox', docid: 'flex' },
      ]);
    expect(proposalsFrom([...clicked('a', 'x'), ...clicked('b', 'y')], RULE, 10)).toEqual([]);
  });

  it('pairs searches only within minutes, of other words, not words still being typed', () => {
    const late = (session: string, client: string) => [
      ...visit(session, client, [{ search: 'round corners', results: 0 }]),
      ...visit(
        session,
        client,
        [
          { search: 'border radius', clicked: true },
          { click: 'border radius', docid: 'radius' },
        ],
        PROPOSAL_GAP_MS + 1,
      ),
    ];
    expect(proposalsFrom([...late('a', 'x'), ...late('b', 'y')], RULE, 10)).toEqual([]);
    const typing = (session: string, client: string) =>
      visit(session, client, [
        { search: 'border rad', results: 0 },
        { search: 'Border radius', clicked: true },
        { click: 'Border radius', docid: 'radius' },
      ]);
    expect(proposalsFrom([...typing('a', 'x'), ...typing('b', 'y')], RULE, 10)).toEqual([]);
  });

  it('counts a pair once per session, and keeps to the limit, the most sessions first', () => {
    const twice = (session: string, client: string) => [
      ...fixed(session, client),
      ...fixed(session, client).map((e) => ({ ...e, received: e.received + 10 * 60_000 })),
    ];
    const other = (session: string, client: string) =>
      visit(session, client, [
        { search: 'centre div', results: 0 },
        { search: 'align items', clicked: true },
        { click: 'align items', docid: 'align' },
      ]);
    const events = [...twice('a', 'x'), ...twice('b', 'y'), ...fixed('c', 'z'), ...other('d', 'x'), ...other('e', 'y')];
    const proposals = proposalsFrom(events, RULE, 3);
    expect(proposals.map((p) => [p.kind, p.from, p.sessions])).toEqual([
      ['pin', 'round corners', 3],
      ['synonym', 'round corners', 3],
      ['pin', 'centre div', 2],
    ]);
  });

  it('by default needs two days and three address groups, and more sessions on a keyword many sessions fail', () => {
    const inGroup = (events: ProposalEvent[], group: string) => events.map((e) => ({ ...e, group }));
    // Six sessions from three groups in one burst (the 18 events): nothing.
    const burst = Array.from({ length: 6 }, (_, i) => inGroup(fixed(`b${i}`, `c${i}`), `g${i % 3}`)).flat();
    expect(proposalsFrom(burst, DEFAULT_PROPOSAL_RULE, 10)).toEqual([]);
    // One more the next day: two days.
    const twoDays = [...burst, ...inGroup(fixed('next', 'c9', DAY), 'g0')];
    expect(proposalsFrom(twoDays, DEFAULT_PROPOSAL_RULE, 10).map((p) => [p.kind, p.sessions, p.addresses, p.groups, p.days])).toEqual([
      ['pin', 7, 7, 3, 2],
      ['synonym', 7, 7, 3, 2],
    ]);
    // Seven addresses of two groups are two groups.
    expect(
      proposalsFrom(
        twoDays.map((e) => ({ ...e, group: e.group === 'g2' ? 'g1' : e.group })),
        DEFAULT_PROPOSAL_RULE,
        10,
      ),
    ).toEqual([]);
    // 100 other sessions failed the keyword: 7 sessions are fewer than a tenth of its 107.
    const failing = Array.from({ length: 100 }, (_, i) => inGroup(visit(`f${i}`, `fc${i}`, [{ search: 'round corners', results: 0 }]), `fg${i}`)).flat();
    expect(proposalsFrom([...twoDays, ...failing], DEFAULT_PROPOSAL_RULE, 10)).toEqual([]);
    expect(proposalsFrom([...twoDays, ...failing.slice(0, 60)], DEFAULT_PROPOSAL_RULE, 10)).toHaveLength(2);
  });
});
