import Database from 'better-sqlite3';
import { StatementCache } from '../storage/statementCache.ts';
import { answerTasks, type CloseTask, type WriterReply } from '../storage/writerTasks.ts';
import type { SuggestedKeywordRule } from './searchedKeywords.ts';
import { ClientHasher } from './clientAddress.ts';
import type { IncomingStats } from './queuedStats.ts';
import { SqliteStatsWrites } from './sqliteStatsWrites.ts';

/** What the events' writer thread is started with (its workerData). */
export interface EventWriterData {
  file: string;
  /** The click weights' half-life, in ms (see SqliteStatsRollups). */
  halfLifeMs: number;
  rule: SuggestedKeywordRule;
  /** The store's address key (ClientHasher.shared); none: no sender is kept. */
  clients: { key: Uint8Array } | null;
}

/**
 * A task of the events' writer thread: store rows (`now` is the app's clock when they
 * were handed over: the searched keywords' window is reckoned by it), count by another
 * suggestion rule from now on, or set a pragma of its connection (tests that fill the
 * disk). The last task, `close`, every writer thread knows (storage/writerTasks.ts).
 */
export type EventWriterTask =
  { op: 'insert'; rows: IncomingStats[]; now: number } | { op: 'rule'; rule: SuggestedKeywordRule; now: number } | { op: 'pragma'; pragma: string };

/** The writer's side: its own connection to the event file, with the store's settings (see SqliteEventStore.open). */
export function openEventWriter({ file, halfLifeMs, rule, clients }: EventWriterData): (task: EventWriterTask | CloseTask) => WriterReply {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  let now = 0;
  let writes: SqliteStatsWrites | null = null;
  // Made with the first task, inside its answer: a failure to open is that task's answer.
  const open = () =>
    (writes ??= new SqliteStatsWrites(db, new StatementCache(db), clients === null ? null : new ClientHasher(clients), halfLifeMs, rule, () => now));
  return answerTasks(
    (task: EventWriterTask): unknown => {
      switch (task.op) {
        case 'insert':
          now = task.now;
          return open().insert(task.rows);
        case 'rule':
          now = task.now;
          open().searched.setRule(task.rule);
          return null;
        case 'pragma':
          return db.pragma(task.pragma);
      }
    },
    () => db.close(),
  );
}
