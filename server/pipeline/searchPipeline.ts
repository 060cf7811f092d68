/**
 * The search pipeline, written once for every engine: parse (the route, with
 * search/parseSearchQuery.ts) -> plan (planSearch.ts: word forms, synonyms, stop words,
 * typo candidates, asked of the engine in batches) -> candidates (the engine: pools by
 * text score and by title, counts, facets) -> ranking rules (rankPool.ts) -> page
 * (placePage.ts) -> the page's documents. Suggestions and autocompletion share the
 * engine's reader and keep their own ordering rules (suggestions.ts, autocomplete.ts).
 */
import type { FacetValue, RangeFacetBucket } from '../../src/client/types.ts';
import type { SearchEngine, SearchQuery, StoredDocument } from '../engine/engine.ts';
import type { QueryPlan } from '../ranking/queryPlan.ts';
import { DEFAULT_RANKING_SETTINGS, type RankingSettings } from '../ranking/rankingSettings.ts';
import { autocomplete } from './autocomplete.ts';
import { CommonTitleWords } from './commonTitleWords.ts';
import { placePage } from './placePage.ts';
import { planSearch } from './planSearch.ts';
import { rankPool } from './rankPool.ts';
import { suggest } from './suggestions.ts';

/** Documents the ranking rules order: the best by text score, and the best title matches. */
const POOL_BY_SCORE = 100;
const POOL_BY_TITLE = 100;

export interface SearchResult {
  total: number;
  hits: Array<{ document: StoredDocument; score: number }>;
  facets: Record<string, FacetValue[]> | null;
  rangeFacets: Record<string, RangeFacetBucket[]> | null;
  /** The plan the words were matched by (no slots for `*`): the caller highlights hits from it. */
  plan: QueryPlan;
}

/** An index's searches: what the routes call. */
export interface SearchPipeline {
  /** `signal` aborts when the one who asked has gone: the engine stops what it can. */
  search(query: SearchQuery, signal?: AbortSignal): Promise<SearchResult>;
  /** Search-term suggestions for a prefix, most useful first. */
  suggest(term: string, size: number): Promise<string[]>;
  /** Values of a custom field completing `term`, most used first. */
  autocomplete(field: string, term: string, size: number): Promise<string[]>;
}

/** What the pipeline needs of an engine: reads, and a count of changes for what it caches. */
export type ReadableIndex = Pick<SearchEngine, 'read' | 'changes'>;

export function createSearchPipeline(engine: ReadableIndex, ranking: RankingSettings = DEFAULT_RANKING_SETTINGS): SearchPipeline {
  const commonTitleWords = new CommonTitleWords();
  return {
    search: (query, signal) =>
      engine.read(async (reader) => {
        const words = query.words ?? [];
        const plan = await planSearch(
          reader,
          words,
          { prefixLast: query.prefixLast, fuzzy: query.fuzzy, operator: query.operator, typed: query.typed ?? null },
          ranking.words,
        );
        const boosts = query.sort.by === 'relevance' && query.clickBoosts !== undefined && query.clickBoosts.size > 0 ? query.clickBoosts : null;
        const found = await reader.candidates({
          query,
          plan: query.words === null ? null : plan,
          boostIds: boosts === null ? [] : [...boosts.keys()],
          poolByScore: POOL_BY_SCORE,
          poolByTitle: POOL_BY_TITLE,
        });
        const ranked = await rankPool(reader, plan, found.pool, ranking, {
          frequencies: found.frequencies,
          boosts,
          commonTitleWords: () => commonTitleWords.words(reader, engine.changes),
        });
        const page = placePage(ranked, found.rest, query.offset, query.limit, query.words !== null && query.sort.by === 'relevance');
        const documents = await reader.documents(page.map((row) => row.rowid));
        const hits = page.flatMap((row) => {
          const document = documents.get(row.rowid);
          return document === undefined ? [] : [{ document, score: row.score }];
        });
        return { total: found.total, hits, facets: found.facets, rangeFacets: found.rangeFacets, plan };
      }, signal),
    suggest: (term, size) => engine.read((reader) => suggest(reader, term, size)),
    autocomplete: (field, term, size) => engine.read((reader) => autocomplete(reader, field, term, size)),
  };
}
