import { describe, expect, it } from 'vitest';
import type { IndexDocument } from '../src/client/types.ts';
import { DEFAULT_PROPOSAL_RULE } from '../server/events/learningSettings.ts';
import { proposalsFrom, type ProposalEvent } from '../server/events/proposals.ts';
import { normalizeKeyword } from '../server/events/normalizeKeyword.ts';
import { generatedTraffic } from './generatedTraffic.ts';

const documents: IndexDocument[] = Array.from({ length: 300 }, (_, i) => ({
  id: `d${i}`,
  title: `${['Element', 'Document', 'Window', 'HTMLElement', 'Array'][i % 5]}.member${i % 40}`,
}));
documents.push(
  { id: 'radius', title: 'CSS property: border-radius' },
  { id: 'fetch', title: 'fetch() global function' },
  { id: 'scroll', title: 'Element: scroll event' },
  { id: 'color', title: 'CSS property: color' },
);
const now = Date.parse('2026-04-30T18:00:00Z');

describe('generatedTraffic', () => {
  const events = generatedTraffic(documents, { now });

  it('is the same for the same day, oldest first, within the 60 days up to now', () => {
    expect(generatedTraffic(documents, { now })).toEqual(events);
    const times = events.map((e) => e.received);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[0]).toBeGreaterThanOrEqual(Date.parse('2026-03-02T00:00:00Z'));
    expect(times.at(-1)).toBeLessThanOrEqual(now);
  });

  it('has no-hit searches, clicks biased to the top on documents that exist, and two tags', () => {
    const searches = events.filter((e) => e.event.action === 'search');
    const clicks = events.flatMap((e) => (e.event.action === 'click' ? [e.event] : []));
    expect(searches.length).toBeGreaterThan(3000);
    const noHits = searches.filter((e) => e.event.action === 'search' && e.event.numberOfResults === 0).length;
    expect(noHits / searches.length).toBeGreaterThan(0.03);
    expect(noHits / searches.length).toBeLessThan(0.15);
    const ids = new Set(documents.map((d) => d.id));
    expect(clicks.every((c) => ids.has(c.docid) && c.position >= 1)).toBe(true);
    const first = clicks.filter((c) => c.position === 1).length;
    const fifth = clicks.filter((c) => c.position === 5).length;
    expect(first).toBeGreaterThan(3 * fifth);
    expect(new Set(events.map((e) => e.event.tag))).toEqual(new Set(['results-page', 'header']));
  });

  it('clicks a keyword\'s own pages: a word of a label before ": " is no keyword of the pages it labels', () => {
    const labelled: IndexDocument[] = [
      ...documents,
      ...'dxyr'.split('').map((letter) => ({ id: `letter-${letter}`, title: `CSS property: ${letter}` })),
      ...Array.from({ length: 60 }, (_, i) => ({ id: `prop${i}`, title: `CSS property: property-number-${i}` })),
    ];
    const clicks = generatedTraffic(labelled, { now }).flatMap((e) => (e.event.action === 'click' ? [e.event] : []));
    expect(clicks.some((c) => c.docid.startsWith('letter-'))).toBe(false);
    // The words after the label still make keywords of their pages.
    expect(clicks.some((c) => c.docid.startsWith('prop'))).toBe(true);
  });

  it('has searches that find pages no one clicks: enough to list as searched often, rarely clicked', () => {
    const recent = events.filter((e) => e.received > now - 30 * 86_400_000);
    const found = new Map<string, number>();
    const clicked = new Set<string>();
    for (const { event } of recent) {
      const keyword = normalizeKeyword(event.keyword);
      if (event.action === 'search' && event.numberOfResults > 0) found.set(keyword, (found.get(keyword) ?? 0) + 1);
      if (event.action === 'click') clicked.add(`${event.session} ${keyword}`);
    }
    for (const keyword of ['scroll to top', 'color picker']) {
      const clicks = [...clicked].filter((key) => key.endsWith(` ${keyword}`)).length;
      expect(found.get(keyword)).toBeGreaterThanOrEqual(20);
      expect(clicks / found.get(keyword)!).toBeLessThan(0.1);
    }
    // No title has `animation`: that phrase is left out.
    expect(found.has('animation examples')).toBe(false);
  });

  it('has visitors who fail, then find with the site’s word: enough to propose fixes', () => {
    let rowid = 0;
    // As a store reads them: the last 30 days, each search marked when a click followed it.
    const recent = events.filter((e) => e.received > now - 30 * 86_400_000);
    const clicked = new Set(recent.flatMap((e) => (e.event.action === 'click' ? [`${e.event.session} ${normalizeKeyword(e.event.keyword)}`] : [])));
    const read = recent.map(({ event, received }): ProposalEvent => {
      const keyword = normalizeKeyword(event.keyword);
      return {
        rowid: ++rowid,
        received,
        action: event.action,
        session: event.session,
        keyword,
        numberOfResults: event.action === 'search' ? event.numberOfResults : null,
        clicked: event.action === 'search' && clicked.has(`${event.session} ${keyword}`),
        docid: event.action === 'click' ? event.docid : null,
        client: null,
      };
    });
    const proposals = proposalsFrom(read, DEFAULT_PROPOSAL_RULE, 50).map((p) => `${p.kind} ${p.from} -> ${p.to}${p.id === undefined ? '' : ` ${p.id}`}`);
    expect(proposals).toEqual(
      expect.arrayContaining([
        'synonym rounded corners -> border-radius',
        'pin rounded corners -> border-radius radius',
        'synonym http request -> fetch',
        'pin http request -> fetch fetch',
      ]),
    );
    // Pairs whose word no title has are left out.
    expect(proposals.some((p) => p.includes('box-shadow'))).toBe(false);
  });
});
