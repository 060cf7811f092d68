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
export async function titlesWith(client: PgQueryable, words: readonly string[], limit: number): Promise<TitleRow[]> {
  const last = words[words.length - 1]!;
  if (Array.from(last).length > 1) return titleRows(client, titleQuery(words), true, limit);
  // One letter: the two-letter prefixes the index holds instead, unranked (see sqliteTitles.ts).
  const prefixes = await twoLetterPrefixes(client, last);
  const prefixMatches = prefixes.map((prefix) => (prefix === last ? lexeme(prefix) : `${lexeme(prefix)}:*`));
  const lastMatch = prefixes.length === 0 ? lexeme(last) : `(${prefixMatches.join(' | ')})`;
  return titleRows(client, titleQuery(words, lastMatch), false, limit);
}

async function titleRows(client: PgQueryable, query: string, ranked: boolean, limit: number): Promise<TitleRow[]> {
  const { rows } = await client.query<TitleRow>(
    `SELECT ${ranked ? `-ts_rank('${TITLE_RANK_WEIGHTS}', title_tsv, $1::tsquery, 1)` : '0'} AS rank, rowid, title
     FROM docs WHERE title_tsv @@ $1::tsquery ORDER BY rowid LIMIT $2`,
    [query, limit],
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
export async function anyTitleWith(client: PgQueryable, words: readonly string[]): Promise<TitleRow | null> {
  const { rows } = await client.query<TitleRow>('SELECT 0 AS rank, rowid, title FROM docs WHERE title_tsv @@ $1::tsquery ORDER BY rowid LIMIT 1', [
    words.map((w) => lexeme(w)).join(' & '),
  ]);
  return rows[0] ?? null;
}

/** The contents of up to `limit` documents holding the words as a phrase in their content, the last a prefix. */
export async function contentsWithPhrase(client: PgQueryable, words: readonly string[], limit: number): Promise<string[]> {
  const { rows } = await client.query<{ main_content: string }>('SELECT main_content FROM docs WHERE tsv @@ $1::tsquery ORDER BY rowid LIMIT $2', [
    phraseQuery(words, true, 'body'),
    limit,
  ]);
  return rows.map((row) => row.main_content);
}

/** Values of a custom field whose folded form starts with `folded`, or holds it anywhere. */
export async function fieldValues(client: PgQueryable, field: string, folded: string, where: 'start' | 'anywhere'): Promise<FieldValueUse[]> {
  const { rows } =
    where === 'start'
      ? await client.query<FieldValueUse>(
          'SELECT text, min(fold) AS fold, count(*)::int AS uses FROM field_values WHERE field = $1 AND fold >= $2 AND fold < $3 GROUP BY text',
          [field, folded, `${folded}${LAST_CHAR}`],
        )
      : await client.query<FieldValueUse>(
          'SELECT text, min(fold) AS fold, count(*)::int AS uses FROM field_values WHERE field = $1 AND fold LIKE $2 GROUP BY text',
          [field, `%${escapeLike(folded)}%`],
        );
  return rows;
}
