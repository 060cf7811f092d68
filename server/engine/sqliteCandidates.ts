import type { CandidateRequest, Candidates, CustomFieldType, PageRow, RankingLimits, SearchQuery } from './engine.ts';
import { rangeFacets, valueFacets } from './sqliteFacets.ts';
import { allOf, needsDocs, whereConditions, type SqlPart, type SqlValue } from './sqliteWhere.ts';
import { ftsMatch, type FtsMatch } from './ftsExpression.ts';
import type { StatementCache } from '../storage/statementCache.ts';

/** Counts remembered by query until the index changes. */
export interface QueryMemo {
  get(key: string): number | undefined;
  set(key: string, value: number): void;
}

/** What a search reads of an SQLite index besides its statements. */
export interface SqliteSearchState {
  statements: StatementCache;
  fieldTypes: ReadonlyMap<string, CustomFieldType>;
  /** Fields a document may hold several values of. */
  multiValued: ReadonlySet<string>;
  /** Keeps counts until the next write. */
  memo: QueryMemo;
  limits: RankingLimits;
  /** Counts a word group's documents, up to `limits.commonWordDocs + 1`. */
  frequency: (group: string) => number;
}

/** `fts` indexes title and content, `fts_title` titles alone; null reads `docs` only. */
type Source = 'fts' | 'fts_title' | null;

const NOTHING: SqlPart = { sql: '0', params: [] };

/**
 * A search's candidates (see Candidates): matching, counting, the pool the ranking
 * rules order, the rows after it, and facets. The words become one FTS5 expression
 * (ftsExpression.ts); none for `*`, and one that matches nothing when the words hold
 * nothing searchable.
 *
 * The pool of a relevance search: when few enough match (RankingLimits.rankAllMax), all
 * are scored by bm25 (title weighted) and the pool is the best of them by score and by
 * title (plus clicked documents that match); the others follow by score. When more
 * match, the matches are counted (remembered) but not read: the pool is the first title
 * matches of the tiered order (see tieredPage), which goes on after it, and only the
 * pool's rows get their bm25. A search's cost then grows with its pool and page, not
 * with its matches.
 */
export function sqliteCandidates(state: SqliteSearchState, request: CandidateRequest): Candidates {
  const { statements, fieldTypes, multiValued, memo, limits, frequency } = state;
  const { query } = request;
  const plan = request.plan === null ? null : ftsMatch(request.plan);
  const match = plan?.expression ?? null;
  // Without language or date conditions or a sort on document columns, FTS alone answers:
  // reading each match's docs row cost more than testing its custom fields.
  const joinDocs = match === null || needsDocs(query) || query.sort.by !== 'relevance';
  const from = (source: Source): string => (source === null ? 'docs d' : joinDocs ? `${source} JOIN docs d ON d.rowid = ${source}.rowid` : source);
  const rowidOf = (source: Source): string => (source === null || joinDocs ? 'd.rowid' : `${source}.rowid`);
  const conditionsOf = (source: Source): SqlPart[] => {
    const parts = whereConditions(query, fieldTypes, { rowid: rowidOf(source), correlated: source !== null });
    if (query.words !== null && match === null) parts.push(NOTHING);
    return parts;
  };
  const conditions = conditionsOf(null);
  const where = (source: Source, extra: readonly SqlPart[] = [], sourceMatch = match): SqlPart =>
    allOf([...(source === null ? [] : [{ sql: `${source} MATCH ?`, params: [sourceMatch] }]), ...conditionsOf(source), ...extra]);
  const count = (source: Source, extra: readonly SqlPart[] = []): number => {
    const w = where(source, extra);
    // Counting a common word's documents takes milliseconds; popular queries repeat.
    return memoCount(statements, memo, `SELECT count(*) FROM ${from(source)} WHERE ${w.sql}`, ...w.params);
  };
  const rows = (
    source: Source,
    order: SqlPart,
    score: string | SqlPart,
    offset: number,
    limit: number,
    extra: readonly SqlPart[] = [],
    sourceMatch = match,
  ): PageRow[] => {
    const w = where(source, extra, sourceMatch);
    const s = typeof score === 'string' ? { sql: score, params: [] } : score;
    return statements
      .get(`SELECT ${rowidOf(source)} AS rowid, ${s.sql} AS score FROM ${from(source)} WHERE ${w.sql} ORDER BY ${order.sql} LIMIT ? OFFSET ?`)
      .all(...s.params, ...w.params, ...order.params, limit, offset) as PageRow[];
  };

  const source: Source = match === null ? null : 'fts';
  const order = orderBy(query, source, rowidOf(source), fieldTypes);
  let pool: PageRow[] = [];
  let rest: PageRow[];
  let total: number;
  /** How many rows follow the pool on the page, and from which place of the order. */
  const following = (poolLength: number) => ({
    from: Math.max(query.offset, poolLength),
    left: query.limit - Math.min(Math.max(poolLength - query.offset, 0), query.limit),
  });
  if (source === null) {
    rest = rows(null, order, '1.0', query.offset, query.limit);
    // A short page is the last one: its end is the total, no count needed.
    const short = rest.length < query.limit && (rest.length > 0 || query.offset === 0);
    total = short ? query.offset + rest.length : count(null);
  } else if (query.sort.by !== 'relevance') {
    total = count('fts');
    rest = rows('fts', order, 'max(-fts.rank, 1e-9)', query.offset, query.limit);
  } else {
    // Counted first (remembered until the next write): past rankAllMax matches nothing
    // below reads them all.
    total = count('fts');
    const rankAllMax = plan!.operator === 'or' ? limits.rankAllMaxOr : limits.rankAllMax;
    if (total <= rankAllMax) {
      // Few: all of them get a text score.
      const w = where('fts');
      const matched = statements
        .get(`SELECT ${rowidOf('fts')} FROM ${from('fts')} WHERE ${w.sql} LIMIT ?`)
        .pluck()
        .all(...w.params, rankAllMax + 1) as number[];
      const ranking = rankingFor(plan!, frequency, limits.commonWordDocs);
      // Ranked by fewer words than matched: keep to the documents that match them all.
      const extra = ranking === match ? [] : [inRows(rowidOf('fts'), matched)];
      const scored =
        ranking === null
          ? matched.map((rowid) => ({ rowid, score: 0 }))
          : rows('fts', { sql: rowidOf('fts'), params: [] }, 'max(-fts.rank, 1e-9)', 0, rankAllMax + 1, extra, ranking);
      scored.sort((a, b) => b.score - a.score || a.rowid - b.rowid);
      // The pool the rules order: the best by text score, and the best title matches.
      const inTitle = rows('fts_title', { sql: `fts_title.rank, ${rowidOf('fts_title')}`, params: [] }, '0', 0, request.poolByTitle);
      const pooled = new Set([...scored.slice(0, request.poolByScore).map((r) => r.rowid), ...inTitle.map((r) => r.rowid)]);
      const matchedSet = new Set(matched);
      for (const rowid of boostRowids(statements, request.boostIds)) if (matchedSet.has(rowid)) pooled.add(rowid);
      pool = scored.filter((r) => pooled.has(r.rowid));
      const after = following(pool.length);
      rest = scored.filter((r) => !pooled.has(r.rowid)).slice(after.from - pool.length, after.from - pool.length + after.left);
    } else {
      // Too many to score them all: the rules order the first rows of the tiered order
      // (see tieredPage), its title matches given their text score; the rest keep the tiered order.
      const tier = (offset: number, limit: number) => tieredPage(offset, limit, total, count, rows, rowidOf, match!);
      if (query.offset < request.poolByTitle) {
        const first = tier(0, request.poolByTitle);
        const ranking = rankingFor(plan!, frequency, limits.commonWordDocs);
        pool = [...withTextScores(first.rows.slice(0, first.inTitle), rows, rowidOf, ranking), ...first.rows.slice(first.inTitle)];
      }
      const after = following(pool.length);
      rest = after.left > 0 ? tier(after.from, after.left).rows : [];
    }
  }
  const frequencies = plan !== null && plan.operator === 'or' ? plan.groups.map(frequency) : [];
  let facets: Candidates['facets'] = null;
  let ranges: Candidates['rangeFacets'] = null;
  if (query.facets.length > 0 || query.rangeFacets.length > 0) {
    const everything = source === null && conditions.length === 0;
    let matchedCount = 0;
    if (!everything) {
      // Matched once into a temp table; every facet then joins it.
      const w = where(source);
      statements.get('DELETE FROM temp.matched').run();
      matchedCount = statements.get(`INSERT INTO temp.matched (rowid) SELECT ${rowidOf(source)} FROM ${from(source)} WHERE ${w.sql}`).run(...w.params).changes;
    }
    const perMatch = (field: string): boolean => {
      const rows = memoCount(statements, memo, 'SELECT count(*) FROM field_values WHERE field = ?', field);
      const docs = Math.max(1, memoCount(statements, memo, 'SELECT count(*) FROM docs'));
      // Matches times the field's values per document, each read per match, against the walk.
      return matchedCount * PER_MATCH_COST * Math.max(1, rows / docs) < rows;
    };
    if (query.facets.length > 0) facets = valueFacets(statements, everything, query.facets, query.numFacets, perMatch);
    if (query.rangeFacets.length > 0) ranges = rangeFacets(statements, everything, query.rangeFacets, multiValued, perMatch);
  }
  return { total, pool, rest, frequencies, facets, rangeFacets: ranges };
}

/** The rowids of documents by id (those the index holds). */
function boostRowids(statements: StatementCache, ids: readonly string[]): number[] {
  if (ids.length === 0) return [];
  return statements.get('SELECT rowid FROM docs WHERE id IN (SELECT value FROM json_each(?))').pluck().all(JSON.stringify(ids)) as number[];
}

/**
 * Reading a match's values costs 12-20 steps of walking a field's values (measured at
 * 100,000 documents); the high side keeps the switch from ever costing more than the walk.
 */
const PER_MATCH_COST = 16;

/** A count remembered until the next write. */
function memoCount(statements: StatementCache, memo: QueryMemo, sql: string, ...params: SqlValue[]): number {
  const key = `${sql}\u0000${JSON.stringify(params)}`;
  let n = memo.get(key);
  if (n === undefined) {
    n = statements
      .get(sql)
      .pluck()
      .get(...params) as number;
    memo.set(key, n);
  }
  return n;
}

/**
 * The expression bm25 ranks a relevance page by, or null when that would be slow. With
 * AND, common words (see RankingLimits) are matched but left out of the ranking; when
 * every word is common, null.
 */
function rankingFor(plan: FtsMatch, frequency: (group: string) => number, commonWordDocs: number): string | null {
  if (plan.operator !== 'and' || plan.groups.length < 2) return plan.expression;
  const informative = plan.groups.filter((group) => frequency(group) <= commonWordDocs);
  if (informative.length === 0) return null;
  return informative.length === plan.groups.length ? plan.expression : informative.join(' AND ');
}

/** Past this many title matches, sorting them by length costs too much: they keep indexing order. */
const TITLE_ORDER_MAX = 3_000;

/**
 * Rows of the order used when too many documents match to score them all: documents
 * with every word in the title first, shortest title first (what title bm25 mostly
 * rewards, without scoring every title match; in indexing order when very many), then
 * the others in indexing order. `inTitle`: how many of the rows, first, are title matches.
 */
function tieredPage(
  offset: number,
  limit: number,
  total: number,
  count: (source: Source, extra?: readonly SqlPart[]) => number,
  rows: (source: Source, order: SqlPart, score: string, offset: number, limit: number, extra?: readonly SqlPart[]) => PageRow[],
  rowidOf: (source: Source) => string,
  match: string,
): { rows: PageRow[]; inTitle: number } {
  const inTitle = count('fts_title');
  const page: PageRow[] = [];
  if (offset < inTitle) {
    const rowid = rowidOf('fts_title');
    const order = inTitle <= TITLE_ORDER_MAX ? `(SELECT length(title) FROM docs WHERE rowid = ${rowid}), ${rowid}` : 'fts_title.rowid';
    page.push(...rows('fts_title', { sql: order, params: [] }, '0', offset, limit));
  }
  const titled = page.length;
  const left = limit - page.length;
  if (left > 0 && total > inTitle) {
    // Ascending: FTS5 reads a doclist forwards and stops at the limit; backwards it decodes it all.
    const notInTitle = { sql: `${rowidOf('fts')} NOT IN (SELECT rowid FROM fts_title WHERE fts_title MATCH ?)`, params: [match] };
    page.push(...rows('fts', { sql: 'fts.rowid', params: [] }, '0', Math.max(0, offset - inTitle), left, [notInTitle]));
  }
  return { rows: page, inTitle: titled };
}

/**
 * The rows, in their order, with their text score (bm25 of `ranking`, as the few
 * matches get theirs): scored by one pass over the matches that reads the score of
 * these rows alone. Rows `ranking` does not match keep a score of 0.
 */
function withTextScores(
  page: readonly PageRow[],
  rows: (source: Source, order: SqlPart, score: string, offset: number, limit: number, extra?: readonly SqlPart[], sourceMatch?: string | null) => PageRow[],
  rowidOf: (source: Source) => string,
  ranking: string | null,
): PageRow[] {
  if (ranking === null || page.length === 0) return [...page];
  const scored = rows(
    'fts',
    { sql: rowidOf('fts'), params: [] },
    'max(-fts.rank, 1e-9)',
    0,
    page.length,
    [
      inRows(
        rowidOf('fts'),
        page.map((r) => r.rowid),
      ),
    ],
    ranking,
  );
  const scores = new Map(scored.map((r) => [r.rowid, r.score]));
  return page.map((r) => ({ rowid: r.rowid, score: scores.get(r.rowid) ?? 0 }));
}

/** Keeps to these rows; the unary + keeps SQLite from feeding the rowids one by one into FTS5. */
function inRows(rowid: string, rowids: readonly number[]): SqlPart {
  return { sql: `+${rowid} IN (SELECT value FROM json_each(?))`, params: [JSON.stringify(rowids)] };
}

function orderBy(query: SearchQuery, source: Source, rowid: string, fieldTypes: ReadonlyMap<string, CustomFieldType>): SqlPart {
  const relevance = source !== null ? `${source}.rank, ${rowid}` : 'd.ts DESC, d.rowid DESC';
  const sort = query.sort;
  if (sort.by === 'relevance') return { sql: relevance, params: [] };
  const direction = sort.order === 'asc' ? 'ASC' : 'DESC';
  if (sort.by === 'date') return { sql: `d.ts ${direction}, d.rowid ${direction}`, params: [] };
  const type = fieldTypes.get(sort.field);
  if (type === undefined) return { sql: relevance, params: [] };
  // Several values (arrays): ascending sorts by the least, descending by the greatest.
  const aggregate = sort.order === 'asc' ? 'min' : 'max';
  const column = type === 'text' ? 'fold' : 'num';
  return {
    // INDEXED BY: otherwise min()/max() may walk the field's whole value index for every row.
    sql: `(SELECT ${aggregate}(${column}) FROM field_values INDEXED BY field_values_doc WHERE doc = d.rowid AND field = ?) ${direction} NULLS LAST, ${relevance}`,
    params: [sort.field],
  };
}
