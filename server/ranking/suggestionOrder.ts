import { suggestionKey } from '../text/suggestionText.ts';
import type { TitleCompletion } from '../text/titleCompletion.ts';

/** A matching document: where the typed words complete in its title, and what ranks it. */
export interface RankedTitle {
  completion: TitleCompletion;
  /** FTS5 bm25 of the title on the title index: lower is better. */
  rank: number;
  titleLength: number;
  rowid: number;
}

type Rule = (a: RankedTitle, b: RankedTitle) => number;

/** Typed words next to each other in the title before words apart. */
const closer: Rule = (a, b) => a.completion.gap - b.completion.gap;
/** Then bm25 on titles: titles with fewer other words first. */
const betterRank: Rule = (a, b) => a.rank - b.rank;
/** Then shorter titles, then the older document, so the order is stable. */
const shorterTitle: Rule = (a, b) => a.titleLength - b.titleLength;
const older: Rule = (a, b) => a.rowid - b.rowid;

/** How matching documents are ordered for suggestions: each rule breaks the ties of the one before. */
export const DOCUMENT_ORDER: readonly Rule[] = [closer, betterRank, shorterTitle, older];

export function byDocumentOrder(a: RankedTitle, b: RankedTitle): number {
  for (const rule of DOCUMENT_ORDER) {
    const order = rule(a, b);
    if (order !== 0) return order;
  }
  return 0;
}

/**
 * A last typed word shorter than this has no exact completion: one or two letters
 * complete to whatever short word the index holds (`ax` for `a`, `cos` for `co`),
 * which is rarely the one meant.
 */
export const EXACT_MIN_CHARS = 3;

/**
 * The exact completion, which comes first: the one that adds the fewest letters to
 * what was typed (`fetch` for `fetc`, before `FetchEvent`), a whole title or part of one
 * before a word inside a longer title, then the better-ranked document. `ranked` is in
 * document order; `lastWord` is the last typed word.
 */
export function exactCompletion(ranked: readonly RankedTitle[], lastWord: string): RankedTitle | null {
  if (Array.from(lastWord).length < EXACT_MIN_CHARS) return null;
  let best: RankedTitle | null = null;
  for (const candidate of ranked) {
    if (best === null || closerToTyped(candidate.completion, best.completion) < 0) best = candidate;
  }
  return best;
}

/** Negative when `a` is the more exact completion of the two. */
export function closerToTyped(a: TitleCompletion, b: TitleCompletion): number {
  return a.added - b.added || Number(b.wholePart) - Number(a.wholePart);
}

/**
 * Suggestion values from documents in document order: the exact completion first,
 * then each document's completion, then the identifiers and phrases they start
 * (`FetchEvent.respondWith` after `fetchPriority`, so one family of identifiers does
 * not fill the list). Repeats are left for `distinctSuggestions`.
 */
export function documentSuggestions(ranked: readonly RankedTitle[], exact: RankedTitle | null): string[] {
  const values: string[] = exact === null ? [] : [exact.completion.completion];
  for (const { completion } of ranked) values.push(completion.completion);
  for (const { completion } of ranked) {
    if (completion.identifier !== null) values.push(completion.identifier);
    if (completion.phrase !== null) values.push(completion.phrase);
  }
  return values;
}

/**
 * Each value once, where it first appears, by `suggestionKey`: near-duplicates such as
 * `Promise.all` and `promise all` are one suggestion. Stops at `size`.
 */
export function distinctSuggestions(values: Iterable<string>, size: number): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const value of values) {
    if (kept.length >= size) break;
    const key = suggestionKey(value);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    kept.push(value);
  }
  return kept;
}

/** How many of a list's places searched keywords may take: never more than half. */
export function searchedPlaces(size: number): number {
  return Math.ceil(size / 2);
}

/**
 * Mixes the most searched keywords into the suggestions from documents: the first
 * document suggestion (the exact completion) stays first, then searched keywords and
 * document suggestions take turns while searched keywords last, up to half the list.
 * A keyword that is also a document suggestion takes the document's form (its case
 * and punctuation) at the keyword's place.
 */
export function mixSearched(fromDocuments: readonly string[], searched: readonly string[], size: number): string[] {
  const documentForm = new Map<string, string>();
  for (const value of fromDocuments) {
    const key = suggestionKey(value);
    if (!documentForm.has(key)) documentForm.set(key, value);
  }
  const taken = new Set<string>();
  const turns: string[] = [];
  /** Adds a value unless its key is in already; true when added. */
  const take = (value: string): boolean => {
    const key = suggestionKey(value);
    if (key === '' || taken.has(key)) return false;
    taken.add(key);
    turns.push(documentForm.get(key) ?? value);
    return true;
  };
  let d = 0;
  const takeDocument = (): void => {
    while (d < fromDocuments.length) if (take(fromDocuments[d++]!)) return;
  };

  takeDocument();
  let places = searchedPlaces(size);
  for (const keyword of searched) {
    if (places === 0) break;
    if (!take(keyword)) continue;
    places--;
    takeDocument();
  }
  while (d < fromDocuments.length) takeDocument();
  return turns.slice(0, size);
}
