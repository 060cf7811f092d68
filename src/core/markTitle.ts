import { capTerm, WORD } from './capTerm.ts';
import type { HighlightPart } from './parseHighlight.ts';

// The parts of a camel-case word: `set|Timeout`, `get|Element|By|Id`, `HTML|Element`
// (a run of capitals gives its last one to a following lower-case run).
const PART = /[^\p{Lu}]+|\p{Lu}(?:[^\p{Lu}]+|\p{Lu}*(?!\p{Ll}))/gu;

/** Lower case without accents, the form in which words are compared: `Élan` is `elan`. */
const fold = (text: string) => text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
const words = (text: string): string[] => fold(text).match(WORD) ?? [];
const ASCII = /^[A-Za-z0-9]*$/;
const CAMEL = /.\p{Lu}/u;

/**
 * The title as text parts, with the words the search matched emphasised: the term's
 * words, the last one also as the start of a longer word (it may still be being typed),
 * and the words the service marked in the hit's passage (`parseHighlight` of its
 * `highlight`), which carry its typo corrections and other word forms. A title word also
 * counts when a word matches one of its camel-case parts or a run of them from its start:
 * `timeout` marks `Timeout` in `setTimeout`, `set` marks `set`. Case and accents are
 * ignored. The title is plain text and stays as it is; render the parts as text nodes.
 */
export function markTitle(title: string, term: string, passage: HighlightPart[] = []): HighlightPart[] {
  const typed = words(capTerm(term));
  const last = typed.at(-1);
  const wanted = new Set(typed.concat(passage.flatMap((part) => (part.em ? words(part.text) : []))));
  const marked = new Uint8Array(title.length);
  for (const { 0: word, index } of title.matchAll(WORD)) {
    // The folded word, where each of its units came from in `word` (`from`, one more
    // entry for its end), and where each character of `word` starts in it (`to`). An
    // ASCII word, most of them, folds unit for unit: its maps would be the identity.
    let folded = word.toLowerCase();
    let from: number[] | null = null;
    let to: number[] | null = null;
    if (!ASCII.test(word)) {
      folded = '';
      from = [];
      to = [];
      let i = 0;
      for (const char of word) {
        to[i] = folded.length;
        folded += fold(char);
        while (from.length < folded.length) from.push(i);
        i += char.length;
      }
      from.push(i);
    }
    const source = (at: number) => index + (from ? from[at]! : at);
    // A word matches from the start of a part, and ends at the end of one unless it is
    // the last word of the term. Without a capital past its first letter, a word is one part.
    const starts = CAMEL.test(word) ? [...word.matchAll(PART)].map((part) => (to ? to[part.index]! : part.index)) : [0];
    const ends = new Set(starts.slice(1)).add(folded.length);
    for (const start of starts)
      for (const w of wanted) {
        const end = start + w.length;
        if (folded.startsWith(w, start) && (w === last || ends.has(end))) marked.fill(1, source(start), source(end));
      }
  }
  const parts: HighlightPart[] = [];
  for (let i = 0, j = 0; i < title.length; i = j) {
    while (j < title.length && marked[j] === marked[i]) j++;
    parts.push({ text: title.slice(i, j), em: !!marked[i] });
  }
  return parts;
}
