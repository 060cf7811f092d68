import Database from 'better-sqlite3';
import type { DocumentStatusValue } from '../../src/client/types.ts';
import type {
  CrawlMark,
  CustomFieldType,
  DocumentState,
  IndexReader,
  PreparedDocument,
  RankingLimits,
  SearchEngine,
  Steering,
  StoredDocument,
  WriteResult,
} from './engine.ts';
import { DOC_COLUMNS, storedDocument, type DocRow } from './documentRow.ts';
import { openIndexDatabase, termsComplete } from './sqliteSchema.ts';
import { SqliteReader } from './sqliteReader.ts';
import { customFields, documentState, documentStates, pendingCrawls } from './sqliteStatus.ts';
import { noteCleanClose } from '../storage/sqlitePages.ts';
import { StatementCache } from '../storage/statementCache.ts';
import { SqliteWriter, type WriterCalls } from './sqliteWriter.ts';
import { WriterThread } from './writerThread.ts';
import { SqliteCrawlStore } from './sqliteCrawlStore.ts';
import { steeringSize, getSteering, listSteering } from './sqliteSteering.ts';

/**
 * Writes of up to this many documents run on the service's own connection when the
 * writer thread is idle: a commit by another connection makes this one drop its page
 * cache, so many small writes through the thread would leave every search reading cold
 * pages, while a small write here takes a few milliseconds.
 */
const INLINE_MAX_DOCUMENTS = 20;

/**
 * The search engine on SQLite: one database file per index is both the durable store
 * and the index (FTS5 for words, plain indexed tables for fields and categories).
 * Reopening a file needs no rebuild. Reads on this engine run on the caller's thread,
 * one at a time, each in one read transaction (sqliteReader.ts); reader threads open
 * the same file read-only (`SqliteReader.open`). Writes of many documents are made by
 * the index's writer thread (writerThread.ts) on a connection of its own, so searches
 * go on meanwhile and see each write once it is committed (WAL); small writes are made
 * here when that thread is idle (see INLINE_MAX_DOCUMENTS), and wait their turn behind
 * its calls otherwise, so the two never contend for the file.
 */
export class SqliteEngine implements SearchEngine {
  /** The file, for reader threads; null for a database in memory, which no other connection can reach. */
  readonly file: string | null;
  private readonly db: Database.Database;
  private readonly statements: StatementCache;
  private readonly reading: SqliteReader;
  /** Null for a database in memory. */
  private readonly thread: WriterThread | null;
  private readonly inline: SqliteWriter;
  private closed: Promise<void> | null = null;
  /** Reads and writes on this connection, one after another: a read transaction must not take in a write. */
  private turn: Promise<unknown> = Promise.resolve();
  private written = 0;

  /**
   * Opens `file` (`:memory:` for a database in memory), made if missing, its tables brought
   * up to date. `clock` is the app's: when a document was first indexed and a page last fetched.
   */
  static async open(file: string, limits: Partial<RankingLimits> = {}, clock: () => number = Date.now): Promise<SqliteEngine> {
    return new SqliteEngine(await openIndexDatabase(file), file, limits, clock);
  }

  readonly crawls: SqliteCrawlStore;

  private constructor(
    db: Database.Database,
    file: string,
    limits: Partial<RankingLimits>,
    private readonly clock: () => number,
  ) {
    this.db = db;
    this.file = this.db.memory ? null : file;
    this.reading = new SqliteReader(this.db, termsComplete(this.db), limits);
    this.statements = new StatementCache(this.db);
    // The schema is in place before the writer's connection opens the file.
    this.inline = new SqliteWriter(this.db);
    this.thread = this.db.memory ? null : new WriterThread(file);
    this.crawls = new SqliteCrawlStore(this.statements, (call) => this.writing(1, 'crawlWrite', call));
  }

  async write(documents: readonly PreparedDocument[]): Promise<WriteResult> {
    const outcome = await this.writing(documents.length, 'write', documents, this.clock());
    if (!outcome.ok) return outcome;
    this.written += documents.length;
    this.reading.noteWrite(outcome);
    return { ok: true };
  }

  get changes(): number {
    return this.written;
  }

  read<T>(work: (reader: IndexReader) => Promise<T>): Promise<T> {
    return this.inTurn(() => this.reading.read(work));
  }

  async lookup(values: readonly string[], field: string | null): Promise<StoredDocument[]> {
    if (values.length === 0) return [];
    const rows = (
      field === null
        ? this.statements.get(`SELECT ${DOC_COLUMNS} FROM docs WHERE id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(values))
        : this.statements
            .get(
              `SELECT ${DOC_COLUMNS} FROM docs WHERE rowid IN
               (SELECT doc FROM field_values WHERE field = ? AND text IN (SELECT value FROM json_each(?)))`,
            )
            .all(field, JSON.stringify(values))
    ) as DocRow[];
    return rows.map(storedDocument);
  }

  async count(): Promise<number> {
    return this.statements.get('SELECT count(*) FROM docs').pluck().get() as number;
  }

  async get(id: string): Promise<StoredDocument | null> {
    const row = this.statements.get(`SELECT ${DOC_COLUMNS} FROM docs WHERE id = ?`).get(id) as DocRow | undefined;
    return row === undefined ? null : storedDocument(row);
  }

  async remove(id: string): Promise<boolean> {
    const removed = await this.writing(1, 'remove', id);
    if (removed) {
      this.written += 1;
      this.reading.noteWrite({});
    }
    return removed;
  }

  async setHiddenKeywords(id: string, keywords: string | null): Promise<boolean> {
    const words = await this.writing(1, 'setHiddenKeywords', id, keywords);
    if (words === null) return false;
    this.reading.noteWrite({ newWords: words });
    return true;
  }

  async status(id: string): Promise<DocumentState | null> {
    return documentState(this.statements, id);
  }

  async statuses(filter: { status: DocumentStatusValue } | { url: string }, limit: number): Promise<DocumentState[]> {
    return documentStates(this.statements, filter, limit);
  }

  async customFields(): Promise<{ types: Map<string, CustomFieldType>; multiValued: Set<string> }> {
    return customFields(this.statements);
  }

  async markCrawl(id: string, url: string, mark: CrawlMark): Promise<void> {
    const removed = await this.writing(1, 'markCrawl', id, url, mark, this.clock());
    if (removed) this.reading.noteWrite({});
  }

  async pendingCrawls(): Promise<Array<{ id: string; url: string }>> {
    return pendingCrawls(this.statements);
  }

  readonly steering: Steering = {
    list: async (kind, page) => listSteering(this.statements, kind, page),
    size: async (kind) => steeringSize(this.statements, kind),
    get: async (kind, id) => getSteering(this.statements, kind, id),
    put: async (kind, id, body) => {
      await this.writeSteering(kind, id, body);
    },
    remove: (kind, id) => this.writeSteering(kind, id, null),
  };

  private async writeSteering(kind: Parameters<Steering['get']>[0], id: string, body: string | null): Promise<boolean> {
    const changed = await this.writing(1, 'writeSteering', kind, id, body);
    // Searches on this connection read the owner data again (another connection's commit shows in data_version).
    this.reading.noteWrite({});
    return changed;
  }

  /** Waits for the reads and writes under way, then closes the writer's connection and this one. */
  close(): Promise<void> {
    this.closed ??= this.turn
      .then(() => this.thread?.close())
      .then(() => {
        if (!this.db.open) return;
        // Keeps the planner's statistics fresh for the next start.
        this.db.pragma('optimize');
        this.db.close();
        // The last connection: the reader threads' closed before (see app.ts), the writer thread's above.
        if (this.file !== null) noteCleanClose(this.file);
      });
    return this.closed;
  }

  /**
   * Makes a write of `size` documents, here or on the writer thread. When it failed, what
   * this thread knows of the file is read again: a failure may come after the commit (the
   * writer thread lost before it answered).
   */
  private async writing<K extends keyof WriterCalls>(size: number, op: K, ...args: Parameters<WriterCalls[K]>): Promise<ReturnType<WriterCalls[K]>> {
    try {
      if (this.thread === null || (size <= INLINE_MAX_DOCUMENTS && this.thread.idle && this.db.open)) {
        return await this.inTurn(async () => this.inline.run({ op, args } as never) as ReturnType<WriterCalls[K]>);
      }
      return await this.thread.call(op, ...args);
    } catch (error) {
      if (this.db.open) this.reading.reset();
      throw error;
    }
  }

  /** Runs `work` after the reads and inline writes before it on this connection. */
  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    const run = this.turn.then(work, work);
    this.turn = run.catch(() => {});
    return run;
  }
}
