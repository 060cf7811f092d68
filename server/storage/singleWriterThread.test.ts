// The single writer thread on its own, with a thread that logs what it runs
// (testing/writerTasksWorker.mjs): the index's and the event store's writers both rely on
// what is checked here.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testFolder } from '../testing/runFolder.ts';
import { SingleWriterThread } from './singleWriterThread.ts';

type Task = { op: 'note' | 'fail' | 'exit'; name: string; code?: string };

const WORKER = new URL('../testing/writerTasksWorker.mjs', import.meta.url);
const folder = testFolder('site-search-single-writer-');
afterAll(() => rmSync(folder, { recursive: true, force: true }));

let files = 0;
/** A writer thread with a log of its own, and a reader of that log. */
function writer(): { thread: SingleWriterThread<Task, string[]>; log: () => string[]; starts: () => number } {
  const log = join(folder, `log-${++files}.txt`);
  let starts = 0;
  const thread = new SingleWriterThread<Task, string[]>({
    worker: WORKER,
    data: () => {
      starts++;
      return { log };
    },
    what: 'the test file',
  });
  return { thread, log: () => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : []), starts: () => starts };
}

describe('SingleWriterThread', () => {
  it('runs the tasks one at a time on one thread, in the order they were handed over', async () => {
    const { thread, log, starts } = writer();
    expect(starts()).toBe(0);
    expect(thread.idle).toBe(true);
    const replies = ['a', 'b', 'c', 'd', 'e'].map((name) => thread.call({ op: 'note', name }));
    expect(thread.idle).toBe(false);
    // Each answer is what that thread had run by then: one thread, and each task after the one before it.
    expect(await Promise.all(replies)).toEqual([['a'], ['a', 'b'], ['a', 'b', 'c'], ['a', 'b', 'c', 'd'], ['a', 'b', 'c', 'd', 'e']]);
    expect(thread.idle).toBe(true);
    expect(log()).toEqual(['note a', 'note b', 'note c', 'note d', 'note e']);
    expect(starts()).toBe(1);
    await thread.close();
  });

  it('closes after the tasks handed over before it, and takes none after', async () => {
    const { thread, log } = writer();
    const replies = ['a', 'b', 'c'].map((name) => thread.call({ op: 'note', name }));
    const closed = thread.close();
    expect(thread.close()).toBe(closed);
    await expect(thread.call({ op: 'note', name: 'late' })).rejects.toThrow('the test file is closed');
    await closed;
    expect(await Promise.all(replies)).toEqual([['a'], ['a', 'b'], ['a', 'b', 'c']]);
    expect(log()).toEqual(['note a', 'note b', 'note c', 'close']);
  });

  it('starts no thread to close when no task was handed over', async () => {
    const { thread, log, starts } = writer();
    await thread.close();
    expect(starts()).toBe(0);
    expect(thread.started).toBe(false);
    expect(log()).toEqual([]);
  });

  it("throws a task's failure again with its message and code, and runs the next task on the same thread", async () => {
    const { thread } = writer();
    try {
      const failed = thread.call({ op: 'fail', name: 'full', code: 'SQLITE_FULL' });
      const next = thread.call({ op: 'note', name: 'after' });
      await expect(failed).rejects.toThrow('full failed');
      await expect(failed).rejects.toMatchObject({ code: 'SQLITE_FULL' });
      expect(await next).toEqual(['after']);
      const uncoded = await thread.call({ op: 'fail', name: 'plain' }).catch((error: unknown) => error);
      expect(uncoded).toBeInstanceOf(Error);
      expect(uncoded).not.toHaveProperty('code');
      expect(thread.idle).toBe(true);
    } finally {
      await thread.close();
    }
  });

  it('says its thread stopped when the thread dies under a task, and starts another for the next', async () => {
    const { thread, starts } = writer();
    try {
      expect(await thread.call({ op: 'note', name: 'before' })).toEqual(['before']);
      await expect(thread.call({ op: 'exit', name: 'lost' })).rejects.toThrow("the test file's writer thread stopped");
      // A new thread: it has run nothing before this task.
      expect(await thread.call({ op: 'note', name: 'after' })).toEqual(['after']);
      expect(starts()).toBe(1);
    } finally {
      await thread.close();
    }
  });
});
