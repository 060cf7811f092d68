/**
 * The ranking stage: the pool of candidates an engine found, with the texts the rules
 * read, ordered by the index's ranking rules (ranking/rankCandidates.ts).
 */
import type { IndexReader, PageRow, PersonalRanking, RankedText } from '../engine/engine.ts';
import type { QueryPlan } from '../ranking/queryPlan.ts';
import type { RankingDetails } from '../../src/client/types.ts';
import { explainRanking } from '../ranking/explainRanking.ts';
import { rankCandidates, rankWithFacts, typedName, type Candidate, type ClickBound, type TypedName } from '../ranking/rankCandidates.ts';
import type { RankingSettings } from '../config/rankingSettings.ts';
import { personalAffinity } from './personalAffinity.ts';

export interface PoolFacts {
  /** See Candidates.frequencies. */
  frequencies: readonly number[];
  /** Click boosts by document id. */
  boosts: ReadonlyMap<string, number> | null;
  /** The click boosts bounded in how far they move their document, by document id (see ClickBound). */
  clickBounds?: ReadonlyMap<string, ClickBound> | null;
  /** The searching user's profile, or null: organic results. */
  personal: PersonalRanking | null;
  /** Read only when there is something to rank. */
  commonTitleWords: () => Promise<ReadonlySet<string>>;
  /** Explained searches: each boosted document's boosts by source; without, a boost reads as clicks. */
  boostSources?: ReadonlyMap<string, ReadonlyArray<{ source: string; factor: number }>>;
}

/** The pool in ranked order; with `explain`, each row's ranking details by rowid. */
export interface RankedPool {
  rows: PageRow[];
  details: ReadonlyMap<number, RankingDetails> | null;
}

export async function rankPool(
  reader: IndexReader,
  plan: QueryPlan,
  pool: readonly PageRow[],
  ranking: RankingSettings,
  facts: PoolFacts,
  explain = false,
): Promise<RankedPool> {
  // One row needs no ranking, but an explained one still shows what the rules read of it.
  if (pool.length < (explain ? 1 : 2)) return { rows: [...pool], details: explain ? new Map() : null };
  // Custom rules, and a profile that counts custom field values, read the custom fields.
  const custom = ranking.rules.some((rule) => rule.includes('(')) || (facts.personal?.fields.length ?? 0) > 0;
  const name = typedName(plan.typed);
  const [cutTexts, common] = await Promise.all([
    reader.texts(
      pool.map((row) => row.rowid),
      custom,
      false,
      name !== null,
    ),
    facts.commonTitleWords(),
  ]);
  const texts = await withTypedName(reader, name, cutTexts, custom);
  const context = {
    rules: ranking.rules,
    maxBoost: ranking.maxBoost,
    // Frequencies only order partial matches: with AND every word matched.
    frequencies: plan.operator === 'or' ? facts.frequencies : [],
    titleWordWeight: (word: string) => (common.has(word) ? 0 : 1),
  };
  // Long as first read: a text read whole again for a typed name is still read by the rules from its start.
  const long = new Set(cutTexts.flatMap((t) => (t.cut ? [t.rowid] : [])));
  const candidates = rankingCandidates(pool, texts, facts, long);
  if (!explain) return { rows: rankCandidates(plan, candidates, context).map(pageRow), details: null };
  const ranked = rankWithFacts(plan, candidates, context);
  const sources = facts.boostSources;
  const idOf = new Map(texts.map((t) => [t.rowid, t.id]));
  const details = explainRanking(ranked, ranking.rules, ranking.maxBoost, sources && ((key) => sources.get(idOf.get(key) ?? '')));
  return { rows: ranked.map((r) => pageRow(r.candidate)), details: new Map(ranked.map((r, i) => [r.candidate.key, details[i]!])) };
}

/**
 * A typed name (`str.split`) is looked for in the whole text (see typedName). A long
 * page whose start does not hold it is given the runs of its rest a name can stand in
 * (stored when it was written; see RankedText.laterNames) after its start, which the
 * other rules never read past; one that does not know them is read whole again.
 */
async function withTypedName(reader: IndexReader, name: TypedName | null, texts: RankedText[], custom: boolean): Promise<RankedText[]> {
  if (name === null) return texts;
  const lacking = texts.filter((t) => t.cut && !name.start.test(t.title) && !name.whole.test(t.content));
  if (lacking.length === 0) return texts;
  const again = lacking.filter((t) => typeof t.laterNames !== 'string').map((t) => t.rowid);
  const whole = new Map(again.length === 0 ? [] : (await reader.texts(again, custom, true)).map((t) => [t.rowid, t]));
  const named = new Set(lacking.map((t) => t.rowid));
  return texts.map(
    (t) => whole.get(t.rowid) ?? (named.has(t.rowid) && typeof t.laterNames === 'string' ? { ...t, content: `${t.content}\n${t.laterNames}` } : t),
  );
}

function pageRow(candidate: Candidate): PageRow {
  return { rowid: candidate.key, score: candidate.score };
}

/**
 * The rows the ranking rules order, each with its texts, click boost, personal affinity
 * and whether it is longer than the rules read (`long`, rowids); a row whose texts were
 * not read is left out.
 */
function rankingCandidates(
  rows: readonly PageRow[],
  texts: readonly RankedText[],
  { boosts, clickBounds, personal }: PoolFacts,
  long: ReadonlySet<number>,
): Candidate[] {
  const byRowid = new Map(texts.map((t) => [t.rowid, t]));
  return rows.flatMap((row) => {
    const text = byRowid.get(row.rowid);
    if (text === undefined) return [];
    const clickBound = clickBounds?.get(text.id);
    return [
      {
        key: row.rowid,
        url: text.url,
        title: text.title,
        headings: text.headings ?? '',
        content: text.content,
        score: row.score,
        boost: boosts?.get(text.id) ?? 1,
        ...(clickBound !== undefined && { clickBound }),
        personal: personalAffinity(personal, text),
        customFields: text.customFields,
        ...(long.has(row.rowid) && { long: true }),
      },
    ];
  });
}
