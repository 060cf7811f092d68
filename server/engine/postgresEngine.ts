import pg from 'pg';
import { DEFAULT_DATABASE_TIMEOUTS, pgTimeouts, type DatabaseTimeouts } from '../databaseTimeouts.ts';
import { assignFieldTypes } from '../documents/fieldTypes.ts';
import { fieldValues } from '../documents/fieldValues.ts';
import { isVocabularyWord } from '../ranking/fuzzyDistance.ts';
import { planQuery, type Lexicon, type PlanOptions, type QueryPlan } from '../ranking/queryPlan.ts';
import { rankCandidates } from '../ranking/rankCandidates.ts';
import { DEFAULT_RANKING_SETTINGS, type RankingSettings } from '../ranking/rankingSettings.ts';
import type { WordRules } from '../ranking/wordRules.ts';
import { commonWords, sampleRowids } from './commonTitleWords.ts';
import type {
  CrawlMark,
  CustomFieldType,
  DocumentState,
  PreparedDocument,
  SearchEngine,
  SearchQuery,
  SearchResult,
  SortSpec,
  StoredDocument,
  WriteResult,
} from './engine.ts';
import { contentHash, DOC_COLUMNS, indexedContent, rankingCandidates, storedDocument, type DocRow, type RankedText } from './documentRow.ts';
import { pgAutocomplete, pgSuggest } from './postgresSuggest.ts';
import { applyPgSchema, SHARED_SCHEMA } from './postgresSchema.ts';
import { documentVector, indexedWords, planTsquery, RANK_WEIGHTS, TITLE_RANK_WEIGHTS } from './postgresText.ts';
import { allOf, FALSE, numbered, pgConditions, type SqlPart, type SqlValue } from './postgresWhere.ts';
import { DEFAULT_RANKING_LIMITS, type PageRow, type RankingLimits } from './sqliteSearch.ts';
import { Vocabulary } from './vocabulary.ts';
import { numberBounds } from './numberBounds.ts';

/** Where a PostgreSQL engine keeps an index. */
export interface PostgresEngineOptions {
  /** `postgres://user:password@host:port/database` */
  url: string;
  /** A read replica of `url`'s database: searches, suggestions, autocomplete and lookups read there. */
  replicaUrl?: string | null;
  /** The PostgreSQL schema holding this index's tables: lower-case letters, digits and `_`. */
  schema: string;
  limits?: Partial<RankingLimits>;
  ranking?: RankingSettings;
  /** Connections this engine opens at most. */
  poolSize?: number;
  /** How long to wait for a connection and for each statement. @default DEFAULT_DATABASE_TIMEOUTS */
  timeouts?: DatabaseTimeouts;
}

/** Documents the ranking rules order: the best by text score, and the best title matches (as in the SQLite engine). */
const POOL_BY_SCORE = 100;
const POOL_BY_TITLE = 100;
/** Rows per statement when writing many documents. */
const WRITE_CHUNK = 500;
/** Words of a query planned against the database at most this many rounds (each answers what the last one asked). */
const PLAN_ROUNDS = 6;
/** Trigram similarity at least this low finds words one or two edits away from short words (`gird` for `grid`). */
const TRIGRAM_THRESHOLD = 0.1;
/** The common title words are read again after this long, since other nodes write too. */
const COMMON_WORDS_MAX_AGE_MS = 60_000;
/** ...or once this process has written this share of them (at least COMMON_WORDS_MIN_WRITES), as the SQLite engine does. */
const COMMON_WORDS_STALE_SHARE = 0.1;
const COMMON_WORDS_MIN_WRITES = 50;
/**
 * A write of this many documents has the planner's statistics read again at once: right
 * after a bulk import, stale ones made word lookups scan whole tables until autovacuum
 * came round (a minute later).
 */
const ANALYZE_AFTER = 1_000;
/** A search's statements all read one snapshot. */
const BEGIN_READ = 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY';
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** BIGINT columns (rowids, epoch milliseconds, counts) as numbers: all stay far below 2^53. */
const TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * PostgreSQL's text cannot hold the NUL character, which JSON strings (ids included)
 * can: every string value sent is given U+FFFD in its place, so such a document is
 * stored, not refused with an error. (Two ids differing only there would be one.)
 */
class NulFreeClient extends pg.Client {}
const sendQuery = pg.Client.prototype.query;
NulFreeClient.prototype.query = function (this: pg.Client, config: unknown, values?: unknown, callback?: unknown) {
  return (sendQuery as (...args: unknown[]) => unknown).call(this, config, Array.isArray(values) ? values.map(nulFree) : values, callback);
} as typeof sendQuery;

function nulFree(value: unknown): unknown {
  if (typeof value === 'string') return asStored(value);
  return Array.isArray(value) ? value.map(nulFree) : value;
}

/** A string as PostgreSQL stores it (see NulFreeClient). */
function asStored(text: string): string {
  return text.includes('\u0000') ? text.replaceAll('\u0000', '\uFFFD') : text;
}

/**
 * Connections to `url` whose tables are those of `schema` (then the shared schema and `public`, for pg_trgm),
 * with BIGINT as numbers and NUL-free strings: what the engine and the event store use.
 */
export function connectPool(url: string, schema: string, size: number, timeouts: DatabaseTimeouts = DEFAULT_DATABASE_TIMEOUTS): pg.Pool {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`'${schema}' cannot name a PostgreSQL schema (lower-case letters, digits and _)`);
  const pool = new pg.Pool({
    connectionString: url,
    Client: NulFreeClient,
    max: size,
    types: TYPES,
    options: `-c search_path=${schema},${SHARED_SCHEMA},public -c pg_trgm.similarity_threshold=${TRIGRAM_THRESHOLD}`,
    ...pgTimeouts(timeouts),
  });
  // An idle connection the server dropped is replaced on the next query; it must not crash the process.
  pool.on('error', () => {});
  // Nor one lost while a client is checked out: its query fails, and its error event must find a listener.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

/**
 * The search engine on PostgreSQL: an index is a schema of tables (documents with a
 * GIN-indexed tsvector, field values, categories, words, statuses), so any number of
 * service processes can serve it. Matching is PostgreSQL's; the order is the ranking
 * rules' (server/ranking), fed the same candidates as the SQLite engine feeds them.
 * Nothing a search relies on is kept only in this process: field types are read in each
 * search's snapshot, and words are looked up in the database. Writes are serialised per
 * index by an advisory lock and each is one transaction.
 */
export class PostgresEngine implements SearchEngine {
  private readonly limits: RankingLimits;
  private readonly ranking: RankingSettings;
  private readonly lockKey: string;
  private commonTitleWords: { words: ReadonlySet<string>; at: number; writes: number; titles: number } | null = null;
  private writesSinceCommonWords = 0;
  private closed: Promise<void> | null = null;
  private analyzing: Promise<void> | null = null;

  private constructor(
    private readonly pool: pg.Pool,
    /** Where searches read: a replica's pool, or `pool`. */
    private readonly readPool: pg.Pool,
    schema: string,
    options: PostgresEngineOptions,
  ) {
    this.limits = { ...DEFAULT_RANKING_LIMITS, ...options.limits };
    this.ranking = options.ranking ?? DEFAULT_RANKING_SETTINGS;
    this.lockKey = `site-search write ${schema}`;
  }

  /** Connects, then creates or checks the index's tables. */
  static async open(options: PostgresEngineOptions): Promise<PostgresEngine> {
    const pool = connectPool(options.url, options.schema, options.poolSize ?? 10, options.timeouts);
    const readPool = options.replicaUrl ? connectPool(options.replicaUrl, options.schema, options.poolSize ?? 10, options.timeouts) : pool;
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
        await writeChunk(client, unique.slice(i, i + WRITE_CHUNK), types, fieldTypes.multiValued);
      }
      return { ok: true } as const;
    });
    if (result.ok) {
      this.writesSinceCommonWords += documents.length;
      if (documents.length >= ANALYZE_AFTER) this.analyze();
    }
    return result;
  }

  async search(query: SearchQuery): Promise<SearchResult> {
    return this.reading((client) => this.searchIn(client, query), false);
  }

  async suggest(term: string, size: number): Promise<string[]> {
    return this.reading((client) => pgSuggest(client, term, size));
  }

  async autocomplete(field: string, term: string, size: number): Promise<string[]> {
    return this.reading((client) => pgAutocomplete(client, field, term, size));
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
    if (removed) this.writesSinceCommonWords++;
    return removed;
  }

  async setHiddenKeywords(id: string, keywords: string | null): Promise<boolean> {
    return this.writing(async (client) => {
      const { rows } = await client.query<{ title: string; main_content: string }>('SELECT title, main_content FROM docs WHERE id = $1 FOR UPDATE', [id]);
      if (rows.length === 0) return false;
      const { title, main_content: mainContent } = rows[0]!;
      const tsv = documentVector(title, indexedContent(mainContent, keywords));
      await client.query('UPDATE docs SET hidden_keywords = $2, tsv = $3::tsvector WHERE id = $1', [id, keywords, tsv]);
      await insertTerms(client, indexedWords(keywords ?? ''));
      return true;
    });
  }

  async status(id: string): Promise<DocumentState | null> {
    const { rows: docs } = await this.pool.query<{ rowid: number; url: string | null; content_hash: string | null; first_indexed: number }>(
      'SELECT rowid, url, content_hash, first_indexed FROM docs WHERE id = $1',
      [id],
    );
    const { rows: statuses } = await this.pool.query<{ url: string | null; status: DocumentState['status']; status_info: string; last_fetched: number | null }>(
      'SELECT url, status, status_info, last_fetched FROM doc_status WHERE id = $1',
      [id],
    );
    const doc = docs[0];
    const status = statuses[0];
    if (doc === undefined && status === undefined) return null;
    let duplicateOf: string | null = null;
    if (doc !== undefined && doc.content_hash !== null) {
      // The first document indexed with this content is the original; later ones are its duplicates.
      const { rows } = await this.pool.query<{ id: string }>('SELECT id FROM docs WHERE content_hash = $1 AND rowid < $2 ORDER BY rowid LIMIT 1', [
        doc.content_hash,
        doc.rowid,
      ]);
      duplicateOf = rows[0]?.id ?? null;
    }
    return {
      id,
      url: status?.url ?? doc?.url ?? null,
      status: status?.status ?? 'INDEXED',
      statusInfo: status?.status_info ?? '',
      lastFetched: status?.last_fetched ?? doc?.first_indexed ?? null,
      indexed: doc !== undefined,
      duplicateOf,
    };
  }

  async markCrawl(id: string, url: string, mark: CrawlMark): Promise<void> {
    await this.writing(async (client) => {
      if (mark.status === 'PENDING') {
        await upsertStatus(client, [{ id, url, status: 'PENDING', statusInfo: 'queued for crawling', lastFetched: null }]);
        return;
      }
      await upsertStatus(client, [{ id, url, status: mark.status, statusInfo: mark.info, lastFetched: Date.now() }]);
      // A page that asks not to be indexed leaves the index; a failed fetch keeps what was indexed.
      if (mark.status === 'EXCLUDED' && (await removeRow(client, id))) this.writesSinceCommonWords++;
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

  /** Refreshes the planner's statistics in the background (the write is acknowledged meanwhile); one at a time. */
  private analyze(): void {
    if (this.analyzing !== null || this.closed !== null) return;
    this.analyzing = this.pool
      .query('ANALYZE docs, terms, field_values, doc_categories')
      .then(
        () => {},
        () => {},
      )
      .finally(() => (this.analyzing = null));
  }

  /** Runs `work` in one write transaction, after the writes of other processes to this index. */
  private async writing<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      try {
        await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [this.lockKey]);
        const result = await work(client);
        const failed = typeof result === 'object' && result !== null && (result as { ok?: boolean }).ok === false;
        // A type conflict writes nothing.
        await client.query(failed ? 'ROLLBACK' : 'COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      }
    } finally {
      client.release();
    }
  }

  /** Runs `work` on one snapshot: every statement sees the same commits. */
  private async reading<T>(work: (client: pg.PoolClient) => Promise<T>, begin = true): Promise<T> {
    const client = await this.readPool.connect();
    try {
      // `begin` false: `work` begins the transaction itself, with its first query.
      if (begin) await client.query(BEGIN_READ);
      try {
        return await work(client);
      } finally {
        await client.query('COMMIT').catch(() => {});
      }
    } finally {
      client.release();
    }
  }

  private async searchIn(client: pg.PoolClient, query: SearchQuery): Promise<SearchResult> {
    const { types: fieldTypes, multiValued } = await readFieldTypes(client, true);
    const plan = await planWithDatabase(
      client,
      query.words ?? [],
      { prefixLast: query.prefixLast, fuzzy: query.fuzzy, operator: query.operator, typed: query.typed ?? null },
      this.ranking.words,
    );
    const match = query.words === null ? null : planTsquery(plan);
    // Matched against title_tsv, which holds the title's words alone: no weight to check.
    const titleMatch = query.words === null ? null : planTsquery(plan);
    const conditions = pgConditions(query, fieldTypes);
    if (query.words !== null && match === null) conditions.push(FALSE);
    const matchPart: SqlPart[] = match === null ? [] : [{ sql: 'd.tsv @@ ?::tsquery', params: [match.expression] }];
    const where = (extra: readonly SqlPart[] = []) => allOf([...matchPart, ...conditions, ...extra]);
    const q = async <R extends pg.QueryResultRow>(sql: string, params: readonly SqlValue[]) => (await client.query<R>(numbered(sql), [...params])).rows;
    const count = async (extra: readonly SqlPart[] = []) => {
      const w = where(extra);
      return (await q<{ n: number }>(`SELECT count(*) AS n FROM docs d WHERE ${w.sql}`, w.params))[0]!.n;
    };
    // With OR, documents differ in which words they hold: as bm25 weighs each word by
    // how rare it is (its IDF), so do these scores; ts_rank alone, which knows no IDF,
    // then only breaks ties. With AND every match holds every word.
    const frequencies = match !== null && match.operator === 'or' ? await groupFrequencies(client, match.groups, this.limits.commonWordDocs) : null;
    const weighted = frequencies === null || titleMatch === null ? null : await idfScores(client, match!.groups, titleMatch.groups, frequencies);
    const tsRank: SqlPart =
      match === null ? { sql: '1::float8', params: [] } : { sql: `ts_rank('${RANK_WEIGHTS}', d.tsv, ?::tsquery, 1)::float8`, params: [match.expression] };
    const rank: SqlPart =
      weighted === null ? tsRank : { sql: `(${weighted.score.sql} + ${TS_RANK_SHARE} * ${tsRank.sql})`, params: [...weighted.score.params, ...tsRank.params] };
    const titleTsRank: SqlPart =
      titleMatch === null
        ? { sql: '0::float8', params: [] }
        : { sql: `ts_rank('${TITLE_RANK_WEIGHTS}', d.title_tsv, ?::tsquery)::float8`, params: [titleMatch.expression] };
    const titleRank: SqlPart =
      weighted === null
        ? titleTsRank
        : { sql: `(${weighted.title.sql} + ${TS_RANK_SHARE} * ${titleTsRank.sql})`, params: [...weighted.title.params, ...titleTsRank.params] };
    const inTitle: SqlPart = titleMatch === null ? FALSE : { sql: 'd.title_tsv @@ ?::tsquery', params: [titleMatch.expression] };
    const rows = async (order: SqlPart, score: SqlPart, offset: number, limit: number, extra: readonly SqlPart[] = []): Promise<PageRow[]> => {
      const w = where(extra);
      return q<PageRow>(`SELECT d.rowid, ${score.sql} AS score FROM docs d WHERE ${w.sql} ORDER BY ${order.sql} LIMIT ? OFFSET ?`, [
        ...score.params,
        ...w.params,
        ...order.params,
        limit,
        offset,
      ]);
    };

    let page: PageRow[];
    let total: number;
    if (match === null) {
      page = await rows(
        sortOrder(query.sort, { sql: 'd.ts DESC, d.rowid DESC', params: [] }, fieldTypes),
        { sql: '1::float8', params: [] },
        query.offset,
        query.limit,
      );
      // A short page is the last one: its end is the total, no count needed.
      const short = page.length < query.limit && (page.length > 0 || query.offset === 0);
      total = short ? query.offset + page.length : await count();
    } else if (query.sort.by !== 'relevance') {
      total = await count();
      const relevance = { sql: `${rank.sql} DESC, d.rowid`, params: rank.params };
      page = await rows(
        sortOrder(query.sort, relevance, fieldTypes),
        { sql: `greatest(${rank.sql}, 1e-9::float8)`, params: rank.params },
        query.offset,
        query.limit,
      );
    } else {
      const boosts = await this.boostsByRowid(client, query);
      const ranker = (candidates: PageRow[]) => this.rank(client, plan, frequencies ?? [], candidates, boosts);
      const w = where();
      // The matches, if few: then they are the total, and all of them get a text score.
      // Scoring reads each match's vector, so none is scored when there are too many:
      // then the answer is one row, with no rowid, saying how many were found.
      const found = await q<{ n: number; rowid: number | null; score: number; title_score: number; in_title: boolean }>(
        `WITH m AS MATERIALIZED (SELECT d.rowid FROM docs d WHERE ${w.sql} LIMIT ?), n AS (SELECT count(*) AS n FROM m)
         SELECT n.n, d.rowid, ${rank.sql} AS score, ${titleRank.sql} AS title_score, ${inTitle.sql} AS in_title
         FROM n LEFT JOIN (m JOIN docs d ON d.rowid = m.rowid) ON n.n <= ?`,
        [...w.params, this.limits.rankAllMax + 1, ...rank.params, ...titleRank.params, ...inTitle.params, this.limits.rankAllMax],
      );
      const matched = found.flatMap((row) => (row.rowid === null ? [] : [{ ...row, rowid: row.rowid }]));
      if ((found[0]?.n ?? 0) <= this.limits.rankAllMax) {
        total = matched.length;
        const scored = matched.map((m) => ({ rowid: m.rowid, score: m.score })).sort((a, b) => b.score - a.score || a.rowid - b.rowid);
        const byTitle = matched
          .filter((m) => m.in_title)
          .sort((a, b) => b.title_score - a.title_score || a.rowid - b.rowid)
          .slice(0, POOL_BY_TITLE);
        const pooled = new Set([...scored.slice(0, POOL_BY_SCORE).map((r) => r.rowid), ...byTitle.map((r) => r.rowid)]);
        if (boosts !== null) for (const rowid of boosts.keys()) if (matched.some((m) => m.rowid === rowid)) pooled.add(rowid);
        const ranked = await ranker(scored.filter((r) => pooled.has(r.rowid)));
        page = [...ranked, ...scored.filter((r) => !pooled.has(r.rowid))].slice(query.offset, query.offset + query.limit);
      } else {
        total = await count();
        // Too many to score them all: title matches first (by title score when few enough), then the rest in indexing order.
        const titled = await count([inTitle]);
        const tier = async (offset: number, limit: number): Promise<PageRow[]> => {
          const found: PageRow[] = [];
          if (offset < titled) {
            const ranked = titled <= this.limits.rankAllMax;
            const order = ranked ? { sql: `${titleRank.sql} DESC, d.rowid`, params: titleRank.params } : { sql: 'd.rowid', params: [] };
            found.push(...(await rows(order, ranked ? titleRank : { sql: '0::float8', params: [] }, offset, limit, [inTitle])));
          }
          const left = limit - found.length;
          if (left > 0 && total > titled) {
            const notInTitle = { sql: `NOT (${inTitle.sql})`, params: inTitle.params };
            found.push(...(await rows({ sql: 'd.rowid', params: [] }, { sql: '0::float8', params: [] }, Math.max(0, offset - titled), left, [notInTitle])));
          }
          return found;
        };
        const head = query.offset < POOL_BY_TITLE ? await ranker(await tier(0, POOL_BY_TITLE)) : [];
        page = head.slice(query.offset, query.offset + query.limit);
        const left = query.limit - page.length;
        if (left > 0) page.push(...(await tier(Math.max(query.offset, head.length), left)));
      }
      page.forEach((row, i) => {
        row.score = 1 / (1 + query.offset + i);
      });
    }

    let facets: SearchResult['facets'] = null;
    let ranges: SearchResult['rangeFacets'] = null;
    if (query.facets.length > 0 || query.rangeFacets.length > 0) {
      const everything = match === null && conditions.length === 0;
      const w = where();
      const among: SqlPart = everything ? { sql: '', params: [] } : { sql: ` AND fv.doc IN (SELECT d.rowid FROM docs d WHERE ${w.sql})`, params: w.params };
      if (query.facets.length > 0) {
        facets = {};
        for (const facet of query.facets) {
          if (facet.kind === 'field') {
            facets[facet.key] = await q<{ value: string; count: number }>(
              `SELECT fv.text AS value, count(*) AS count FROM field_values fv WHERE fv.field = ?${among.sql}
               GROUP BY fv.text ORDER BY count DESC, value LIMIT ?`,
              [facet.field, ...among.params, query.numFacets],
            );
          } else {
            // Categories of one level share a prefix (`2x`); `2y` is just past them.
            const upper = facet.prefix.slice(0, -1) + String.fromCharCode(facet.prefix.charCodeAt(facet.prefix.length - 1) + 1);
            facets[facet.key] = await q<{ value: string; count: number }>(
              `SELECT fv.category AS value, count(*) AS count FROM doc_categories fv WHERE fv.category >= ? AND fv.category < ?${among.sql}
               GROUP BY fv.category ORDER BY count DESC, value LIMIT ?`,
              [facet.prefix, upper, ...among.params, query.numFacets],
            );
          }
        }
      }
      if (query.rangeFacets.length > 0) {
        ranges = {};
        for (const spec of query.rangeFacets) {
          const columns: string[] = [];
          const params: SqlValue[] = [];
          // Only a field some document holds several values of can count a document twice in a range.
          const counted = multiValued.has(spec.field) ? 'count(DISTINCT fv.doc)' : 'count(*)';
          spec.ranges.forEach((range, i) => {
            const { tests, params: values } = numberBounds('fv.num', [
              ['>=', range.from],
              ['<', range.to],
            ]);
            params.push(...values);
            columns.push(`${counted} FILTER (WHERE ${tests.length > 0 ? tests.join(' AND ') : 'TRUE'}) AS c${i}`);
          });
          const row = (
            await q<Record<string, number>>(`SELECT ${columns.join(', ')} FROM field_values fv WHERE fv.field = ? AND fv.num IS NOT NULL${among.sql}`, [
              ...params,
              spec.field,
              ...among.params,
            ])
          )[0]!;
          ranges[spec.key] = spec.ranges.map((range, i) => ({
            ...(range.from !== undefined && { from: range.from }),
            ...(range.to !== undefined && { to: range.to }),
            count: row[`c${i}`] ?? 0,
          }));
        }
      }
    }
    return { total, hits: await documents(client, page), facets, rangeFacets: ranges, plan };
  }

  /** Orders rows by the ranking rules, reading the texts they weigh. */
  private async rank(
    client: pg.PoolClient,
    plan: QueryPlan,
    /** Documents matching each word, with OR (partial matches): empty with AND, where every word matched. */
    frequencies: readonly number[],
    rows: readonly PageRow[],
    boosts: ReadonlyMap<number, number> | null,
  ): Promise<PageRow[]> {
    if (rows.length < 2) return [...rows];
    const custom = this.ranking.rules.some((rule) => rule.includes('('));
    const { rows: texts } = await client.query<RankedText>(
      `SELECT rowid, url, title, main_content, hidden_keywords, ${custom ? 'custom_fields' : 'NULL AS custom_fields'} FROM docs WHERE rowid = ANY($1::bigint[])`,
      [rows.map((r) => r.rowid)],
    );
    const candidates = rankingCandidates(rows, texts, boosts);
    const common = await this.commonWords(client);
    const context = {
      rules: this.ranking.rules,
      maxBoost: this.ranking.maxBoost,
      frequencies,
      titleWordWeight: (word: string) => (common.has(word) ? 0 : 1),
    };
    return rankCandidates(plan, candidates, context).map((c) => ({ rowid: c.key, score: c.score }));
  }

  /** The query's click boosts by rowid; null when none apply. */
  private async boostsByRowid(client: pg.PoolClient, query: SearchQuery): Promise<Map<number, number> | null> {
    const boosts = query.clickBoosts;
    if (boosts === undefined || boosts.size === 0 || query.sort.by !== 'relevance') return null;
    const { rows } = await client.query<{ rowid: number; id: string }>('SELECT rowid, id FROM docs WHERE id = ANY($1::text[])', [[...boosts.keys()]]);
    if (rows.length === 0) return null;
    return new Map(rows.map(({ rowid, id }) => [rowid, boosts.get(id)!]));
  }

  /**
   * The index's common title words (see commonTitleWords.ts), read from an even sample
   * of titles; again once this process has written a tenth of them, or after a minute
   * (other processes write too).
   */
  private async commonWords(client: pg.PoolClient): Promise<ReadonlySet<string>> {
    const cached = this.commonTitleWords;
    const fresh =
      cached !== null &&
      Date.now() - cached.at < COMMON_WORDS_MAX_AGE_MS &&
      this.writesSinceCommonWords - cached.writes <= Math.max(COMMON_WORDS_MIN_WRITES, cached.titles * COMMON_WORDS_STALE_SHARE);
    if (fresh) return cached.words;
    const { rows } = await client.query<{ max: number | null }>('SELECT max(rowid) AS max FROM docs');
    const maxRowid = rows[0]!.max ?? 0;
    const rowids = sampleRowids(maxRowid);
    const { rows: titles } = await client.query<{ title: string }>('SELECT title FROM docs WHERE rowid = ANY($1::bigint[])', [rowids]);
    const total = rowids.length === 0 ? 0 : (maxRowid * titles.length) / rowids.length;
    const words = commonWords(
      titles.map((t) => t.title),
      total,
    );
    this.commonTitleWords = { words, at: Date.now(), writes: this.writesSinceCommonWords, titles: total };
    return words;
  }
}

/** ts_rank's part in an IDF-weighted score: term frequency and length only break ties. */
const TS_RANK_SHARE = 0.01;

/** How many documents match each group, counted up to just past `commonWordDocs` (as the SQLite engine counts them). */
async function groupFrequencies(client: pg.ClientBase, groups: readonly string[], commonWordDocs: number): Promise<number[]> {
  const { rows } = await client.query<{ n: number }>(
    'SELECT (SELECT count(*) FROM (SELECT 1 FROM docs WHERE tsv @@ g::tsquery LIMIT $2) s) AS n FROM unnest($1::text[]) WITH ORDINALITY AS t(g, i) ORDER BY i',
    [groups, commonWordDocs + 1],
  );
  return rows.map((r) => r.n);
}

/**
 * SQL scores weighing each matched word by its IDF, as bm25 does: `score` counts a word
 * in the title 8 times (TITLE_WEIGHT), `title` counts title words only.
 */
async function idfScores(
  client: pg.ClientBase,
  groups: readonly string[],
  titleGroups: readonly string[],
  frequencies: readonly number[],
): Promise<{ score: SqlPart; title: SqlPart }> {
  const { rows } = await client.query<{ n: number }>(`SELECT greatest(reltuples, 0)::float8 AS n FROM pg_class WHERE oid = 'docs'::regclass`);
  const total = Math.max(rows[0]?.n ?? 0, ...frequencies, 1);
  const idf = frequencies.map((n) => Math.log((total - n + 0.5) / (n + 0.5) + 1));
  const score: SqlPart = { sql: '', params: [] };
  const title: SqlPart = { sql: '', params: [] };
  const terms: string[] = [];
  const titleTerms: string[] = [];
  groups.forEach((group, i) => {
    terms.push(`(CASE WHEN d.title_tsv @@ ?::tsquery THEN ${8 * idf[i]!} WHEN d.tsv @@ ?::tsquery THEN ${idf[i]!} ELSE 0 END)`);
    score.params.push(titleGroups[i]!, group);
    titleTerms.push(`(CASE WHEN d.title_tsv @@ ?::tsquery THEN ${idf[i]!} ELSE 0 END)`);
    title.params.push(titleGroups[i]!);
  });
  score.sql = terms.join(' + ');
  title.sql = titleTerms.join(' + ');
  return { score, title };
}

/** The field types and the fields some document held several values of, as the transaction sees them. */
async function readFieldTypes(client: pg.ClientBase, begin = false): Promise<{ types: Map<string, CustomFieldType>; multiValued: Set<string> }> {
  const sql = 'SELECT name, type FROM field_types UNION ALL SELECT name, NULL FROM multi_valued_fields';
  // With `begin`, the read transaction begins in the same round trip (the simple protocol
  // takes several statements). Its statements read matches through the indexes, never a
  // whole table: a sequential scan reads every document's vector (TOASTed, kilobytes),
  // which the planner does not count, and cost a common word ten times the bitmap scan.
  const result = begin
    ? ((await client.query(`${BEGIN_READ}; SET LOCAL enable_seqscan = off; ${sql}`)) as unknown as Array<
        pg.QueryResult<{ name: string; type: CustomFieldType | null }>
      >)
    : null;
  const { rows } = result === null ? await client.query<{ name: string; type: CustomFieldType | null }>(sql) : result[2]!;
  const types = new Map<string, CustomFieldType>();
  const multiValued = new Set<string>();
  for (const { name, type } of rows) {
    if (type === null) multiValued.add(name);
    else types.set(name, type);
  }
  return { types, multiValued };
}

/**
 * Plans the query (queryPlan.ts) against the index's words. The planner asks about
 * words one at a time, and its later questions depend on earlier answers, so it runs
 * with what is known, then the words it asked about and nobody knew are looked up in
 * one go, and it runs again, until it asks nothing new.
 */
async function planWithDatabase(client: pg.ClientBase, words: readonly string[], options: PlanOptions, rules: WordRules): Promise<QueryPlan> {
  const lexicon = new AskedLexicon();
  let plan = planQuery(words, options, lexicon, rules);
  for (let round = 1; round < PLAN_ROUNDS && lexicon.asked(); round++) {
    await lexicon.lookUp(client);
    plan = planQuery(words, options, lexicon, rules);
  }
  return plan;
}

/** A Lexicon answering from words looked up so far, and noting what it could not answer. */
class AskedLexicon implements Lexicon {
  private readonly known = new Map<string, boolean>();
  private readonly extended = new Map<string, boolean>();
  private readonly nearWords = new Map<string, Array<{ word: string; distance: number }>>();
  private readonly askHas = new Set<string>();
  private readonly askExtends = new Set<string>();
  private readonly askNear = new Map<string, number>();

  has(word: string): boolean {
    const known = this.known.get(word);
    if (known === undefined) this.askHas.add(word);
    return known ?? false;
  }

  /**
   * As the SQLite engine answers: short words and words beyond plain ASCII are assumed
   * to extend (a prefix that matches nothing longer costs only a prefix search).
   */
  extends(word: string): boolean {
    if (word.length <= 3 || !/^[a-z0-9]+$/.test(word)) return true;
    const known = this.extended.get(word);
    if (known === undefined) this.askExtends.add(word);
    return known ?? false;
  }

  near(word: string, maxDistance: number, limit: number): Array<{ word: string; distance: number }> {
    if (!isVocabularyWord(word)) return [];
    const known = this.nearWords.get(word);
    if (known === undefined) {
      // Only once the words asked about so far are answered: the planner asks for near
      // words only for words the index lacks, which it may not know yet.
      if (this.askHas.size === 0 && this.askExtends.size === 0) this.askNear.set(word, maxDistance);
      return [];
    }
    return known.filter((n) => n.distance <= maxDistance).slice(0, limit);
  }

  asked(): boolean {
    return this.askHas.size > 0 || this.askExtends.size > 0 || this.askNear.size > 0;
  }

  /** Answers what was asked, in one statement. */
  async lookUp(client: pg.ClientBase): Promise<void> {
    const has = [...this.askHas];
    const extended = [...this.askExtends];
    const near = [...this.askNear];
    const { rows } = await client.query<{ kind: 'has' | 'extends' | 'near'; word: string; term: string | null }>(
      // A range, not =: with =, the planner took the trigram index, ten times slower than the primary key.
      `SELECT 'has' AS kind, w AS word, NULL AS term FROM unnest($1::text[]) AS w
         WHERE EXISTS (SELECT 1 FROM terms WHERE term >= w COLLATE "C" AND term <= w COLLATE "C")
       UNION ALL
       SELECT 'extends', w, NULL FROM unnest($2::text[]) AS w
         WHERE EXISTS (SELECT 1 FROM terms WHERE term > w COLLATE "C" AND term < (w || chr(1114111)) COLLATE "C")
       UNION ALL
       -- Trigrams narrow the words; the edit distance decides, as the SQLite engine's vocabulary does.
       SELECT 'near', q.w, t.term FROM unnest($3::text[], $4::int[]) AS q(w, d)
         CROSS JOIN LATERAL (SELECT term FROM terms WHERE term % q.w AND length(term) BETWEEN length(q.w) - q.d AND length(q.w) + q.d) AS t`,
      [has, extended, near.map(([word]) => word), near.map(([, distance]) => distance)],
    );
    const found = (kind: string) => new Set(rows.filter((r) => r.kind === kind).map((r) => r.word));
    const present = found('has');
    for (const word of has) this.known.set(word, present.has(word));
    const extending = found('extends');
    for (const word of extended) this.extended.set(word, extending.has(word));
    for (const [word, maxDistance] of near) {
      const terms = rows.filter((r) => r.kind === 'near' && r.word === word).map((r) => r.term!);
      this.nearWords.set(word, new Vocabulary(terms.filter(isVocabularyWord)).near(word, maxDistance, Number.MAX_SAFE_INTEGER));
    }
    this.askHas.clear();
    this.askExtends.clear();
    this.askNear.clear();
  }
}

/** The order of a sorted page; `relevance` breaks ties, and orders unknown fields. */
function sortOrder(sort: SortSpec, relevance: SqlPart, fieldTypes: ReadonlyMap<string, CustomFieldType>): SqlPart {
  if (sort.by === 'relevance') return relevance;
  const direction = sort.order === 'asc' ? 'ASC' : 'DESC';
  if (sort.by === 'date') return { sql: `d.ts ${direction}, d.rowid ${direction}`, params: [] };
  const type = fieldTypes.get(sort.field);
  if (type === undefined) return relevance;
  // Several values (arrays): ascending sorts by the least, descending by the greatest.
  const aggregate = sort.order === 'asc' ? 'min' : 'max';
  const column = type === 'text' ? 'fold' : 'num';
  return {
    sql: `(SELECT ${aggregate}(${column}) FROM field_values WHERE doc = d.rowid AND field = ?) ${direction} NULLS LAST, ${relevance.sql}`,
    params: [sort.field, ...relevance.params],
  };
}

/** The stored documents of a page, in page order, in one query. */
async function documents(client: pg.ClientBase, page: readonly PageRow[]): Promise<SearchResult['hits']> {
  if (page.length === 0) return [];
  const { rows } = await client.query<DocRow>(`SELECT ${DOC_COLUMNS} FROM docs WHERE rowid = ANY($1::bigint[])`, [page.map((p) => p.rowid)]);
  const byRowid = new Map(rows.map((row) => [row.rowid, row]));
  return page.flatMap((p) => {
    const row = byRowid.get(p.rowid);
    return row === undefined ? [] : [{ document: storedDocument(row), score: p.score }];
  });
}

/** Writes (creates or replaces) documents with distinct ids, inside the caller's transaction. */
async function writeChunk(
  client: pg.ClientBase,
  documents: readonly PreparedDocument[],
  types: ReadonlyMap<string, CustomFieldType>,
  knownMultiValued: ReadonlySet<string>,
): Promise<void> {
  const now = Date.now();
  const ids = documents.map((d) => d.id);
  // Hidden keywords are kept when a document is replaced, and indexed with it.
  const { rows: old } = await client.query<{ id: string; hidden_keywords: string | null }>(
    'SELECT id, hidden_keywords FROM docs WHERE id = ANY($1::text[]) FOR UPDATE',
    [ids],
  );
  const hidden = new Map(old.map((r) => [r.id, r.hidden_keywords]));
  const column = <T>(pick: (d: PreparedDocument) => T) => documents.map(pick);
  const { rows: written } = await client.query<{ rowid: number; id: string }>(
    `INSERT INTO docs (id, url, title, main_content, language, thumbnail, thumbnail_b64, doc_date, first_indexed, ts, custom_fields,
       h1, h2, meta_description, content_hash, tsv)
     SELECT id, url, title, main_content, language, thumbnail, thumbnail_b64, doc_date, $16, coalesce(doc_date, $16), custom_fields,
       h1, h2, meta_description, content_hash, tsv::tsvector
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::bigint[], $9::text[],
       $10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::int[])
       AS t(id, url, title, main_content, language, thumbnail, thumbnail_b64, doc_date, custom_fields, h1, h2, meta_description, content_hash, tsv, n)
     ORDER BY n
     ON CONFLICT (id) DO UPDATE SET
       url = excluded.url, title = excluded.title, main_content = excluded.main_content,
       language = excluded.language, thumbnail = excluded.thumbnail, thumbnail_b64 = excluded.thumbnail_b64,
       doc_date = excluded.doc_date, ts = coalesce(excluded.doc_date, docs.first_indexed),
       custom_fields = excluded.custom_fields, h1 = excluded.h1, h2 = excluded.h2,
       meta_description = excluded.meta_description, content_hash = excluded.content_hash, tsv = excluded.tsv
     RETURNING rowid, id`,
    [
      ids,
      column((d) => d.url),
      column((d) => d.title),
      column((d) => d.mainContent),
      column((d) => d.language),
      column((d) => d.thumbnail),
      column((d) => d.thumbnailB64),
      column((d) => d.docDate),
      column((d) => JSON.stringify(d.customFields)),
      column((d) => d.page?.h1 ?? ''),
      column((d) => d.page?.h2 ?? ''),
      column((d) => d.page?.metaDescription ?? null),
      column((d) => contentHash(d.mainContent)),
      column((d) => documentVector(d.title, indexedContent(d.mainContent, hidden.get(asStored(d.id)) ?? null))),
      documents.map((_, i) => i),
      now,
    ],
  );
  const rowidOf = new Map(written.map((r) => [r.id, r.rowid]));
  const rowids = documents.map((d) => rowidOf.get(asStored(d.id))!);
  await client.query('DELETE FROM field_values WHERE doc = ANY($1::bigint[])', [rowids]);
  await client.query('DELETE FROM doc_categories WHERE doc = ANY($1::bigint[])', [rowids]);

  const categories: { doc: number[]; category: string[] } = { doc: [], category: [] };
  const values: { doc: number[]; field: string[]; text: string[]; num: Array<number | null>; fold: string[] } = {
    doc: [],
    field: [],
    text: [],
    num: [],
    fold: [],
  };
  const multiValued = new Set<string>();
  const words = new Set<string>();
  documents.forEach((document, i) => {
    const rowid = rowids[i]!;
    for (const category of new Set(document.categories)) {
      categories.doc.push(rowid);
      categories.category.push(category);
    }
    const indexed = fieldValues(document, (field) => types.get(field));
    for (const field of indexed.multiValued) if (!knownMultiValued.has(field)) multiValued.add(field);
    for (const value of indexed.values) {
      values.doc.push(rowid);
      values.field.push(value.field);
      values.text.push(value.text);
      values.num.push(value.num);
      values.fold.push(value.fold);
    }
    for (const word of indexedWords(`${document.title} ${document.mainContent} ${hidden.get(asStored(document.id)) ?? ''}`)) words.add(word);
  });
  if (categories.doc.length > 0) {
    await client.query('INSERT INTO doc_categories (doc, category) SELECT * FROM unnest($1::bigint[], $2::text[]) ON CONFLICT DO NOTHING', [
      categories.doc,
      categories.category,
    ]);
  }
  if (values.doc.length > 0) {
    await client.query(
      'INSERT INTO field_values (doc, field, text, num, fold) SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::float8[], $5::text[])',
      [values.doc, values.field, values.text, values.num, values.fold],
    );
  }
  if (multiValued.size > 0) {
    await client.query('INSERT INTO multi_valued_fields (name) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING', [[...multiValued]]);
  }
  await upsertStatus(
    client,
    documents.map((d) => ({
      id: d.id,
      url: d.url,
      status: 'INDEXED',
      statusInfo: d.page === undefined ? 'written through the indexing API' : 'crawled and indexed',
      lastFetched: now,
    })),
  );
  await insertTerms(client, words);
}

interface StatusRow {
  id: string;
  url: string | null;
  status: DocumentState['status'];
  statusInfo: string;
  /** Null keeps the time already recorded (a re-crawl being queued was not a fetch). */
  lastFetched: number | null;
}

async function upsertStatus(client: pg.ClientBase, rows: readonly StatusRow[]): Promise<void> {
  await client.query(
    `INSERT INTO doc_status (id, url, status, status_info, last_fetched)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[])
     ON CONFLICT (id) DO UPDATE SET url = excluded.url, status = excluded.status, status_info = excluded.status_info,
       last_fetched = coalesce(excluded.last_fetched, doc_status.last_fetched)`,
    [rows.map((r) => r.id), rows.map((r) => r.url), rows.map((r) => r.status), rows.map((r) => r.statusInfo), rows.map((r) => r.lastFetched)],
  );
}

async function insertTerms(client: pg.ClientBase, words: Iterable<string>): Promise<void> {
  // Sorted: two writers adding the same words lock them in the same order.
  const list = [...new Set(words)].sort();
  if (list.length === 0) return;
  await client.query('INSERT INTO terms (term) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING', [list]);
}

/** Deletes a document's rows (not its status) inside the caller's transaction. */
async function removeRow(client: pg.ClientBase, id: string): Promise<boolean> {
  const { rows } = await client.query<{ rowid: number }>('DELETE FROM docs WHERE id = $1 RETURNING rowid', [id]);
  if (rows.length === 0) return false;
  await client.query('DELETE FROM field_values WHERE doc = $1', [rows[0]!.rowid]);
  await client.query('DELETE FROM doc_categories WHERE doc = $1', [rows[0]!.rowid]);
  return true;
}
