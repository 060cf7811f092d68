/**
 * The search pipeline, written once for every engine: parse (the route, with
 * pipeline/parseSearchQuery.ts) -> query rules (queryRules.ts: replaced words, hidden
 * documents, pins, promotions, boosts) -> plan (planSearch.ts: word forms, synonyms, stop words,
 * typo candidates, asked of the engine in batches) -> candidates (the engine: pools by
 * text score and by title, counts, facets) -> ranking rules (rankPool.ts) -> page
 * (placePage.ts, placeRules.ts) -> the page's documents. Suggestions and autocompletion share the
 * engine's reader and the query rules' hidden documents, and keep their own ordering rules
 * (suggestions.ts, autocomplete.ts).
 */
import type { FacetValue, RangeFacetBucket, RankingDetails, SearchHit } from '../../src/client/types.ts';
import type { IndexReader, PageRow, SearchEngine, SearchQuery, StoredDocument } from '../engine/engine.ts';
import type { QueryPlan } from '../ranking/queryPlan.ts';
import type { Lane } from '../config/lanes.ts';
import { unrankedDetails } from '../ranking/explainRanking.ts';
import {
  DEFAULT_RANKING_BASE,
  overlaySettings,
  resolveRankingSettings,
  storedSettings,
  type RankingBase,
  type RankingSettings,
} from '../config/rankingSettings.ts';
import { foldedWords } from '../text/words.ts';
import { autocomplete } from './autocomplete.ts';
import { CommonTitleWords } from './commonTitleWords.ts';
import { highlightTerms, type HighlightTerms } from './highlight.ts';
import { placePage } from './placePage.ts';
import { placeClaims, type PlacedRow, type RulePlacement } from './placeRules.ts';
import { matchRules, ruleIndex, type PlacedPromotion, type RuleEffects } from './queryRules.ts';
import { planSearch } from './planSearch.ts';
import { rankPool } from './rankPool.ts';
import type { ClickBound } from '../ranking/rankCandidates.ts';
import { searchAnswer, type SearchAnswer } from './searchAnswer.ts';
import { searchHit } from './searchHit.ts';
import { hitSections } from './hitSections.ts';
import { passageFromStart } from './hitPassage.ts';
import { SteeringCache, type SteeringView } from './steeringCache.ts';
import { suggest } from './suggestions.ts';

/** Documents the ranking rules order: the best by text score, and the best title matches. */
const POOL_BY_SCORE = 100;
const POOL_BY_TITLE = 100;

export interface SearchResult {
  /** Documents matched, and pinned documents the words did not match; never promotions. */
  total: number;
  /** With `explain`, each hit's `rankingDetails`. */
  hits: Array<{
    document: HitDocument;
    score: number;
    resultType: 'organic' | 'pinned';
    /**
     * The hit as the API shows it (searchHit: its passage and title highlighted by the
     * plan; its best sections, hitSections.ts, for searches with words), made here: on a
     * reader thread when the service has them, not on the event loop, which serves every
     * thread's HTTP.
     */
    shown: SearchHit;
    rankingDetails?: RankingDetails;
  }>;
  /** Promotion cards, each at its index among the hits (before the hit there); with `explain`, its `rankingDetails`. */
  promotions: Array<{ at: number; promotion: PlacedPromotion; score: number; rankingDetails?: RankingDetails }>;
  /** What the query rules that matched did besides placing hits. */
  rules: Pick<RuleEffects, 'applied' | 'redirect' | 'userData'>;
  facets: Record<string, FacetValue[]> | null;
  rangeFacets: Record<string, RangeFacetBucket[]> | null;
  /** The plan the words were matched by (no slots for `*`): the caller highlights hits from it. */
  plan: QueryPlan;
}

/**
 * A hit's document without its texts: the passage and sections were made from them
 * already (`shown`), and a result from a reader thread is copied to the event loop,
 * where a long page's whole body would cost more than the search that found it.
 */
export type HitDocument = Omit<StoredDocument, 'mainContent' | 'hiddenKeywords' | 'headings' | 'contentCut'>;

/** How a search is answered besides its query. */
export interface SearchOptions {
  /** Each hit says why it stands where it does (worked out only when asked). */
  explain?: boolean;
  /** Aborts when the one who asked has gone: the engine stops what it can. */
  signal?: AbortSignal;
  /**
   * What the index learned of clicks for this search (everyone's clicks for its words, the
   * user's profile), read meanwhile elsewhere: the search plans its words first, and only
   * matching waits for it. Laid over the query's own.
   */
  learned?: Promise<Learned>;
  /**
   * The overload lane of its request (overloadGuard.ts): on reader threads, searches
   * waiting for a thread take turns by lane. `read` when absent.
   */
  lane?: Lane;
}

/** What clicks taught: the query's click boosts and personal profile. */
export type Learned = Pick<SearchQuery, 'clickBoosts' | 'clickGroups' | 'clickPlaces' | 'personal'>;

/** How suggestions and autocompletion are answered besides their term. */
export interface CompletionOptions {
  /** Epoch milliseconds the query rules' validity windows are read at; the pipeline's clock when absent. */
  now?: number;
}

/** An index's searches: what the routes call. */
export interface SearchPipeline {
  search(query: SearchQuery, options?: SearchOptions): Promise<SearchResult>;
  /** The search's answer as the search route sends it (searchAnswer.ts), made where the search ran. */
  answer(query: SearchQuery, options?: SearchOptions): Promise<SearchAnswer>;
  /** Search-term suggestions for a prefix, most useful first; none from documents the term's query rules hide. */
  suggest(term: string, size: number, options?: CompletionOptions): Promise<string[]>;
  /** Values of a custom field completing `term`, most used first; documents the term's query rules hide do not count. */
  autocomplete(field: string, term: string, size: number, options?: CompletionOptions): Promise<string[]>;
}

/** What the pipeline needs of an engine: reads, and a count of changes for what it caches. */
export type ReadableIndex = Pick<SearchEngine, 'read' | 'changes'>;

/**
 * The pipeline of one index. Its ranking settings are the config file's (`base`) with
 * those stored through the settings API laid over them, resolved once per version of the
 * index's owner data: a change applies to the next search, on every thread and node.
 * `clock` dates the query rules for a call that gives no `now` (on reader threads, where
 * the app's clock cannot go, the routes always give it).
 */
export function createSearchPipeline(engine: ReadableIndex, base: RankingBase = DEFAULT_RANKING_BASE, clock: () => number = Date.now): SearchPipeline {
  const commonTitleWords = new CommonTitleWords();
  const steering = new SteeringCache();
  // The settings and the query rules, made once per version of the owner data, read in one go.
  const ownerView: SteeringView<{ ranking: RankingSettings; rules: ReturnType<typeof ruleIndex> }> = (entries) => ({
    ranking: resolveRankingSettings(overlaySettings(base.config, storedSettings(entries)), base.maxBoost),
    rules: ruleIndex(entries),
  });
  const search: SearchPipeline['search'] = (asked, { explain = false, signal, learned } = {}) =>
    engine.read(async (reader) => {
      const { ranking, rules } = await steering.read(reader, ownerView);
      let query = asked;
      const effects = matchRules(rules, query.words, query.filter, query.now ?? clock());
      const searched = ruledQuery(query, effects);
      const steered = query.organic !== true;
      const placement = await placeClaims(reader, searched, steered ? effects : null);
      const plan = await planSearch(
        reader,
        searched.words ?? [],
        { prefixLast: searched.prefixLast, fuzzy: searched.fuzzy, operator: searched.operator, typed: searched.typed ?? null },
        ranking.words,
      );
      if (learned !== undefined) query = { ...query, ...(await learned) };
      const byRelevance = searched.sort.by === 'relevance';
      const clickBoosts = byRelevance && query.clickBoosts !== undefined && query.clickBoosts.size > 0 ? query.clickBoosts : null;
      const found = await reader.candidates({
        query: placement.window,
        plan: searched.words === null ? null : plan,
        boostIds: clickBoosts === null ? [] : [...clickBoosts.keys()],
        poolByScore: POOL_BY_SCORE,
        poolByTitle: POOL_BY_TITLE,
      });
      // Explained, each document's boosts by where they come from.
      const boostSources = explain ? clickSources(clickBoosts, query.clickGroups) : null;
      const boosts = byRelevance && steered ? await ruleBoosts(reader, searched, found.pool, effects, clickBoosts, boostSources) : clickBoosts;
      const ranked = await rankPool(
        reader,
        plan,
        found.pool,
        ranking,
        {
          frequencies: found.frequencies,
          boosts,
          clickBounds: clickBoosts === null ? null : clickBounds(clickBoosts, query.clickPlaces),
          // The personal stage: organic results (resultType=organic) are no one's in particular.
          personal: byRelevance && steered && query.personal !== undefined && query.personal.impact > 0 ? query.personal : null,
          commonTitleWords: () => commonTitleWords.words(reader, engine.changes),
          ...(boostSources !== null && { boostSources }),
        },
        explain,
      );
      const relevancePage = searched.words !== null && byRelevance;
      const organic = placePage(ranked.rows, found.rest, placement.window.offset, placement.window.limit, relevancePage);
      const page = placement.place(organic, relevancePage);
      const { hits, promotions } = await pageHits(
        reader,
        page,
        highlightTerms(plan),
        ranked.details === null ? null : { details: ranked.details, ranking, pins: placement.pins },
        searched.words !== null,
      );
      // A pinned document the words did not match (as far as the pool and the page tell) adds to the count.
      const unmatchedPins = searched.words === null ? 0 : placement.unmatchedPins([...found.pool, ...organic]);
      return {
        total: found.total + unmatchedPins,
        hits,
        promotions,
        rules: {
          applied: effects.applied,
          ...(effects.redirect !== undefined && { redirect: effects.redirect }),
          ...('userData' in effects && { userData: effects.userData }),
        },
        facets: found.facets,
        rangeFacets: found.rangeFacets,
        plan,
      };
    }, signal);
  return {
    search,
    answer: async (query, options) => searchAnswer(await search(query, options)),
    suggest: (term, size, { now = clock() } = {}) => engine.read(async (reader) => suggest(reader, term, size, await hiddenFor(reader, term, now))),
    autocomplete: (field, term, size, { now = clock() } = {}) =>
      engine.read(async (reader) => autocomplete(reader, field, term, size, await hiddenFor(reader, term, now))),
  };

  /**
   * The documents the query rules hide for a search of `term`: what the visitor would not
   * find by searching the words typed so far, suggestions and completions do not offer.
   * The rules' other consequences are the search's: a suggestion completes the visitor's
   * own words (not a rule's replacement), and the search it leads to applies the rules.
   */
  async function hiddenFor(reader: IndexReader, term: string, now: number): Promise<string[]> {
    const words = foldedWords(term);
    if (words.length === 0) return [];
    const { rules } = await steering.read(reader, ownerView);
    return matchRules(rules, words, null, now).hide;
  }
}

/**
 * The search the rules leave: their replaced words are searched and highlighted (the
 * route records what the visitor typed), and their hidden documents are left out.
 */
function ruledQuery(query: SearchQuery, effects: RuleEffects): SearchQuery {
  return {
    ...query,
    ...(effects.replaceWords !== undefined && { words: effects.replaceWords, typed: null }),
    ...(effects.hide.length > 0 && { excludedIds: [...(query.excludedIds ?? []), ...effects.hide] }),
  };
}

/** What an explained page reads to say why each hit stands where it does. */
interface PageExplanation {
  details: ReadonlyMap<number, RankingDetails>;
  ranking: RankingSettings;
  pins: RulePlacement['pins'];
}

/** The placed page's documents (read in one call) and promotion cards, each card at its index among the documents. */
async function pageHits(
  reader: IndexReader,
  page: readonly PlacedRow[],
  terms: HighlightTerms,
  explained: PageExplanation | null,
  withSections: boolean,
): Promise<Pick<SearchResult, 'hits' | 'promotions'>> {
  const rowids = page.flatMap((row) => (row.kind === 'promotion' ? [] : [row.rowid]));
  // Sections only for the page's hits, and only when there are words to match them with.
  const [read, sections] = await Promise.all([reader.documents(rowids), withSections ? reader.sections(rowids) : null]);
  // A long page's body comes as its start, which gives most passages; the others read it whole.
  const documents = new Map(read);
  const passages = new Map<number, string>();
  const undecided: number[] = [];
  for (const [rowid, document] of read) {
    if (document.contentCut !== true) continue;
    const found = passageFromStart(document, terms);
    if (found === null) undecided.push(rowid);
    else passages.set(rowid, found);
  }
  if (undecided.length > 0) for (const [rowid, document] of await reader.documents(undecided, true)) documents.set(rowid, document);
  const hits: SearchResult['hits'] = [];
  const promotions: SearchResult['promotions'] = [];
  for (const row of page) {
    if (row.kind === 'promotion') {
      const placed = { at: hits.length, promotion: row.promotion, score: row.score };
      promotions.push(explained === null ? placed : { ...placed, rankingDetails: promotionDetails(explained.ranking, row.promotion) });
      continue;
    }
    const document = documents.get(row.rowid);
    if (document === undefined) continue;
    const shown = searchHit(document, row.score, terms, passages.get(row.rowid));
    const found = sections?.get(row.rowid);
    const best = found === undefined || document.url === null ? [] : hitSections(document.url, found, terms);
    if (best.length > 0) shown.sections = best;
    const { mainContent: _content, hiddenKeywords: _keywords, headings: _headings, contentCut: _cut, ...kept } = document;
    const hit = { document: kept, score: row.score, resultType: row.kind, shown };
    hits.push(explained === null ? hit : { ...hit, rankingDetails: hitDetails(explained.details, explained.ranking, row, explained.pins) });
  }
  return { hits, promotions };
}

/**
 * The rules' boosts joined to the click boosts, by document id: each boost multiplies
 * the documents of the pool that match its filter, so the ranking rules weigh them as
 * they weigh clicks.
 */
async function ruleBoosts(
  reader: IndexReader,
  query: SearchQuery,
  pool: readonly PageRow[],
  effects: RuleEffects,
  clickBoosts: ReadonlyMap<string, number> | null,
  sources: BoostSources | null = null,
): Promise<ReadonlyMap<string, number> | null> {
  if (effects.boosts.length === 0 || pool.length === 0) return clickBoosts;
  const boosts = new Map(clickBoosts ?? []);
  const rowids = pool.map((row) => row.rowid);
  for (const { filter, factor, ruleId } of effects.boosts) {
    // The pool passed the search's own conditions already: only the boost's filter is tested.
    const onlyFilter: SearchQuery = { ...query, language: null, category: null, dateFrom: null, dateTo: null, customFields: [], filter, excludedIds: [] };
    for (const { id } of await reader.passing({ rowids }, onlyFilter)) {
      boosts.set(id, (boosts.get(id) ?? 1) * factor);
      sources?.set(id, [...(sources.get(id) ?? []), { source: `rule:${ruleId}`, factor }]);
    }
  }
  return boosts;
}

/** An explained search's boosts by document id, each with where it comes from (`clicks`, `rule:{id}`). */
type BoostSources = Map<string, Array<{ source: string; factor: number; groups?: number }>>;

function clickSources(clickBoosts: ReadonlyMap<string, number> | null, groups: ReadonlyMap<string, number> | undefined): BoostSources {
  return new Map(
    [...(clickBoosts ?? [])].map(([id, factor]) => {
      const behind = groups?.get(id);
      return [id, [{ source: 'clicks', factor, ...(behind !== undefined && { groups: behind }) }]];
    }),
  );
}

/** The click boosts bounded in how far they move their document: each one's factor and its places at most. */
function clickBounds(clickBoosts: ReadonlyMap<string, number>, places: ReadonlyMap<string, number> | undefined): ReadonlyMap<string, ClickBound> | null {
  if (places === undefined || places.size === 0) return null;
  const bounds = new Map<string, ClickBound>();
  for (const [id, maxPlaces] of places) {
    const factor = clickBoosts.get(id);
    if (factor !== undefined) bounds.set(id, { factor, maxPlaces });
  }
  return bounds;
}

/** An explained document hit: what the ranking rules read of it, and the pin that placed it, if one did. */
function hitDetails(
  details: ReadonlyMap<number, RankingDetails>,
  ranking: RankingSettings,
  row: { kind: 'organic' | 'pinned'; rowid: number },
  pins: ReadonlyMap<number, { ruleId: string; position: number }>,
): RankingDetails {
  const ranked = details.get(row.rowid) ?? unrankedDetails(ranking.rules);
  const pin = row.kind === 'pinned' ? pins.get(row.rowid) : undefined;
  if (pin === undefined) return ranked;
  return { ...ranked, decidedBy: null, pinned: pin, note: `pinned at position ${pin.position} by query rule '${pin.ruleId}', whatever the ranking rules say` };
}

/** An explained promotion: a card, not a document, so no rule compared it. */
function promotionDetails(ranking: RankingSettings, promotion: PlacedPromotion): RankingDetails {
  return {
    ...unrankedDetails(ranking.rules),
    note: `a promotion of query rule '${promotion.ruleId}' at position ${promotion.position}, not a document`,
  };
}
