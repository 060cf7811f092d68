/**
 * What each word of a query may match: the word itself (the last one also as a prefix
 * while typing), its singular or plural, the word joined with its neighbour
 * (`set timeout` -> `settimeout`), the word split in two (`fontsize` -> `font size`),
 * synonyms from the index's settings, and near words for typos. Every engine matches
 * and ranks by the same plan (see rankCandidates.ts); only the index's word list
 * (`Lexicon`) comes from the engine.
 */
import { fuzzyDistance, isVocabularyWord } from './fuzzyDistance.ts';
import type { WordRules } from './wordRules.ts';
import { numberForms } from './wordForms.ts';

import type { Alternative, QueryPlan, QuerySlot } from '../engine/matchPlan.ts';

export type { Alternative, AlternativeKind, QueryPlan, QuerySlot } from '../engine/matchPlan.ts';

/** What the plan needs to know of the index's words (folded). */
export interface Lexicon {
  /** The index holds this word. */
  has(word: string): boolean;
  /** The index holds a longer word that starts with this one. */
  extends(word: string): boolean;
  /** Indexed words within `maxDistance` edits, closest first, at most `limit`. */
  near(word: string, maxDistance: number, limit: number): Array<{ word: string; distance: number }>;
}

export interface PlanOptions {
  /** See QueryPlan.typed. */
  typed?: string | null;
  /** The last word also matches words it begins (search as you type). */
  prefixLast: boolean;
  /** `all`: every word also matches near words; `auto`: only words nothing else matches. */
  fuzzy: 'off' | 'all' | 'auto';
  operator: 'and' | 'or';
}

/** Synonyms a whole query may also match (each entry's are capped too, see wordRules.ts): each is a word the engine looks up. */
export const SYNONYMS_PER_QUERY_MAX = 200;

/** Near words one query word may also match: more would blur the search and slow it. */
export const TYPO_ALTERNATIVES = 8;
/** A word must be at least this long to be split into two indexed words, each at least SPLIT_PART_MIN long. */
const SPLIT_MIN_LENGTH = 6;
const SPLIT_PART_MIN = 3;

export function planQuery(words: readonly string[], options: PlanOptions, lexicon: Lexicon, rules: WordRules): QueryPlan {
  const last = words.length - 1;
  const meaningful = words.some((word) => !rules.stopWords.has(word));
  const slots: QuerySlot[] = words.map((word, i) => {
    // One letter as a prefix would merge the lists of most words in the index; a prefix
    // no longer word starts with is matched exactly (FTS merges every list of a prefix).
    const prefix = options.prefixLast && i === last && word.length >= 2 && lexicon.extends(word);
    return {
      word,
      stop: meaningful && rules.stopWords.has(word),
      alternatives: [{ words: [word], prefix, typos: 0, kind: 'exact', from: i, to: i }],
    };
  });
  const add = (alternative: Alternative) => {
    for (let i = alternative.from; i <= alternative.to; i++) {
      const slot = slots[i]!;
      const same = slot.alternatives.some(
        (a) => a.prefix === alternative.prefix && a.words.length === alternative.words.length && a.words.every((w, k) => w === alternative.words[k]),
      );
      if (!same) slot.alternatives.push(alternative);
    }
  };

  let synonymsLeft = SYNONYMS_PER_QUERY_MAX;
  const synonymsOf = (entry: string): ReadonlyArray<readonly string[]> => {
    const all = rules.synonyms.get(entry) ?? [];
    const taken = all.slice(0, synonymsLeft);
    synonymsLeft -= taken.length;
    return taken;
  };
  slots.forEach((slot, i) => {
    if (slot.stop) return;
    const { word } = slot;
    for (const form of numberForms(word)) if (lexicon.has(form)) add({ words: [form], prefix: false, typos: 0, kind: 'form', from: i, to: i });
    const next = slots[i + 1];
    if (next !== undefined && !next.stop) {
      // While the next word is being typed, the joined word may be a prefix too (`local stor`).
      const nextPrefix = options.prefixLast && i + 1 === last;
      const joined = word + next.word;
      if (nextPrefix ? lexicon.extends(joined) || lexicon.has(joined) : lexicon.has(joined)) {
        add({ words: [joined], prefix: nextPrefix, typos: 0, kind: 'join', from: i, to: i + 1 });
      }
      for (const form of numberForms(joined)) if (lexicon.has(form)) add({ words: [form], prefix: false, typos: 0, kind: 'join', from: i, to: i + 1 });
    }
    for (const synonym of synonymsOf(word)) add({ words: synonym, prefix: false, typos: 0, kind: 'synonym', from: i, to: i });
  });
  // Synonyms of two or three words in a row ("rounded corners").
  for (let length = 2; length <= 3; length++) {
    for (let i = 0; i + length <= words.length; i++) {
      for (const synonym of synonymsOf(words.slice(i, i + length).join(' '))) {
        add({ words: synonym, prefix: false, typos: 0, kind: 'synonym', from: i, to: i + length - 1 });
      }
    }
  }

  slots.forEach((slot, i) => {
    if (slot.stop) return;
    const typed = slot.alternatives[0]!;
    const found = lexicon.has(slot.word) || (typed.prefix && lexicon.extends(slot.word));
    const formed = slot.alternatives.length > 1;
    // Split only what the index lacks: `fontsize` -> `font size`.
    if (!found && slot.word.length >= SPLIT_MIN_LENGTH) {
      const split = bestSplit(slot.word, lexicon);
      if (split !== null) add({ words: split, prefix: false, typos: 0, kind: 'split', from: i, to: i });
    }
    if (options.fuzzy === 'off' || !isVocabularyWord(slot.word) || rules.typos.never.has(slot.word)) return;
    const maxDistance = fuzzyDistance(slot.word.length, rules.typos);
    if (maxDistance === 0) return;
    // `auto` corrects only words that no other form matches (a split may be a typo too).
    if (options.fuzzy === 'auto' && (found || formed)) return;
    for (const near of lexicon.near(slot.word, maxDistance, TYPO_ALTERNATIVES)) {
      add({ words: [near.word], prefix: false, typos: near.distance, kind: 'typo', from: i, to: i });
    }
  });

  // Corrected words joined too: `mutation obsever` -> `mutationobserver`.
  slots.forEach((slot, i) => {
    const next = slots[i + 1];
    if (slot.stop || next === undefined || next.stop) return;
    const corrected = (s: QuerySlot) => s.alternatives.filter((a) => a.words.length === 1 && (a.kind === 'typo' || a.kind === 'exact'));
    for (const a of corrected(slot)) {
      for (const b of corrected(next)) {
        if (a.typos + b.typos === 0) continue;
        const joined = a.words[0]! + b.words[0]!;
        if (lexicon.has(joined)) add({ words: [joined], prefix: false, typos: a.typos + b.typos, kind: 'join', from: i, to: i + 1 });
      }
    }
  });

  // An OR search is one whatever the fuzziness: forced to AND, a word the index lacks
  // would hide the documents of the words it holds.
  return { slots, typed: options.typed ?? null, operator: options.operator };
}

/** Two indexed words that make up `word`, the most even split first; null when none do. */
function bestSplit(word: string, lexicon: Lexicon): [string, string] | null {
  const middle = word.length / 2;
  const cuts = Array.from({ length: word.length - 2 * SPLIT_PART_MIN + 1 }, (_, k) => k + SPLIT_PART_MIN).sort(
    (a, b) => Math.abs(a - middle) - Math.abs(b - middle),
  );
  for (const cut of cuts) {
    const left = word.slice(0, cut);
    const right = word.slice(cut);
    // Both asked, not short-circuited: a lexicon answering in batches learns both at once.
    const found = [lexicon.has(left), lexicon.has(right)];
    if (found[0] && found[1]) return [left, right];
  }
  return null;
}
