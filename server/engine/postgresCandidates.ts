/**
 * A search's candidates on PostgreSQL (see Candidates in engine.ts): the same pool and
 * order as the SQLite engine's, with each phrase's IDF weights as bm25 gives them (and
 * ts_rank to break ties) in place of bm25.
 * Matches are found and scored in the narrow word table (`doc_words d`); only the
 * documents placed are read from `docs`.
 */
import type { PgQueryable } from '../storage/postgresCancel.ts';
import { boundedColumns, type BoundedRow } from './documentRow.ts';
import type { CandidateRequest, Candidates, CustomFieldType, PageRow, RankingLimits, SortSpec } from './engine.ts';
import { pgFacetColumns } from './postgresFacets.ts';
import { planTsquery, POSITION_MAX, RANK_WEIGHTS, TITLE_RANK_WEIGHTS } from './postgresText.ts';
import { allOf, FALSE, numbered, pgConditions, type SqlPart } from './postgresWhere.ts';

/**
 * The order of title matches too many to score: as the table stores them, the order a
 * bitmap scan of the title index reads them in, so a page stops after its rows. In
 * rowid order the primary key was walked past every row without the words in its title
 * (5,844 rows for a page of `element` on 100,000 documents). The rest keep rowid order:
 * a common word is in most rows, and a bitmap of all of them costs more than the walk.
 */
const STORED_ORDER = null;

/** Past this many title matches, sorting them by length costs too much: they keep the stored order. */
const TITLE_ORDER_MAX = 3_000;

/** FTS5's floor for an IDF of 0 or less (see bm25Idf). */
const MIN_IDF = 1e-6;

/**
 * ts_rank's part in an IDF-weighted score: it only breaks ties. Small enough to stay
 * below the score of a page whose every matched word is common (MIN_IDF), which bm25
 * still orders by its occurrences and length.
 */
const TS_RANK_SHARE = 1e-9;

/** What a search reads of the index besides its tables: the field facts of its snapshot. */
export interface PostgresSearchState {
  fieldTypes: ReadonlyMap<string, CustomFieldType>;
  multiValued: ReadonlySet<string>;
  limits: RankingLimits;
  /** Counts remembered until the index changes. */
  memo: { get(key: string): number | undefined; set(key: string, value: number): void };
}

/**
 * The documents of the rows a search places come with its candidates, their bodies
 * bounded as the ranking reads them (see boundedColumns): no second round trip reads
 * them. Not whole: a pool of long pages came with every body, hundreds of KB a search.
 */
export interface PgCandidates extends Candidates {
  documents: BoundedRow[];
}

/** The columns of `docs d` a placed row comes with. */
const PLACED_COLUMNS = boundedColumns('d.');

export async function pgCandidates(client: PgQueryable, state: PostgresSearchState, request: CandidateRequest): Promise<PgCandidates> {
  const { fieldTypes, multiValued, limits, memo } = state;
  const { query } = request;
  const match = request.plan === null ? null : planTsquery(request.plan);
  const conditions = pgConditions(query, fieldTypes);
  if (request.plan !== null && match === null) conditions.push(FALSE);
  const matchPart: SqlPart[] = match === null ? [] : [{ sql: 'd.tsv @@ ?::tsquery', params: [match.expression] }];
  const where = (extra: readonly SqlPart[] = []) => allOf([...matchPart, ...conditions, ...extra]);
  /**
   * The matches with the words in their title: title_tsv holds the title's part of tsv, so
   * a title match is a match, and testing the title alone spares reading each row's whole
   * vector (a common word's title tier read thousands of them to find a page).
   */
  const whereInTitle = (inTitle: SqlPart) => allOf([...conditions, inTitle]);
  // As bm25 weighs each phrase of the expression (each alternative of each word) by how
  // rare it is (its IDF), so do these scores, with AND too: the pools are the best by
  // them, and the SQLite engine's hold the phrases it weighs most. ts_rank, which knows
  // no IDF, only breaks ties. The frequencies of whole words are the pipeline's, with OR.
  const weights =
    match === null
      ? null
      : await idfWeights(client, [...new Set([...(match.operator === 'or' ? match.groups : []), ...match.phrases])], limits.commonWordDocs, memo);
  const weightOf = (expression: string) => weights!.idf[weights!.expressions.indexOf(expression)]!;
  // With AND, a word's only phrase is in every match: no need to read the match's whole vector for it.
  const weighted =
    match === null
      ? null
      : idfScores(
          match.phrases,
          match.phrases.map(weightOf),
          match.phrases.map((phrase) => match.operator === 'and' && match.sole.includes(phrase)),
          weights!.meanWords,
        );
  const frequencies = match?.operator === 'or' ? match.groups.map((group) => weights!.frequencies[weights!.expressions.indexOf(group)]!) : [];
  const tsRank: SqlPart =
    match === null ? { sql: '1::float8', params: [] } : { sql: `ts_rank('${RANK_WEIGHTS}', d.tsv, ?::tsquery, 1)::float8`, params: [match.expression] };
  const rank: SqlPart =
    weighted === null ? tsRank : { sql: `(${weighted.score.sql} + ${TS_RANK_SHARE} * ${tsRank.sql})`, params: [...weighted.score.params, ...tsRank.params] };
  // Matched against title_tsv, which holds the title's words alone: no weight to check.
  const titleTsRank: SqlPart =
    match === null
      ? { sql: '0::float8', params: [] }
      : { sql: `ts_rank('${TITLE_RANK_WEIGHTS}', d.title_tsv, ?::tsquery)::float8`, params: [match.expression] };
  const titleRank: SqlPart =
    weighted === null
      ? titleTsRank
      : { sql: `(${weighted.title.sql} + ${TS_RANK_SHARE} * ${titleTsRank.sql})`, params: [...weighted.title.params, ...titleTsRank.params] };
  const inTitle: SqlPart = match === null ? FALSE : { sql: 'd.title_tsv @@ ?::tsquery', params: [match.expression] };
  /** How many rows follow the pool on the page, and from which place of the order. */
  const following = (poolLength: number) => ({
    from: Math.max(query.offset, poolLength),
    left: query.limit - Math.min(Math.max(poolLength - query.offset, 0), query.limit),
  });

  const facetColumns =
    query.facets.length > 0 || query.rangeFacets.length > 0
      ? pgFacetColumns(query, match === null && conditions.length === 0 ? null : where(), multiValued)
      : null;
  let facets: Pick<Candidates, 'facets' | 'rangeFacets'> = { facets: null, rangeFacets: null };
  let facetsRead = facetColumns === null;
  const documents: BoundedRow[] = [];
  /**
   * One statement: `columns` in one row, and the documents of the rows `placed` names
   * as rows beside it (see placedRows); the facets come along with the first statement
   * of a search.
   */
  const one = async (columns: readonly SqlPart[], placed: Placed | null = null, prepared = false): Promise<StatementAnswer> => {
    const all = facetsRead ? columns : [...columns, ...facetColumns!.columns];
    const matches = facetsRead ? null : facetColumns!.matches(placed?.matches);
    const ctes = [...(placed?.with ?? []), ...(matches === null ? [] : [matches])];
    const { sql, params } = statement(all, ctes, placed?.rows ?? null);
    const text = numbered(sql);
    const name = prepared ? client.preparedName?.(text) : undefined;
    const answer = answerOf((await client.query<Record<string, unknown>>({ text, values: [...params], ...(name !== undefined && { name }) })).rows);
    if (!facetsRead) {
      facets = facetColumns!.read(answer.head);
      facetsRead = true;
    }
    documents.push(...answer.documents);
    return answer;
  };
  // Counting a common word's documents takes milliseconds; popular queries repeat.
  const counted = (w: SqlPart = where()) => {
    const sql = `SELECT count(*) FROM doc_words d WHERE ${w.sql}`;
    const key = `${sql}\u0000${JSON.stringify(w.params)}`;
    return { key, known: memo.get(key), sql, params: w.params };
  };
  /** A count as a column of `name`, unless remembered; read back with `countOf`. */
  const countColumn = (count: ReturnType<typeof counted>, name: string, when: SqlPart | null = null): SqlPart[] =>
    count.known !== undefined
      ? []
      : [
          when === null
            ? { sql: `(${count.sql}) AS ${name}`, params: count.params }
            : { sql: `CASE WHEN ${when.sql} THEN (${count.sql}) END AS ${name}`, params: [...when.params, ...count.params] },
        ];
  const countOf = (count: ReturnType<typeof counted>, row: Record<string, unknown>, name: string): number => {
    if (count.known !== undefined) return count.known;
    const n = Number(row[name]);
    memo.set(count.key, n);
    return n;
  };
  /** Ordered rows, a part of the page: the part's statement, its number, and how many. */
  const parts: SqlPart[] = [];
  const rowsPart = (order: SqlPart | null, score: SqlPart, offset: number, limit: number, w: SqlPart = where()): number => {
    parts.push({
      sql: `SELECT d.rowid, ${score.sql} AS score FROM doc_words d WHERE ${w.sql}${order === null ? '' : ` ORDER BY ${order.sql}`} LIMIT ? OFFSET ?`,
      params: [...score.params, ...w.params, ...(order?.params ?? []), limit, offset],
    });
    return parts.length - 1;
  };
  /** The rows of the parts given, in order, with their documents: one statement holds every part. */
  const partsPlaced = (): Placed => ({
    with: parts.map((part, i) => ({ sql: `part_${i} AS (${part.sql})`, params: part.params })),
    rows: parts.map((_, i) => `SELECT ${i} AS part, row_number() OVER () AS place, rowid, score FROM part_${i}`).join(' UNION ALL '),
  });

  let pool: PageRow[] = [];
  let rest: PageRow[];
  let total: number;
  if (match === null) {
    const count = counted();
    const page = rowsPart(
      sortOrder(query.sort, { sql: 'd.ts DESC, d.rowid DESC', params: [] }, fieldTypes),
      { sql: '1::float8', params: [] },
      query.offset,
      query.limit,
    );
    const answer = await one(countColumn(count, 'total'), partsPlaced());
    rest = answer.part(page);
    // A short page is the last one: its end is the total.
    const short = rest.length < query.limit && (rest.length > 0 || query.offset === 0);
    total = short ? query.offset + rest.length : countOf(count, answer.head, 'total');
  } else if (query.sort.by !== 'relevance') {
    const count = counted();
    const relevance = { sql: `${rank.sql} DESC, d.rowid`, params: rank.params };
    const page = rowsPart(
      sortOrder(query.sort, relevance, fieldTypes),
      { sql: `greatest(${rank.sql}, 1e-9::float8)`, params: rank.params },
      query.offset,
      query.limit,
    );
    const answer = await one(countColumn(count, 'total'), partsPlaced());
    rest = answer.part(page);
    total = countOf(count, answer.head, 'total');
  } else {
    const w = where();
    // With AND the tiered order comes sooner (see RankingLimits).
    const rankAllMax = match.operator === 'or' ? limits.rankAllMaxOr : limits.rankAllMax;
    const all = counted();
    const titledCount = counted(whereInTitle(inTitle));
    // The matches, if few: then they are the total, and all of them get a text score,
    // which orders them here: the pool (the best by score, the best title matches and
    // the clicked documents) and the rows of the page that follow it come back with
    // their documents, in one answer. Scoring reads each match's vector: past
    // rankAllMax matches the answer only says there are too many (which is remembered),
    // and how many, and how many in titles.
    const many = `many\u0000${w.sql}\u0000${JSON.stringify(w.params)}`;
    let answer: StatementAnswer | null = null;
    if (memo.get(many) !== 1) {
      const tooMany: SqlPart = { sql: '(SELECT count(*) FROM s) > ?', params: [rankAllMax] };
      // The page's rows from the scored matches (none when there are too many). A page
      // within the pool's first places (most are) holds the pool alone: the best by score and
      // by title score, taken by top-N sorts; past it, the rows after the pool follow, by
      // place in the order, which sorts every match.
      const withinPool = query.offset + query.limit <= request.poolByScore;
      const placing: SqlPart = withinPool
        ? {
            sql: `few AS (SELECT (SELECT count(*) FROM s) <= ? AS ok),
                u AS ((SELECT s.rowid, s.score FROM s WHERE (SELECT ok FROM few) ORDER BY s.score DESC, s.rowid LIMIT ?)
                      UNION (SELECT s.rowid, s.score FROM s WHERE s.in_title AND (SELECT ok FROM few) ORDER BY s.title_score DESC, s.rowid LIMIT ?)
                      UNION SELECT s.rowid, s.score FROM s WHERE s.boosted AND (SELECT ok FROM few)),
                page AS (SELECT u.rowid, u.score, row_number() OVER (ORDER BY u.score DESC, u.rowid) AS place, TRUE AS pooled FROM u)`,
            params: [rankAllMax, request.poolByScore, request.poolByTitle],
          }
        : {
            sql: `r AS (SELECT s.rowid, s.score, s.boosted, row_number() OVER (ORDER BY s.score DESC, s.rowid) AS place,
                             CASE WHEN s.in_title THEN row_number() OVER (ORDER BY s.in_title DESC, s.title_score DESC, s.rowid) END AS title_place
                      FROM s WHERE (SELECT count(*) FROM s) <= ?),
                p AS (SELECT r.rowid, r.score, r.place, (r.place <= ? OR coalesce(r.title_place <= ?, FALSE) OR r.boosted) AS pooled FROM r),
                o AS (SELECT p.*, row_number() OVER (PARTITION BY p.pooled ORDER BY p.place) AS part_place, count(*) FILTER (WHERE p.pooled) OVER () AS pool_size FROM p),
                f AS (SELECT o.*, greatest(?::bigint, o.pool_size) - o.pool_size AS skip FROM o),
                page AS (SELECT f.rowid, f.score, f.place, f.pooled FROM f
                         WHERE f.pooled OR (f.part_place > f.skip AND f.part_place <= f.skip + ?::bigint - least(greatest(f.pool_size - ?::bigint, 0), ?::bigint)))`,
            params: [rankAllMax, request.poolByScore, request.poolByTitle, query.offset, query.limit, query.offset, query.limit],
          };
      answer = await one(
        [{ sql: '(SELECT count(*) FROM s) AS n', params: [] }, ...countColumn(all, 'total', tooMany), ...countColumn(titledCount, 'titled', tooMany)],
        {
          with: [
            {
              // Only title matches are ordered by their title score: the others are spared ranking their title.
              sql: `s AS MATERIALIZED (
                  SELECT d.rowid, ${rank.sql} AS score, CASE WHEN ${inTitle.sql} THEN ${titleRank.sql} ELSE 0 END AS title_score,
                         ${inTitle.sql} AS in_title, d.id = ANY(?::text[]) AS boosted
                  FROM doc_words d WHERE ${w.sql} LIMIT ?)`,
              params: [...rank.params, ...inTitle.params, ...titleRank.params, ...inTitle.params, request.boostIds, ...w.params, rankAllMax + 1],
            },
            placing,
          ],
          // Part 0 is the pool, part 1 the rows that follow it.
          rows: 'SELECT CASE WHEN page.pooled THEN 0 ELSE 1 END AS part, page.place, page.rowid, page.score FROM page',
          // The facets count the scored matches when they are all of them; else they find them again.
          matches: {
            sql: `SELECT s.rowid FROM s WHERE (SELECT count(*) FROM s) <= ?
                  UNION ALL SELECT d.rowid FROM doc_words d WHERE (SELECT count(*) FROM s) > ? AND ${w.sql}`,
            params: [rankAllMax, rankAllMax, ...w.params],
          },
        },
        // Kept prepared: its plan hardly depends on the words (a scan of the word index,
        // then sorts of at most rankAllMax rows), and planning it cost as much as running it.
        true,
      );
    }
    if (answer !== null && Number(answer.head.n) <= rankAllMax) {
      total = Number(answer.head.n);
      pool = answer.part(0);
      rest = answer.part(1);
    } else {
      memo.set(many, 1);
      // These statements are kept prepared too (see the first): a common word's page runs
      // them at every search, and parsing and planning the tier's statement cost more than running it.
      const counts =
        answer?.head ??
        (all.known === undefined || titledCount.known === undefined
          ? (await one([...countColumn(all, 'total'), ...countColumn(titledCount, 'titled')], null, true)).head
          : {});
      total = countOf(all, counts, 'total');
      const titled = countOf(titledCount, counts, 'titled');
      // Too many to score them all: title matches first (shortest title first when few
      // enough, else as stored), then the rest in indexing order; every part of the page
      // in one statement.
      const tier = (offset: number, limit: number): { parts: number[]; length: number } => {
        const numbers: number[] = [];
        let length = 0;
        if (offset < titled) {
          // Fewest title words first (what the title score mostly rewards, without ranking every
          // title match), each row with its text score; past TITLE_ORDER_MAX as stored.
          const order = titled <= TITLE_ORDER_MAX ? { sql: 'length(d.title_tsv), d.rowid', params: [] } : STORED_ORDER;
          numbers.push(rowsPart(order, rank, offset, limit, whereInTitle(inTitle)));
          length = Math.min(limit, titled - offset);
        }
        const left = limit - length;
        if (left > 0 && total > titled) {
          const notInTitle = { sql: `NOT (${inTitle.sql})`, params: inTitle.params };
          const skip = Math.max(0, offset - titled);
          numbers.push(rowsPart({ sql: 'd.rowid', params: [] }, { sql: '0::float8', params: [] }, skip, left, where([notInTitle])));
          length += Math.max(0, Math.min(left, total - titled - skip));
        }
        return { parts: numbers, length };
      };
      const pooled = query.offset < request.poolByTitle ? tier(0, request.poolByTitle) : { parts: [], length: 0 };
      const after = following(pooled.length);
      const afterPool = after.left > 0 ? tier(after.from, after.left) : { parts: [], length: 0 };
      const placed = parts.length > 0 ? await one([], partsPlaced(), true) : null;
      pool = placed === null ? [] : pooled.parts.flatMap((n) => placed.part(n));
      rest = placed === null ? [] : afterPool.parts.flatMap((n) => placed.part(n));
    }
  }
  if (!facetsRead) await one([]);
  return { total, pool, rest, frequencies, ...facets, documents };
}

/**
 * The rows of a statement whose documents come back with it: `with` are the CTEs it
 * needs, and `rows` a SELECT of them answering `part` (which list), `place` (where in
 * it), `rowid` and `score`.
 */
interface Placed {
  with: readonly SqlPart[];
  rows: string;
  /** A SELECT of every match's rowid from `with`, for the facets. */
  matches?: SqlPart;
}

/** A statement's one-row columns, and its placed rows with their documents. */
interface StatementAnswer {
  head: Record<string, unknown>;
  documents: BoundedRow[];
  /** The placed rows of one part, in place order. */
  part(n: number): PageRow[];
}

/**
 * One statement (after `ctes`) answering `columns` in its first row and the documents of
 * the rows `placed` selects (see Placed; bodies bounded) in as many rows beside them (a
 * full join on the row number), so a page's documents come in the same round trip as its
 * counts and facets. Documents come as plain columns:
 * building JSON of them took PostgreSQL longer than finding them. Each placed row reads
 * its document by the primary key (OFFSET 0 keeps it a lookup): a kept generic plan,
 * not knowing how few rows are placed, merged them with every document of the table.
 */
function statement(columns: readonly SqlPart[], ctes: readonly SqlPart[], placed: string | null): SqlPart {
  const prefix = ctes.length === 0 ? '' : `WITH ${ctes.map((cte) => cte.sql).join(', ')} `;
  const params = [...ctes.flatMap((cte) => cte.params), ...columns.flatMap((c) => c.params)];
  const head = `SELECT 1::bigint AS head_row${columns.map((c) => `, ${c.sql}`).join('')}`;
  if (placed === null) return { sql: `${prefix}${head}`, params };
  return {
    sql: `${prefix}SELECT h.*, x.* FROM (${head}) h
      FULL JOIN (SELECT row_number() OVER () AS doc_row, p.part, p.place, p.score, d.*
                 FROM (${placed}) p CROSS JOIN LATERAL (SELECT ${PLACED_COLUMNS} FROM docs d WHERE d.rowid = p.rowid OFFSET 0) d) x
        ON x.doc_row = h.head_row`,
    params,
  };
}

function answerOf(rows: ReadonlyArray<Record<string, unknown>>): StatementAnswer {
  const head = rows.find((row) => row.head_row !== null) ?? {};
  const placed = rows.filter((row) => row.rowid !== null) as unknown as Array<BoundedRow & { part: number; place: number; score: number }>;
  return {
    head,
    documents: placed,
    part: (n) =>
      placed
        .filter((row) => row.part === n)
        .sort((a, b) => a.place - b.place)
        .map((row) => ({ rowid: row.rowid, score: row.score })),
  };
}

/** Past this many rows, the documents' mean length comes from the first ones: reading every row's length cost a scan. */
const LENGTH_SAMPLE_ROWS = 2_000;
/**
 * Below this many rows as the planner estimates them (0 before the table's first
 * analysis), the documents are counted: bm25's IDF turns on the share of documents a word
 * is in, and a word in half of them or more weighs next to nothing, so an index
 * written a moment ago must not look smaller than it is. Counted once per change (memo).
 */
const EXACT_COUNT_BELOW = 100_000;

/**
 * How many documents match each expression (a word group or a phrase; counted up to just
 * past `commonWordDocs`, as the SQLite engine counts them), and each one's IDF as bm25
 * weighs it, with the documents' mean length in words, in one statement. The documents
 * are the planner's estimate, or counted when that is small (EXACT_COUNT_BELOW).
 */
async function idfWeights(
  client: PgQueryable,
  expressions: readonly string[],
  commonWordDocs: number,
  memo: PostgresSearchState['memo'],
): Promise<{ expressions: readonly string[]; frequencies: number[]; idf: number[]; meanWords: number }> {
  const keys = expressions.map((expression) => `frequency\u0000${expression}`);
  const remembered = keys.map((key) => memo.get(key));
  const documents = memo.get('documents');
  const meanWords = memo.get('meanWords');
  if (documents !== undefined && meanWords !== undefined && remembered.every((n) => n !== undefined)) {
    return { expressions, ...weightsOf(remembered as number[], documents), meanWords };
  }
  const { rows } = await client.query<{ n: number; total: number; mean_words: number | null }>(
    `SELECT (SELECT count(*) FROM (SELECT 1 FROM doc_words WHERE tsv @@ g::tsquery LIMIT $2) s) AS n,
       (SELECT CASE WHEN reltuples < ${EXACT_COUNT_BELOW} THEN (SELECT count(*) FROM docs)::float8 ELSE reltuples::float8 END
          FROM pg_class WHERE oid = 'docs'::regclass) AS total,
       (SELECT avg(words)::float8 FROM (SELECT words FROM doc_words WHERE words IS NOT NULL ORDER BY rowid LIMIT $3) s) AS mean_words
     FROM unnest($1::text[]) WITH ORDINALITY AS t(g, i) ORDER BY i`,
    [expressions, commonWordDocs + 1, LENGTH_SAMPLE_ROWS],
  );
  const frequencies = rows.map((r) => Number(r.n));
  keys.forEach((key, i) => memo.set(key, frequencies[i]!));
  const total = rows[0]?.total ?? 0;
  const mean = Math.max(1, rows[0]?.mean_words ?? 1);
  memo.set('documents', total);
  memo.set('meanWords', mean);
  return { expressions, ...weightsOf(frequencies, total), meanWords: mean };
}

/** Each expression's IDF as bm25 weighs it, from how many documents match it and about how many the index holds. */
function weightsOf(frequencies: number[], documents: number): { frequencies: number[]; idf: number[] } {
  const total = Math.max(documents, ...frequencies, 1);
  return { frequencies, idf: frequencies.map((n) => bm25Idf(n, total)) };
}

/**
 * The IDF of a phrase `n` of `total` documents match, as the SQLite engine's bm25 (FTS5's)
 * gives it: log((N − n + ½) / (n + ½)), and a token MIN_IDF for a phrase in half the
 * documents or more, where that is 0 or less. A word most pages hold then says almost
 * nothing, on both engines alike.
 */
function bm25Idf(n: number, total: number): number {
  const idf = Math.log((total - n + 0.5) / (n + 0.5));
  return idf > 0 ? idf : MIN_IDF;
}

/** bm25's k1 and b, as FTS5's bm25 sets them. */
const K1 = 1.2;
const B = 0.75;
/** What one title occurrence of a phrase counts against one in the content, as in the SQLite engine's `bm25(8.0, 1.0)`. */
const TITLE_WEIGHT = 8;

/**
 * How many times a one-word phrase occurs in `vector`, read back from ts_rank, which
 * counts occurrences without a length: with every weight 1 it answers
 * Σ 1/j² (j = 1..n) / (π²/6), whose tail past n is about 1/(n + ½). Capped near 600 (a
 * prefix may match several words, whose sums add up). Only for a vector the phrase matches.
 * The vector keeps positions up to POSITION_MAX only (later ones merge into one), so a
 * longer page's count is scaled by its share of words the vector covers.
 */
function occurrences(vector: string): string {
  const counted = `greatest(1, 1 / (1.6449340668 * (1 - least(ts_rank('{1,1,1,1}', ${vector}, ?::tsquery, 0), 0.999))) - 0.5)`;
  return `(${counted} * greatest(1, coalesce(d.words, 0) / ${POSITION_MAX}.0))`;
}

/** A phrase of several words: ts_rank does not count its occurrences, so one stands for them. */
function oneWord(phrase: string): boolean {
  return !phrase.startsWith('(');
}

/**
 * SQL scores weighing each matched phrase as the SQLite engine's bm25 does: its IDF, its
 * occurrences (a title occurrence TITLE_WEIGHT times one in the content) saturated by
 * k1 against the document's length in words over the mean. `title` counts title phrases
 * only; `matched` says which phrases every match holds.
 */
function idfScores(phrases: readonly string[], idf: readonly number[], matched: readonly boolean[], meanWords: number): { score: SqlPart; title: SqlPart } {
  const score: SqlPart = { sql: '', params: [] };
  const title: SqlPart = { sql: '', params: [] };
  const terms: string[] = [];
  const titleTerms: string[] = [];
  // k1 · (1 − b + b · length / mean), the length's part of bm25; rows from before 0012 count as of mean length.
  const lengthPart = '(?::float8 + ?::float8 * coalesce(d.words, ?::float8))';
  const lengthParams = [K1 * (1 - B), (K1 * B) / meanWords, meanWords];
  const saturated = (weight: string) => `(${weight}) * ${K1 + 1} / ((${weight}) + ${lengthPart})`;
  phrases.forEach((phrase, i) => {
    // The weights are values, not SQL text: statements of as many phrases share a text, and a prepared statement.
    const counted = oneWord(phrase);
    const inContent = counted ? occurrences('d.tsv') : '1';
    const inContentParams = counted ? [phrase] : [];
    // In the title: its occurrences weigh TITLE_WEIGHT each, the others (tsv holds both) one each.
    const inTitle = counted ? `(${TITLE_WEIGHT - 1} * ${occurrences('d.title_tsv')} + ${inContent})` : `${TITLE_WEIGHT}`;
    const inTitleParams = counted ? [phrase, phrase] : [];
    const whenContent = matched[i] ? 'ELSE' : 'WHEN d.tsv @@ ?::tsquery THEN';
    terms.push(
      `(CASE WHEN d.title_tsv @@ ?::tsquery THEN ?::float8 * ${saturated(inTitle)} ${whenContent} ?::float8 * ${saturated(inContent)}${matched[i] ? '' : ' ELSE 0'} END)`,
    );
    score.params.push(
      phrase,
      idf[i]!,
      ...inTitleParams,
      ...inTitleParams,
      ...lengthParams,
      ...(matched[i] ? [] : [phrase]),
      idf[i]!,
      ...inContentParams,
      ...inContentParams,
      ...lengthParams,
    );
    titleTerms.push('(CASE WHEN d.title_tsv @@ ?::tsquery THEN ?::float8 ELSE 0 END)');
    title.params.push(phrase, idf[i]!);
  });
  score.sql = terms.join(' + ');
  title.sql = titleTerms.join(' + ');
  return { score, title };
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
