import type pg from 'pg';
import { findPhraseCompletion } from '../text/phraseCompletion.ts';
import { fold } from '../text/fold.ts';
import { cleanSuggestion, suggestionKey } from '../text/suggestionText.ts';
import { completeFromTitle } from '../text/titleCompletion.ts';
import { foldedWords, wordPattern } from '../text/words.ts';
import { lexeme, phraseQuery, TITLE_RANK_WEIGHTS } from './postgresText.ts';
import { escapeLike } from './postgresWhere.ts';
import { byDocumentOrder, closerToTyped, distinctSuggestions, documentSuggestions, exactCompletion, type RankedTitle } from './suggestionOrder.ts';
import { groupings } from '../text/wordGroupings.ts';

/** Matching titles ranked at most (see sqliteSuggest.ts, whose steps this follows one by one). */
const RANKED_TITLES = 200;
const TYPED_WORDS_MAX = 10;
const GROUPED_WORDS_MAX = 4;
const EXACT_WORDS_SCANNED = 100;
const EXACT_WORDS_TRIED = 3;
const CONTENT_DOCUMENTS = 30;
/** Just past every word that starts with a prefix, in the "C" collation. */
const LAST_CHAR = '\u{10FFFF}';

/**
 * Suggestions for a typed term, as the SQLite engine makes them (sqliteSuggest.ts): the
 * exact completion first, then the completions found in the best-ranked matching
 * titles; in content only when no title has the words.
 */
export async function pgSuggest(client: pg.ClientBase, term: string, size: number): Promise<string[]> {
  const words = foldedWords(term);
  if (words.length === 0 || words.length > TYPED_WORDS_MAX) return [];

  const rows = await matchingTitles(client, words);
  const ranked: RankedTitle[] = [];
  for (const row of rows) {
    const completion = completeFromTitle(row.title, words);
    if (completion !== null) ranked.push({ completion, rank: row.rank, titleLength: row.title.length, rowid: row.rowid });
  }
  ranked.sort(byDocumentOrder);

  let exact = exactCompletion(ranked, words[words.length - 1]!);
  if (exact !== null && rows.length === RANKED_TITLES) {
    const fromVocabulary = await exactFromVocabulary(client, words);
    if (fromVocabulary !== null && closerToTyped(fromVocabulary.completion, exact.completion) < 0) {
      const key = suggestionKey(fromVocabulary.completion.completion);
      exact = ranked.find((title) => suggestionKey(title.completion.completion) === key) ?? fromVocabulary;
    }
  }

  const values = documentSuggestions(ranked, exact);
  if (values.length === 0 && Array.from(words[words.length - 1]!).length > 1) values.push(...(await contentCompletions(client, words)));
  return distinctSuggestions(values, size);
}

interface TitleRow {
  rank: number;
  rowid: number;
  title: string;
}

/** Up to RANKED_TITLES titles holding the typed words, the first in indexing order, with their rank (lower is better). */
async function matchingTitles(client: pg.ClientBase, words: readonly string[]): Promise<TitleRow[]> {
  const last = words[words.length - 1]!;
  if (Array.from(last).length > 1) return titleRows(client, titleQuery(words), true);
  // One letter: the two-letter prefixes the index holds instead, unranked (see sqliteSuggest.ts).
  const prefixes = await twoLetterPrefixes(client, last);
  const prefixMatches = prefixes.map((prefix) => (prefix === last ? lexeme(prefix) : `${lexeme(prefix)}:*`));
  const lastMatch = prefixes.length === 0 ? lexeme(last) : `(${prefixMatches.join(' | ')})`;
  return titleRows(client, titleQuery(words, lastMatch), false);
}

async function titleRows(client: pg.ClientBase, query: string, ranked: boolean): Promise<TitleRow[]> {
  const { rows } = await client.query<TitleRow>(
    `SELECT ${ranked ? `-ts_rank('${TITLE_RANK_WEIGHTS}', title_tsv, $1::tsquery, 1)` : '0'} AS rank, rowid, title
     FROM docs WHERE title_tsv @@ $1::tsquery ORDER BY rowid LIMIT ${RANKED_TITLES}`,
    [query],
  );
  return rows;
}

/**
 * The indexed words' first two letters after `letter` (and `letter` itself, if it is a
 * word), found by skipping through the vocabulary in one statement: each step is one
 * lookup of the next word past the last prefix.
 */
async function twoLetterPrefixes(client: pg.ClientBase, letter: string): Promise<string[]> {
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

/**
 * The typed words as a tsquery on titles: every word, the last as a prefix (or as
 * `lastWord`), or (for a few words) runs of them as one identifier (`set timeout` as `settimeout`).
 */
export function titleQuery(words: readonly string[], lastWord = `${lexeme(words[words.length - 1]!)}:*`): string {
  const readings = words.length <= GROUPED_WORDS_MAX ? groupings(words) : [words.slice()];
  const lastTyped = words[words.length - 1];
  return readings
    .map((groups) => {
      const parts = groups.map((group, i) => {
        if (i < groups.length - 1) return lexeme(group);
        return group === lastTyped ? lastWord : `${lexeme(group)}:*`;
      });
      return `(${parts.join(' & ')})`;
    })
    .join(' | ');
}

async function exactFromVocabulary(client: pg.ClientBase, words: readonly string[]): Promise<RankedTitle | null> {
  const prefix = words[words.length - 1]!;
  const { rows: terms } = await client.query<{ term: string }>(
    `SELECT term FROM terms WHERE term >= $1 AND term < $2 ORDER BY term LIMIT ${EXACT_WORDS_SCANNED}`,
    [prefix, `${prefix}${LAST_CHAR}`],
  );
  const candidates = terms
    .map((r) => r.term)
    .sort((a, b) => a.length - b.length)
    .slice(0, EXACT_WORDS_TRIED);
  const typedLength = words.join('').length;
  let best: RankedTitle | null = null;
  for (const word of candidates) {
    const whole = [...words.slice(0, -1), word];
    const { rows } = await client.query<TitleRow>('SELECT 0 AS rank, rowid, title FROM docs WHERE title_tsv @@ $1::tsquery ORDER BY rowid LIMIT 1', [
      whole.map((w) => lexeme(w)).join(' & '),
    ]);
    const row = rows[0];
    if (row === undefined) continue;
    const found = completeFromTitle(row.title, whole);
    if (found === null) continue;
    const completion = { ...found, added: suggestionKey(found.completion).length - typedLength };
    if (best === null || closerToTyped(completion, best.completion) < 0) {
      best = { completion, rank: row.rank, titleLength: row.title.length, rowid: row.rowid };
    }
  }
  return best;
}

async function contentCompletions(client: pg.ClientBase, words: readonly string[]): Promise<string[]> {
  const { rows } = await client.query<{ main_content: string }>(
    `SELECT main_content FROM docs WHERE tsv @@ $1::tsquery ORDER BY rowid LIMIT ${CONTENT_DOCUMENTS}`,
    [phraseQuery(words, true, 'body')],
  );
  const values: string[] = [];
  for (const { main_content: content } of rows) {
    const completion = findPhraseCompletion(content, words);
    const value = completion === null ? null : cleanSuggestion(completion.completed);
    if (value !== null) values.push(value);
  }
  return values;
}

/**
 * Values of a custom field that begin with `term`, or have a word that does, ignoring
 * case and accents; whole-value matches first, then the most used (as sqliteAutocomplete.ts).
 */
export async function pgAutocomplete(client: pg.ClientBase, field: string, term: string, size: number): Promise<string[]> {
  const wanted = fold(term).replace(/\s+/g, ' ').trim();
  if (wanted === '') return [];
  let { rows } = await client.query<Row>(
    'SELECT text, min(fold) AS fold, count(*) AS uses FROM field_values WHERE field = $1 AND fold >= $2 AND fold < $3 GROUP BY text',
    [field, wanted, `${wanted}${LAST_CHAR}`],
  );
  if (new Set(rows.map((row) => row.fold)).size < size) {
    ({ rows } = await client.query<Row>('SELECT text, min(fold) AS fold, count(*) AS uses FROM field_values WHERE field = $1 AND fold LIKE $2 GROUP BY text', [
      field,
      `%${escapeLike(wanted)}%`,
    ]));
  }
  const ranked: Array<{ value: string; key: string; rank: number; uses: number }> = [];
  for (const row of rows) {
    const rank = row.fold.startsWith(wanted) ? 0 : startsAWord(row.fold, wanted) ? 1 : -1;
    if (rank >= 0) ranked.push({ value: row.text, key: row.fold, rank, uses: row.uses });
  }
  ranked.sort((a, b) => a.rank - b.rank || b.uses - a.uses || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  const seen = new Set<string>();
  const values: string[] = [];
  for (const entry of ranked) {
    if (seen.has(entry.key)) continue;
    seen.add(entry.key);
    values.push(entry.value);
    if (values.length === size) break;
  }
  return values;
}

interface Row {
  text: string;
  fold: string;
  uses: number;
}

function startsAWord(text: string, wanted: string): boolean {
  const pattern = wordPattern();
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
    if (text.startsWith(wanted, m.index)) return true;
  }
  return false;
}
