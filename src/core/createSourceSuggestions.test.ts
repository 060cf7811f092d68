import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SuggestResponse } from '../client/types.ts';
import { createSourceSuggestions } from './createSourceSuggestions.ts';

interface Call {
  index: string;
  term: string;
  at: number;
  signal: AbortSignal | undefined;
  resolve(r: SuggestResponse): void;
  reject(reason: unknown): void;
}

function setup(labels = ['Docs', 'Blog']) {
  const calls: Call[] = [];
  const start = performance.now();
  const clientOf = (index: string) => ({
    suggest: vi.fn(
      (params: { term: string }, options?: { signal?: AbortSignal }) =>
        new Promise<SuggestResponse>((resolve, reject) =>
          calls.push({ index, term: params.term, at: performance.now() - start, signal: options?.signal, resolve, reject }),
        ),
    ),
    autocomplete: vi.fn(() => Promise.reject(new Error('not asked'))),
  });
  const s = createSourceSuggestions({ id: 'ss1', sources: labels.map((label) => ({ label, client: clientOf(label.toLowerCase()) })) });
  return { s, calls };
}
const words = (...values: string[]) => ({ suggestions: values.map((value) => ({ value })) });
const answer = async (calls: Call[], answers: Record<string, SuggestResponse | Error>) => {
  for (const call of calls) {
    const a = answers[call.index];
    if (a instanceof Error) call.reject(a);
    else if (a) call.resolve(a);
  }
  await vi.advanceTimersByTimeAsync(0);
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('createSourceSuggestions', () => {
  it('asks every index at once, and lists each index’s suggestions as its group, in order', async () => {
    const { s, calls } = setup();
    s.update('gr');
    expect(calls.map((c) => [c.index, c.term])).toEqual([
      ['docs', 'gr'],
      ['blog', 'gr'],
    ]);
    // The blog answers first: the groups keep the order of the sources.
    await answer(calls, { blog: words('grid at ten'), docs: words('grid', 'group', 'gradient', 'graph') });
    expect(s.open.value).toBe(true);
    expect(s.items.value.map((item) => [item.group, item.value])).toEqual([
      [0, 'grid'],
      [0, 'group'],
      [0, 'gradient'],
      [1, 'grid at ten'],
    ]);
    expect(s.groups?.value).toEqual([
      { label: 'Docs', failed: false },
      { label: 'Blog', failed: false },
    ]);
    // The arrows walk on from the first group into the second, and Enter picks there.
    for (let i = 0; i < 4; i++) s.key('ArrowDown');
    expect(s.key('Enter')).toEqual({ pick: { value: 'grid at ten', source: 'suggest', group: 1 } });
  });

  it('an index that fails is marked for that term while the others show; when all fail the list closes', async () => {
    const { s, calls } = setup();
    s.update('gr');
    await answer(calls, { docs: words('grid'), blog: new Error('503') });
    expect(s.items.value.map((item) => item.value)).toEqual(['grid']);
    expect(s.groups?.value.map((g) => g.failed)).toEqual([false, true]);
    await vi.advanceTimersByTimeAsync(1000);
    s.update('gri');
    await answer(calls.slice(2), { docs: words('grid'), blog: words('grid items') });
    expect(s.groups?.value.map((g) => g.failed)).toEqual([false, false]);
    await vi.advanceTimersByTimeAsync(1000);
    s.update('grip');
    await answer(calls.slice(4), { docs: new Error('503'), blog: new Error('503') });
    expect(s.open.value).toBe(false);
  });

  it('one slot asks every index and counts as that many: at most 5 suggest requests a second in all, the newer aborting the older', async () => {
    const { s, calls } = setup();
    // Keys 100 ms apart for 3 seconds, each answer coming 50 ms after its request.
    for (let key = 1; key <= 30; key++) {
      s.update('g'.repeat(key));
      await vi.advanceTimersByTimeAsync(50);
      await answer(
        calls.filter((c) => !c.signal?.aborted),
        { docs: words('grid'), blog: words('blog') },
      );
      await vi.advanceTimersByTimeAsync(50);
    }
    const times = calls.map((c) => c.at);
    for (const t of times) expect(times.filter((u) => u >= t && u < t + 1000).length).toBeLessThanOrEqual(5);
    // Two indices: slots 500 ms apart, each sending both indices' requests together.
    expect(calls.length).toBeGreaterThanOrEqual(10);
    expect(calls.filter((c) => c.index === 'docs').map((c) => c.at)).toEqual(calls.filter((c) => c.index === 'blog').map((c) => c.at));
  });

  it('a newer slot aborts the requests of the one before, and only its answers are shown', async () => {
    const { s, calls } = setup();
    s.update('g');
    await vi.advanceTimersByTimeAsync(10);
    s.update('gr');
    await vi.advanceTimersByTimeAsync(500);
    expect(calls.map((c) => c.term)).toEqual(['g', 'g', 'gr', 'gr']);
    expect(calls.slice(0, 2).every((c) => c.signal?.aborted)).toBe(true);
    await answer(calls, { docs: words('grid'), blog: words('blog') });
    expect(s.forTerm.value).toBe('gr');
  });
});
