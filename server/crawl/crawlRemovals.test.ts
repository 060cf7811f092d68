import { describe, expect, it } from 'vitest';
import type { PageVerdict } from '../engine/crawlStore.ts';
import { DEFAULT_REMOVAL_RULES } from './crawlJobOptions.ts';
import { mustHold, NOT_LINKED, pageFate } from './crawlRemovals.ts';

const HOUR = 60 * 60_000;
const rules = DEFAULT_REMOVAL_RULES;

function verdict(outcome: PageVerdict['outcome'], reason: string | null, failures = 0, firstFailureAt: number | null = null): PageVerdict {
  return { url: 'https://site.example/p', outcome, reason, failures, firstFailureAt };
}

describe('a crawled page after a crawl', () => {
  it('stays when indexed or unchanged, and when left out by the crawl’s own limits', () => {
    expect(pageFate(verdict('indexed', null), NOT_LINKED, rules, 0)).toEqual({ kind: 'keep' });
    expect(pageFate(verdict('unchanged', null), NOT_LINKED, rules, 0)).toEqual({ kind: 'keep' });
    expect(pageFate(verdict('excluded', 'max pages'), NOT_LINKED, rules, 0)).toEqual({ kind: 'keep' });
    expect(pageFate(verdict('excluded', 'max depth'), NOT_LINKED, rules, 0)).toEqual({ kind: 'keep' });
  });

  it('goes after one crawl when the site says so, or when a full crawl no longer finds it', () => {
    for (const [outcome, reason] of [
      ['failed', 'not found'],
      ['excluded', 'noindex'],
      ['excluded', 'canonical elsewhere'],
      ['excluded', 'duplicate'],
      ['excluded', 'out of scope'],
      ['excluded', 'redirected'],
    ] as const) {
      expect(pageFate(verdict(outcome, reason), null, rules, 0)).toEqual({ kind: 'remove', reason });
    }
    expect(pageFate(verdict(null, null), NOT_LINKED, rules, 0)).toEqual({ kind: 'remove', reason: NOT_LINKED });
    // Another site's page, or a crawl cut short: not found is not gone.
    expect(pageFate(verdict(null, null), null, rules, 0)).toEqual({ kind: 'keep' });
  });

  it('fails in three crawls in a row spread over a day before it goes', () => {
    const t0 = 1_000 * HOUR;
    expect(pageFate(verdict('failed', 'server error'), null, rules, t0)).toEqual({ kind: 'failing' });
    expect(pageFate(verdict('failed', 'timeout', 1, t0), null, rules, t0 + HOUR)).toEqual({ kind: 'failing' });
    // Three crawls, but within two hours: a bad afternoon, not a gone page.
    expect(pageFate(verdict('failed', 'server error', 2, t0), null, rules, t0 + 2 * HOUR)).toEqual({ kind: 'failing' });
    expect(pageFate(verdict('failed', 'server error', 3, t0), null, rules, t0 + 25 * HOUR)).toEqual({
      kind: 'remove',
      reason: 'server error in 4 crawls in a row',
    });
    expect(pageFate(verdict('failed', 'server error', 2, t0), null, rules, t0 + 24 * HOUR)).toEqual({
      kind: 'remove',
      reason: 'server error in 3 crawls in a row',
    });
  });
});

describe('the safety check', () => {
  it('holds removals over a tenth of the index, or when over a fifth of the fetches failed', () => {
    expect(mustHold(0, 100, 90, 100, rules)).toBe(false);
    expect(mustHold(10, 100, 0, 100, rules)).toBe(false);
    expect(mustHold(11, 100, 0, 100, rules)).toBe(true);
    expect(mustHold(1, 100, 20, 100, rules)).toBe(false);
    expect(mustHold(1, 100, 21, 100, rules)).toBe(true);
  });
});
