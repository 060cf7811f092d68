/**
 * Text as PostgreSQL's full-text search holds it. Words are folded and split here, by
 * the same rules as the query words and the SQLite engine's tokenizer (server/text), and
 * handed over as `tsvector` and `tsquery` literals: no text search configuration's
 * parser or dictionary (not even 'simple''s) ever sees them, so both engines match the
 * same words.
 */
import type { Alternative, QueryPlan } from './matchPlan.ts';
import { foldedWords } from '../text/words.ts';

/** Title words carry weight A; content and hidden keywords the default, D. */
export type Part = 'title' | 'body';

/** PostgreSQL refuses lexemes longer than 2047 bytes; such a "word" is never typed anyway. */
const LEXEME_MAX_BYTES = 2046;
/** Positions above this are all stored as it. */
export const POSITION_MAX = 16_383;
/** PostgreSQL keeps at most this many positions of one lexeme. */
const POSITIONS_PER_LEXEME = 256;
/** A tsvector must stay under 1 MB: past this estimate, further new words are left out. */
const VECTOR_MAX_BYTES = 900_000;

/** `ts_rank` weights {D, C, B, A}: a title match counts as much as 8 in the content, as in the SQLite engine's bm25. */
export const RANK_WEIGHTS = '{0.125,0,0,1}';
export const TITLE_RANK_WEIGHTS = '{0,0,0,1}';

/** A document's words as PostgreSQL stores them. */
export interface DocumentVector {
  /** The tsvector literal. */
  vector: string;
  /** How many words the title and the content hold, as the SQLite engine's bm25 counts a row's length. */
  words: number;
}

/**
 * The document's words as a tsvector literal: the title's with weight A, then the
 * content's (and the hidden keywords') one position further on, so no phrase spans the two.
 */
export function documentVector(title: string, body: string): DocumentVector {
  const titleWords = foldedWords(title);
  const bodyWords = foldedWords(body);
  const positions = new Map<string, string[]>();
  let bytes = 0;
  let position = 0;
  const add = (words: readonly string[], label: string) => {
    for (const word of words) {
      position = Math.min(position + 1, POSITION_MAX);
      let list = positions.get(word);
      if (list === undefined) {
        const size = Buffer.byteLength(word);
        if (size > LEXEME_MAX_BYTES || bytes + size > VECTOR_MAX_BYTES) continue;
        bytes += size + 8;
        list = [];
        positions.set(word, list);
      }
      if (list.length < POSITIONS_PER_LEXEME) {
        list.push(`${position}${label}`);
        bytes += 2;
      }
    }
  };
  add(titleWords, 'A');
  position = Math.min(position + 1, POSITION_MAX);
  add(bodyWords, '');
  return {
    vector: [...positions].map(([word, list]) => `${lexeme(word)}:${list.join(',')}`).join(' '),
    words: titleWords.length + bodyWords.length,
  };
}

/** A tsquery expression for query words: one group per word, joined by AND or OR. */
export interface TsMatch {
  expression: string;
  /** Each word's own expression (the word, its forms, its near words). */
  groups: string[];
  /** Each alternative of every word (a phrase, as bm25 weighs them one by one), once each. */
  phrases: string[];
  /** The phrases that are their word's only alternative: with AND, every match holds them. */
  sole: string[];
  operator: 'and' | 'or';
}

/**
 * The plan's slots as tsquery groups (a slot's alternatives ORed), joined by the plan's
 * operator; `part` keeps every word to the title or the content. Null when no slot takes part.
 */
export function planTsquery(plan: QueryPlan, part: Part | null = null): TsMatch | null {
  const phrases = new Set<string>();
  const sole: string[] = [];
  const groups = plan.slots
    .filter((slot) => !slot.stop)
    .map((slot) => {
      const parts = slot.alternatives.map((alternative) => alternativeQuery(alternative, part));
      for (const phrase of parts) phrases.add(phrase);
      if (parts.length === 1) sole.push(parts[0]!);
      return parts.length === 1 ? parts[0]! : `(${parts.join(' | ')})`;
    });
  if (groups.length === 0) return null;
  return { expression: groups.join(plan.operator === 'or' ? ' | ' : ' & '), groups, phrases: [...phrases], sole, operator: plan.operator };
}

/** Words as a phrase (next to each other), the last one a prefix when `prefix`. */
export function phraseQuery(words: readonly string[], prefix: boolean, part: Part | null = null): string {
  const label = part === 'title' ? 'A' : part === 'body' ? 'D' : '';
  const last = words.length - 1;
  const terms = words.map((word, i) => {
    const suffix = (i === last && prefix ? '*' : '') + label;
    return suffix === '' ? lexeme(word) : `${lexeme(word)}:${suffix}`;
  });
  return terms.length === 1 ? terms[0]! : `(${terms.join(' <-> ')})`;
}

function alternativeQuery(alternative: Alternative, part: Part | null): string {
  return phraseQuery(alternative.words, alternative.prefix, part);
}

/** A quoted lexeme: nothing in a word can be read as query syntax. */
export function lexeme(word: string): string {
  return `'${word.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

/** The words of a text as they are indexed, for the vocabulary; over-long ones left out as the vector leaves them. */
export function indexedWords(text: string): string[] {
  return foldedWords(text).filter((word) => word.length <= 200);
}
