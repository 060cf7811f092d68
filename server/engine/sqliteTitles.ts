/**
 * What suggestions read of an SQLite index: titles that hold typed words (FTS5 on
 * titles, ranked by bm25), indexed words by prefix, and contents holding a phrase.
 */
import type { TitleRow } from './engine.ts';
import { ftsPhrasePrefix, quoteFts } from './ftsExpression.ts';
import type { StatementCache } from '../storage/statementCache.ts';
import { titleReadings, type TitleSyntax } from './titleReadings.ts';

/**
 * Up to `limit` titles that hold the typed words, with their bm25 rank. A last word of
 * one letter is no FTS5 prefix: with no index of one-letter prefixes, FTS5 would merge
 * the lists of every word that starts with it (tens of thousands of rows at 100,000
 * documents) before the first title. It becomes the two-letter prefixes the index holds
 * instead, and those titles are not ranked: bm25 over twenty-odd prefixes costs more
 * than the rest of the suggestion, so shorter titles simply come first.
 */
export function titlesWith(statements: StatementCache, words: readonly string[], limit: number, excludedIds: readonly string[]): TitleRow[] {
  const last = words[words.length - 1]!;
  if (Array.from(last).length > 1) return titleRows(statements, titleMatch(words), true, limit, excludedIds);
  const prefixes = twoLetterPrefixes(statements, last);
  const prefixMatches = prefixes.map((prefix) => quoteFts(prefix) + (prefix === last ? '' : '*'));
  const lastMatch = prefixes.length === 0 ? quoteFts(last) : `(${prefixMatches.join(' OR ')})`;
  return titleRows(statements, titleMatch(words, lastMatch), false, limit, excludedIds);
}

/**
 * A condition (` AND ...`, empty without ids) that leaves out the rows of documents hidden
 * by query rules, by the rowid column `column`; its parameters follow the statement's own.
 */
export function excludedRows(column: string, excludedIds: readonly string[]): { sql: string; params: string[] } {
  if (excludedIds.length === 0) return { sql: '', params: [] };
  return { sql: ` AND ${column} NOT IN (SELECT rowid FROM docs WHERE id IN (SELECT value FROM json_each(?)))`, params: [JSON.stringify(excludedIds)] };
}

function titleRows(statements: StatementCache, match: string, ranked: boolean, limit: number, excludedIds: readonly string[]): TitleRow[] {
  const visible = excludedRows('rowid', excludedIds);
  return statements
    .get(
      `SELECT ${ranked ? 'm.rank' : '0'} AS rank, d.rowid AS rowid, d.title AS title
       FROM (SELECT rowid${ranked ? ', rank' : ''} FROM fts_title WHERE fts_title MATCH ?${visible.sql} LIMIT ?) AS m
       JOIN docs AS d ON d.rowid = m.rowid`,
    )
    .all(match, ...visible.params, limit) as TitleRow[];
}

/** Any one title holding every word whole, unranked: bm25 would first count every title with the words. */
export function anyTitleWith(statements: StatementCache, words: readonly string[], excludedIds: readonly string[]): TitleRow | null {
  const visible = excludedRows('rowid', excludedIds);
  const row = statements
    .get(
      `SELECT 0 AS rank, d.rowid AS rowid, d.title AS title
       FROM (SELECT rowid FROM fts_title WHERE fts_title MATCH ?${visible.sql} LIMIT 1) AS m
       JOIN docs AS d ON d.rowid = m.rowid`,
    )
    .get(words.map(quoteFts).join(' AND '), ...visible.params) as TitleRow | undefined;
  return row ?? null;
}

/**
 * The indexed words' first two letters after `letter` (and `letter` itself, if it is
 * a word), found by skipping through the vocabulary: one indexed lookup each.
 */
function twoLetterPrefixes(statements: StatementCache, letter: string): string[] {
  const next = statements.get('SELECT term FROM terms WHERE term >= ? AND term < ? ORDER BY term LIMIT 1').pluck();
  const end = `${letter}\u{10FFFF}`;
  const prefixes: string[] = [];
  let from = letter;
  for (;;) {
    const term = next.get(from, end) as string | undefined;
    if (term === undefined) break;
    const prefix = Array.from(term).slice(0, 2).join('');
    prefixes.push(prefix);
    from = prefix === letter ? `${letter}\u0001` : `${prefix}\u{10FFFF}`;
  }
  return prefixes;
}

const FTS5_TITLES: TitleSyntax = { word: quoteFts, prefix: (word) => `${quoteFts(word)}*`, and: ' AND ', or: ' OR ' };

/** The typed words as an FTS5 expression on titles (see titleReadings), the last as `lastWord` when given. */
export function titleMatch(words: readonly string[], lastWord?: string): string {
  return titleReadings(words, FTS5_TITLES, lastWord);
}

/** Up to `limit` indexed words starting with `prefix`, in word order. */
export function wordsStarting(statements: StatementCache, prefix: string, limit: number): string[] {
  return statements.get('SELECT term FROM terms WHERE term >= ? AND term < ? LIMIT ?').pluck().all(prefix, `${prefix}\u{10FFFF}`, limit) as string[];
}

/** The contents of up to `limit` documents holding the words as a phrase in their content, the last a prefix. */
export function contentsWithPhrase(statements: StatementCache, words: readonly string[], limit: number, excludedIds: readonly string[]): string[] {
  const visible = excludedRows('fts.rowid', excludedIds);
  return statements
    .get(`SELECT d.main_content FROM fts JOIN docs d ON d.rowid = fts.rowid WHERE fts MATCH ?${visible.sql} LIMIT ?`)
    .pluck()
    .all(`main_content : ${ftsPhrasePrefix(words)}`, ...visible.params, limit) as string[];
}
