/**
 * A search's candidates on PostgreSQL (see Candidates in engine.ts): the same pool and
 * order as the SQLite engine's, with ts_rank (and IDF weights for `or`) in place of bm25.
 */
import type pg from 'pg';
import type { CandidateRequest, Candidates, CustomFieldType, PageRow, RankingLimits, SortSpec } from './engine.ts';
import { pgFacets } from './postgresFacets.ts';
import { planTsquery, RANK_WEIGHTS, TITLE_RANK_WEIGHTS } from './postgresText.ts';
import { allOf, FALSE, numbered, pgConditions, type SqlPart, type SqlValue } from './postgresWhere.ts';

/** ts_rank's part in an IDF-weighted score: term frequency and length only break ties. */
const TS_RANK_SHARE = 0.01;

/** What a search reads of the index besides its tables: the field facts of its snapshot. */
export interface PostgresSearchState {
  fieldTypes: ReadonlyMap<string, CustomFieldType>;
  multiValued: ReadonlySet<string>;
  limits: RankingLimits;
  /** Counts remembered until the index changes. */
  memo: { get(key: string): number | undefined; set(key: string, value: number): void };
}

export async function pgCandidates(client: pg.ClientBase, state: PostgresSearchState, request: CandidateRequest): Promise<Candidates> {
  const { fieldTypes, multiValued, limits, memo } = state;
  const { query } = request;
  const match = request.plan === null ? null : planTsquery(request.plan);
  const conditions = pgConditions(query, fieldTypes);
  if (request.plan !== null && match === null) conditions.push(FALSE);
  const matchPart: SqlPart[] = match === null ? [] : [{ sql: 'd.tsv @@ ?::tsquery', params: [match.expression] }];
  const where = (extra: readonly SqlPart[] = []) => allOf([...matchPart, ...conditions, ...extra]);
  const q = async <R extends pg.QueryResultRow>(sql: string, params: readonly SqlValue[]) => (await client.query<R>(numbered(sql), [...params])).rows;
  // Counting a common word's documents takes milliseconds; popular queries repeat.
  const count = async (extra: readonly SqlPart[] = []) => {
    const w = where(extra);
    const sql = `SELECT count(*) AS n FROM docs d WHERE ${w.sql}`;
    const key = `${sql}\u0000${JSON.stringify(w.params)}`;
    let n = memo.get(key);
    if (n === undefined) {
      n = (await q<{ n: number }>(sql, w.params))[0]!.n;
      memo.set(key, n);
    }
    return n;
  };
  // With OR, documents differ in which words they hold: as bm25 weighs each word by
  // how rare it is (its IDF), so do these scores; ts_rank alone, which knows no IDF,
  // then only breaks ties. With AND every match holds every word.
  const weights = match !== null && match.operator === 'or' ? await idfWeights(client, match.groups, limits.commonWordDocs, memo) : null;
  const weighted = weights === null ? null : idfScores(match!.groups, weights.idf);
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
  /** How many rows follow the pool on the page, and from which place of the order. */
  const following = (poolLength: number) => ({
    from: Math.max(query.offset, poolLength),
    left: query.limit - Math.min(Math.max(poolLength - query.offset, 0), query.limit),
  });

  let pool: PageRow[] = [];
  let rest: PageRow[];
  let total: number;
  if (match === null) {
    rest = await rows(
      sortOrder(query.sort, { sql: 'd.ts DESC, d.rowid DESC', params: [] }, fieldTypes),
      { sql: '1::float8', params: [] },
      query.offset,
      query.limit,
    );
    // A short page is the last one: its end is the total, no count needed.
    const short = rest.length < query.limit && (rest.length > 0 || query.offset === 0);
    total = short ? query.offset + rest.length : await count();
  } else if (query.sort.by !== 'relevance') {
    total = await count();
    const relevance = { sql: `${rank.sql} DESC, d.rowid`, params: rank.params };
    rest = await rows(
      sortOrder(query.sort, relevance, fieldTypes),
      { sql: `greatest(${rank.sql}, 1e-9::float8)`, params: rank.params },
      query.offset,
      query.limit,
    );
  } else {
    const w = where();
    // The matches, if few: then they are the total, and all of them get a text score.
    // Scoring reads each match's vector, so none is scored when there are too many:
    // then the answer is one row, with no rowid, saying how many were found. Clicked
    // documents come marked, to join the pool.
    const found = await q<{ n: number; rowid: number | null; score: number; title_score: number; in_title: boolean; boosted: boolean }>(
      `WITH m AS MATERIALIZED (SELECT d.rowid FROM docs d WHERE ${w.sql} LIMIT ?), n AS (SELECT count(*) AS n FROM m)
       SELECT n.n, d.rowid, ${rank.sql} AS score, ${titleRank.sql} AS title_score, ${inTitle.sql} AS in_title, d.id = ANY(?::text[]) AS boosted
       FROM n LEFT JOIN (m JOIN docs d ON d.rowid = m.rowid) ON n.n <= ?`,
      [...w.params, limits.rankAllMax + 1, ...rank.params, ...titleRank.params, ...inTitle.params, request.boostIds, limits.rankAllMax],
    );
    const matched = found.flatMap((row) => (row.rowid === null ? [] : [{ ...row, rowid: row.rowid }]));
    if ((found[0]?.n ?? 0) <= limits.rankAllMax) {
      total = matched.length;
      const scored = matched.map((m) => ({ rowid: m.rowid, score: m.score })).sort((a, b) => b.score - a.score || a.rowid - b.rowid);
      const byTitle = matched
        .filter((m) => m.in_title)
        .sort((a, b) => b.title_score - a.title_score || a.rowid - b.rowid)
        .slice(0, request.poolByTitle);
      const pooled = new Set([...scored.slice(0, request.poolByScore).map((r) => r.rowid), ...byTitle.map((r) => r.rowid)]);
      for (const m of matched) if (m.boosted) pooled.add(m.rowid);
      pool = scored.filter((r) => pooled.has(r.rowid));
      const after = following(pool.length);
      rest = scored.filter((r) => !pooled.has(r.rowid)).slice(after.from - pool.length, after.from - pool.length + after.left);
    } else {
      total = await count();
      // Too many to score them all: title matches first (by title score when few enough), then the rest in indexing order.
      const titled = await count([inTitle]);
      const tier = async (offset: number, limit: number): Promise<PageRow[]> => {
        const tiered: PageRow[] = [];
        if (offset < titled) {
          const ranked = titled <= limits.rankAllMax;
          const order = ranked ? { sql: `${titleRank.sql} DESC, d.rowid`, params: titleRank.params } : { sql: 'd.rowid', params: [] };
          tiered.push(...(await rows(order, ranked ? titleRank : { sql: '0::float8', params: [] }, offset, limit, [inTitle])));
        }
        const left = limit - tiered.length;
        if (left > 0 && total > titled) {
          const notInTitle = { sql: `NOT (${inTitle.sql})`, params: inTitle.params };
          tiered.push(...(await rows({ sql: 'd.rowid', params: [] }, { sql: '0::float8', params: [] }, Math.max(0, offset - titled), left, [notInTitle])));
        }
        return tiered;
      };
      pool = query.offset < request.poolByTitle ? await tier(0, request.poolByTitle) : [];
      const after = following(pool.length);
      rest = after.left > 0 ? await tier(after.from, after.left) : [];
    }
  }

  const wanted = query.facets.length > 0 || query.rangeFacets.length > 0;
  const facets = wanted
    ? await pgFacets(q, query, match === null && conditions.length === 0 ? null : where(), multiValued)
    : { facets: null, rangeFacets: null };
  return { total, pool, rest, frequencies: weights?.frequencies ?? [], ...facets };
}

/**
 * How many documents match each group (counted up to just past `commonWordDocs`, as the
 * SQLite engine counts them), and each group's IDF as bm25 weighs it, in one statement.
 */
async function idfWeights(
  client: pg.ClientBase,
  groups: readonly string[],
  commonWordDocs: number,
  memo: PostgresSearchState['memo'],
): Promise<{ frequencies: number[]; idf: number[] }> {
  const keys = groups.map((group) => `frequency\u0000${group}`);
  const remembered = keys.map((key) => memo.get(key));
  const documents = memo.get('documents');
  if (documents !== undefined && remembered.every((n) => n !== undefined)) return weightsOf(remembered as number[], documents);
  const { rows } = await client.query<{ n: number; total: number }>(
    `SELECT (SELECT count(*) FROM (SELECT 1 FROM docs WHERE tsv @@ g::tsquery LIMIT $2) s) AS n,
       (SELECT greatest(reltuples, 0)::float8 FROM pg_class WHERE oid = 'docs'::regclass) AS total
     FROM unnest($1::text[]) WITH ORDINALITY AS t(g, i) ORDER BY i`,
    [groups, commonWordDocs + 1],
  );
  const frequencies = rows.map((r) => r.n);
  keys.forEach((key, i) => memo.set(key, frequencies[i]!));
  memo.set('documents', rows[0]?.total ?? 0);
  return weightsOf(frequencies, rows[0]?.total ?? 0);
}

/** Each group's IDF as bm25 weighs it, from how many documents match it and about how many the index holds. */
function weightsOf(frequencies: number[], documents: number): { frequencies: number[]; idf: number[] } {
  const total = Math.max(documents, ...frequencies, 1);
  return { frequencies, idf: frequencies.map((n) => Math.log((total - n + 0.5) / (n + 0.5) + 1)) };
}

/**
 * SQL scores weighing each matched word by its IDF, as bm25 does: `score` counts a word
 * in the title 8 times, `title` counts title words only.
 */
function idfScores(groups: readonly string[], idf: readonly number[]): { score: SqlPart; title: SqlPart } {
  const score: SqlPart = { sql: '', params: [] };
  const title: SqlPart = { sql: '', params: [] };
  const terms: string[] = [];
  const titleTerms: string[] = [];
  groups.forEach((group, i) => {
    terms.push(`(CASE WHEN d.title_tsv @@ ?::tsquery THEN ${8 * idf[i]!} WHEN d.tsv @@ ?::tsquery THEN ${idf[i]!} ELSE 0 END)`);
    score.params.push(group, group);
    titleTerms.push(`(CASE WHEN d.title_tsv @@ ?::tsquery THEN ${idf[i]!} ELSE 0 END)`);
    title.params.push(group);
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
