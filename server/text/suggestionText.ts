import { fold } from './fold.ts';

/**
 * What two suggestions are compared by: folded, without punctuation or spaces.
 * `Promise.all`, `Promise.all()` and `promise all` share one key, and so do
 * `setTimeout` and `set timeout`: one of them is enough in a list.
 */
export function suggestionKey(value: string): string {
  return fold(value).replace(NOT_LETTER_OR_DIGIT, '');
}

const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]+/gu;

/** Marks of markup, breadcrumbs and brackets: never part of something to search for. */
const MARKUP = /[<>›»|()[\]{}]/g;
const EMPTY_CALL = /\(\s*\)/g;
const LEADING_PUNCTUATION = /^[^\p{L}\p{N}]+/u;
/** A word up to its last letter or digit, with the `+` and `#` right after it (C++, C#). */
const UP_TO_LAST_LETTER = /^(.*[\p{L}\p{N}][+#]*)/u;

/**
 * A value fit to offer as a suggestion, or null: words and identifiers as a person
 * would type them. Markup (`<dialog>`), breadcrumb marks (`›`), empty calls (`()`),
 * brackets and lone punctuation go; punctuation inside a word (`Promise.all`,
 * `border-radius`) stays.
 */
export function cleanSuggestion(text: string): string | null {
  const words: string[] = [];
  for (const piece of text.replace(EMPTY_CALL, '').replace(MARKUP, ' ').split(/\s+/)) {
    const word = UP_TO_LAST_LETTER.exec(piece.replace(LEADING_PUNCTUATION, ''))?.[1];
    if (word !== undefined) words.push(word);
  }
  return words.length === 0 ? null : words.join(' ');
}
