/**
 * What suggestions and autocompletion read of a PostgreSQL index: titles holding typed
 * words, indexed words by prefix, contents holding a phrase, and field values.
 */
import type { PgQueryable } from '../storage/postgresCancel.ts';
import type { FieldValueUse, TitleRow } from './engine.ts';
import { lexeme, phraseQuery, TITLE_RANK_WEIGHTS } from './postgresText.ts';
import { escapeLike } from './postgresWhere.ts';
import { titleReadings, type TitleSyntax } from './titleReadings.ts';

/** Just past every word that starts with a prefix, in the "C" collation. */
const LAST_CHAR = '\u{10FFFF}';

/** Up to `limit` titles holding the typed words, the first in indexing order, with their rank (lower is better). */
export async function titlesWith(client: PgQueryable, words: readonly string[], limit: number, excludedIds: readonly string[]): Promise<TitleRow[]> {
  const last = words[words.length - 1]!;
  if (Array.from(last).length > 1) return titleRows(client, titleQuery(words), true, limit, excludedIds);
  // One letter: the two-letter prefixes the index holds instead, unranked (see sqliteTitles.ts).
  const prefixes = await twoLetterPrefixes(client, last);
  const prefixMatches = prefixes.map((prefix) => (prefix === last ? lexeme(prefix) : `${lexeme(prefix)}:*`));
  const lastMatch = prefixes.length === 0 ? lexeme(last) : `(${prefixMatches.join(' | ')})`;
  return titleRows(client, titleQuery(words, lastMatch), false, limit, excludedIds);
}

/**
 * A condition (` AND ...`, empty without ids) that leaves out the documents hidden by
 * query rules, by the `id` of `doc_words w`, or by rowid through `column`; its one parameter is `$n`.
 */
function excludedRows(n: number, excludedIds: readonly string[], column?: string): { sql: string; params: Array<readonly string[]> } {
  if (excludedIds.length === 0) return { sql: '', params: [] };
  const sql = column === undefined ? `NOT (w.id = ANY($${n}::text[]))` : `${column} NOT IN (SELECT rowid FROM docs WHERE id = ANY($${n}::text[]))`;
  return { sql: ` AND ${sql}`, params: [excludedIds] };
}

async function titleRows(client: PgQueryable, query: string, ranked: boolean, limit: number, excludedIds: readonly string[]): Promise<TitleRow[]> {
  const visible = excludedRows(3, excludedIds);
  const { rows } = await client.query<TitleRow>(
    `SELECT ${ranked ? `-ts_rank('${TITLE_RANK_WEIGHTS}', w.title_tsv, $1::tsquery, 1)` : '0'} AS rank, w.rowid, d.title
     FROM doc_words w JOIN docs d ON d.rowid = w.rowid WHERE w.title_tsv @@ $1::tsquery${visible.sql} ORDER BY w.rowid LIMIT $2`,
    [query, limit, ...visible.params],
  );
  return rows;
}

/**
 * The indexed words' first two letters after `letter` (and `letter` itself, if it is a
 * word), found by skipping through the vocabulary in one statement: each step is one
 * lookup of the next word past the last prefix.
 */
async function twoLetterPrefixes(client: PgQueryable, letter: string): Promise<string[]> {
  const { rows } = await client.query<{ term: string }>(
    `WITH RECURSIVE found(term) AS (
       (SELECT term FROM terms WHERE term >= $1 AND term < $2 ORDER BY term LIMIT 1)
       UNION ALL
       SELECT (SELECT t.term FROM terms t
               WHERE t.term >= (CASE WHEN left(found.term, 2) = $1 THEN $1 || chr(1) ELSE left(found.term, 2) || chr(1114111) END) COLLATE "C"
                 AND t.term < $2
               ORDER BY t.term LIMIT 1)
       FROM found WHERE found.term IS NOT NULL
     )
     SELECT term FROM found WHERE term IS NOT NULL`,
    [letter, `${letter}${LAST_CHAR}`],
  );
  return rows.map((row) => Array.from(row.term).slice(0, 2).join(''));
}

const TSQUERY_TITLES: TitleSyntax = { word: lexeme, prefix: (word) => `${lexeme(word)}:*`, and: ' & ', or: ' | ' };

/** The typed words as a tsquery on titles (see titleReadings), the last as `lastWord` when given. */
export function titleQuery(words: readonly string[], lastWord?: string): string {
  return titleReadings(words, TSQUERY_TITLES, lastWord);
}

/** Up to `limit` indexed words starting with `prefix`, in word order. */
export async function wordsStarting(client: PgQueryable, prefix: string, limit: number): Promise<string[]> {
  const { rows } = await client.query<{ term: string }>('SELECT term FROM terms WHERE term >= $1 AND term < $2 ORDER BY term LIMIT $3', [
    prefix,
    `${prefix}${LAST_CHAR}`,
    limit,
  ]);
  return rows.map((row) => row.term);
}

/** Any one title holding every word whole. */
export async function anyTitleWith(client: PgQueryable, words: readonly string[], excludedIds: readonly string[]): Promise<TitleRow | null> {
  const visible = excludedRows(2, excludedIds);
  const { rows } = await client.query<TitleRow>(
    `SELECT 0 AS rank, w.rowid, d.title FROM doc_words w JOIN docs d ON d.rowid = w.rowid
     WHERE w.title_tsv @@ $1::tsquery${visible.sql} ORDER BY w.rowid LIMIT 1`,
    [words.map((w) => lexeme(w)).join(' & '), ...visible.params],
  );
  return rows[0] ?? null;
}

/** The contents of up to `limit` documents holding the words as a phrase in their content, the last a prefix. */
export async function contentsWithPhrase(client: PgQueryable, words: readonly string[], limit: number, excludedIds: readonly string[]): Promise<string[]> {
  const visible = excludedRows(3, excludedIds);
  const { rows } = await client.query<{ main_content: string }>(
    `SELECT d.main_content FROM doc_words w JOIN docs d ON d.rowid = w.rowid WHERE w.tsv @@ $1::tsquery${visible.sql} ORDER BY w.rowid LIMIT $2`,
    [phraseQuery(words, true, 'body'), limit, ...visible.params],
  );
  return rows.map((row) => row.main_content);
}

/** Values of a custom field whose folded form starts with `folded`, or holds it anywhere. */
export async function fieldValues(
  client: PgQueryable,
  field: string,
  folded: string,
  where: 'start' | 'anywhere',
  excludedIds: readonly string[],
): Promise<FieldValueUse[]> {
  const { condition, params }: { condition: string; params: string[] } =
    where === 'start'
      ? { condition: 'fold >= $2 AND fold < $3', params: [folded, `${folded}${LAST_CHAR}`] }
      : { condition: 'fold LIKE $2', params: [`%${escapeLike(folded)}%`] };
  const visible = excludedRows(params.length + 2, excludedIds, 'doc');
  const { rows } = await client.query<FieldValueUse>(
    `SELECT text, min(fold) AS fold, count(*)::int AS uses FROM field_values WHERE field = $1 AND ${condition}${visible.sql} GROUP BY text`,
    [field, ...params, ...visible.params],
  );
  return rows;
}
