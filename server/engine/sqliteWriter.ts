import Database from 'better-sqlite3';
import { assignFieldTypes } from './fieldTypes.ts';
import { fieldValues } from './fieldValues.ts';
import { foldedWords } from '../text/words.ts';
import { contentHash, contentStartColumn, DOC_REPLACED_COLUMNS, headingsColumn, indexedContent, laterNamesColumn, sectionsColumn } from './documentRow.ts';
import type { CrawlMark, CustomFieldType, PreparedDocument, SteeringKind, WriteResult } from './engine.ts';
import { applyConnectionSettings } from './sqliteSchema.ts';
import { upsertStatus } from './sqliteStatus.ts';
import { writeSteering } from './sqliteSteering.ts';
import { StatementCache } from '../storage/statementCache.ts';
import { answerTasks, type CloseTask, type WriterReply } from '../storage/writerTasks.ts';
import { runCrawlWrite, SqliteCrawlWrites, type CrawlWriteCall } from './sqliteCrawlStore.ts';

/** What FTS holds of a document's indexed text (the title aside). */
export interface FtsText {
  rowid: number;
  title: string;
  main_content: string;
  hidden_keywords: string | null;
}

/** A committed write tells the reader what changed; a conflict wrote nothing. */
export type WriteOutcome =
  | Exclude<WriteResult, { ok: true }>
  | {
      ok: true;
      addedTypes: Map<string, CustomFieldType>;
      /** Every word the write indexed (the reader adds the new ones to its fuzzy vocabulary). */
      newWords: Set<string>;
      /** Fields that first held several values in one document in this write. */
      multiValued: Set<string>;
    };

/**
 * Every change to an index's database, each one transaction. The calls the writer
 * thread (sqliteWriterWorker.mjs) answers, by name; arguments and results cross
 * threads, so they are plain data.
 */
export interface WriterCalls {
  /** `now`: the app's clock's time of the write (first indexed, last fetched); the clock cannot cross threads. */
  write(documents: readonly PreparedDocument[], now: number): WriteOutcome;
  /** Whether there was a document to remove. */
  remove(id: string): boolean;
  /** The words the new keywords add; null when there is no such document. */
  setHiddenKeywords(id: string, keywords: string | null): string[] | null;
  /** Whether the mark removed a document (EXCLUDED). */
  markCrawl(id: string, url: string, mark: CrawlMark, now: number): boolean;
  /** Writes an owner's entry (null: removes it); whether a row changed. */
  writeSteering(kind: SteeringKind, id: string, body: string | null): boolean;
  /** A write of the crawl store (sqliteCrawlStore.ts). */
  crawlWrite(call: CrawlWriteCall): unknown;
}

export type WriterCall = { [K in keyof WriterCalls]: { op: K; args: Parameters<WriterCalls[K]> } }[keyof WriterCalls];

/**
 * Writes an index's rows on its connection. It keeps the field types it needs to detect
 * conflicts, read from the file again whenever another connection has committed since
 * (the file is the one source of truth), and updated only after its own commits, so a
 * rolled-back write leaves nothing behind.
 */
export class SqliteWriter implements WriterCalls {
  private readonly statements: StatementCache;
  private readonly fieldTypes = new Map<string, CustomFieldType>();
  /** Fields some document held several values of (see multi_valued_fields). */
  private readonly multiValued = new Set<string>();
  private readonly writeTransaction: (documents: readonly PreparedDocument[], now: number) => WriteOutcome;
  private crawlWrites: SqliteCrawlWrites | null = null;
  /** PRAGMA data_version when the field types were read: it changes when another connection commits. */
  private dataVersion = -1;

  constructor(private readonly db: Database.Database) {
    this.statements = new StatementCache(db);
    this.writeTransaction = db.transaction((documents: readonly PreparedDocument[], now: number) => this.writeRows(documents, now));
  }

  /** Runs a call received from another thread. */
  run(call: WriterCall): unknown {
    return (this[call.op] as (...args: unknown[]) => unknown)(...call.args);
  }

  write(documents: readonly PreparedDocument[], now: number): WriteOutcome {
    this.readFieldFacts();
    const outcome = this.writeTransaction(documents, now);
    if (outcome.ok) {
      for (const [name, type] of outcome.addedTypes) this.fieldTypes.set(name, type);
      for (const name of outcome.multiValued) this.multiValued.add(name);
    }
    return outcome;
  }

  remove(id: string): boolean {
    return this.db.transaction(() => {
      if (!this.removeRow(id)) return false;
      this.statements.get('DELETE FROM doc_status WHERE id = ?').run(id);
      return true;
    })();
  }

  setHiddenKeywords(id: string, keywords: string | null): string[] | null {
    return this.db.transaction(() => {
      const old = this.ftsText(id);
      if (old === undefined) return null;
      this.statements.get('UPDATE docs SET hidden_keywords = ? WHERE rowid = ?').run(keywords, old.rowid);
      // Only the content column changes; fts_title holds titles alone.
      this.ftsContent(true, old);
      this.ftsContent(false, { ...old, hidden_keywords: keywords });
      const added = foldedWords(keywords ?? '');
      const insertTerm = this.statements.get('INSERT OR IGNORE INTO terms (term) VALUES (?)');
      for (const word of added) insertTerm.run(word);
      return [...added];
    })();
  }

  markCrawl(id: string, url: string, mark: CrawlMark, now: number): boolean {
    return this.db.transaction(() => {
      if (mark.status === 'PENDING') {
        upsertStatus(this.statements, { id, url, status: 'PENDING', statusInfo: 'queued for crawling', lastFetched: null });
        return false;
      }
      upsertStatus(this.statements, { id, url, status: mark.status, statusInfo: mark.info, lastFetched: now });
      // A page that asks not to be indexed leaves the index; a failed fetch keeps what was indexed.
      return mark.status === 'EXCLUDED' && this.removeRow(id);
    })();
  }

  writeSteering(kind: SteeringKind, id: string, body: string | null): boolean {
    return this.db.transaction(() => writeSteering(this.statements, kind, id, body))();
  }

  crawlWrite(call: CrawlWriteCall): unknown {
    this.crawlWrites ??= new SqliteCrawlWrites(this.db);
    return runCrawlWrite(this.crawlWrites, call);
  }

  /** Reads the field types and multi-valued fields again if another connection committed since they were read. */
  private readFieldFacts(): void {
    const version = this.statements.get('PRAGMA data_version').pluck().get() as number;
    if (version === this.dataVersion) return;
    this.dataVersion = version;
    this.fieldTypes.clear();
    this.multiValued.clear();
    const types = this.statements.get('SELECT name, type FROM field_types').all() as Array<{ name: string; type: CustomFieldType }>;
    for (const { name, type } of types) this.fieldTypes.set(name, type);
    for (const name of this.statements.get('SELECT name FROM multi_valued_fields').pluck().all() as string[]) this.multiValued.add(name);
  }

  private ftsText(id: string): FtsText | undefined {
    return this.statements.get('SELECT rowid, title, main_content, hidden_keywords FROM docs WHERE id = ?').get(id) as FtsText | undefined;
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

  private writeRows(documents: readonly PreparedDocument[], now: number): WriteOutcome {
    const { added, conflicts } = assignFieldTypes(documents, this.fieldTypes);
    if (conflicts.length > 0) return { ok: false, conflicts };
    const s = this.statements;
    for (const [name, type] of added) s.get('INSERT INTO field_types (name, type) VALUES (?, ?)').run(name, type);

    const upsert = s.get(`
      INSERT INTO docs (id, url, title, main_content, language, thumbnail, thumbnail_b64, doc_date, first_indexed, ts, custom_fields,
        h1, h2, meta_description, content_hash, headings, sections, content_start, later_names)
      VALUES (@id, @url, @title, @mainContent, @language, @thumbnail, @thumbnailB64, @docDate, @now, coalesce(@docDate, @now), @customFields,
        @h1, @h2, @metaDescription, @contentHash, @headings, @sections, @contentStart, @laterNames)
      ON CONFLICT (id) DO UPDATE SET ${DOC_REPLACED_COLUMNS}
      RETURNING rowid, hidden_keywords`);
    const deleteValues = s.get('DELETE FROM field_values WHERE doc = ?');
    const deleteCategories = s.get('DELETE FROM doc_categories WHERE doc = ?');
    const insertCategory = s.get('INSERT OR IGNORE INTO doc_categories (category, doc) VALUES (?, ?)');
    const insertValue = s.get('INSERT INTO field_values (doc, field, text, num, fold) VALUES (?, ?, ?, ?, ?)');
    const insertMultiValued = s.get('INSERT OR IGNORE INTO multi_valued_fields (name) VALUES (?)');
    const multiValued = new Set<string>();

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
        headings: headingsColumn(document),
        sections: sectionsColumn(document),
        contentStart: contentStartColumn(document),
        laterNames: laterNamesColumn(document),
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
      for (const category of document.categories) insertCategory.run(category, rowid);
      const fields = fieldValues(document, (field) => added.get(field) ?? this.fieldTypes.get(field));
      for (const field of fields.multiValued) {
        if (this.multiValued.has(field) || multiValued.has(field)) continue;
        insertMultiValued.run(field);
        multiValued.add(field);
      }
      for (const value of fields.values) insertValue.run(rowid, value.field, value.text, value.num, value.fold);
      for (const word of foldedWords(`${document.title} ${document.mainContent} ${hiddenKeywords ?? ''}`)) newWords.add(word);
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
}

/**
 * The writer thread's task function (sqliteWriterWorker.mjs): each call run on the
 * thread's own connection to an index file the service has already opened (and so
 * checked and given its schema), with the same settings as the service's.
 */
export function writerTasks(file: string): (task: WriterCall | CloseTask) => WriterReply {
  const db = new Database(file, { fileMustExist: true });
  applyConnectionSettings(db);
  const writer = new SqliteWriter(db);
  return answerTasks(
    (task: WriterCall) => writer.run(task),
    () => db.close(),
  );
}
