import Database from 'better-sqlite3';
import type { CustomFieldValue } from '../../src/client/types.ts';
import { assignFieldTypes } from '../documents/fieldTypes.ts';
import { urlCategories } from '../documents/urlCategories.ts';
import { fold } from '../text/fold.ts';
import { foldedWords } from '../text/words.ts';
import { createHash } from 'node:crypto';
import type {
  CrawlMark,
  CustomFieldType,
  DocumentState,
  HighlightTerms,
  PreparedDocument,
  SearchEngine,
  SearchQuery,
  SearchResult,
  StoredDocument,
  WriteResult,
} from './engine.ts';
import { ftsMatch } from './ftsExpression.ts';
import { planQuery, type Lexicon, type QueryPlan } from '../ranking/queryPlan.ts';
import { rankCandidates, type Candidate } from '../ranking/rankCandidates.ts';
import { CommonTitleWords } from './commonTitleWords.ts';
import { DEFAULT_RANKING_SETTINGS, type RankingSettings } from '../ranking/rankingSettings.ts';
import { applySchema } from './sqliteSchema.ts';
import { documentState, hasHost, pendingCrawls, upsertStatus } from './sqliteStatus.ts';
import { sqliteAutocomplete } from './sqliteAutocomplete.ts';
import { sqliteSuggest } from './sqliteSuggest.ts';
import { DEFAULT_RANKING_LIMITS, sqliteSearch, type PageRow, type RankingLimits } from './sqliteSearch.ts';
import { StatementCache } from './statementCache.ts';
import { isVocabularyWord } from '../ranking/fuzzyDistance.ts';
import { Vocabulary } from './vocabulary.ts';

const MEMO_MAX = 10_000;
const NUMERIC_TEXT = /^-?\d+(?:\.\d+)?$/;
interface DocRow {
  rowid: number;
  id: string;
  url: string | null;
  title: string;
  main_content: string;
  language: string | null;
  thumbnail: string | null;
  thumbnail_b64: string | null;
  doc_date: number | null;
  first_indexed: number;
  custom_fields: string;
  h1: string;
  h2: string;
  meta_description: string | null;
  hidden_keywords: string | null;
}

const DOC_COLUMNS = `rowid, id, url, title, main_content, language, thumbnail, thumbnail_b64, doc_date, first_indexed,
  custom_fields, h1, h2, meta_description, hidden_keywords`;

/** What FTS holds of a document's indexed text (the title aside). */
interface FtsText {
  rowid: number;
  title: string;
  main_content: string;
  hidden_keywords: string | null;
}

/**
 * The search engine on SQLite: one database file per index is both the durable store
 * and the index (FTS5 for words, plain indexed tables for fields and categories).
 * Reopening a file needs no rebuild.
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
  private readonly writeTransaction: (documents: readonly PreparedDocument[]) => WriteOutcome;

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
    const types = this.db.prepare('SELECT name, type FROM field_types').all() as Array<{ name: string; type: CustomFieldType }>;
    for (const { name, type } of types) this.fieldTypes.set(name, type);
    for (const name of this.db.prepare('SELECT name FROM multi_valued_fields').pluck().all() as string[]) this.multiValued.add(name);
    this.writeTransaction = this.db.transaction((documents: readonly PreparedDocument[]) => this.writeRows(documents));
  }

  async write(documents: readonly PreparedDocument[]): Promise<WriteResult> {
    const outcome = this.writeTransaction(documents);
    if (!outcome.ok) return outcome;
    this.memo.clear();
    this.commonTitleWords.noteWrites(documents.length);
    // Only after the commit: a rolled-back write must not leave types or words behind.
    for (const [name, type] of outcome.addedTypes) this.fieldTypes.set(name, type);
    for (const name of outcome.multiValued) this.multiValued.add(name);
    if (this.vocabulary !== null) {
      for (const word of outcome.newWords) if (isVocabularyWord(word)) this.vocabulary.add(word);
    }
    return { ok: true };
  }

  async search(query: SearchQuery): Promise<SearchResult> {
    return this.searchNow(query);
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
        ? this.statements
            .get(`SELECT ${DOC_COLUMNS} FROM docs WHERE id IN (SELECT value FROM json_each(?))`)
            .all(JSON.stringify(values))
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
    const removed = this.db.transaction(() => {
      if (!this.removeRow(id)) return false;
      this.statements.get('DELETE FROM doc_status WHERE id = ?').run(id);
      return true;
    })();
    if (removed) {
      this.memo.clear();
      this.commonTitleWords.noteWrites(1);
    }
    return removed;
  }

  async setHiddenKeywords(id: string, keywords: string | null): Promise<boolean> {
    const words = this.db.transaction(() => {
      const old = this.ftsText(id);
      if (old === undefined) return null;
      this.statements.get('UPDATE docs SET hidden_keywords = ? WHERE rowid = ?').run(keywords, old.rowid);
      // Only the content column changes; fts_title holds titles alone.
      this.ftsContent(true, old);
      this.ftsContent(false, { ...old, hidden_keywords: keywords });
      const added = foldedWords(keywords ?? '');
      const insertTerm = this.statements.get('INSERT OR IGNORE INTO terms (term) VALUES (?)');
      for (const word of added) insertTerm.run(word);
      return added;
    })();
    if (words === null) return false;
    this.memo.clear();
    if (this.vocabulary !== null) for (const word of words) if (isVocabularyWord(word)) this.vocabulary.add(word);
    return true;
  }

  async status(id: string): Promise<DocumentState | null> {
    return documentState(this.statements, id);
  }

  async markCrawl(id: string, url: string, mark: CrawlMark): Promise<void> {
    const removed = this.db.transaction(() => {
      const now = Date.now();
      if (mark.status === 'PENDING') {
        upsertStatus(this.statements, { id, url, status: 'PENDING', statusInfo: 'queued for crawling', lastFetched: null });
        return false;
      }
      upsertStatus(this.statements, { id, url, status: mark.status, statusInfo: mark.info, lastFetched: now });
      // A page that asks not to be indexed leaves the index; a failed fetch keeps what was indexed.
      return mark.status === 'EXCLUDED' && this.removeRow(id);
    })();
    if (removed) this.memo.clear();
  }

  async pendingCrawls(): Promise<Array<{ id: string; url: string }>> {
    return pendingCrawls(this.statements);
  }

  async hasHost(host: string): Promise<boolean> {
    return hasHost(this.statements, host);
  }

  close(): void {
    if (!this.db.open) return;
    // Keeps the planner's statistics fresh for the next start.
    this.db.pragma('optimize');
    this.db.close();
  }

  private ftsText(id: string): FtsText | undefined {
    return this.statements.get('SELECT rowid, title, main_content, hidden_keywords FROM docs WHERE id = ?').get(id) as
      | FtsText
      | undefined;
  }

  /** Adds or removes (`remove`) a document's content in fts: removal must give the text that was added. */
  private ftsContent(remove: boolean, text: FtsText): void {
    const sql = remove
      ? `INSERT INTO fts (fts, rowid, title, main_content) VALUES ('delete', ?, ?, ?)`
      : 'INSERT INTO fts (rowid, title, main_content) VALUES (?, ?, ?)';
    this.statements.get(sql).run(text.rowid, text.title, indexedContent(text.main_content, text.hidden_keywords));
  }

  /** Deletes a document's rows (not its status) inside the caller's transaction. */
  private removeRow(id: string): boolean {
    const old = this.ftsText(id);
    if (old === undefined) return false;
    const s = this.statements;
    this.ftsContent(true, old);
    s.get(`INSERT INTO fts_title (fts_title, rowid, title) VALUES ('delete', ?, ?)`).run(old.rowid, old.title);
    s.get('DELETE FROM field_values WHERE doc = ?').run(old.rowid);
    s.get('DELETE FROM doc_categories WHERE doc = ?').run(old.rowid);
    s.get('DELETE FROM docs WHERE rowid = ?').run(old.rowid);
    return true;
  }

  private writeRows(documents: readonly PreparedDocument[]): WriteOutcome {
    const { added, conflicts } = assignFieldTypes(documents, this.fieldTypes);
    if (conflicts.length > 0) return { ok: false, conflicts };
    const s = this.statements;
    for (const [name, type] of added) s.get('INSERT INTO field_types (name, type) VALUES (?, ?)').run(name, type);

    const upsert = s.get(`
      INSERT INTO docs (id, url, title, main_content, language, thumbnail, thumbnail_b64, doc_date, first_indexed, ts, custom_fields,
        h1, h2, meta_description, content_hash)
      VALUES (@id, @url, @title, @mainContent, @language, @thumbnail, @thumbnailB64, @docDate, @now, coalesce(@docDate, @now), @customFields,
        @h1, @h2, @metaDescription, @contentHash)
      ON CONFLICT (id) DO UPDATE SET
        url = excluded.url, title = excluded.title, main_content = excluded.main_content,
        language = excluded.language, thumbnail = excluded.thumbnail, thumbnail_b64 = excluded.thumbnail_b64,
        doc_date = excluded.doc_date, ts = coalesce(excluded.doc_date, docs.first_indexed),
        custom_fields = excluded.custom_fields, h1 = excluded.h1, h2 = excluded.h2,
        meta_description = excluded.meta_description, content_hash = excluded.content_hash
      RETURNING rowid, hidden_keywords`);
    const deleteValues = s.get('DELETE FROM field_values WHERE doc = ?');
    const deleteCategories = s.get('DELETE FROM doc_categories WHERE doc = ?');
    const insertCategory = s.get('INSERT OR IGNORE INTO doc_categories (category, doc) VALUES (?, ?)');
    const insertValue = s.get('INSERT INTO field_values (doc, field, text, num, fold) VALUES (?, ?, ?, ?, ?)');
    const insertMultiValued = s.get('INSERT OR IGNORE INTO multi_valued_fields (name) VALUES (?)');
    const multiValued = new Set<string>();

    const now = Date.now();
    const newWords = new Set<string>();
    // FTS changes wait until the other writes are done (see sqliteSchema.ts).
    const ftsChanges: Array<{ remove: boolean; text: FtsText }> = [];
    for (const document of documents) {
      const old = this.ftsText(document.id);
      if (old !== undefined) ftsChanges.push({ remove: true, text: old });
      const { rowid, hidden_keywords: hiddenKeywords } = upsert.pluck(false).get({
        id: document.id,
        url: document.url,
        title: document.title,
        mainContent: document.mainContent,
        language: document.language,
        thumbnail: document.thumbnail,
        thumbnailB64: document.thumbnailB64,
        docDate: document.docDate,
        now,
        customFields: JSON.stringify(document.customFields),
        h1: document.page?.h1 ?? '',
        h2: document.page?.h2 ?? '',
        metaDescription: document.page?.metaDescription ?? null,
        contentHash: contentHash(document.mainContent),
      }) as { rowid: number; hidden_keywords: string | null };
      const text = { rowid, title: document.title, main_content: document.mainContent, hidden_keywords: hiddenKeywords };
      ftsChanges.push({ remove: false, text });
      upsertStatus(s, {
        id: document.id,
        url: document.url,
        status: 'INDEXED',
        statusInfo: document.page === undefined ? 'written through the indexing API' : 'crawled and indexed',
        lastFetched: now,
      });
      deleteValues.run(rowid);
      deleteCategories.run(rowid);
      for (const category of urlCategories(document.url)) insertCategory.run(category, rowid);
      for (const [field, value] of Object.entries(document.customFields)) {
        const numeric = (added.get(field) ?? this.fieldTypes.get(field)) !== 'text';
        // An array's repeated element counts once for its document.
        const elements = typeof value === 'object' ? new Set(value) : [value];
        if (elements instanceof Set && elements.size > 1 && !this.multiValued.has(field) && !multiValued.has(field)) {
          insertMultiValued.run(field);
          multiValued.add(field);
        }
        for (const element of elements) {
          const text = String(element);
          const num = typeof element === 'number' ? element : !numeric && NUMERIC_TEXT.test(text) ? Number(text) : null;
          insertValue.run(rowid, field, text, num, fold(text));
        }
      }
      for (const word of foldedWords(`${document.title} ${document.mainContent} ${hiddenKeywords ?? ''}`)) {
        if (this.vocabulary?.has(word) !== true) newWords.add(word);
      }
    }
    const titleInsert = s.get('INSERT INTO fts_title (rowid, title) VALUES (?, ?)');
    const titleDelete = s.get(`INSERT INTO fts_title (fts_title, rowid, title) VALUES ('delete', ?, ?)`);
    for (const change of ftsChanges) {
      this.ftsContent(change.remove, change.text);
      (change.remove ? titleDelete : titleInsert).run(change.text.rowid, change.text.title);
    }
    const insertTerm = s.get('INSERT OR IGNORE INTO terms (term) VALUES (?)');
    for (const word of newWords) insertTerm.run(word);
    return { ok: true, addedTypes: added, newWords, multiValued };
  }

  private searchNow(query: SearchQuery): SearchResult {
    const plan = planQuery(query.words ?? [], { prefixLast: query.prefixLast, fuzzy: query.fuzzy, operator: query.operator, typed: query.typed ?? null }, this.lexicon, this.ranking.words);
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
    return { ...rest, hits: this.documents(page), highlightTerms: highlightTerms(plan) };
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
      .all(JSON.stringify(rows.map((r) => r.rowid))) as Array<FtsText & { url: string | null; custom_fields?: string }>;
    const byRowid = new Map(texts.map((t) => [t.rowid, t]));
    const candidates: Candidate[] = rows.flatMap((row) => {
      const text = byRowid.get(row.rowid);
      if (text === undefined) return [];
      return [
        {
          key: row.rowid,
          url: text.url,
          title: text.title,
          content: indexedContent(text.main_content, text.hidden_keywords),
          score: row.score,
          boost: boosts?.get(row.rowid) ?? 1,
          customFields: text.custom_fields === undefined ? null : (JSON.parse(text.custom_fields) as Record<string, CustomFieldValue>),
        },
      ];
    });
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
      .get(
        `SELECT ${DOC_COLUMNS} FROM docs WHERE rowid IN (SELECT value FROM json_each(?))`,
      )
      .all(JSON.stringify(page.map((p) => p.rowid))) as DocRow[];
    const byRowid = new Map(rows.map((row) => [row.rowid, row]));
    return page.flatMap((p) => {
      const row = byRowid.get(p.rowid);
      return row === undefined ? [] : [{ document: storedDocument(row), score: p.score }];
    });
  }
}

type WriteOutcome = Exclude<WriteResult, { ok: true }> | {
      ok: true;
      addedTypes: Map<string, CustomFieldType>;
      newWords: Set<string>;
      /** Fields that first held several values in one document in this write. */
      multiValued: Set<string>;
    };

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

/** Which words of a text count as matches for highlighting: every alternative's words, prefixes apart. */
function highlightTerms(plan: QueryPlan): HighlightTerms {
  const exact = new Set<string>();
  const prefixes: string[] = [];
  for (const slot of plan.slots) {
    for (const alternative of slot.alternatives) {
      const words = alternative.words;
      words.forEach((word, i) => (alternative.prefix && i === words.length - 1 ? prefixes.push(word) : exact.add(word)));
    }
  }
  return { exact, prefixes };
}

function storedDocument(row: DocRow): StoredDocument {
  return {
    id: row.id,
    url: row.url,
    title: row.title,
    mainContent: row.main_content,
    language: row.language,
    thumbnail: row.thumbnail,
    thumbnailB64: row.thumbnail_b64,
    docDate: row.doc_date,
    firstIndexed: row.first_indexed,
    customFields: JSON.parse(row.custom_fields) as Record<string, CustomFieldValue>,
    h1: row.h1,
    h2: row.h2,
    metaDescription: row.meta_description,
    hiddenKeywords: row.hidden_keywords,
  };
}

/** The text FTS indexes as main_content: the content, then the hidden keywords. */
function indexedContent(mainContent: string, hiddenKeywords: string | null): string {
  return hiddenKeywords === null ? mainContent : `${mainContent}\n${hiddenKeywords}`;
}

/** Identifies equal main content, to report duplicates; documents without content duplicate nothing. */
function contentHash(mainContent: string): string | null {
  const text = mainContent.trim().replace(/\s+/g, ' ');
  return text === '' ? null : createHash('md5').update(text, 'utf8').digest('hex');
}
