import { describe, expect, it } from 'vitest';
import type { IndexReader, WordAnswers, WordQuestions } from '../engine/engine.ts';
import type { PlanOptions } from '../ranking/queryPlan.ts';
import { planQuery } from '../ranking/queryPlan.ts';
import { wordListLexicon } from '../testing/testPlan.ts';
import { resolveWordRules } from '../ranking/wordRules.ts';
import { foldedWords } from '../text/words.ts';
import { planSearch } from './planSearch.ts';

const INDEX = [
  'setTimeout',
  'mutationobserver',
  'mutation',
  'observer',
  'font',
  'size',
  'fetch',
  'fetches',
  'promise',
  'flexbox',
  'localStorage',
  'grid',
].flatMap((text) => foldedWords(text));

/** A reader whose words come from INDEX, counting the batches it was asked. */
function countingReader(): { reader: IndexReader; batches: WordQuestions[] } {
  const lexicon = wordListLexicon(INDEX);
  const batches: WordQuestions[] = [];
  const words = async (questions: WordQuestions): Promise<WordAnswers> => {
    batches.push(questions);
    return {
      has: new Set(questions.has.filter((w) => lexicon.has(w))),
      extends: new Set(questions.extends.filter((w) => lexicon.extends(w))),
      near: new Map(
        questions.near.filter((q) => !(q.onlyIfAbsent && lexicon.has(q.word))).map((q) => [q.word, lexicon.near(q.word, q.maxDistance, q.limit)] as const),
      ),
    };
  };
  return { reader: { words } as IndexReader, batches };
}

const OPTIONS: PlanOptions = { prefixLast: true, fuzzy: 'auto', operator: 'and' };

describe('planSearch', () => {
  it.each([
    ['fetch', OPTIONS],
    ['set timeout', OPTIONS],
    ['local stor', OPTIONS],
    ['fontsize', OPTIONS],
    ['mutation obsever', OPTIONS],
    ['mutaton obsever', { ...OPTIONS, fuzzy: 'all' }],
    ['gird promise', { ...OPTIONS, prefixLast: false }],
    ['how to fetch', OPTIONS],
  ] as const)('plans %j as a lexicon that knows every word would, in at most two batches', async (term, options) => {
    const words = foldedWords(term);
    const rules = resolveWordRules({});
    const { reader, batches } = countingReader();
    const plan = await planSearch(reader, words, options, rules);
    expect(plan).toEqual(planQuery(words, options, wordListLexicon(INDEX), rules));
    expect(batches.length).toBeLessThanOrEqual(2);
  });

  it('asks once when no word needs correcting, and asks nothing for `*`', async () => {
    const one = countingReader();
    await planSearch(one.reader, ['fetch', 'promise'], OPTIONS, resolveWordRules({}));
    expect(one.batches).toHaveLength(1);
    // `auto` needs no near words for words the index holds: the engine is told so.
    expect(one.batches[0]!.near.every((q) => q.onlyIfAbsent)).toBe(true);
    const none = countingReader();
    await planSearch(none.reader, [], OPTIONS, resolveWordRules({}));
    expect(none.batches).toHaveLength(0);
  });
});
