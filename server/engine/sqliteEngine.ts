import Database from 'better-sqlite3';
import type {
  CandidateRequest,
  Candidates,
  CrawlMark,
  CustomFieldType,
  DocumentState,
  FieldValueUse,
  IndexReader,
  PreparedDocument,
  RankedText,
  RankingLimits,
  SearchEngine,
  StoredDocument,
  TitleRow,
  WordAnswers,
  WordQuestions,
  WriteResult,
} from './engine.ts';
import { DEFAULT_RANKING_LIMITS } from './engine.ts';
import { DOC_COLUMNS, indexedContent, storedDocument, type DocRow } from './documentRow.ts';
import { applySchema } from './sqliteSchema.ts';
import { documentState, pendingCrawls } from './sqliteStatus.ts';
import { anyTitleWith, contentsWithPhrase, titlesWith, wordsStarting } from './sqliteTitles.ts';
import { sqliteCandidates } from './sqliteCandidates.ts';
import { StatementCache } from './statementCache.ts';
import { estimatedTitles, sampleRowids } from './titleSample.ts';
import { isVocabularyWord } from '../text/vocabularyWord.ts';
import { Vocabulary } from './vocabulary.ts';
import { SqliteWriter, type WriterCalls } from './sqliteWriter.ts';
import { WriterThread } from './writerThread.ts';

const MEMO_MAX = 10_000;
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
 * Reopening a file needs no rebuild. Reads run on the caller's thread, one at a time,
 * each in one read transaction. Writes of
 * many documents are made by the index's writer thread (writerThread.ts) on a connection
 * of its own, so searches go on meanwhile and see each write once it is committed (WAL);
 * small writes are made here when that thread is idle (see INLINE_MAX_DOCUMENTS), and
 * wait their turn behind its calls otherwise, so the two never contend for the file.
 */
export class SqliteEngine implements SearchEngine {
  private readonly db: Database.Database;
  private readonly statements: StatementCache;
  private readonly fieldTypes = new Map<string, CustomFieldType>();
  /** Fields some document held several values of (see multi_valued_fields). */
  private readonly multiValued = new Set<string>();
  /** Counts of documents by query (see sqliteCandidates, documentFrequency); emptied by every write. */
  private readonly memo = new CountMemo(MEMO_MAX);
  /** Loaded on the first fuzzy query that needs it, then kept up to date by writes. */
  private vocabulary: Vocabulary | null = null;
  /** Null for a database in memory, which no other connection can reach. */
  private readonly thread: WriterThread | null;
  private readonly inline: SqliteWriter;
  private closed: Promise<void> | null = null;

  private readonly limits: RankingLimits;
  private readonly termsComplete: boolean;
  /** Reads and writes on this connection, one after another: a read transaction must not take in a write. */
  private turn: Promise<unknown> = Promise.resolve();
  private written = 0;

  constructor(file: string, limits: Partial<RankingLimits> = {}) {
    this.limits = { ...DEFAULT_RANKING_LIMITS, ...limits };
    this.db = new Database(file);
    this.termsComplete = applySchema(this.db).termsComplete;
    this.statements = new StatementCache(this.db);
    this.loadFieldFacts();
    // The schema is in place before the writer's connection opens the file.
    this.inline = new SqliteWriter(this.db);
    this.thread = this.db.memory ? null : new WriterThread(file);
  }

  async write(documents: readonly PreparedDocument[]): Promise<WriteResult> {
    const outcome = await this.writing(documents.length, 'write', documents);
    if (!outcome.ok) return outcome;
    this.memo.clear();
    this.written += documents.length;
    // Only after the commit: a rolled-back write must not leave types or words behind.
    for (const [name, type] of outcome.addedTypes) this.fieldTypes.set(name, type);
    for (const name of outcome.multiValued) this.multiValued.add(name);
    this.addWords(outcome.newWords);
    return { ok: true };
  }

  get changes(): number {
    return this.written;
  }

  /** One read transaction: every statement of `work` sees the same commit, though the writer thread commits meanwhile. */
  read<T>(work: (reader: IndexReader) => Promise<T>): Promise<T> {
    return this.inTurn(async () => {
      this.db.exec('BEGIN');
      try {
        return await work(this.reader);
      } finally {
        if (this.db.inTransaction) this.db.exec('COMMIT');
      }
    });
  }

  private readonly reader: IndexReader = {
    words: async (questions) => this.words(questions),
    candidates: async (request) => this.candidates(request),
    texts: async (rowids, withCustomFields) => this.texts(rowids, withCustomFields),
    documents: async (rowids) => this.documents(rowids),
    titleSample: async () => this.titleSample(),
    titlesWith: async (words, limit): Promise<TitleRow[]> => titlesWith(this.statements, words, limit),
    anyTitleWith: async (words) => anyTitleWith(this.statements, words),
    wordsStarting: async (prefix, limit) => wordsStarting(this.statements, prefix, limit),
    contentsWithPhrase: async (words, limit) => contentsWithPhrase(this.statements, words, limit),
    fieldValues: async (field, folded, where) => this.fieldValues(field, folded, where),
  };

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
      this.memo.clear();
      this.written += 1;
    }
    return removed;
  }

  async setHiddenKeywords(id: string, keywords: string | null): Promise<boolean> {
    const words = await this.writing(1, 'setHiddenKeywords', id, keywords);
    if (words === null) return false;
    this.memo.clear();
    this.addWords(words);
    return true;
  }

  async status(id: string): Promise<DocumentState | null> {
    return documentState(this.statements, id);
  }

  async markCrawl(id: string, url: string, mark: CrawlMark): Promise<void> {
    const removed = await this.writing(1, 'markCrawl', id, url, mark);
    if (removed) this.memo.clear();
  }

  async pendingCrawls(): Promise<Array<{ id: string; url: string }>> {
    return pendingCrawls(this.statements);
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
      if (this.db.open) {
        this.memo.clear();
        this.loadFieldFacts();
        this.vocabulary = null;
      }
      throw error;
    }
  }

  /** The field types and multi-valued fields, as committed. */
  private loadFieldFacts(): void {
    const types = this.db.prepare('SELECT name, type FROM field_types').all() as Array<{ name: string; type: CustomFieldType }>;
    for (const { name, type } of types) this.fieldTypes.set(name, type);
    for (const name of this.db.prepare('SELECT name FROM multi_valued_fields').pluck().all() as string[]) this.multiValued.add(name);
  }

  /** Words a write indexed, for the fuzzy vocabulary when it is loaded. */
  private addWords(words: Iterable<string>): void {
    if (this.vocabulary === null) return;
    for (const word of words) if (isVocabularyWord(word)) this.vocabulary.add(word);
  }

  /** Runs `work` after the reads and inline writes before it on this connection. */
  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    const run = this.turn.then(work, work);
    this.turn = run.catch(() => {});
    return run;
  }

  private words(questions: WordQuestions): WordAnswers {
    const has = (word: string) => this.statements.get('SELECT 1 FROM terms WHERE term = ?').get(word) !== undefined;
    const near = new Map<string, Array<{ word: string; distance: number }>>();
    for (const { word, maxDistance, limit, onlyIfAbsent } of questions.near) {
      if (!isVocabularyWord(word) || (onlyIfAbsent && has(word))) continue;
      near.set(word, this.loadVocabulary().near(word, maxDistance, limit));
    }
    return {
      has: new Set(questions.has.filter(has)),
      extends: new Set(questions.extends.filter((word) => this.extends(word))),
      near,
    };
  }

  private candidates(request: CandidateRequest): Candidates {
    return sqliteCandidates(
      {
        statements: this.statements,
        fieldTypes: this.fieldTypes,
        multiValued: this.multiValued,
        memo: this.memo,
        limits: this.limits,
        frequency: (group) => this.documentFrequency(group),
      },
      request,
    );
  }

  private texts(rowids: readonly number[], withCustomFields: boolean): RankedText[] {
    const rows = this.statements
      .get(
        `SELECT rowid, id, url, title, main_content, hidden_keywords${withCustomFields ? ', custom_fields' : ''} FROM docs WHERE rowid IN (SELECT value FROM json_each(?))`,
      )
      .all(JSON.stringify(rowids)) as Array<Pick<DocRow, 'rowid' | 'id' | 'url' | 'title' | 'main_content' | 'hidden_keywords'> & { custom_fields?: string }>;
    return rows.map((row) => ({
      rowid: row.rowid,
      id: row.id,
      url: row.url,
      title: row.title,
      content: indexedContent(row.main_content, row.hidden_keywords),
      customFields: row.custom_fields === undefined ? null : (JSON.parse(row.custom_fields) as RankedText['customFields']),
    }));
  }

  private titleSample(): { titles: string[]; total: number } {
    const maxRowid = (this.statements.get('SELECT max(rowid) FROM docs').pluck().get() as number | null) ?? 0;
    const rowids = sampleRowids(maxRowid);
    const titles = this.statements
      .get('SELECT title FROM docs WHERE rowid IN (SELECT value FROM json_each(?))')
      .pluck()
      .all(JSON.stringify(rowids)) as string[];
    return { titles, total: estimatedTitles(maxRowid, rowids.length, titles.length) };
  }

  private fieldValues(field: string, folded: string, where: 'start' | 'anywhere'): FieldValueUse[] {
    if (where === 'start') {
      return this.statements
        .get('SELECT text, fold, count(*) AS uses FROM field_values WHERE field = ? AND fold >= ? AND fold < ? GROUP BY text')
        .all(field, folded, `${folded}\u{10FFFF}`) as FieldValueUse[];
    }
    return this.statements
      .get(`SELECT text, fold, count(*) AS uses FROM field_values WHERE field = ? AND fold LIKE ? ESCAPE '\\' GROUP BY text`)
      .all(field, `%${folded.replace(/[\\%_]/g, '\\$&')}%`) as FieldValueUse[];
  }

  /**
   * How many documents match a word's expression, counted up to just past the common
   * word limit and remembered until the next write: common words repeat across queries.
   */
  private documentFrequency(group: string): number {
    const key = `frequency\u0000${group}`;
    let n = this.memo.get(key);
    if (n === undefined) {
      n = this.statements
        .get('SELECT count(*) FROM (SELECT 1 FROM fts WHERE fts MATCH ? LIMIT ?)')
        .pluck()
        .get(group, this.limits.commonWordDocs + 1) as number;
      this.memo.set(key, n);
    }
    return n;
  }

  /** The fuzzy vocabulary, loaded on first use and then kept up to date by writes. */
  private loadVocabulary(): Vocabulary {
    if (this.vocabulary === null) {
      const words = this.db.prepare('SELECT term FROM terms').pluck().all() as string[];
      this.vocabulary = new Vocabulary(words.filter(isVocabularyWord));
    }
    return this.vocabulary;
  }

  /**
   * Whether some indexed word is longer than `word` and starts with it. When none is,
   * the last word is matched exactly: FTS5 merges every document list of a prefix
   * first, which for a common word costs more than the rest of the search. Past the
   * prefix indexes (3 letters), for plain ASCII words, in databases whose `terms` is
   * complete; otherwise assumed.
   */
  private extends(word: string): boolean {
    if (!this.termsComplete || word.length <= 3 || !/^[a-z0-9]+$/.test(word)) return true;
    return this.statements.get('SELECT 1 FROM terms WHERE term > ? AND term < ? LIMIT 1').get(word, `${word}\u{10FFFF}`) !== undefined;
  }

  /** The stored documents of these rows, in one query. */
  private documents(rowids: readonly number[]): Map<number, StoredDocument> {
    if (rowids.length === 0) return new Map();
    const rows = this.statements.get(`SELECT ${DOC_COLUMNS} FROM docs WHERE rowid IN (SELECT value FROM json_each(?))`).all(JSON.stringify(rowids)) as DocRow[];
    return new Map(rows.map((row) => [row.rowid, storedDocument(row)]));
  }
}

/** A bounded map: when full, the oldest entry goes. */
class CountMemo {
  private readonly entries = new Map<string, number>();

  constructor(private readonly max: number) {}

  get(key: string): number | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: number): void {
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, value);
  }

  clear(): void {
    this.entries.clear();
  }
}
