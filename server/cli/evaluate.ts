import type { IndexClient } from '../../src/client/createIndexClient.ts';
import { SearchApiError } from '../../src/client/errors.ts';
import type { JudgedQuery } from './judgedQueries.ts';
import type { Progress } from './progress.ts';
import { CUTOFF, firstWantedRank, relevanceScores, type JudgedHit, type RelevanceScores } from './relevanceScores.ts';

/** How one judged query fared: the rank of its first wanted result (null: not in the top 10) and what came back. */
export interface QueryOutcome {
  judged: JudgedQuery;
  rank: number | null;
  hits: Array<JudgedHit & { title: string }>;
}

export interface Evaluation {
  scores: RelevanceScores;
  outcomes: QueryOutcome[];
}

/** A query the host refused: which entry of the file, and why. */
export class RefusedQueryError extends Error {
  override name = 'RefusedQueryError';
}

/** Searches each judged query in turn (the first page of 10) and scores where the wanted results came. */
export async function evaluate(judged: readonly JudgedQuery[], client: IndexClient, progress: Progress): Promise<Evaluation> {
  const outcomes: QueryOutcome[] = [];
  for (const query of judged) {
    let answer;
    try {
      // A search is a GET: the client itself retries it, a refusal for rate included. A
      // judged search is no visitor's: recorded, it would lower the click boosts it judges.
      answer = await client.search({ term: query.query, limit: CUTOFF, collectAnalytics: false });
    } catch (error) {
      // A refusal of the query itself (too long, say) is the file's; anything else is the host's.
      if (error instanceof SearchApiError && (error.status === 0 || error.status === 400)) {
        throw new RefusedQueryError(`${query.where} ('${query.query}'): ${error.message}`);
      }
      throw error;
    }
    const hits = answer.hits.map(({ id, url, title }) => ({ id, url: url ?? '', title }));
    outcomes.push({ judged: query, rank: firstWantedRank(hits, query.wanted), hits });
    progress.update(outcomes.length, outcomes.length / judged.length);
  }
  progress.finish(outcomes.length);
  return { scores: relevanceScores(outcomes.map((o) => o.rank)), outcomes };
}
