import { groupings } from '../text/wordGroupings.ts';

/** Typed words read as parts of one identifier too (`set timeout` as `settimeout`) up to this many words. */
const GROUPED_WORDS_MAX = 4;

/** How an engine's query language writes a word, a prefix, and the two ways to combine them. */
export interface TitleSyntax {
  word(word: string): string;
  prefix(word: string): string;
  and: string;
  or: string;
}

/**
 * The typed words as a title query: every word, the last as a prefix (or as `lastWord`
 * when given), or (for a few words) runs of them as one identifier, since the index holds
 * `setTimeout` as the one word `settimeout`.
 */
export function titleReadings(words: readonly string[], syntax: TitleSyntax, lastWord = syntax.prefix(words[words.length - 1]!)): string {
  const readings = words.length <= GROUPED_WORDS_MAX ? groupings(words) : [words.slice()];
  const lastTyped = words[words.length - 1];
  return readings
    .map((groups) => {
      const parts = groups.map((group, i) => {
        if (i < groups.length - 1) return syntax.word(group);
        // The last word alone, or joined to the ones before it (then at least two letters).
        return group === lastTyped ? lastWord : syntax.prefix(group);
      });
      return `(${parts.join(syntax.and)})`;
    })
    .join(syntax.or);
}
