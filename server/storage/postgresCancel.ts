/**
 * Statements stopped when the one who asked for them has gone: a search whose HTTP client
 * closed the connection should not keep a database connection and its CPU busy.
 */
import type pg from 'pg';
import { preparedName } from './preparedStatements.ts';
import { untilAborted } from './requestDeadline.ts';

/** What reads need of a connection: its statements. */
export type PgQueryable = Pick<pg.ClientBase, 'query'> & {
  /** The name to run `text` under as a statement the connection keeps prepared, if it may keep one more (see preparedStatements.ts). */
  preparedName?(text: string): string | undefined;
};

/** A checked-out connection whose statements stop when `signal` aborts. */
export interface CancellableClient {
  client: PgQueryable;
  /** A statement was cancelled under way: the connection should be closed, not reused (see cancellable). */
  readonly cancelled: boolean;
  /** Stops listening to the signal (the work is over). */
  dispose(): void;
}

/**
 * `client`'s statements as long as `signal` has not aborted. Once it aborts, a statement
 * under way is cancelled in the database (`pg_cancel_backend` from another connection of
 * `pool`, as node-postgres has no cancel of its own) and every further one fails at once
 * with the signal's reason. PostgreSQL's cancel stops whatever the backend runs when it
 * arrives, which may be a later statement: a connection that was sent a cancel is closed.
 */
export function cancellable(pool: pg.Pool, client: pg.PoolClient, signal: AbortSignal | undefined): CancellableClient {
  let running = 0;
  let cancelled = false;
  const onAbort = () => {
    if (running === 0) return;
    cancelled = true;
    const pid = backendPid(client);
    if (pid !== null) pool.query('SELECT pg_cancel_backend($1)', [pid]).catch(() => {});
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  const query = (async (...args: unknown[]) => {
    signal?.throwIfAborted();
    running++;
    try {
      // A server that does not answer at all is not waited for past the signal either.
      return await untilAborted((client.query as (...a: unknown[]) => Promise<unknown>).apply(client, args), signal);
    } finally {
      running--;
    }
  }) as pg.ClientBase['query'];
  return {
    client: { query, preparedName: (text) => preparedName(client, text) },
    get cancelled() {
      return cancelled;
    },
    dispose: () => signal?.removeEventListener('abort', onAbort),
  };
}

/** The server process of a connection (node-postgres keeps it from the connection's start, unexported in its types). */
function backendPid(client: pg.PoolClient): number | null {
  const pid = (client as unknown as { processID?: unknown }).processID;
  return typeof pid === 'number' ? pid : null;
}
