import Database from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import type {
  CandidateRequest,
  Candidates,
  CustomFieldType,
  FieldValueUse,
  IndexReader,
  PageSection,
  RankedText,
  RankingLimits,
  SteeringSnapshot,
  StoredDocument,
  WordAnswers,
  WordQuestions,
} from './engine.ts';
import { DEFAULT_RANKING_LIMITS } from './engine.ts';
import { boundedColumns, DOC_COLUMNS, hitDocument, rankedColumns, rankedText, storedSections, type DocRow, type RankedRow } from './documentRow.ts';
import { sqliteCandidates } from './sqliteCandidates.ts';
import { anyTitleWith, contentsWithPhrase, excludedRows, titlesWith, wordsStarting } from './sqliteTitles.ts';
import { StatementCache } from '../storage/statementCache.ts';
import { estimatedTitles, sampleRowids } from './titleSample.ts';
import { isVocabularyWord } from '../text/vocabularyWord.ts';
import { Vocabulary } from './vocabulary.ts';
import { steeringSnapshot } from './sqliteSteering.ts';
import { allOf, whereConditions } from './sqliteWhere.ts';

const MEMO_MAX = 10_000;
const BOUNDED_COLUMNS = boundedColumns('');
/**
 * A reader on a connection of its own learns of other connections' commits from
 * `data_version`; it then reads the field facts again and drops its counts, but loads
 * the fuzzy vocabulary (every indexed word) again at most this often: a word written
 * since is not yet a typo correction for that long.
 */
const VOCABULARY_MAX_AGE_MS = 10_000;

/**
 * What searches read of an SQLite index file, on one connection: the engine's own
 * (SqliteEngine tells it of each write it makes), or a read-only connection of a reader
 * thread (`SqliteReader.open`), which learns of writes by itself. Reads are one at a
 * time per connection, each in one read transaction (WAL: writers commit meanwhile).
 */
export class SqliteReader {
  readonly fieldTypes = new Map<string, CustomFieldType>();
  /** Fields some document held several values of (see multi_valued_fields). */
  readonly multiValued = new Set<string>();
  /** Counts of documents by query (see sqliteCandidates, documentFrequency); emptied by every write. */
  private readonly memo = new LRUCache<string, number>({ max: MEMO_MAX });
  /** Loaded on the first fuzzy query that needs it, then kept up to date by writes. */
  private vocabulary: { words: Vocabulary; at: number; stale: boolean } | null = null;
  private readonly statements: StatementCache;
  private readonly limits: RankingLimits;
  /** With a connection of its own: the last `data_version` seen, and how many changes it saw. */
  private dataVersion: number | null = null;
  private seenChanges = 0;
  /** The owner data's version as last read; null once a commit may have changed it. */
  private steeringVersion: string | null = null;

  constructor(
    private readonly db: Database.Database,
    private readonly termsComplete: boolean,
    limits: Partial<RankingLimits> = {},
    private readonly clock: () => number = Date.now,
  ) {
    this.limits = { ...DEFAULT_RANKING_LIMITS, ...limits };
    // Facets count over the matches put here (sqliteCandidates.ts); temp tables are per connection.
    db.exec('CREATE TEMP TABLE IF NOT EXISTS matched (rowid INTEGER PRIMARY KEY)');
    this.statements = new StatementCache(db);
    this.loadFieldFacts();
  }

  /** A reader on a read-only connection of its own, for a reader thread. */
  static open(file: string, limits: Partial<RankingLimits> = {}): SqliteReader {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    const termsComplete = db.prepare(`SELECT 1 FROM meta WHERE key = 'terms_complete'`).get() !== undefined;
    const reader = new SqliteReader(db, termsComplete, limits);
    reader.dataVersion = reader.currentDataVersion();
    return reader;
  }

  /** Commits of other connections this reader has seen (a reader thread's stand-in for SearchEngine.changes). */
  get changes(): number {
    return this.seenChanges;
  }

  /** Runs `work` in one read transaction; the caller keeps reads one at a time. */
  async read<T>(work: (reader: IndexReader) => Promise<T>): Promise<T> {
    this.db.exec('BEGIN');
    try {
      if (this.dataVersion !== null) this.catchUp();
      return await work(this.reader);
    } finally {
      if (this.db.inTransaction) this.db.exec('COMMIT');
    }
  }

  /** After a write this process made: what it changed, so nothing needs reading again. */
  noteWrite(change: { addedTypes?: Iterable<[string, CustomFieldType]>; multiValued?: Iterable<string>; newWords?: Iterable<string> }): void {
    this.memo.clear();
    this.steeringVersion = null;
    // Only after the commit: a rolled-back write must not leave types or words behind.
    for (const [name, type] of change.addedTypes ?? []) this.fieldTypes.set(name, type);
    for (const name of change.multiValued ?? []) this.multiValued.add(name);
    const vocabulary = this.vocabulary?.words;
    if (vocabulary !== undefined) for (const word of change.newWords ?? []) if (isVocabularyWord(word)) vocabulary.add(word);
  }

  /** After a failed write, which may have committed all the same: everything is read again. */
  reset(): void {
    this.memo.clear();
    this.steeringVersion = null;
    this.loadFieldFacts();
    this.vocabulary = null;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  private readonly reader: IndexReader = {
    words: async (questions) => this.words(questions),
    candidates: async (request) => this.candidates(request),
    texts: async (rowids, withCustomFields, whole = false, laterNames = false) => this.texts(rowids, withCustomFields, whole, laterNames),
    documents: async (rowids, whole = false) => this.documents(rowids, whole),
    sections: async (rowids) => this.sections(rowids),
    titleSample: async () => this.titleSample(),
    titlesWith: async (words, limit, excludedIds) => titlesWith(this.statements, words, limit, excludedIds),
    anyTitleWith: async (words, excludedIds) => anyTitleWith(this.statements, words, excludedIds),
    wordsStarting: async (prefix, limit) => wordsStarting(this.statements, prefix, limit),
    contentsWithPhrase: async (words, limit, excludedIds) => contentsWithPhrase(this.statements, words, limit, excludedIds),
    fieldValues: async (field, folded, where, excludedIds) => this.fieldValues(field, folded, where, excludedIds),
    steering: async (since) => this.steering(since),
    passing: async (documents, query) => {
      const [column, values] = 'ids' in documents ? ['id', documents.ids] : ['rowid', documents.rowids];
      if (values.length === 0) return [];
      const where = allOf(whereConditions(query, this.fieldTypes, { rowid: 'd.rowid', correlated: true }));
      return this.statements
        .get(`SELECT d.id, d.rowid FROM docs d WHERE d.${column} IN (SELECT value FROM json_each(?)) AND ${where.sql}`)
        .all(JSON.stringify(values), ...where.params) as Array<{ id: string; rowid: number }>;
    },
  };

  /** Read only after a commit the reader saw or was told of: between commits the version cannot change. */
  private steering(since: string | null): SteeringSnapshot | null {
    if (since !== null && since === this.steeringVersion) return null;
    const snapshot = steeringSnapshot(this.statements, since);
    this.steeringVersion = snapshot?.version ?? since;
    return snapshot;
  }

  private currentDataVersion(): number {
    return this.db.pragma('data_version', { simple: true }) as number;
  }

  /** Another connection committed since the last read: counts and field facts are read again, the vocabulary marked stale. */
  private catchUp(): void {
    const version = this.currentDataVersion();
    if (version === this.dataVersion) return;
    this.dataVersion = version;
    this.seenChanges++;
    this.memo.clear();
    this.steeringVersion = null;
    this.loadFieldFacts();
    if (this.vocabulary !== null) this.vocabulary.stale = true;
  }

  /** The field types and multi-valued fields, as committed. */
  private loadFieldFacts(): void {
    this.fieldTypes.clear();
    this.multiValued.clear();
    const types = this.statements.get('SELECT name, type FROM field_types').all() as Array<{ name: string; type: CustomFieldType }>;
    for (const { name, type } of types) this.fieldTypes.set(name, type);
    for (const name of this.statements.get('SELECT name FROM multi_valued_fields').pluck().all() as string[]) this.multiValued.add(name);
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

  /**
   * The texts the ranking rules read (rankedColumns: only the starts of the fields unless
   * `whole`); a long page's whole body is not copied out, nor loaded when its start is
   * stored. With `laterNames`, a cut content's stored name runs.
   */
  private texts(rowids: readonly number[], withCustomFields: boolean, whole: boolean, laterNames: boolean): RankedText[] {
    const names = laterNames && !whole;
    const rows = this.statements
      .get(`SELECT ${rankedColumns('', whole, withCustomFields)}${names ? ', later_names' : ''} FROM docs WHERE rowid IN (SELECT value FROM json_each(?))`)
      .all(JSON.stringify(rowids)) as Array<RankedRow & { later_names?: string | null }>;
    return rows.map((row) => rankedText(row, whole, names ? row.later_names : undefined));
  }

  /**
   * The stored documents of these rows, in one query; unless `whole`, a long page gives
   * the start of its body the ranking reads (boundedColumns), and its whole body is not
   * loaded when that start is stored: a page's whole body cost more to read than the
   * search that found it.
   */
  private documents(rowids: readonly number[], whole: boolean): Map<number, StoredDocument> {
    if (rowids.length === 0) return new Map();
    const columns = whole ? DOC_COLUMNS : BOUNDED_COLUMNS;
    const rows = this.statements.get(`SELECT ${columns} FROM docs WHERE rowid IN (SELECT value FROM json_each(?))`).all(JSON.stringify(rowids)) as Array<
      DocRow & { content_cut?: 0 | 1 }
    >;
    return new Map(rows.map((row) => [row.rowid, hitDocument(row)]));
  }

  private sections(rowids: readonly number[]): Map<number, PageSection[]> {
    if (rowids.length === 0) return new Map();
    const rows = this.statements
      .get(`SELECT rowid, sections FROM docs WHERE rowid IN (SELECT value FROM json_each(?)) AND sections != ''`)
      .all(JSON.stringify(rowids)) as Array<{ rowid: number; sections: string }>;
    return new Map(rows.map((row) => [row.rowid, storedSections(row.sections)]));
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

  private fieldValues(field: string, folded: string, where: 'start' | 'anywhere', excludedIds: readonly string[]): FieldValueUse[] {
    const visible = excludedRows('doc', excludedIds);
    if (where === 'start') {
      return this.statements
        .get(`SELECT text, fold, count(*) AS uses FROM field_values WHERE field = ? AND fold >= ? AND fold < ?${visible.sql} GROUP BY text`)
        .all(field, folded, `${folded}\u{10FFFF}`, ...visible.params) as FieldValueUse[];
    }
    return this.statements
      .get(`SELECT text, fold, count(*) AS uses FROM field_values WHERE field = ? AND fold LIKE ? ESCAPE '\\'${visible.sql} GROUP BY text`)
      .all(field, `%${folded.replace(/[\\%_]/g, '\\$&')}%`, ...visible.params) as FieldValueUse[];
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

  /** The fuzzy vocabulary, loaded on first use, kept up to date by this process's writes, and read again when stale (see VOCABULARY_MAX_AGE_MS). */
  private loadVocabulary(): Vocabulary {
    const loaded = this.vocabulary;
    if (loaded !== null && !(loaded.stale && this.clock() - loaded.at >= VOCABULARY_MAX_AGE_MS)) return loaded.words;
    const words = this.statements.get('SELECT term FROM terms').pluck().all() as string[];
    this.vocabulary = { words: new Vocabulary(words.filter(isVocabularyWord)), at: this.clock(), stale: false };
    return this.vocabulary.words;
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
}
