/**
 * Suggestions for a typed term (its words folded; the last one a prefix): the exact
 * completion first, then the completions found in the best-ranked matching titles; in
 * content only when no title has the words. Values keep the documents' case and
 * accents, and near-duplicates appear once (ranking/suggestionOrder.ts has each rule).
 * Documents hidden by the query rules that match the term suggest nothing.
 */
import type { IndexReader } from '../engine/engine.ts';
import { byDocumentOrder, closerToTyped, distinctSuggestions, documentSuggestions, exactCompletion, type RankedTitle } from '../ranking/suggestionOrder.ts';
import { findPhraseCompletion } from '../text/phraseCompletion.ts';
import { cleanSuggestion, suggestionKey } from '../text/suggestionText.ts';
import { completeFromTitle } from '../text/titleCompletion.ts';
import { foldedWords } from '../text/words.ts';

/**
 * Matching titles ranked at most: ranking costs a few microseconds a title, and a short
 * prefix matches tens of thousands at 100,000 documents. Past this many, the first ones
 * in index order are ranked, and the exact completion is looked up apart.
 */
const RANKED_TITLES = 200;
/**
 * More typed words than the widget sends get no suggestions: matching them in titles
 * grows with their number, and a term this long is a search, not a prefix.
 */
const TYPED_WORDS_MAX = 10;
/** Indexed words tried as the exact completion when the ranked titles were cut short. */
const EXACT_WORDS_SCANNED = 100;
const EXACT_WORDS_TRIED = 3;
/** Documents whose content completes the words, when no title has them. */
const CONTENT_DOCUMENTS = 30;

export async function suggest(reader: IndexReader, term: string, size: number, hidden: readonly string[] = []): Promise<string[]> {
  const words = foldedWords(term);
  if (words.length === 0 || words.length > TYPED_WORDS_MAX) return [];

  const rows = await reader.titlesWith(words, RANKED_TITLES, hidden);
  const ranked: RankedTitle[] = [];
  for (const row of rows) {
    const completion = completeFromTitle(row.title, words);
    if (completion !== null) ranked.push({ completion, rank: row.rank, titleLength: row.title.length, rowid: row.rowid });
  }
  ranked.sort(byDocumentOrder);

  let exact = exactCompletion(ranked, words[words.length - 1]!);
  if (exact !== null && rows.length === RANKED_TITLES) {
    const fromVocabulary = await exactFromVocabulary(reader, words, hidden);
    if (fromVocabulary !== null && closerToTyped(fromVocabulary.completion, exact.completion) < 0) {
      // Written as the best-ranked title writes it, when one of those has it too.
      const key = suggestionKey(fromVocabulary.completion.completion);
      exact = ranked.find((title) => suggestionKey(title.completion.completion) === key) ?? fromVocabulary;
    }
  }

  const values = documentSuggestions(ranked, exact);
  // Content only for a prefix of two letters or more, which engines keep an index of.
  if (values.length === 0 && Array.from(words[words.length - 1]!).length > 1) {
    values.push(...(await contentCompletions(reader, words, hidden)));
  }
  return distinctSuggestions(values, size);
}

/**
 * The exact completion from the vocabulary: the shortest indexed words that complete
 * the last typed word, tried in titles with the other typed words. For when the ranked
 * titles were only the first of many matches.
 */
async function exactFromVocabulary(reader: IndexReader, words: readonly string[], hidden: readonly string[]): Promise<RankedTitle | null> {
  const candidates = (await reader.wordsStarting(words[words.length - 1]!, EXACT_WORDS_SCANNED))
    .sort((a, b) => a.length - b.length)
    .slice(0, EXACT_WORDS_TRIED);
  const typedLength = words.join('').length;
  let best: RankedTitle | null = null;
  for (const word of candidates) {
    const whole = [...words.slice(0, -1), word];
    const row = await reader.anyTitleWith(whole, hidden);
    if (row === null) continue;
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
async function contentCompletions(reader: IndexReader, words: readonly string[], hidden: readonly string[]): Promise<string[]> {
  const values: string[] = [];
  for (const content of await reader.contentsWithPhrase(words, CONTENT_DOCUMENTS, hidden)) {
    const completion = findPhraseCompletion(content, words);
    const value = completion === null ? null : cleanSuggestion(completion.completed);
    if (value !== null) values.push(value);
  }
  return values;
}
