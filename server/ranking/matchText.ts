/**
 * Where the words of a query plan occur in a text: the facts the ranking rules weigh
 * (which query words matched, how, where and how close together).
 */
import { fold } from '../text/fold.ts';
import { wordPattern } from '../text/words.ts';
import type { Alternative, QueryPlan } from './queryPlan.ts';
import { hasInnerCase, identifierParts } from '../text/identifiers.ts';

/** A word of a text, folded, with its identifier parts when it has any. */
export interface TextToken {
  word: string;
  parts: string[] | null;
}

/** The words of `text`, reading at most `maxChars` characters. */
export function textTokens(text: string, maxChars = Number.POSITIVE_INFINITY): TextToken[] {
  const tokens: TextToken[] = [];
  const pattern = wordPattern();
  for (let m = pattern.exec(text); m !== null && m.index < maxChars; m = pattern.exec(text)) {
    const raw = m[0];
    tokens.push({ word: fold(raw), parts: hasInnerCase(raw) ? identifierParts(raw).map(fold) : null });
  }
  return tokens;
}

/** One place where a query word matched. */
export interface Occurrence {
  /** Index of the slot (query word) in the plan. */
  slot: number;
  /** Token position in its text. */
  position: number;
  typos: number;
  /** A whole word (or phrase) matched, not a completion of a prefix or a part of an identifier. */
  whole: boolean;
  /** The words as typed (or joined), not another form, a synonym or a correction. */
  asTyped: boolean;
}

/** What a text tells of a query: the occurrences, and how much of the text they leave unmatched. */
export interface TextMatch {
  occurrences: Occurrence[];
  /** Letters of the text's words that no query word accounts for (a completion's rest counts). */
  unmatchedChars: number;
  /** The same, each unmatched word's letters times its weight (see PlanMatcher.match). */
  weightedUnmatched: number;
}

/** What a text holding no query word tells: only its occurrences are read of a text the caller did not tokenise. */
const NO_MATCH: TextMatch = Object.freeze({ occurrences: [], unmatchedChars: 0, weightedUnmatched: 0 }) as TextMatch;

/** At most this many occurrences of one slot are kept per text: enough for proximity. */
const OCCURRENCES_PER_SLOT = 12;

interface Entry {
  alternative: Alternative;
  /** The meaningful slots it stands for. */
  slots: number[];
}

/** The plan arranged for matching texts word by word; build once per query. */
export class PlanMatcher {
  private readonly byWord = new Map<string, Entry[]>();
  private readonly prefixes: Entry[] = [];
  private readonly phrases = new Map<string, Entry[]>();
  /** Every word of every alternative: a text holding none of them as a piece holds no occurrence. */
  private readonly pieces: string[] = [];

  constructor(plan: QueryPlan) {
    const seen = new Set<Alternative>();
    plan.slots.forEach((slot) => {
      if (slot.stop) return;
      for (const alternative of slot.alternatives) {
        if (seen.has(alternative)) continue;
        seen.add(alternative);
        const slots: number[] = [];
        for (let i = alternative.from; i <= alternative.to; i++) if (!plan.slots[i]!.stop) slots.push(i);
        const entry = { alternative, slots };
        this.pieces.push(...alternative.words);
        const first = alternative.words[0]!;
        if (alternative.words.length > 1) push(this.phrases, first, entry);
        else {
          push(this.byWord, first, entry);
          if (alternative.prefix) this.prefixes.push(entry);
        }
      }
    });
  }

  /**
   * The occurrences in a long text, found by string search on its lower-case form
   * rather than word by word: content is most of what a query reads, and most of it
   * holds no query word. Positions are character offsets divided by CHARS_PER_WORD and
   * rounded, so they compare with each other as word positions do. Text that folding
   * would change beyond lower case (accented letters) goes word by word.
   */
  matchContent(text: string): TextMatch {
    const lower = text.toLowerCase();
    if (lower.length !== text.length || FOLDED_AWAY.test(text)) return this.mayMatch(text) ? this.match(textTokens(text)) : NO_MATCH;
    const occurrences: Occurrence[] = [];
    const perSlot = new Map<number, number>();
    for (const entries of [this.byWord.values(), this.phrases.values()]) {
      for (const list of entries) {
        for (const entry of list) {
          const { words, prefix, typos, kind } = entry.alternative;
          const first = words[0]!;
          const full = () => entry.slots.every((slot) => (perSlot.get(slot) ?? 0) >= OCCURRENCES_PER_SLOT);
          for (let at = lower.indexOf(first); at >= 0 && !full(); at = lower.indexOf(first, at + 1)) {
            const start = boundary(text, lower, at);
            if (start === 'none' || (start === 'part' && first.length < SHORT_PART)) continue;
            let end = at + first.length;
            let ok = true;
            for (let k = 1; k < words.length && ok; k++) {
              let next = end;
              while (next < lower.length && next - end < 3 && !isWordCode(lower.charCodeAt(next))) next++;
              ok = next > end && lower.startsWith(words[k]!, next);
              end = next + words[k]!.length;
            }
            if (!ok) continue;
            const after = boundary(text, lower, end);
            // After the word: its end, a case boundary (a part), or, for a prefix, more letters.
            if (after === 'none' && !prefix) continue;
            const whole = start === 'word' && after === 'word';
            for (const slot of entry.slots) {
              const n = perSlot.get(slot) ?? 0;
              if (n >= OCCURRENCES_PER_SLOT) continue;
              perSlot.set(slot, n + 1);
              occurrences.push({ slot, position: Math.round(at / CHARS_PER_WORD), typos, whole, asTyped: kind === 'exact' || kind === 'join' });
            }
          }
        }
      }
    }
    return { occurrences, unmatchedChars: 0, weightedUnmatched: 0 };
  }

  /**
   * Whether `text` may hold an occurrence: a word, a part of an identifier, a completion
   * or a phrase's first word folds to a piece of the text folded whole, so a text holding
   * none of the plan's words as a piece is not read word by word (most headings of a long
   * page). Folding a text whole differs from folding it word by word only for a capital
   * sigma, whose lower case depends on what follows it: such a text is read word by word.
   */
  mayMatch(text: string, folded: string = fold(text)): boolean {
    if (text.includes('\u03a3')) return true;
    return this.pieces.some((piece) => folded.includes(piece));
  }

  match(tokens: readonly TextToken[], weight: (word: string) => number = () => 1): TextMatch {
    const occurrences: Occurrence[] = [];
    const perSlot = new Map<number, number>();
    const note = (entry: Entry, position: number, whole: boolean) => {
      for (const slot of entry.slots) {
        const n = perSlot.get(slot) ?? 0;
        if (n >= OCCURRENCES_PER_SLOT) continue;
        perSlot.set(slot, n + 1);
        const { typos, kind } = entry.alternative;
        occurrences.push({ slot, position, typos, whole, asTyped: kind === 'exact' || kind === 'join' });
      }
    };
    let unmatchedChars = 0;
    let weightedUnmatched = 0;
    for (let p = 0; p < tokens.length; p++) {
      const { word, parts } = tokens[p]!;
      // Letters of this word accounted for by the query: all, a completion's typed part, or matched parts.
      let covered = 0;
      for (const entry of this.byWord.get(word) ?? []) {
        note(entry, p, true);
        covered = word.length;
      }
      for (const entry of this.prefixes) {
        const typed = entry.alternative.words[0]!;
        if (word.length > typed.length && word.startsWith(typed)) {
          note(entry, p, false);
          covered = Math.max(covered, typed.length);
        }
      }
      for (const entry of this.phrases.get(word) ?? []) {
        const length = phraseAt(tokens, p, entry.alternative);
        if (length > 0) {
          note(entry, p, true);
          covered = word.length;
          // The rest of the phrase's words are accounted for too.
          for (let k = 1; k < length; k++) {
            unmatchedChars -= tokens[p + k]!.word.length;
            weightedUnmatched -= tokens[p + k]!.word.length * weight(tokens[p + k]!.word);
          }
        }
      }
      if (parts !== null && covered === 0) {
        let partsCovered = 0;
        parts.forEach((part, k) => {
          // A short part inside an identifier is mostly a joining word (`getElementsByTagName`, `getBytesInUse`).
          if (k > 0 && part.length < SHORT_PART) return;
          let hit = false;
          for (const entry of this.byWord.get(part) ?? []) {
            note(entry, p, false);
            hit = true;
          }
          for (const entry of this.prefixes) {
            const typed = entry.alternative.words[0]!;
            if (part.length > typed.length && part.startsWith(typed)) {
              note(entry, p, false);
              partsCovered += typed.length;
            }
          }
          for (const entry of this.phrases.get(part) ?? []) {
            if (entry.alternative.words.every((w, j) => parts[k + j] === w)) {
              note(entry, p, true);
              partsCovered += entry.alternative.words.reduce((n, w) => n + w.length, 0) - part.length;
              hit = true;
            }
          }
          if (hit) partsCovered += part.length;
        });
        covered = Math.max(covered, Math.min(word.length, partsCovered));
      }
      unmatchedChars += word.length - covered;
      weightedUnmatched += (word.length - covered) * (covered === 0 ? weight(word) : 1);
    }
    return { occurrences, unmatchedChars: Math.max(0, unmatchedChars), weightedUnmatched: Math.max(0, weightedUnmatched) };
  }
}

/** Letters that fold to others (accents, and scripts whose letters decompose), and combining marks. */
// A range of code points, combining marks among them, not characters: the rule cannot tell.
// eslint-disable-next-line no-misleading-character-class
const FOLDED_AWAY = /[\u00c0-\u024f\u0300-\u036f\u0370-\u04ff\u1e00-\u1fff]/;

/** Parts shorter than this count only at the start of an identifier (`set` in `setTimeout`). */
export const SHORT_PART = 4;

/** Average letters of an English word and the space after it: turns offsets into word positions. */
const CHARS_PER_WORD = 6;

/**
 * What stands at offset `at` of a text: a word boundary, a case boundary inside an
 * identifier (`setTimeout` before `T`), or neither.
 */
function boundary(text: string, lower: string, at: number): 'word' | 'part' | 'none' {
  if (at === 0 || at >= lower.length) return 'word';
  const before = lower.charCodeAt(at - 1);
  const here = lower.charCodeAt(at);
  if (!isWordCode(before) || !isWordCode(here)) return 'word';
  const upper = text.charCodeAt(at);
  return upper >= 65 && upper <= 90 && text.charCodeAt(at - 1) >= 97 && text.charCodeAt(at - 1) <= 122 ? 'part' : 'none';
}

/** Letters and digits (ASCII: callers send other text word by word). */
function isWordCode(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
}

/** How many tokens from `p` on the phrase covers (0: it does not match there). */
function phraseAt(tokens: readonly TextToken[], p: number, alternative: Alternative): number {
  const { words, prefix } = alternative;
  const last = words.length - 1;
  for (let k = 0; k <= last; k++) {
    const token = tokens[p + k];
    if (token === undefined) return 0;
    const ok = k === last && prefix ? token.word.startsWith(words[k]!) : token.word === words[k];
    if (!ok) return 0;
  }
  return words.length;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}
