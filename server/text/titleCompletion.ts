import { hasInnerCase, identifierParts } from './identifiers.ts';
import { fold } from './fold.ts';
import { wordPattern } from './words.ts';

/** Words of a title past this many are not looked at: titles are short, and this bounds the work. */
const TITLE_WORDS_MAX = 40;
/** An identifier or phrase longer than this is not offered: a suggestion is something to type. */
const VALUE_MAX_CHARS = 60;
const PHRASE_MAX_WORDS = 6;

/** What joins a title word to the next one. */
type Link =
  /** `.`, `-` or `_` alone: the two are one identifier (`Promise.all`, `grid-area`). */
  | 'joiner'
  /** Whitespace: words of a phrase. */
  | 'space'
  /** A mark that separates parts of a title: `:`, `›`, `»`, `|`, a dash between spaces. */
  | 'separator'
  /** Anything else (`() `, `="`): the words are apart, in the same part of the title. */
  | 'break'
  /** No word follows. */
  | 'end';

/** A word of a title: letters and digits, as `wordPattern` finds them. */
interface TitleWord {
  text: string;
  start: number;
  end: number;
  folded: string;
  /** Folded identifier parts (`setTimeout`: set, timeout); made when first needed (see partsOf). */
  parts: string[] | null;
  next: Link;
  /** The first word of the title or of a part after a separator. */
  startsPart: boolean;
  /** Which part of the title the word is in: 0 before the first separator, then 1, 2... */
  part: number;
}

const JOINER = /^[._-]$/;
const SPACE = /^\s+$/;
const SEPARATOR = /[:›»|–—]|\s-\s/;

function titleWords(title: string): TitleWord[] {
  const words: TitleWord[] = [];
  const pattern = wordPattern();
  let m = pattern.exec(title);
  for (; m !== null && words.length < TITLE_WORDS_MAX; m = pattern.exec(title)) {
    const previous = words[words.length - 1];
    if (previous !== undefined) previous.next = link(title.slice(previous.end, m.index));
    words.push({
      text: m[0],
      start: m.index,
      end: m.index + m[0].length,
      folded: fold(m[0]),
      parts: null,
      next: 'end',
      startsPart: previous === undefined || previous.next === 'separator',
      part: previous === undefined ? 0 : previous.part + Number(previous.next === 'separator'),
    });
  }
  // Cut short: the last word looked at is not the end of its part.
  if (m !== null) words[words.length - 1]!.next = 'break';
  return words;
}

/** A word's identifier parts; the word alone when it has none. */
function partsOf(word: TitleWord): string[] {
  word.parts ??= hasInnerCase(word.text) ? identifierParts(word.text).map(fold) : [word.folded];
  return word.parts;
}

function link(between: string): Link {
  if (JOINER.test(between)) return 'joiner';
  if (SPACE.test(between)) return 'space';
  return SEPARATOR.test(between) ? 'separator' : 'break';
}

/** Where the typed words occur in a title and what they complete to there. */
export interface TitleCompletion {
  /**
   * The typed words as the title writes them, the last completed to the end of its
   * word. Words next to each other keep the title's form, so an identifier stays whole
   * (`setTimeout` for `set timeout`, `Promise.all` for `promise a`); words apart in the
   * title are joined by a space (`Array filter` for `array fil` in `Array.prototype.filter()`).
   */
  completion: string;
  /** Letters and digits the completion adds to what was typed. */
  added: number;
  /** Title words between the typed ones that the completion leaves out: 0 when adjacent. */
  gap: number;
  /** The completion is a whole title, or a whole part of one (`grid` in `CSS property: grid`). */
  wholePart: boolean;
  /** The identifier the completion starts, to its end (`grid-template-columns` for `gri`); null when no longer. */
  identifier: string | null;
  /** The phrase the completion starts, to the end of its part of the title (`Widget API Reference`); null when none. */
  phrase: string | null;
}

/** A title word and the last of the typed words it stands for (one or more, from the previous unit's next). */
interface Unit {
  word: number;
  last: number;
}

/**
 * Finds the typed words (folded; the last one a prefix) in `title`, in order, and the
 * completions they make there, or null. A typed word matches a title word, or several
 * typed words the parts of one identifier (`set timeout` in `setTimeout`); words that
 * are not adjacent in the same part of the title may match (`array fil` in
 * `Array.prototype.filter()`), and the occurrence with the fewest words between them is taken.
 */
export function completeFromTitle(title: string, typed: readonly string[]): TitleCompletion | null {
  if (typed.length === 0) return null;
  const words = titleWords(title);
  const units = closestOccurrence(words, typed);
  if (units === null) return null;

  const first = words[units[0]!.word]!;
  const last = words[units[units.length - 1]!.word]!;
  let completion = first.text;
  let completedLength = first.folded.length;
  let gap = 0;
  let together = true;
  for (let u = 1; u < units.length; u++) {
    const before = words[units[u - 1]!.word]!;
    const word = words[units[u]!.word]!;
    const skipped = units[u]!.word - units[u - 1]!.word - 1;
    gap += skipped;
    const adjacent = skipped === 0 && (before.next === 'joiner' || before.next === 'space');
    together &&= adjacent;
    completion += (adjacent && before.next === 'joiner' ? title.slice(before.end, word.start) : ' ') + word.text;
    completedLength += word.folded.length;
  }
  const typedLength = typed.reduce((sum, word) => sum + word.length, 0);
  const lastIndex = units[units.length - 1]!.word;

  let identifierEnd = lastIndex;
  while (together && words[identifierEnd]!.next === 'joiner' && identifierEnd + 1 < words.length) identifierEnd++;
  const identifier = identifierEnd > lastIndex ? withinLength(title.slice(first.start, words[identifierEnd]!.end)) : null;

  let phraseEnd = lastIndex;
  let spaces = 0;
  for (; together && phraseEnd + 1 < words.length; phraseEnd++) {
    const next = words[phraseEnd]!.next;
    if (next !== 'joiner' && next !== 'space') break;
    if (next === 'space') spaces++;
  }
  const isPhrase =
    together && first.startsPart && endsPart(words[phraseEnd]!) && phraseEnd > identifierEnd && spaces > 0 && phraseEnd - units[0]!.word < PHRASE_MAX_WORDS;

  return {
    completion,
    added: completedLength - typedLength,
    gap,
    wholePart: together && first.startsPart && endsPart(last),
    identifier,
    phrase: isPhrase ? withinLength(title.slice(first.start, words[phraseEnd]!.end)) : null,
  };
}

function endsPart(word: TitleWord): boolean {
  return word.next === 'separator' || word.next === 'end';
}

function withinLength(value: string): string | null {
  return value.length <= VALUE_MAX_CHARS ? value : null;
}

interface Occurrence {
  /** Title words skipped between the units. */
  gap: number;
  units: Unit[];
}

/** The matching units with the fewest title words between them, then the earliest. */
function closestOccurrence(words: readonly TitleWord[], typed: readonly string[]): Unit[] | null {
  if (typed.length === 1) {
    const t = words.findIndex((word) => word.folded.startsWith(typed[0]!));
    return t < 0 ? null : [{ word: t, last: 0 }];
  }
  const memo: Array<Occurrence | null | undefined> = new Array(typed.length * words.length);
  let best: Occurrence | null = null;
  for (let t = 0; t < words.length; t++) {
    const found = occurrenceFrom(words, typed, 0, t, memo);
    if (found !== null && (best === null || found.gap < best.gap)) best = found;
  }
  return best?.units ?? null;
}

/**
 * The closest way to match typed words from `i` on with the first unit at title word
 * `t`: dynamic programming over (typed word, title word), which titles keep small.
 */
function occurrenceFrom(
  words: readonly TitleWord[],
  typed: readonly string[],
  i: number,
  t: number,
  memo: Array<Occurrence | null | undefined>,
): Occurrence | null {
  const key = i * words.length + t;
  const known = memo[key];
  if (known !== undefined) return known;
  let best: Occurrence | null = null;
  for (const last of unitEnds(words[t]!, typed, i)) {
    const unit = { word: t, last };
    if (last === typed.length - 1) {
      best = { gap: 0, units: [unit] };
      break;
    }
    // Words apart must be in the same part of the title: `CSS` in a label and `s` in
    // `CSS property: cursor › s-resize` are no `CSS s`.
    for (let next = t + 1; next < words.length && (next === t + 1 || words[next]!.part === words[t]!.part); next++) {
      const rest = occurrenceFrom(words, typed, last + 1, next, memo);
      if (rest === null) continue;
      const gap = rest.gap + (next - t - 1);
      if (best === null || gap < best.gap) best = { gap, units: [unit, ...rest.units] };
    }
  }
  memo[key] = best;
  return best;
}

/**
 * The typed words, from `i`, that one title word can stand for: the indices of the last
 * of them. One typed word matches the whole word (the last typed word: its start);
 * several match its identifier parts, each typed word one or more parts in a row.
 */
function unitEnds(word: TitleWord, typed: readonly string[], i: number): number[] {
  const k = typed.length;
  const ends: number[] = [];
  if (word.folded === typed[i] || (i === k - 1 && word.folded.startsWith(typed[i]!))) ends.push(i);
  // Parts start at the word's start, so the word must begin with the typed word.
  if (i < k - 1 && word.folded.length > typed[i]!.length && word.folded.startsWith(typed[i]!)) {
    const parts = partsOf(word);
    if (parts.length > 1) matchParts(parts, 0, typed, i, i, ends);
  }
  return ends;
}

/**
 * Typed word `j` (and those after it) against the parts from `p` on; records `j` where
 * typed words `i` to `j`, two or more, stand for the whole word, the last typed word
 * as a prefix of the parts left.
 */
function matchParts(parts: readonly string[], p: number, typed: readonly string[], i: number, j: number, ends: number[]): void {
  const word = typed[j]!;
  if (j === typed.length - 1) {
    if (j > i && parts.slice(p).join('').startsWith(word)) ends.push(j);
    return;
  }
  let joined = '';
  for (let q = p; q < parts.length && joined.length < word.length; q++) {
    joined += parts[q];
    if (joined !== word) continue;
    if (q === parts.length - 1) {
      if (j > i) ends.push(j);
    } else {
      matchParts(parts, q + 1, typed, i, j + 1, ends);
    }
  }
}
