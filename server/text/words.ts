import { fold } from './fold.ts';

/** Letters and digits; combining marks stay inside a word so decomposed accents do not split it. */
const WORD_SOURCE = '[\\p{L}\\p{N}\\p{M}]+';

/** A fresh global pattern; callers loop with `exec` so they can stop early on long texts. */
export function wordPattern(): RegExp {
  return new RegExp(WORD_SOURCE, 'gu');
}

/** The folded words of `text`, in order: how the query and the indexed text are compared. */
export function foldedWords(text: string): string[] {
  // Folding first, once: cheaper than per word, and accents cannot split a word then.
  return fold(text).match(new RegExp(WORD_SOURCE, 'gu')) ?? [];
}
