import Database from 'better-sqlite3';
import type { CustomFieldValue } from '../../src/client/types.ts';
import { assignFieldTypes } from '../documents/fieldTypes.ts';
import { urlCategories } from '../documents/urlCategories.ts';
import { fold } from '../text/fold.ts';
import { foldedWords } from '../text/words.ts';
import type {
  CustomFieldType,
  HighlightTerms,
  PreparedDocument,
  SearchEngine,
  SearchQuery,
  SearchResult,
  StoredDocument,
  WriteResult,
} from './engine.ts';
import { ftsMatch, type FtsMatch, type WordTerm } from './ftsExpression.ts';
import { applySchema } from './sqliteSchema.ts';
import { sqliteAutocomplete } from './sqliteAutocomplete.ts';
import { sqliteSuggest } from './sqliteSuggest.ts';
import { DEFAULT_RANKING_LIMITS, sqliteSearch, type PageRow, type RankingLimits } from './sqliteSearch.ts';
import { StatementCache } from './statementCache.ts';
import { fuzzyDistance, isVocabularyWord, Vocabulary } from './vocabulary.ts';

/** Near words a fuzzy query word may also match. */
const FUZZY_ALTERNATIVES = 20;
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
  /** Counts of documents by query (see sqliteSearch, documentFrequency); emptied by every write. */
  private readonly memo = new CountMemo(MEMO_MAX);
  /** Loaded on the first fuzzy query that needs it, then kept up to date by writes. */
  private vocabulary: Vocabulary | null = null;
  private readonly writeTransaction: (documents: readonly PreparedDocument[]) => WriteOutcome;

  private readonly limits: RankingLimits;
  private readonly termsComplete: boolean;

  constructor(file: string, limits: Partial<RankingLimits> = {}) {
    this.limits = { ...DEFAULT_RANKING_LIMITS, ...limits };
    this.db = new Database(file);
    this.termsComplete = applySchema(this.db).termsComplete;
    this.statements = new StatementCache(this.db);
    const types = this.db.prepare('SELECT name, type FROM field_types').all() as Array<{ name: string; type: CustomFieldType }>;
    for (const { name, type } of types) this.fieldTypes.set(name, type);
    this.writeTransaction = this.db.transaction((documents: readonly PreparedDocument[]) => this.writeRows(documents));
  }

  async write(documents: readonly PreparedDocument[]): Promise<WriteResult> {
    const outcome = this.writeTransaction(documents);
    if (!outcome.ok) return outcome;
    this.memo.clear();
    // Only after the commit: a rolled-back write must not leave types or words behind.
    for (const [name, type] of outcome.addedTypes) this.fieldTypes.set(name, type);
    if (this.vocabulary !== null) {
      for (const word of outcome.newWords) if (isVocabularyWord(word)) this.vocabulary.add(word);
    }
    return { ok: true };
  }

  async search(query: SearchQuery): Promise<SearchResult> {
    return this.searchNow(query);
  }

  async suggest(term: string, size: number): Promise<string[]> {
    return sqliteSuggest(this.statements, foldedWords(term), size);
  }

  async autocomplete(field: string, term: string, size: number): Promise<string[]> {
    return sqliteAutocomplete(this.statements, field, term, size);
  }

  async count(): Promise<number> {
    return this.statements.get('SELECT count(*) FROM docs').pluck().get() as number;
  }

  close(): void {
    if (!this.db.open) return;
    // Keeps the planner's statistics fresh for the next start.
    this.db.pragma('optimize');
    this.db.close();
  }

  private writeRows(documents: readonly PreparedDocument[]): WriteOutcome {
    const { added, conflicts } = assignFieldTypes(documents, this.fieldTypes);
    if (conflicts.length > 0) return { ok: false, conflicts };
    const s = this.statements;
    for (const [name, type] of added) s.get('INSERT INTO field_types (name, type) VALUES (?, ?)').run(name, type);

    const upsert = s.get(`
      INSERT INTO docs (id, url, title, main_content, language, thumbnail, thumbnail_b64, doc_date, first_indexed, ts, custom_fields)
      VALUES (@id, @url, @title, @mainContent, @language, @thumbnail, @thumbnailB64, @docDate, @now, coalesce(@docDate, @now), @customFields)
      ON CONFLICT (id) DO UPDATE SET
        url = excluded.url, title = excluded.title, main_content = excluded.main_content,
        language = excluded.language, thumbnail = excluded.thumbnail, thumbnail_b64 = excluded.thumbnail_b64,
        doc_date = excluded.doc_date, ts = coalesce(excluded.doc_date, docs.first_indexed),
        custom_fields = excluded.custom_fields
      RETURNING rowid`);
    const deleteValues = s.get('DELETE FROM field_values WHERE doc = ?');
    const deleteCategories = s.get('DELETE FROM doc_categories WHERE doc = ?');
    const insertCategory = s.get('INSERT OR IGNORE INTO doc_categories (category, doc) VALUES (?, ?)');
    const insertValue = s.get('INSERT INTO field_values (doc, field, text, num, fold) VALUES (?, ?, ?, ?, ?)');

    const findOld = s.get('SELECT rowid, title, main_content FROM docs WHERE id = ?');
    const now = Date.now();
    const newWords = new Set<string>();
    // FTS changes wait until the other writes are done (see sqliteSchema.ts).
    const ftsChanges: Array<{ remove: boolean; rowid: number; title: string; content: string }> = [];
    for (const document of documents) {
      const old = findOld.get(document.id) as { rowid: number; title: string; main_content: string } | undefined;
      if (old !== undefined) ftsChanges.push({ remove: true, rowid: old.rowid, title: old.title, content: old.main_content });
      const rowid = upsert.pluck().get({
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
      }) as number;
      ftsChanges.push({ remove: false, rowid, title: document.title, content: document.mainContent });
      deleteValues.run(rowid);
      deleteCategories.run(rowid);
      for (const category of urlCategories(document.url)) insertCategory.run(category, rowid);
      for (const [field, value] of Object.entries(document.customFields)) {
        const numeric = (added.get(field) ?? this.fieldTypes.get(field)) !== 'text';
        // An array's repeated element counts once for its document.
        for (const element of typeof value === 'object' ? new Set(value) : [value]) {
          const text = String(element);
          const num = typeof element === 'number' ? element : !numeric && NUMERIC_TEXT.test(text) ? Number(text) : null;
          insertValue.run(rowid, field, text, num, fold(text));
        }
      }
      for (const word of foldedWords(`${document.title} ${document.mainContent}`)) {
        if (this.vocabulary?.has(word) !== true) newWords.add(word);
      }
    }
    const ftsInsert = s.get('INSERT INTO fts (rowid, title, main_content) VALUES (?, ?, ?)');
    const ftsDelete = s.get(`INSERT INTO fts (fts, rowid, title, main_content) VALUES ('delete', ?, ?, ?)`);
    const titleInsert = s.get('INSERT INTO fts_title (rowid, title) VALUES (?, ?)');
    const titleDelete = s.get(`INSERT INTO fts_title (fts_title, rowid, title) VALUES ('delete', ?, ?)`);
    for (const change of ftsChanges) {
      (change.remove ? ftsDelete : ftsInsert).run(change.rowid, change.title, change.content);
      (change.remove ? titleDelete : titleInsert).run(change.rowid, change.title);
    }
    const insertTerm = s.get('INSERT OR IGNORE INTO terms (term) VALUES (?)');
    for (const word of newWords) insertTerm.run(word);
    return { ok: true, addedTypes: added, newWords };
  }

  private searchNow(query: SearchQuery): SearchResult {
    const plan = this.planWords(query);
    const { page, ...rest } = sqliteSearch(
      this.statements,
      this.fieldTypes,
      query,
      plan.match,
      (group) => this.documentFrequency(group),
      this.memo,
      this.limits,
    );
    return { ...rest, hits: this.documents(page), highlightTerms: plan.highlight };
  }

  /** The FTS5 expression for the query words, with fuzzy alternatives, and what to highlight. */
  private planWords(query: SearchQuery): { match: FtsMatch | null; highlight: HighlightTerms } {
    const words = query.words ?? [];
    const exact = new Set<string>();
    const prefixes: string[] = [];
    const terms: WordTerm[] = words.map((word, i) => {
      // One letter as a prefix would merge the lists of most words in the index.
      const prefix = query.prefixLast && i === words.length - 1 && word.length >= 2 && this.extends(word);
      const alternatives = this.alternatives(word, prefix, query.fuzzy);
      if (prefix) prefixes.push(word);
      else exact.add(word);
      for (const alternative of alternatives) exact.add(alternative);
      return { word, prefix, alternatives };
    });
    const operator = query.fuzzy === 'off' ? 'and' : query.operator;
    return {
      match: terms.length === 0 ? null : ftsMatch(terms, operator),
      highlight: { exact, prefixes },
    };
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

  private alternatives(word: string, prefix: boolean, fuzzy: SearchQuery['fuzzy']): string[] {
    if (fuzzy === 'off') return [];
    if (fuzzyDistance(word.length) === 0 || !isVocabularyWord(word)) return [];
    if (fuzzy === 'auto' && this.isIndexedWord(word, prefix)) return [];
    if (this.vocabulary === null) {
      const words = this.db.prepare('SELECT term FROM terms').pluck().all() as string[];
      this.vocabulary = new Vocabulary(words.filter(isVocabularyWord));
    }
    return this.vocabulary.near(word, FUZZY_ALTERNATIVES);
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

  /** Whether the index has the word (or, for a prefix, a word starting with it): `auto` leaves it alone. */
  private isIndexedWord(word: string, prefix: boolean): boolean {
    const found = prefix
      ? this.statements.get('SELECT 1 FROM terms WHERE term >= ? AND term < ? LIMIT 1').get(word, `${word}\u{10FFFF}`)
      : this.statements.get('SELECT 1 FROM terms WHERE term = ?').get(word);
    return found !== undefined;
  }

  /** The stored documents of a page, in page order, in one query. */
  private documents(page: readonly PageRow[]): SearchResult['hits'] {
    if (page.length === 0) return [];
    const rows = this.statements
      .get(
        `SELECT rowid, id, url, title, main_content, language, thumbnail, thumbnail_b64, doc_date, first_indexed, custom_fields
         FROM docs WHERE rowid IN (SELECT value FROM json_each(?))`,
      )
      .all(JSON.stringify(page.map((p) => p.rowid))) as DocRow[];
    const byRowid = new Map(rows.map((row) => [row.rowid, row]));
    return page.flatMap((p) => {
      const row = byRowid.get(p.rowid);
      return row === undefined ? [] : [{ document: storedDocument(row), score: p.score }];
    });
  }
}

type WriteOutcome = Exclude<WriteResult, { ok: true }> | { ok: true; addedTypes: Map<string, CustomFieldType>; newWords: Set<string> };

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
  };
}
