/**
 * The thread's side of a single writer thread (singleWriterThread.ts): what it answers,
 * and the one task every such thread knows, `close`. Kept apart from the class so that a
 * thread loads no pool of its own.
 */

/** The last task a writer thread is handed: it closes its connection. */
export type CloseTask = { op: 'close' };

/**
 * What a writer thread answers. A failed task is answered, not thrown: an error crossing
 * threads loses its `code` (SQLITE_BUSY, SQLITE_FULL), which callers read.
 */
export type WriterReply<Result = unknown> = { result: Result } | { error: { message: string; code?: string } };

function isClose(task: { op: string }): task is CloseTask {
  return task.op === 'close';
}

/**
 * A writer thread's task function (its module's default export): each task is answered
 * with what `run` returns, a failure with its message and code, and `close` by `close`.
 */
export function answerTasks<Task extends { op: string }, Result>(
  run: (task: Task) => Result,
  close: () => void,
): (task: Task | CloseTask) => WriterReply<Result> {
  return (task) => {
    if (isClose(task)) {
      close();
      return { result: null as Result };
    }
    try {
      return { result: run(task) };
    } catch (error) {
      const { message, code } = error instanceof Error ? (error as Error & { code?: unknown }) : { message: String(error), code: undefined };
      return { error: typeof code === 'string' ? { message, code } : { message } };
    }
  };
}
