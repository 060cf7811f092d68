/**
 * The ranking stage: the pool of candidates an engine found, with the texts the rules
 * read, ordered by the index's ranking rules (ranking/rankCandidates.ts).
 */
import type { IndexReader, PageRow, RankedText } from '../engine/engine.ts';
import type { QueryPlan } from '../ranking/queryPlan.ts';
import { rankCandidates, type Candidate } from '../ranking/rankCandidates.ts';
import type { RankingSettings } from '../ranking/rankingSettings.ts';

export interface PoolFacts {
  /** See Candidates.frequencies. */
  frequencies: readonly number[];
  /** Click boosts by document id. */
  boosts: ReadonlyMap<string, number> | null;
  /** Read only when there is something to rank. */
  commonTitleWords: () => Promise<ReadonlySet<string>>;
}

export async function rankPool(reader: IndexReader, plan: QueryPlan, pool: readonly PageRow[], ranking: RankingSettings, facts: PoolFacts): Promise<PageRow[]> {
  if (pool.length < 2) return [...pool];
  const custom = ranking.rules.some((rule) => rule.includes('('));
  const [texts, common] = await Promise.all([
    reader.texts(
      pool.map((row) => row.rowid),
      custom,
    ),
    facts.commonTitleWords(),
  ]);
  const context = {
    rules: ranking.rules,
    maxBoost: ranking.maxBoost,
    // Frequencies only order partial matches: with AND every word matched.
    frequencies: plan.operator === 'or' ? facts.frequencies : [],
    titleWordWeight: (word: string) => (common.has(word) ? 0 : 1),
  };
  return rankCandidates(plan, rankingCandidates(pool, texts, facts.boosts), context).map((c) => ({ rowid: c.key, score: c.score }));
}

/** The rows the ranking rules order, each with its texts and click boost; a row whose texts were not read is left out. */
function rankingCandidates(rows: readonly PageRow[], texts: readonly RankedText[], boosts: ReadonlyMap<string, number> | null): Candidate[] {
  const byRowid = new Map(texts.map((t) => [t.rowid, t]));
  return rows.flatMap((row) => {
    const text = byRowid.get(row.rowid);
    if (text === undefined) return [];
    return [
      {
        key: row.rowid,
        url: text.url,
        title: text.title,
        content: text.content,
        score: row.score,
        boost: boosts?.get(text.id) ?? 1,
        customFields: text.customFields,
      },
    ];
  });
}
