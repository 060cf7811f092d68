/** A query plan over a small word list, for tests of the plan and the rules. */
import { boundedEditDistance } from '../text/editDistance.ts';
import { foldedWords } from '../text/words.ts';
import { planQuery, type Lexicon, type PlanOptions, type QueryPlan } from '../ranking/queryPlan.ts';
import { resolveWordRules, type WordSettings } from '../ranking/wordRules.ts';

export function wordListLexicon(words: Iterable<string>): Lexicon {
  const list = [...new Set(words)];
  const known = new Set(list);
  return {
    has: (word) => known.has(word),
    extends: (word) => list.some((w) => w.length > word.length && w.startsWith(word)),
    near: (word, max, limit) =>
      list
        .map((w) => ({ word: w, distance: w === word ? max + 1 : boundedEditDistance(word, w, max) }))
        .filter((n) => n.distance <= max)
        .sort((a, b) => a.distance - b.distance || a.word.localeCompare(b.word))
        .slice(0, limit),
  };
}

/** The plan of `term` against the words of `texts`, as the widget searches (prefix, fuzzy auto) unless told. */
export function testPlan(term: string, texts: readonly string[], options: Partial<PlanOptions> = {}, settings: WordSettings = {}): QueryPlan {
  const lexicon = wordListLexicon(texts.flatMap((text) => foldedWords(text)));
  return planQuery(foldedWords(term), { prefixLast: true, fuzzy: 'auto', operator: 'and', ...options }, lexicon, resolveWordRules(settings));
}
