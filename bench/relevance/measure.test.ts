import { describe, expect, it } from 'vitest';
import type { EngineSpec } from './engines/index.ts';
import { measureRelevance } from './measure.ts';
import type { Engine, JudgedQuery } from './types.ts';

const queries: JudgedQuery[] = [
  { q: 'fetch', class: 'exact', set: 'tune', targets: ['https://x/fetch'], reason: 'r' },
  { q: 'fetc', class: 'prefix', set: 'holdout', targets: ['https://x/fetch', 'https://x/other'], reason: 'r' },
  { q: 'nothing', class: 'typo', set: 'tune', targets: ['https://x/fetch'], reason: 'r' },
];

/** An engine that answers from a table and notes what was done to it. */
function spec(name: string, answers: Record<string, string[]>, calls: string[], failIndex = false): EngineSpec {
  const engine: Engine = {
    name,
    async index(docs) {
      calls.push(`${name} index ${docs.length}`);
      if (failIndex) throw new Error('the binary would not start\nstack…');
    },
    async search(q, limit) {
      calls.push(`${name} search ${q} ${limit}`);
      return answers[q] ?? [];
    },
    async close() {
      calls.push(`${name} close`);
    },
  };
  return { key: name, name, settings: `${name} settings`, installed: false, make: () => engine };
}

describe('measureRelevance', () => {
  it('ranks each query on each engine, and closes every engine', async () => {
    const calls: string[] = [];
    const answers = { fetch: ['https://x/fetch'], fetc: ['https://x/a', 'https://x/b', 'https://x/other'] };
    const result = await measureRelevance({
      docs: [{ url: 'https://x/fetch' }],
      queries,
      engines: [spec('one', answers, calls)],
      repo: '.',
      install: false,
      log: () => {},
    });
    const run = result.engines[0]!;
    expect(run.missing).toBeUndefined();
    expect(run.settings).toBe('one settings');
    expect(run.outcomes.map((o) => [o.q, o.class, o.set, o.rank, o.urls.length])).toEqual([
      ['fetch', 'exact', 'tune', 1, 1],
      ['fetc', 'prefix', 'holdout', 3, 3],
      ['nothing', 'typo', 'tune', null, 0],
    ]);
    expect(calls[0]).toBe('one index 1');
    expect(calls).toContain('one search fetc 10');
    expect(calls.at(-1)).toBe('one close');
    expect(result.documents).toBe(1);
  });

  it('reports an engine that fails as not measured, with the first line of why, and goes on', async () => {
    const calls: string[] = [];
    const result = await measureRelevance({
      docs: [],
      queries,
      engines: [spec('broken', {}, calls, true), spec('fine', {}, calls)],
      repo: '.',
      install: false,
      log: () => {},
    });
    expect(result.engines.map((e) => [e.name, e.missing, e.outcomes.length])).toEqual([
      ['broken', 'not measured (the binary would not start)', 0],
      ['fine', undefined, 3],
    ]);
    expect(calls).toContain('broken close');
  });
});
