import { findPhraseCompletion } from '../text/phraseCompletion.ts';
import { cleanSuggestion, suggestionKey } from '../text/suggestionText.ts';
import { completeFromTitle } from '../text/titleCompletion.ts';
import { foldedWords } from '../text/words.ts';
import { ftsPhrasePrefix, quoteFts } from './ftsExpression.ts';
import type { StatementCache } from '../storage/statementCache.ts';
import { byDocumentOrder, closerToTyped, distinctSuggestions, documentSuggestions, exactCompletion, type RankedTitle } from './suggestionOrder.ts';
import { groupings } from '../text/wordGroupings.ts';

/**
 * Matching titles ranked by bm25, at most: ranking costs a few microseconds a title, and
 * a short prefix matches tens of thousands at 100,000 documents. Past this many, the
 * first ones in index order are ranked, and the exact completion is looked up apart.
 */
const RANKED_TITLES = 200;
/**
 * More typed words than the widget sends get no suggestions: matching them in titles
 * grows with their number, and a term this long is a search, not a prefix.
 */
const TYPED_WORDS_MAX = 10;
/** Typed words read as parts of one identifier too (`set timeout` as `settimeout`) up to this many words. */
const GROUPED_WORDS_MAX = 4;
/** Indexed words tried as the exact completion when the ranked titles were cut short. */
const EXACT_WORDS_SCANNED = 100;
const EXACT_WORDS_TRIED = 3;
/** Documents whose content completes the words, when no title has them. */
const CONTENT_DOCUMENTS = 30;

/**
 * Suggestions for a typed term (its words folded; the last one a prefix): the exact
 * completion first, then the completions found in the best-ranked matching titles; in
 * content only when no title has the words. Values keep the documents' case and
 * accents, and near-duplicates appear once (see suggestionOrder.ts for each rule).
 */
export function sqliteSuggest(statements: StatementCache, term: string, size: number): string[] {
  const words = foldedWords(term);
  if (words.length === 0 || words.length > TYPED_WORDS_MAX) return [];

  const rows = matchingTitles(statements, words);
  const ranked: RankedTitle[] = [];
  for (const row of rows) {
    const completion = completeFromTitle(row.title, words);
    if (completion !== null) ranked.push({ completion, rank: row.rank, titleLength: row.title.length, rowid: row.rowid });
  }
  ranked.sort(byDocumentOrder);

  let exact = exactCompletion(ranked, words[words.length - 1]!);
  if (exact !== null && rows.length === RANKED_TITLES) {
    const fromVocabulary = exactFromVocabulary(statements, words);
    if (fromVocabulary !== null && closerToTyped(fromVocabulary.completion, exact.completion) < 0) {
      // Written as the best-ranked title writes it, when one of those has it too.
      const key = suggestionKey(fromVocabulary.completion.completion);
      exact = ranked.find((title) => suggestionKey(title.completion.completion) === key) ?? fromVocabulary;
    }
  }

  const values = documentSuggestions(ranked, exact);
  // Content only for a prefix of two letters or more, which FTS5 has an index of.
  if (values.length === 0 && Array.from(words[words.length - 1]!).length > 1) {
    values.push(...contentCompletions(statements, words));
  }
  return distinctSuggestions(values, size);
}

interface TitleRow {
  rank: number;
  rowid: number;
  title: string;
}

/**
 * Up to RANKED_TITLES titles that hold the typed words, with their bm25 rank. A last
 * word of one letter is no FTS5 prefix: with no index of one-letter prefixes, FTS5
 * would merge the lists of every word that starts with it (tens of thousands of rows at
 * 100,000 documents) before the first title. It becomes the two-letter prefixes the
 * index holds instead, and those titles are not ranked: bm25 over twenty-odd prefixes
 * costs more than the rest of the suggestion, so shorter titles simply come first.
 */
function matchingTitles(statements: StatementCache, words: readonly string[]): TitleRow[] {
  const last = words[words.length - 1]!;
  if (Array.from(last).length > 1) return titleRows(statements, titleMatch(words), true);
  const prefixes = twoLetterPrefixes(statements, last);
  const prefixMatches = prefixes.map((prefix) => quoteFts(prefix) + (prefix === last ? '' : '*'));
  const lastMatch = prefixes.length === 0 ? quoteFts(last) : `(${prefixMatches.join(' OR ')})`;
  return titleRows(statements, titleMatch(words, lastMatch), false);
}

function titleRows(statements: StatementCache, match: string, ranked: boolean): TitleRow[] {
  return statements
    .get(
      `SELECT ${ranked ? 'm.rank' : '0'} AS rank, d.rowid AS rowid, d.title AS title
       FROM (SELECT rowid${ranked ? ', rank' : ''} FROM fts_title WHERE fts_title MATCH ? LIMIT ${RANKED_TITLES}) AS m
       JOIN docs AS d ON d.rowid = m.rowid`,
    )
    .all(match) as TitleRow[];
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

/**
 * The typed words as an FTS5 expression on titles: every word, the last as a prefix
 * (or as `lastWord` when given), or (for a few words) runs of them as one identifier,
 * since the index holds `setTimeout` as the one word `settimeout`.
 */
export function titleMatch(words: readonly string[], lastWord = `${quoteFts(words[words.length - 1]!)}*`): string {
  const readings = words.length <= GROUPED_WORDS_MAX ? groupings(words) : [words.slice()];
  const lastTyped = words[words.length - 1];
  return readings
    .map((groups) => {
      const parts = groups.map((group, i) => {
        if (i < groups.length - 1) return quoteFts(group);
        // The last word alone, or joined to the ones before it (then at least two letters).
        return group === lastTyped ? lastWord : `${quoteFts(group)}*`;
      });
      return `(${parts.join(' AND ')})`;
    })
    .join(' OR ');
}

/**
 * The exact completion from the vocabulary: the shortest indexed words that complete
 * the last typed word, tried in titles with the other typed words. For when the ranked
 * titles were only the first of many matches.
 */
function exactFromVocabulary(statements: StatementCache, words: readonly string[]): RankedTitle | null {
  const prefix = words[words.length - 1]!;
  const candidates = (
    statements.get(`SELECT term FROM terms WHERE term >= ? AND term < ? LIMIT ${EXACT_WORDS_SCANNED}`).pluck().all(prefix, `${prefix}\u{10FFFF}`) as string[]
  )
    .sort((a, b) => a.length - b.length)
    .slice(0, EXACT_WORDS_TRIED);
  const typedLength = words.join('').length;
  let best: RankedTitle | null = null;
  for (const word of candidates) {
    const whole = [...words.slice(0, -1), word];
    // Any title will do, unranked: bm25 would first count every title with the word.
    const row = statements
      .get(
        `SELECT 0 AS rank, d.rowid AS rowid, d.title AS title
         FROM (SELECT rowid FROM fts_title WHERE fts_title MATCH ? LIMIT 1) AS m
         JOIN docs AS d ON d.rowid = m.rowid`,
      )
      .get(whole.map(quoteFts).join(' AND ')) as TitleRow | undefined;
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

/** Completions of the typed words as a phrase in content: only the completed words, not the words after them. */
function contentCompletions(statements: StatementCache, words: readonly string[]): string[] {
  const contents = statements
    .get(`SELECT d.main_content FROM fts JOIN docs d ON d.rowid = fts.rowid WHERE fts MATCH ? LIMIT ${CONTENT_DOCUMENTS}`)
    .pluck()
    .all(`main_content : ${ftsPhrasePrefix(words)}`) as string[];
  const values: string[] = [];
  for (const content of contents) {
    const completion = findPhraseCompletion(content, words);
    const value = completion === null ? null : cleanSuggestion(completion.completed);
    if (value !== null) values.push(value);
  }
  return values;
}
