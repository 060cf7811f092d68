/**
 * The plan stage: a query's words planned (ranking/queryPlan.ts) against the index's
 * words, asked of the engine in batches. The planner asks about words one at a time, and
 * a few questions depend on earlier answers (a corrected word joined to its neighbour),
 * so the first batch asks everything the planner could want of the typed words; a second
 * is needed only when corrections found words that may join.
 */
import type { IndexReader, WordQuestions } from '../engine/engine.ts';
import { planQuery, type Lexicon, type PlanOptions, type QueryPlan } from '../ranking/queryPlan.ts';
import type { WordRules } from '../ranking/wordRules.ts';
import { isVocabularyWord } from '../text/vocabularyWord.ts';

/** More rounds would mean the planner keeps asking new questions: it never does past two. */
const MAX_ROUNDS = 3;

export async function planSearch(reader: IndexReader, words: readonly string[], options: PlanOptions, rules: WordRules): Promise<QueryPlan> {
  // `auto` corrects only words the index lacks: the engine need not look near the others.
  const lexicon = new BatchLexicon(options.fuzzy === 'auto');
  let plan = planQuery(words, options, lexicon, rules);
  for (let round = 1; round < MAX_ROUNDS && lexicon.pending(); round++) {
    lexicon.learn(await reader.words(lexicon.questions()));
    plan = planQuery(words, options, lexicon, rules);
  }
  return plan;
}

/**
 * A Lexicon that answers from what the engine said so far and notes what it was asked
 * and could not answer. An unknown word reads as absent, which leads the planner to ask
 * everything it would ask of an absent word (splits, near words) in the same batch.
 */
export class BatchLexicon implements Lexicon {
  private readonly known = new Map<string, boolean>();
  private readonly extended = new Map<string, boolean>();
  private readonly nearWords = new Map<string, ReadonlyArray<{ word: string; distance: number }>>();
  private readonly askHas = new Set<string>();
  private readonly askExtends = new Set<string>();
  private readonly askNear = new Map<string, { maxDistance: number; limit: number }>();

  constructor(private readonly nearOnlyIfAbsent = false) {}

  has(word: string): boolean {
    const known = this.known.get(word);
    if (known === undefined) this.askHas.add(word);
    return known ?? false;
  }

  /**
   * Short words and words beyond plain ASCII are assumed to extend: engines keep indexes
   * of short prefixes, and a prefix that matches nothing longer costs only a prefix search.
   */
  extends(word: string): boolean {
    if (word.length <= 3 || !/^[a-z0-9]+$/.test(word)) return true;
    const known = this.extended.get(word);
    if (known === undefined) this.askExtends.add(word);
    return known ?? false;
  }

  near(word: string, maxDistance: number, limit: number): Array<{ word: string; distance: number }> {
    if (!isVocabularyWord(word)) return [];
    const known = this.nearWords.get(word);
    if (known === undefined) {
      const asked = this.askNear.get(word);
      this.askNear.set(word, { maxDistance: Math.max(maxDistance, asked?.maxDistance ?? 0), limit: Math.max(limit, asked?.limit ?? 0) });
      return [];
    }
    return known.filter((n) => n.distance <= maxDistance).slice(0, limit);
  }

  pending(): boolean {
    return this.askHas.size > 0 || this.askExtends.size > 0 || this.askNear.size > 0;
  }

  questions(): WordQuestions {
    return {
      has: [...this.askHas],
      extends: [...this.askExtends],
      near: [...this.askNear].map(([word, { maxDistance, limit }]) => ({ word, maxDistance, limit, onlyIfAbsent: this.nearOnlyIfAbsent })),
    };
  }

  learn(answers: Awaited<ReturnType<IndexReader['words']>>): void {
    for (const word of this.askHas) this.known.set(word, answers.has.has(word));
    for (const word of this.askExtends) this.extended.set(word, answers.extends.has(word));
    for (const word of this.askNear.keys())
      this.nearWords.set(
        word,
        (answers.near.get(word) ?? []).filter((n) => isVocabularyWord(n.word)),
      );
    this.askHas.clear();
    this.askExtends.clear();
    this.askNear.clear();
  }
}
