import Database from 'better-sqlite3';
import type {
  CrawlMark,
  CustomFieldType,
  DocumentState,
  PreparedDocument,
  SearchEngine,
  SearchQuery,
  SearchResult,
  StoredDocument,
  WriteResult,
} from './engine.ts';
import { DOC_COLUMNS, rankingCandidates, storedDocument, type DocRow, type RankedText } from './documentRow.ts';
import { ftsMatch } from './ftsExpression.ts';
import { planQuery, type Lexicon, type QueryPlan } from '../ranking/queryPlan.ts';
import { rankCandidates } from '../ranking/rankCandidates.ts';
import { CommonTitleWords } from './commonTitleWords.ts';
import { DEFAULT_RANKING_SETTINGS, type RankingSettings } from '../ranking/rankingSettings.ts';
import { applySchema } from './sqliteSchema.ts';
import { documentState, pendingCrawls } from './sqliteStatus.ts';
import { sqliteAutocomplete } from './sqliteAutocomplete.ts';
import { sqliteSuggest } from './sqliteSuggest.ts';
import { DEFAULT_RANKING_LIMITS, sqliteSearch, type PageRow, type RankingLimits } from './sqliteSearch.ts';
import { StatementCache } from '../storage/statementCache.ts';
import { isVocabularyWord } from '../ranking/fuzzyDistance.ts';
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
 * Reopening a file needs no rebuild. Searches read on the caller's thread. Writes of
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
  /** Counts of documents by query (see sqliteSearch, documentFrequency); emptied by every write. */
  private readonly memo = new CountMemo(MEMO_MAX);
  /** Loaded on the first fuzzy query that needs it, then kept up to date by writes. */
  private vocabulary: Vocabulary | null = null;
  /** Null for a database in memory, which no other connection can reach. */
  private readonly thread: WriterThread | null;
  private readonly inline: SqliteWriter;
  private closed: Promise<void> | null = null;

  private readonly limits: RankingLimits;
  private readonly termsComplete: boolean;
  private readonly lexicon: Lexicon;
  private readonly commonTitleWords: CommonTitleWords;

  constructor(
    file: string,
    limits: Partial<RankingLimits> = {},
    private readonly ranking: RankingSettings = DEFAULT_RANKING_SETTINGS,
  ) {
    this.limits = { ...DEFAULT_RANKING_LIMITS, ...limits };
    this.lexicon = {
      has: (word) => this.statements.get('SELECT 1 FROM terms WHERE term = ?').get(word) !== undefined,
      extends: (word) => this.extends(word),
      near: (word, maxDistance, limit) => (isVocabularyWord(word) ? this.loadVocabulary().near(word, maxDistance, limit) : []),
    };
    this.db = new Database(file);
    this.termsComplete = applySchema(this.db).termsComplete;
    this.statements = new StatementCache(this.db);
    this.commonTitleWords = new CommonTitleWords(this.db);
    this.loadFieldFacts();
    // The schema is in place before the writer's connection opens the file.
    this.inline = new SqliteWriter(this.db);
    this.thread = this.db.memory ? null : new WriterThread(file);
  }

  async write(documents: readonly PreparedDocument[]): Promise<WriteResult> {
    const outcome = await this.writing(documents.length, 'write', documents);
    if (!outcome.ok) return outcome;
    this.memo.clear();
    this.commonTitleWords.noteWrites(documents.length);
    // Only after the commit: a rolled-back write must not leave types or words behind.
    for (const [name, type] of outcome.addedTypes) this.fieldTypes.set(name, type);
    for (const name of outcome.multiValued) this.multiValued.add(name);
    this.addWords(outcome.newWords);
    return { ok: true };
  }

  async search(query: SearchQuery): Promise<SearchResult> {
    // One read transaction: every statement of the search sees the same commit, though the writer commits meanwhile.
    return this.db.transaction(() => this.searchNow(query))();
  }

  async suggest(term: string, size: number): Promise<string[]> {
    return sqliteSuggest(this.statements, term, size);
  }

  async autocomplete(field: string, term: string, size: number): Promise<string[]> {
    return sqliteAutocomplete(this.statements, field, term, size);
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
      this.memo.clear();
      this.commonTitleWords.noteWrites(1);
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

  /** Waits for the writes under way, then closes the writer's connection and this one. */
  close(): Promise<void> {
    this.closed ??= (this.thread?.close() ?? Promise.resolve()).then(() => {
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
        return this.inline.run({ op, args } as never) as ReturnType<WriterCalls[K]>;
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

  private searchNow(query: SearchQuery): SearchResult {
    const plan = planQuery(
      query.words ?? [],
      { prefixLast: query.prefixLast, fuzzy: query.fuzzy, operator: query.operator, typed: query.typed ?? null },
      this.lexicon,
      this.ranking.words,
    );
    const boosts = this.boostsByRowid(query);
    const { page, ...rest } = sqliteSearch(
      this.statements,
      this.fieldTypes,
      this.multiValued,
      query,
      query.words === null ? null : ftsMatch(plan),
      (group) => this.documentFrequency(group),
      this.memo,
      this.limits,
      (rows) => this.rank(plan, rows, boosts),
      boosts,
    );
    return { ...rest, hits: this.documents(page), plan };
  }

  /** Orders rows by the ranking rules, reading the texts they weigh. */
  private rank(plan: QueryPlan, rows: readonly PageRow[], boosts: ReadonlyMap<number, number> | null): PageRow[] {
    if (rows.length < 2) return [...rows];
    const custom = this.ranking.rules.some((rule) => rule.includes('('));
    // Frequencies only order partial matches: with AND every word matched.
    const groups = plan.operator === 'or' ? (ftsMatch(plan)?.groups ?? []) : [];
    const context = {
      rules: this.ranking.rules,
      maxBoost: this.ranking.maxBoost,
      frequencies: groups.map((group) => this.documentFrequency(group)),
      titleWordWeight: this.commonTitleWords.weight(),
    };
    const texts = this.statements
      .get(
        `SELECT rowid, url, title, main_content, hidden_keywords${custom ? ', custom_fields' : ''} FROM docs WHERE rowid IN (SELECT value FROM json_each(?))`,
      )
      .all(JSON.stringify(rows.map((r) => r.rowid))) as RankedText[];
    const candidates = rankingCandidates(rows, texts, boosts);
    return rankCandidates(plan, candidates, context).map((c) => ({ rowid: c.key, score: c.score }));
  }

  /** The query's click boosts by rowid; null when none apply. */
  private boostsByRowid(query: SearchQuery): Map<number, number> | null {
    const boosts = query.clickBoosts;
    if (boosts === undefined || boosts.size === 0 || query.sort.by !== 'relevance') return null;
    const rows = this.statements
      .get('SELECT rowid, id FROM docs WHERE id IN (SELECT value FROM json_each(?))')
      .all(JSON.stringify([...boosts.keys()])) as Array<{ rowid: number; id: string }>;
    if (rows.length === 0) return null;
    return new Map(rows.map(({ rowid, id }) => [rowid, boosts.get(id)!]));
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

  /** The stored documents of a page, in page order, in one query. */
  private documents(page: readonly PageRow[]): SearchResult['hits'] {
    if (page.length === 0) return [];
    const rows = this.statements
      .get(`SELECT ${DOC_COLUMNS} FROM docs WHERE rowid IN (SELECT value FROM json_each(?))`)
      .all(JSON.stringify(page.map((p) => p.rowid))) as DocRow[];
    const byRowid = new Map(rows.map((row) => [row.rowid, row]));
    return page.flatMap((p) => {
      const row = byRowid.get(p.rowid);
      return row === undefined ? [] : [{ document: storedDocument(row), score: p.score }];
    });
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
