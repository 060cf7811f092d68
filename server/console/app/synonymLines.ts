// Synonyms and stop words as the owner edits them: one synonym entry a line, words
// separated by commas; `from => to, to` for a one-way entry. Stop words: one or more a
// line, separated by commas or spaces.
import type { IndexSettings } from '../../../src/client/types.ts';

type Synonym = IndexSettings['synonyms'][number];

export function linesOfSynonyms(synonyms: readonly Synonym[]): string {
  return synonyms.map((s) => (Array.isArray(s) ? s.join(', ') : `${s.from} => ${s.to.join(', ')}`)).join('\n');
}

const words = (text: string) =>
  text
    .split(',')
    .map((w) => w.trim())
    .filter((w) => w !== '');

/**
 * The entries of the text, and a problem per line (by its number from 1) for lines that
 * are not an entry. Blank lines are skipped. `entryLines[i]` is the line of entry `i`, so
 * that an error of the API naming `synonyms[i]` can point at its line.
 */
export function synonymsOfLines(text: string): { synonyms: Synonym[]; entryLines: number[]; problems: Map<number, string> } {
  const synonyms: Synonym[] = [];
  const entryLines: number[] = [];
  const problems = new Map<number, string>();
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (line === '') return;
    const problem = entryProblem(line);
    if (problem !== null) {
      problems.set(i + 1, problem);
      return;
    }
    const [from, to] = line.split('=>');
    synonyms.push(to === undefined ? words(line) : { from: from!.trim(), to: words(to) });
    entryLines.push(i + 1);
  });
  return { synonyms, entryLines, problems };
}

function entryProblem(line: string): string | null {
  const arrow = line.split('=>');
  if (arrow.length > 2) return 'Use => once: from => to, to.';
  // Nothing is rewritten to fit: a stray = or > (`==>`, `->`) or an empty word (`a,,b`) is the owner's to mend.
  if (arrow.some((part) => /[=>]/.test(part))) return 'A stray = or > : the one arrow is written =>, as in js => javascript.';
  if (arrow.some((part, i) => hasEmptyWord(part, i === 0 && arrow.length === 2))) return 'An empty word between commas: remove the extra comma.';
  if (arrow.length === 2) {
    const from = arrow[0]!.trim();
    if (from === '' || from.includes(',')) return 'A one-way entry has one word or phrase before =>.';
    if (words(arrow[1]!).length === 0) return 'Give at least one word after =>.';
    return null;
  }
  return words(line).length < 2 ? 'A group needs two or more words, separated by commas.' : null;
}

/** Whether commas leave an empty word; the part before an arrow holds no commas at all. */
function hasEmptyWord(part: string, beforeArrow: boolean): boolean {
  return !beforeArrow && part.includes(',') && part.split(',').some((w) => w.trim() === '');
}

export function stopWordsOfText(text: string): string[] {
  return [...new Set(text.split(/[\s,]+/).filter((w) => w !== ''))];
}
