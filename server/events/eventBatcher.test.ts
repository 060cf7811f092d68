import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventBatcher, type ProblemLog } from './eventBatcher.ts';

const full = () => Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });

describe('the event batcher', () => {
  let committed: number[][];
  let failing: boolean;
  let log: ProblemLog & { errors: string[] };
  const open = (settings: { keepMax?: number; batchMax?: number } = {}) =>
    new EventBatcher<number>({
      commit: (rows) => {
        if (failing) throw full();
        committed.push([...rows]);
      },
      what: 'events of index demo',
      log,
      ...settings,
    });

  beforeEach(() => {
    vi.useFakeTimers();
    committed = [];
    failing = false;
    const errors: string[] = [];
    log = { errors, error: (_details, message) => errors.push(message), warn: () => {} };
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('commits what was queued together, once the timer fires', async () => {
    const batcher = open();
    batcher.add(1);
    batcher.add(2);
    expect(committed).toEqual([]);
    await vi.runAllTimersAsync();
    expect(committed).toEqual([[1, 2]]);
  });

  it('keeps the events of a failed commit for a retry, without throwing from its timer, and says so once', async () => {
    const batcher = open();
    failing = true;
    batcher.add(1);
    await vi.advanceTimersByTimeAsync(200);
    batcher.add(2);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(batcher.health()).toMatchObject({ queued: 2, dropped: 0, failure: { kind: 'storage_full', message: 'database or disk is full' } });
    expect(log.errors).toHaveLength(1);
    expect(log.errors[0]).toMatch(/events of index demo: cannot be saved \(database or disk is full\)/);
    failing = false;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(committed).toEqual([[1, 2]]);
    expect(batcher.health()).toEqual({ queued: 0, dropped: 0, failure: null });
  });

  it('drops and counts the oldest events beyond its bound while commits fail', async () => {
    const batcher = open({ keepMax: 3 });
    failing = true;
    for (const row of [1, 2, 3, 4, 5]) batcher.add(row);
    await vi.advanceTimersByTimeAsync(200);
    expect(batcher.health()).toMatchObject({ queued: 3, dropped: 2 });
    failing = false;
    await batcher.flush();
    expect(committed).toEqual([[3, 4, 5]]);
  });

  it('resolves flush and close when the commit fails, counting what close could not save', async () => {
    const batcher = open();
    failing = true;
    batcher.add(1);
    await expect(batcher.flush()).resolves.toBeUndefined();
    await expect(batcher.close()).resolves.toBeUndefined();
    batcher.add(2);
    expect(batcher.health()).toMatchObject({ queued: 0, dropped: 2 });
    expect(log.errors.at(-1)).toMatch(/1 events could not be saved before closing/);
  });

  it('retries queued events after a failed write a caller waited for, once writes succeed again', async () => {
    const batcher = open();
    await expect(batcher.track(() => Promise.reject(full()))).rejects.toThrow();
    batcher.add(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(committed).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(committed).toEqual([[1]]);
    expect(batcher.health()).toEqual({ queued: 0, dropped: 0, failure: null });
  });

  it('commits what waited for a retry as soon as a write a caller waited for succeeds', async () => {
    const batcher = open();
    failing = true;
    batcher.add(1);
    await vi.advanceTimersByTimeAsync(200);
    await vi.advanceTimersByTimeAsync(1000);
    failing = false;
    await batcher.track(() => undefined);
    await vi.advanceTimersByTimeAsync(1);
    expect(committed).toEqual([[1]]);
  });

  it('reports a failed write a caller waited for, and clears it when one succeeds', async () => {
    const batcher = open();
    await expect(batcher.track(() => Promise.reject(full()))).rejects.toThrow('database or disk is full');
    expect(batcher.health().failure?.kind).toBe('storage_full');
    await batcher.track(() => undefined);
    expect(batcher.health().failure).toBeNull();
  });
});
