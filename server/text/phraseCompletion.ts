import { fold } from './fold.ts';
import { wordPattern } from './words.ts';

/** Where a typed phrase occurs in a text, completed from the text itself. */
export interface PhraseCompletion {
  /** The typed words as the text writes them, the last one completed ("Search Widget"). */
  completed: string;
}

/**
 * Finds the first place in `text` where `words` (folded) occur in a row, the last as
 * a prefix. Scanning stops after `scanLimit` characters: suggestions need a few good
 * occurrences, not every one.
 */
export function findPhraseCompletion(text: string, words: readonly string[], scanLimit = 20_000): PhraseCompletion | null {
  const k = words.length;
  if (k === 0) return null;
  const pattern = wordPattern();
  const starts: number[] = [];
  const folded: string[] = [];
  for (let m = pattern.exec(text); m !== null && m.index <= scanLimit; m = pattern.exec(text)) {
    starts.push(m.index);
    folded.push(fold(m[0]));
    // Only the last k words can start a match; drop older ones to keep memory flat.
    if (starts.length > k) {
      starts.shift();
      folded.shift();
    }
    if (starts.length === k && matches(folded, words)) return { completed: text.slice(starts[0], m.index + m[0].length) };
  }
  return null;
}

function matches(folded: readonly string[], words: readonly string[]): boolean {
  const last = words.length - 1;
  for (let i = 0; i < last; i++) if (folded[i] !== words[i]) return false;
  return folded[last]!.startsWith(words[last]!);
}
