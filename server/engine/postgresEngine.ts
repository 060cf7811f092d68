import type pg from 'pg';
import type { DocumentStatusValue } from '../../src/client/types.ts';
import { LRUCache } from 'lru-cache';
import { DEFAULT_DATABASE_TIMEOUTS, type DatabaseTimeouts } from '../storage/databaseTimeouts.ts';
import { assignFieldTypes } from './fieldTypes.ts';
import { cancellable, type PgQueryable } from '../storage/postgresCancel.ts';
import { requestDeadline, untilAborted } from '../storage/requestDeadline.ts';
import { asStored, connectPool, inTransaction } from '../storage/postgresPool.ts';
import { isVocabularyWord } from '../text/vocabularyWord.ts';
import {
  boundedColumns,
  DOC_COLUMNS,
  documentStateOf,
  hitDocument,
  indexedContent,
  rankedColumns,
  rankedText,
  storedDocument,
  storedSections,
  type BoundedRow,
  type DocRow,
  type RankedRow,
} from './documentRow.ts';
import {
  DEFAULT_RANKING_LIMITS,
  type CrawlMark,
  type CustomFieldType,
  type DocumentState,
  type IndexReader,
  type PreparedDocument,
  type RankingLimits,
  type SearchEngine,
  type Steering,
  type StoredDocument,
  type WordAnswers,
  type WordQuestions,
  type WriteResult,
} from './engine.ts';
import { PostgresCrawlStore } from './postgresCrawlStore.ts';
import { pgCandidates } from './postgresCandidates.ts';
import { applyPgSchema } from './postgresSchema.ts';
import { documentVector, indexedWords } from './postgresText.ts';
import { anyTitleWith, contentsWithPhrase, fieldValues, titlesWith, wordsStarting } from './postgresTitles.ts';
import { insertTerms, removeRow, upsertStatus, writeChunk } from './postgresWrites.ts';
import { passingDocuments, postgresSteering, SteeringVersionCheck } from './postgresSteering.ts';
import { estimatedTitles, sampleRowids } from './titleSample.ts';
import { Vocabulary } from './vocabulary.ts';

export { connectPool };

/** Where a PostgreSQL engine keeps an index. */
export interface PostgresEngineOptions {
  /** `postgres://user:password@host:port/database` */
  url: string;
  /** A read replica of `url`'s database: searches, suggestions, autocomplete and lookups read there. */
  replicaUrl?: string | null;
  /** The PostgreSQL schema holding this index's tables: lower-case letters, digits and `_`. */
  schema: string;
  limits?: Partial<RankingLimits>;
  /** Connections this engine opens at most. */
  poolSize?: number;
  /** How long to wait for a connection and for each statement. @default DEFAULT_DATABASE_TIMEOUTS */
  timeouts?: DatabaseTimeouts;
  /** The app's clock: when a document was first indexed and a page last fetched. @default Date.now */
  clock?: () => number;
  /**
   * The clock the field facts age by, a cache against other nodes' writes: real time, never
   * the app's, which a test may hold still. A test moves it past FIELD_FACTS_MAX_AGE_MS
   * instead of sleeping. @default Date.now
   */
  factsClock?: () => number;
}

/** Rows per statement when writing many documents. */
const WRITE_CHUNK = 500;
/**
 * Writes of this many documents since the statistics were last read (and a fifth of the
 * documents then) have the planner's statistics read again at once: right after a bulk
 * import, which arrives in many batches, stale ones made word lookups scan whole tables
 * and facets count through every value until autovacuum came round (a minute later).
 */
const ANALYZE_AFTER = 1_000;
const ANALYZE_AFTER_SHARE = 0.2;
/**
 * The field types, and the owner data's version, are read again after this long, since
 * other processes write too (a write through this one drops them at once): a field new
 * on another node sorts and filters, and a rule or setting written there applies, within
 * a second. They ride with a search's words lookup, so this costs no round trip.
 */
const FIELD_FACTS_MAX_AGE_MS = 500;
/**
 * Every connection reads matches through the indexes, never a whole table: a sequential
 * scan reads every document's vector (TOASTed, kilobytes), which the planner does not
 * count, and cost a common word ten times the bitmap scan. Trigram similarity this low
 * finds words one or two edits away from short words (`gird` for `grid`). No JIT: with
 * sequential scans priced out, a plan that keeps one (a table of a few field types) costs
 * past jit_above_cost, and compiling it took a second, where running it takes microseconds.
 * Statements kept prepared (the words lookup, a search's scoring, documents by rowid) run
 * their generic plan from the first: PostgreSQL otherwise planned the scoring statement
 * anew on every run (its generic plan, not knowing the words, looked dearer), 2 ms of
 * planning for 0.2 ms of work on a rare word's search. Their plans take the same indexes
 * whatever the words; unnamed statements are still planned for their values.
 */
const CONNECTION_SETTINGS = { enable_seqscan: 'off', jit: 'off', 'pg_trgm.similarity_threshold': 0.1, plan_cache_mode: 'force_generic_plan' };

/**
 * The search engine on PostgreSQL: an index is a schema of tables (documents with a
 * GIN-indexed tsvector, field values, categories, words, statuses), so any number of
 * service processes can serve it. Matching is PostgreSQL's, and the candidates are the
 * same the SQLite engine finds. Nothing a search relies on is kept only in this process:
 * field types are read again after a second (see FIELD_FACTS_MAX_AGE_MS), and words are looked up in the database. Writes are serialised per
 * index by an advisory lock and each is one transaction.
 */
export class PostgresEngine implements SearchEngine {
  private readonly limits: RankingLimits;
  private readonly lockKey: string;
  private readonly timeouts: DatabaseTimeouts;
  private written = 0;
  private fieldFacts: { facts: FieldFacts; at: number } | null = null;
  /** Counts of documents by statement, kept while the index's version stays (see currentFieldFacts). */
  private readonly memo = new LRUCache<string, number>({ max: MEMO_MAX });
  /**
   * Words looked up, by question, kept as the counts are: a popular search asks the same
   * questions, and their answer costs a round trip, most of it planning the lookup.
   */
  private readonly wordsMemo = new LRUCache<string, WordAnswers>({ max: MEMO_MAX });
  /** Counts up each time the memos are forgotten: a lookup under way then keeps its answer to itself. */
  private memoGeneration = 0;
  private version: string | null = null;
  private closed: Promise<void> | null = null;
  private analyzing: Promise<void> | null = null;
  /** The change count (`written`) when the statistics were last read, and how many documents the index held then. */
  private writtenAtAnalyze = 0;
  private analyzedRows = 0;
  private readonly steeringCheck = new SteeringVersionCheck();
  readonly steering: Steering;
  readonly crawls: PostgresCrawlStore;
  private readonly clock: () => number;
  private readonly factsClock: () => number;

  private constructor(
    private readonly pool: pg.Pool,
    /** Where searches read: a replica's pool, or `pool`. */
    private readonly readPool: pg.Pool,
    schema: string,
    options: PostgresEngineOptions,
  ) {
    this.limits = { ...DEFAULT_RANKING_LIMITS, ...options.limits };
    this.timeouts = options.timeouts ?? DEFAULT_DATABASE_TIMEOUTS;
    this.clock = options.clock ?? Date.now;
    this.factsClock = options.factsClock ?? Date.now;
    this.lockKey = `site-search write ${schema}`;
    this.steering = postgresSteering(pool, () => this.steeringCheck.forget());
    this.crawls = new PostgresCrawlStore(pool);
  }

  /** Connects, then creates or checks the index's tables. */
  static async open(options: PostgresEngineOptions): Promise<PostgresEngine> {
    const pool = connectPool(options.url, options.schema, options.poolSize ?? 10, CONNECTION_SETTINGS, options.timeouts);
    const readPool = options.replicaUrl ? connectPool(options.replicaUrl, options.schema, options.poolSize ?? 10, CONNECTION_SETTINGS, options.timeouts) : pool;
    try {
      const client = await pool.connect();
      try {
        await applyPgSchema(client, options.schema);
      } finally {
        client.release();
      }
    } catch (error) {
      await pool.end();
      if (readPool !== pool) await readPool.end();
      throw error;
    }
    return new PostgresEngine(pool, readPool, options.schema, options);
  }

  async write(documents: readonly PreparedDocument[]): Promise<WriteResult> {
    const now = this.clock();
    const result = await this.writing(async (client) => {
      const fieldTypes = await readFieldTypes(client);
      const { added, conflicts } = assignFieldTypes(documents, fieldTypes.types);
      if (conflicts.length > 0) return { ok: false, conflicts } as const;
      for (const [name, type] of added) await client.query('INSERT INTO field_types (name, type) VALUES ($1, $2)', [name, type]);
      const types = new Map([...fieldTypes.types, ...added]);
      // The last document of an id wins, as when each replaces the one before.
      const byId = new Map<string, PreparedDocument>();
      for (const document of documents) byId.set(asStored(document.id), document);
      const unique = [...byId.values()];
      for (let i = 0; i < unique.length; i += WRITE_CHUNK) {
        await writeChunk(client, unique.slice(i, i + WRITE_CHUNK), types, fieldTypes.multiValued, now);
      }
      return { ok: true } as const;
    });
    if (result.ok) {
      this.written += documents.length;
      if (this.written - this.writtenAtAnalyze >= Math.max(ANALYZE_AFTER, this.analyzedRows * ANALYZE_AFTER_SHARE)) this.analyze();
    }
    return result;
  }

  get changes(): number {
    return this.written;
  }

  /**
   * Runs `work` on one connection, outside a transaction: a search's statements are few
   * and each reads committed data, and a transaction would cost two more round trips.
   */
  async read<T>(work: (reader: IndexReader) => Promise<T>, signal?: AbortSignal): Promise<T> {
    signal?.throwIfAborted();
    // Connecting, every statement and what the work awaits besides (the learned weights) share one deadline.
    const deadline = requestDeadline(this.timeouts, signal);
    try {
      const client = await untilAborted(this.readPool.connect(), deadline.signal, (late) => late.release());
      const statements = cancellable(this.readPool, client, deadline.signal);
      try {
        return await untilAborted(work(this.reader(statements.client)), deadline.signal);
      } finally {
        statements.dispose();
        client.release(statements.cancelled);
      }
    } finally {
      deadline.dispose();
    }
  }

  /** The field facts if read less than FIELD_FACTS_MAX_AGE_MS ago (and not dropped by a write of this process). */
  private freshFacts(): FieldFacts | null {
    const cached = this.fieldFacts;
    return cached !== null && this.factsClock() - cached.at < FIELD_FACTS_MAX_AGE_MS ? cached.facts : null;
  }

  /**
   * Keeps the field types and multi-valued fields, and the index's version read with
   * them: when another node wrote, the remembered counts go too.
   */
  private learnFacts(
    rows: ReadonlyArray<{ name: string; type: CustomFieldType | null }>,
    version: string | undefined,
    steering: string | undefined,
  ): FieldFacts {
    this.steeringCheck.seen(steering ?? '0');
    const current = version ?? '0';
    if (current !== this.version) {
      this.forgetCounts();
      this.version = current;
    }
    const facts = fieldFacts(rows);
    this.fieldFacts = { facts, at: this.factsClock() };
    return facts;
  }

  /**
   * The field types and multi-valued fields, read again when FIELD_FACTS_MAX_AGE_MS old or
   * after a write of this process, with the index's version in the same round trip (a
   * search's words lookup reads them too, saving this one).
   */
  private async currentFieldFacts(client: PgQueryable): Promise<FieldFacts> {
    const fresh = this.freshFacts();
    if (fresh !== null) return fresh;
    const [types, version, steering] = (await client.query(`${FIELD_FACTS_SQL}; ${VERSION_SQL}; ${STEERING_VERSION_SQL}`)) as unknown as [
      pg.QueryResult<{ name: string; type: CustomFieldType | null }>,
      pg.QueryResult<{ value: string }>,
      pg.QueryResult<{ value: string }>,
    ];
    return this.learnFacts(types.rows, version.rows[0]?.value, steering.rows[0]?.value);
  }

  /** After a write of this process: the field facts and the counts are read again. */
  private forgetFacts(): void {
    this.fieldFacts = null;
    this.forgetCounts();
  }

  private forgetCounts(): void {
    this.memo.clear();
    this.wordsMemo.clear();
    this.memoGeneration++;
  }

  /** The words' answers, remembered while the field facts (read with the index's version) are fresh. */
  private async lookUp(client: PgQueryable, questions: WordQuestions): Promise<WordAnswers> {
    const key = JSON.stringify(questions);
    const fresh = this.freshFacts() !== null;
    const known = fresh ? this.wordsMemo.get(key) : undefined;
    if (known !== undefined) return known;
    const generation = this.memoGeneration;
    const { answers, facts } = await lookUpWords(client, questions, !fresh);
    if (facts !== null) this.learnFacts(facts.types, facts.version, facts.steering);
    if (generation === this.memoGeneration || facts !== null) {
      this.wordsMemo.set(key, answers);
    }
    return answers;
  }

  private reader(client: PgQueryable): IndexReader {
    // The documents of the rows the candidates placed come with them, their bodies
    // bounded as the ranking reads them: the ranking rules read their texts, and the page
    // shows them, without another round trip. Kept as rows: only the page's few become
    // documents (parsing every pool row's custom fields cost more than ranking them).
    const read = new Map<number, BoundedRow>();
    const keep = (rows: readonly BoundedRow[]) => {
      for (const row of rows) read.set(Number(row.rowid), row);
    };
    const readMissing = async (rowids: readonly number[]) => {
      const missing = rowids.filter((rowid) => !read.has(rowid));
      if (missing.length > 0) keep((await client.query<BoundedRow>({ name: 'bounded documents', text: BOUNDED_SQL, values: [missing] })).rows);
    };
    const ranked = (row: BoundedRow, withCustomFields: boolean, laterNames?: string | null) => rankedText(row, false, laterNames, withCustomFields);
    return {
      words: (questions) => this.lookUp(client, questions),
      candidates: async (request) => {
        const facts = await this.currentFieldFacts(client);
        const { documents, ...candidates } = await pgCandidates(client, { ...facts, limits: this.limits, memo: this.memo }, request);
        keep(documents);
        return candidates;
      },
      texts: async (rowids, withCustomFields, whole = false, laterNames = false) => {
        if (whole) {
          const { rows } = await client.query<RankedRow>({ name: 'whole texts', text: WHOLE_TEXTS_SQL, values: [rowids] });
          return rows.map((row) => rankedText(row, true, undefined, withCustomFields));
        }
        await readMissing(rowids);
        const texts = rowids.flatMap((rowid) => {
          const row = read.get(rowid);
          return row === undefined ? [] : [ranked(row, withCustomFields)];
        });
        const cut = laterNames ? texts.filter((text) => text.cut).map((text) => text.rowid) : [];
        if (cut.length === 0) return texts;
        // A cut content's stored name runs, read for a typed name alone (see RankedText.laterNames).
        const { rows } = await client.query<{ rowid: string | number; later_names: string | null }>({
          name: 'later names',
          text: LATER_NAMES_SQL,
          values: [cut],
        });
        const names = new Map(rows.map((row) => [Number(row.rowid), row.later_names]));
        return texts.map((text) => (text.cut ? ranked(read.get(text.rowid)!, withCustomFields, names.get(text.rowid) ?? null) : text));
      },
      documents: async (rowids, whole = false) => {
        if (whole) {
          const { rows } = await client.query<DocRow>({ name: 'documents', text: DOCUMENTS_SQL, values: [rowids] });
          return new Map(rows.map((row) => [Number(row.rowid), storedDocument(row)]));
        }
        await readMissing(rowids);
        return new Map(rowids.flatMap((rowid) => (read.has(rowid) ? [[rowid, hitDocument(read.get(rowid)!)] as const] : [])));
      },
      sections: async (rowids) => {
        // Sections are made from the headings: a page read without any has none, and costs no round trip.
        const asked = rowids.filter((rowid) => read.get(rowid)?.headings !== '');
        if (asked.length === 0) return new Map();
        const { rows } = await client.query<{ rowid: string | number; sections: string }>({ name: 'sections', text: SECTIONS_SQL, values: [asked] });
        return new Map(rows.map((row) => [Number(row.rowid), storedSections(row.sections)]));
      },
      titleSample: async () => {
        const { rows } = await client.query<{ max: number | null }>('SELECT max(rowid) AS max FROM docs');
        const maxRowid = rows[0]!.max ?? 0;
        const rowids = sampleRowids(maxRowid);
        const { rows: titles } = await client.query<{ title: string }>('SELECT title FROM docs WHERE rowid = ANY($1::bigint[])', [rowids]);
        return { titles: titles.map((t) => t.title), total: estimatedTitles(maxRowid, rowids.length, titles.length) };
      },
      titlesWith: (words, limit, excludedIds) => titlesWith(client, words, limit, excludedIds),
      anyTitleWith: (words, excludedIds) => anyTitleWith(client, words, excludedIds),
      wordsStarting: (prefix, limit) => wordsStarting(client, prefix, limit),
      contentsWithPhrase: (words, limit, excludedIds) => contentsWithPhrase(client, words, limit, excludedIds),
      fieldValues: (field, folded, where, excludedIds) => fieldValues(client, field, folded, where, excludedIds),
      steering: (since) => this.steeringCheck.read(client, since),
      passing: async (documents, query) => passingDocuments(client, (await this.currentFieldFacts(client)).fieldTypes, documents, query),
    };
  }

  async lookup(values: readonly string[], field: string | null): Promise<StoredDocument[]> {
    if (values.length === 0) return [];
    const { rows } =
      field === null
        ? await this.readPool.query<DocRow>(`SELECT ${DOC_COLUMNS} FROM docs WHERE id = ANY($1::text[]) ORDER BY rowid`, [values])
        : await this.readPool.query<DocRow>(
            `SELECT ${DOC_COLUMNS} FROM docs WHERE rowid IN (SELECT doc FROM field_values WHERE field = $1 AND text = ANY($2::text[])) ORDER BY rowid`,
            [field, values],
          );
    return rows.map(storedDocument);
  }

  async count(): Promise<number> {
    const { rows } = await this.pool.query<{ n: number }>('SELECT count(*) AS n FROM docs');
    return rows[0]!.n;
  }

  async get(id: string): Promise<StoredDocument | null> {
    const { rows } = await this.pool.query<DocRow>(`SELECT ${DOC_COLUMNS} FROM docs WHERE id = $1`, [id]);
    return rows.length === 0 ? null : storedDocument(rows[0]!);
  }

  async remove(id: string): Promise<boolean> {
    const removed = await this.writing(async (client) => {
      if (!(await removeRow(client, id))) return false;
      await client.query('DELETE FROM doc_status WHERE id = $1', [id]);
      return true;
    });
    if (removed) this.written++;
    return removed;
  }

  async setHiddenKeywords(id: string, keywords: string | null): Promise<boolean> {
    return this.writing(async (client) => {
      const { rows } = await client.query<{ title: string; main_content: string }>('SELECT title, main_content FROM docs WHERE id = $1 FOR UPDATE', [id]);
      if (rows.length === 0) return false;
      const { title, main_content: mainContent } = rows[0]!;
      const { vector, words } = documentVector(title, indexedContent(mainContent, keywords));
      await client.query('UPDATE docs SET hidden_keywords = $2 WHERE id = $1', [id, keywords]);
      await client.query('UPDATE doc_words SET tsv = $2::tsvector, words = $3 WHERE id = $1', [id, vector, words]);
      await insertTerms(client, indexedWords(keywords ?? ''));
      return true;
    });
  }

  async status(id: string): Promise<DocumentState | null> {
    // One statement, so the document and its crawl status come from one snapshot: read
    // apart, a crawl committing in between showed INDEXED for a document not yet there.
    const { rows } = await this.pool.query<StatusRow>(
      `SELECT d.url AS doc_url, d.first_indexed, s.url AS status_url, s.status, s.status_info, s.last_fetched,
         (d.id IS NOT NULL) AS indexed,
         (SELECT o.id FROM docs o WHERE d.content_hash IS NOT NULL AND o.content_hash = d.content_hash AND o.rowid < d.rowid ORDER BY o.rowid LIMIT 1) AS duplicate_of
       FROM (SELECT $1::text AS id) k LEFT JOIN docs d ON d.id = k.id LEFT JOIN doc_status s ON s.id = k.id`,
      [id],
    );
    const row = rows[0]!;
    return documentStateOf(id, {
      doc: row.indexed ? { url: row.doc_url, first_indexed: Number(row.first_indexed) } : undefined,
      status:
        row.status === null
          ? undefined
          : {
              url: row.status_url,
              status: row.status,
              statusInfo: row.status_info ?? '',
              lastFetched: row.last_fetched === null ? null : Number(row.last_fetched),
            },
      // The first document indexed with this content is the original; later ones are its duplicates.
      duplicateOf: row.duplicate_of,
    });
  }

  async statuses(filter: { status: DocumentStatusValue } | { url: string }, limit: number): Promise<DocumentState[]> {
    const { rows } =
      'status' in filter
        ? await this.pool.query<{ id: string }>('SELECT id FROM doc_status WHERE status = $1 ORDER BY last_fetched DESC NULLS LAST, id LIMIT $2', [
            filter.status,
            limit,
          ])
        : // No index on url: an owner's look-up, not a search, reads the tables through.
          await this.pool.query<{ id: string }>('SELECT id FROM docs WHERE url = $1 UNION SELECT id FROM doc_status WHERE url = $1 ORDER BY 1 LIMIT $2', [
            filter.url,
            limit,
          ]);
    const states = await Promise.all(rows.map(({ id }) => this.status(id)));
    return states.filter((state): state is DocumentState => state !== null);
  }

  async customFields(): Promise<{ types: Map<string, CustomFieldType>; multiValued: Set<string> }> {
    const { rows } = await this.pool.query<{ name: string; type: CustomFieldType | null }>(FIELD_FACTS_SQL);
    const { fieldTypes, multiValued } = fieldFacts(rows);
    return { types: fieldTypes, multiValued };
  }

  async markCrawl(id: string, url: string, mark: CrawlMark): Promise<void> {
    await this.writing(async (client) => {
      if (mark.status === 'PENDING') {
        await upsertStatus(client, [{ id, url, status: 'PENDING', statusInfo: 'queued for crawling', lastFetched: null }]);
        return;
      }
      await upsertStatus(client, [{ id, url, status: mark.status, statusInfo: mark.info, lastFetched: this.clock() }]);
      // A page that asks not to be indexed leaves the index; a failed fetch keeps what was indexed.
      if (mark.status === 'EXCLUDED' && (await removeRow(client, id))) this.written++;
    });
  }

  async pendingCrawls(): Promise<Array<{ id: string; url: string }>> {
    const { rows } = await this.pool.query<{ id: string; url: string }>(`SELECT id, url FROM doc_status WHERE status = 'PENDING' AND url IS NOT NULL`);
    return rows;
  }

  /** Waits for the queries under way, then closes the connections. */
  close(): Promise<void> {
    this.closed ??= (this.analyzing ?? Promise.resolve()).then(async () => {
      await Promise.all([this.pool.end(), this.readPool !== this.pool && this.readPool.end()]);
    });
    return this.closed;
  }

  /**
   * After a large write, in the background (the write is acknowledged meanwhile), one at a
   * time: VACUUM moves its words out of the GIN indexes' pending lists (which every search
   * reads through) and marks its pages visible to all, so searches after it neither check
   * nor set each row's visibility; ANALYZE refreshes the planner's statistics. Left to
   * autovacuum, the same work came a minute later, in the middle of the searches.
   */
  private analyze(): void {
    if (this.analyzing !== null || this.closed !== null) return;
    this.writtenAtAnalyze = this.written;
    this.analyzing = this.pool
      .query('VACUUM (ANALYZE) docs, doc_words, terms, field_values, doc_categories')
      .then(() => this.pool.query<{ rows: number }>(`SELECT greatest(reltuples, 0)::float8 AS rows FROM pg_class WHERE oid = 'docs'::regclass`))
      .then(
        (counted) => void (this.analyzedRows = counted.rows[0]?.rows ?? this.analyzedRows),
        () => {},
      )
      .finally(() => (this.analyzing = null));
  }

  /** Runs `work` in one write transaction, after the writes of other processes to this index. */
  private async writing<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const failed = (result: T) => typeof result === 'object' && result !== null && (result as { ok?: boolean }).ok === false;
    const result = await inTransaction(
      this.pool,
      async (client) => {
        await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [this.lockKey]);
        return work(client);
      },
      // Every node learns of the write from the index's version (see currentFieldFacts); a type conflict writes nothing.
      (done) => (failed(done) ? 'ROLLBACK' : `${BUMP_VERSION}; COMMIT`),
    );
    if (!failed(result)) this.forgetFacts();
    return result;
  }
}

const FIELD_FACTS_SQL = 'SELECT name, type FROM field_types UNION ALL SELECT name, NULL FROM multi_valued_fields';
/** The index's version, bumped by every write of every node: what it changes, counts included, is read again. */
const VERSION_SQL = `SELECT value FROM meta WHERE key = 'write_version'`;
/** The owner data's version (postgresSteering.ts), read with the index's version. */
const STEERING_VERSION_SQL = `SELECT value FROM meta WHERE key = 'steering_version'`;
const BUMP_VERSION = `INSERT INTO meta (key, value) VALUES ('write_version', '1') ON CONFLICT (key) DO UPDATE SET value = (meta.value::bigint + 1)::text`;
/** Counts remembered at most: the oldest goes first. */
const MEMO_MAX = 10_000;

interface FieldFacts {
  fieldTypes: Map<string, CustomFieldType>;
  multiValued: Set<string>;
}

/** The field types and the fields some document held several values of, from one statement's rows. */
function fieldFacts(rows: ReadonlyArray<{ name: string; type: CustomFieldType | null }>): {
  fieldTypes: Map<string, CustomFieldType>;
  multiValued: Set<string>;
} {
  const fieldTypes = new Map<string, CustomFieldType>();
  const multiValued = new Set<string>();
  for (const { name, type } of rows) {
    if (type === null) multiValued.add(name);
    else fieldTypes.set(name, type);
  }
  return { fieldTypes, multiValued };
}

/** The field types as the write transaction sees them. */
async function readFieldTypes(client: pg.ClientBase): Promise<{ types: Map<string, CustomFieldType>; multiValued: Set<string> }> {
  const { rows } = await client.query<{ name: string; type: CustomFieldType | null }>(FIELD_FACTS_SQL);
  const { fieldTypes, multiValued } = fieldFacts(rows);
  return { types: fieldTypes, multiValued };
}

/**
 * The statements every search makes, by name: each connection prepares them once, so the
 * database plans them once (they are the same text every time).
 */
const DOCUMENTS_SQL = `SELECT ${DOC_COLUMNS} FROM docs WHERE rowid = ANY($1::bigint[])`;
const BOUNDED_SQL = `SELECT ${boundedColumns('')} FROM docs WHERE rowid = ANY($1::bigint[])`;
const WHOLE_TEXTS_SQL = `SELECT ${rankedColumns('', true, true)} FROM docs WHERE rowid = ANY($1::bigint[])`;
const LATER_NAMES_SQL = `SELECT rowid, later_names FROM docs WHERE rowid = ANY($1::bigint[])`;
const SECTIONS_SQL = `SELECT rowid, sections FROM docs WHERE rowid = ANY($1::bigint[]) AND sections <> ''`;
// A range, not =: with =, the planner took the trigram index, ten times slower than the primary key.
// With $6, the field facts and the index's version come along (see currentFieldFacts).
const WORDS_SQL = `SELECT 'has' AS kind, w AS word, NULL AS term FROM unnest($1::text[]) AS w
       WHERE EXISTS (SELECT 1 FROM terms WHERE term >= w COLLATE "C" AND term <= w COLLATE "C")
     UNION ALL
     SELECT 'extends', w, NULL FROM unnest($2::text[]) AS w
       WHERE EXISTS (SELECT 1 FROM terms WHERE term > w COLLATE "C" AND term < (w || chr(1114111)) COLLATE "C")
     UNION ALL
     -- Trigrams narrow the words; the edit distance decides, as the SQLite engine's vocabulary does.
     SELECT 'near', q.w, t.term FROM unnest($3::text[], $4::int[], $5::bool[]) AS q(w, d, absent)
       CROSS JOIN LATERAL (SELECT term FROM terms WHERE term % q.w AND length(term) BETWEEN length(q.w) - q.d AND length(q.w) + q.d) AS t
       WHERE NOT (q.absent AND EXISTS (SELECT 1 FROM terms WHERE term >= q.w COLLATE "C" AND term <= q.w COLLATE "C"))
     UNION ALL
     SELECT 'field', name, type FROM field_types WHERE $6
     UNION ALL
     SELECT 'field', name, NULL FROM multi_valued_fields WHERE $6
     UNION ALL
     SELECT 'version', value, NULL FROM meta WHERE key = 'write_version' AND $6
     UNION ALL
     SELECT 'steering', value, NULL FROM meta WHERE key = 'steering_version' AND $6`;

/** What one words lookup found: the answers, and the field facts when asked for. */
interface WordsFound {
  answers: WordAnswers;
  facts: { types: Array<{ name: string; type: CustomFieldType | null }>; version: string | undefined; steering: string | undefined } | null;
}

/** Answers the plan's questions about words (see WordQuestions) in one statement, with the field facts if `withFacts`. */
async function lookUpWords(client: PgQueryable, questions: WordQuestions, withFacts: boolean): Promise<WordsFound> {
  const near = questions.near.filter((q) => isVocabularyWord(q.word));
  const { rows } = await client.query<{ kind: 'has' | 'extends' | 'near' | 'field' | 'version' | 'steering'; word: string; term: string | null }>({
    name: 'words',
    text: WORDS_SQL,
    values: [questions.has, questions.extends, near.map((q) => q.word), near.map((q) => q.maxDistance), near.map((q) => q.onlyIfAbsent), withFacts],
  });
  const found = (kind: string) => new Set(rows.filter((r) => r.kind === kind).map((r) => r.word));
  const nearWords = new Map<string, Array<{ word: string; distance: number }>>();
  for (const { word, maxDistance, limit } of near) {
    const terms = rows.filter((r) => r.kind === 'near' && r.word === word).map((r) => r.term!);
    if (terms.length > 0) nearWords.set(word, new Vocabulary(terms.filter(isVocabularyWord)).near(word, maxDistance, limit));
  }
  const facts = withFacts
    ? {
        types: rows.filter((r) => r.kind === 'field').map((r) => ({ name: r.word, type: r.term as CustomFieldType | null })),
        version: rows.find((r) => r.kind === 'version')?.word,
        steering: rows.find((r) => r.kind === 'steering')?.word,
      }
    : null;
  return { answers: { has: found('has'), extends: found('extends'), near: nearWords }, facts };
}

/** What `status` reads of an id in one statement. */
interface StatusRow {
  indexed: boolean;
  doc_url: string | null;
  first_indexed: number | string | null;
  status_url: string | null;
  status: DocumentState['status'] | null;
  status_info: string | null;
  last_fetched: number | string | null;
  duplicate_of: string | null;
}
