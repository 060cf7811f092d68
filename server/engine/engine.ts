/**
 * The engine port: what the search pipeline (server/pipeline) asks of the storage
 * behind an index, and all that differs from one engine to another: matching
 * candidates, the texts of rows, counts and facets, word lookups, writes, lookups and
 * statuses. The SQLite and PostgreSQL engines implement it; a third engine implements
 * the same. Everything else a search does (the plan, the ranking rules, the page) is
 * written once above it. Inputs are already validated: the engine trusts shapes, not values.
 */
import type { CustomFieldValue, DocumentStatusValue, FacetValue, RangeFacetBucket, SortOrder } from '../../src/client/types.ts';

import type { CheckedDocument, CustomFieldType } from '../../src/client/validateDocuments.ts';
import type { CrawlStore } from './crawlStore.ts';
import type { QueryPlan } from './matchPlan.ts';

/** Inferred from the first value indexed for a name; arrays of strings are `text`. */
export type { CustomFieldType };

/**
 * A document checked and normalised for writing, with its id and what every engine
 * indexes alike, computed once before any engine sees it (validateDocument.ts).
 */
export interface PreparedDocument extends Omit<CheckedDocument, 'id'> {
  id: string;
  /** The categories its URL gives (urlCategories.ts), which `category` filters and facets match. */
  categories: readonly string[];
  /** What the crawler read beyond the document fields; absent for documents written through the API. */
  page?: PageFacts;
}

/** Parts of a crawled page that the document resource (2.1) has no field for. */
export interface PageFacts {
  h1: string;
  h2: string;
  metaDescription: string | null;
  /** The texts of the page's h1–h3 headings, one a line, bounded (see readPage.ts): a field the ranking weighs near the title. */
  headings?: string;
  /** The page's sections, each begun by an h1–h3 heading, in page order, bounded in number and size. */
  sections?: readonly PageSection[];
}

/** A part of a page begun by a heading, as the crawler read it. */
export interface PageSection {
  /** The heading's text. */
  title: string;
  /** The fragment that links to it (without `#`): the heading's id or its enclosing element's; null when the page gives none. */
  anchor: string | null;
  /** The section's text up to the next heading, cut at a bound (readPage.ts). */
  text: string;
}

/** A document as stored (its categories are its URL's: urlCategories gives them again). */
export interface StoredDocument extends Omit<PreparedDocument, 'categories'> {
  /** Epoch milliseconds of the first time this id was indexed; kept across replacements. */
  firstIndexed: number;
  h1: string;
  h2: string;
  metaDescription: string | null;
  /** See PageFacts: empty for documents written through the API and pages indexed before headings were kept. */
  headings: string;
  /** Space-delimited; searchable, never shown. Kept when the document is replaced. */
  hiddenKeywords: string | null;
}

/** What the status endpoint (2.4) reports of an id the index knows. */
export interface DocumentState {
  id: string;
  url: string | null;
  status: DocumentStatusValue;
  statusInfo: string;
  /** Epoch milliseconds of the last fetch or write; null while never fetched. */
  lastFetched: number | null;
  /** Whether a document with this id is searchable (a PENDING re-crawl keeps the old one). */
  indexed: boolean;
  /** The id of the earliest indexed document with the same main content, if another. */
  duplicateOf: string | null;
}

/** A crawl outcome that indexes nothing: PENDING while queued, ERROR, or EXCLUDED (which removes the document). */
export type CrawlMark = { status: 'PENDING' } | { status: 'ERROR' | 'EXCLUDED'; info: string };

/** A custom field value whose type differs from the type the field already has. */
export interface FieldTypeConflict {
  /** Position of the document in the write. */
  position: number;
  field: string;
  fieldType: CustomFieldType;
  valueType: CustomFieldType;
}

/** All or nothing: with conflicts, nothing was written. */
export type WriteResult = { ok: true } | { ok: false; conflicts: FieldTypeConflict[] };

/** A parsed `filter` parameter. Field names are without the `custom_fields.` prefix. */
export type FilterNode =
  | { op: 'and'; nodes: FilterNode[] }
  | { op: 'or'; nodes: FilterNode[] }
  | { op: 'not'; node: FilterNode }
  | { op: 'eq'; field: string; value: string | number }
  | { op: 'category'; value: string }
  | { op: 'range'; field: string; gt?: number; lt?: number };

export type SortSpec = { by: 'relevance' } | { by: 'date'; order: SortOrder } | { by: 'field'; field: string; order: SortOrder };

/** A requested value facet; `key` names it in the answer. */
export type FacetSpec =
  | { kind: 'field'; key: string; field: string }
  /** Categories that start with `prefix` (`0x`, `1x`, ...). */
  | { kind: 'categories'; key: string; prefix: string };

export interface RangeFacetSpec {
  key: string;
  field: string;
  ranges: Array<{ from?: number; to?: number }>;
}

/**
 * How query words may also match words close to them: the engine's reading of the API's
 * `fuzzy` (`FuzzyMode`, whose `true` is `all` and `false` is `off`).
 */
export type NearMatching = 'off' | 'all' | 'auto';

/** A search, parsed and checked. */
export interface SearchQuery {
  /** Folded query words; null for `*` (every document). */
  words: string[] | null;
  /**
   * The term folded, as typed, when its punctuation says something the words do not
   * (`:has()`, `@keyfr`, `Set-Cookie`); null otherwise. Titles that hold it rank higher.
   */
  typed?: string | null;
  /** The last word also matches words it begins (search as you type). */
  prefixLast: boolean;
  /** `all`: every word also matches near words; `auto`: only words the index lacks. */
  fuzzy: NearMatching;
  /** How words combine; `or` only changes fuzzy `auto` searches. */
  operator: 'and' | 'or';
  language: string | null;
  category: string | null;
  /** Epoch milliseconds; `from` inclusive, `to` exclusive. */
  dateFrom: number | null;
  dateTo: number | null;
  /** Values of one field are ORed, fields are ANDed. */
  customFields: Array<{ field: string; values: string[] }>;
  filter: FilterNode | null;
  sort: SortSpec;
  offset: number;
  limit: number;
  facets: FacetSpec[];
  numFacets: number;
  rangeFacets: RangeFacetSpec[];
  /**
   * Relevance score multipliers by document id, from clicks for these words; ignored
   * unless sorted by relevance.
   */
  clickBoosts?: ReadonlyMap<string, number>;
  /** The address groups behind each click boost, by document id (shown by explained searches). */
  clickGroups?: ReadonlyMap<string, number>;
  /**
   * The most places a click boost moves its document up from where it stands without
   * clicks, by document id: the boosts too few address groups agree on (see
   * server/events/clickRanking.ts). A boost absent here is not bounded.
   */
  clickPlaces?: ReadonlyMap<string, number>;
  /** Documents left out of matches, counts and facets (hidden by query rules). */
  excludedIds?: readonly string[];
  /** `resultType=organic`: query rules pin, promote and boost nothing (they still hide and replace words). */
  organic?: boolean;
  /** Epoch milliseconds the query rules' validity windows are read at; the time of the search when absent. */
  now?: number;
  /** The searching user's profile (server/events/personalization.ts); ignored unless sorted by relevance. */
  personal?: PersonalRanking;
}

/** A user's profile as the ranking reads it: each feature's share of their clicks, and how far it may move results. */
export interface PersonalRanking {
  /** Share (0-1) of the user's clicks by feature (`c:CATEGORY`, `f:FIELD=VALUE`). */
  profile: ReadonlyMap<string, number>;
  /** 1-100. */
  impact: number;
  /** The custom fields the profile counts. */
  fields: readonly string[];
}

/** A row of a result: the document's rowid and its score (higher is better). */
export interface PageRow {
  rowid: number;
  score: number;
}

/** Where an engine changes strategy to stay fast; tests lower them to reach every path with few documents. */
export interface RankingLimits {
  /**
   * Above this many matches of an AND search, scoring them all would cost more than the
   * rest of the search (a few microseconds per match): the engine then counts them and
   * takes the tiered order (title matches first, shortest title first, then the rest in
   * indexing order), scoring only the pool. Every match holds every word, so the
   * documents the rules put first are among the title matches.
   */
  rankAllMax: number;
  /**
   * The same for OR searches, higher: their matches differ in which words they hold, and
   * the tiered order would miss those with the most (and rarest) words.
   */
  rankAllMaxOr: number;
  /**
   * A word in more documents than this is left out of the text score (but not of
   * matching) when other words remain: its weight is small, and scoring would first
   * walk every one of its documents.
   */
  commonWordDocs: number;
}

export const DEFAULT_RANKING_LIMITS: RankingLimits = { rankAllMax: 500, rankAllMaxOr: 3_000, commonWordDocs: 5_000 };

/** Words the plan asks about, all at once. */
export interface WordQuestions {
  /** Does the index hold this word? */
  has: readonly string[];
  /** Does the index hold a longer word that starts with this one? */
  extends: readonly string[];
  /**
   * Indexed words within `maxDistance` edits, closest first, at most `limit`; with
   * `onlyIfAbsent`, none for a word the index holds (no answer is needed then).
   */
  near: ReadonlyArray<{ word: string; maxDistance: number; limit: number; onlyIfAbsent: boolean }>;
}

export interface WordAnswers {
  /** The words asked about with `has` that the index holds. */
  has: ReadonlySet<string>;
  /** The words asked about with `extends` that some longer indexed word starts with. */
  extends: ReadonlySet<string>;
  near: ReadonlyMap<string, ReadonlyArray<{ word: string; distance: number }>>;
}

/** What the pipeline asks the engine to match. */
export interface CandidateRequest {
  query: SearchQuery;
  /** The words' plan; null matches every document (`*`). */
  plan: QueryPlan | null;
  /** Documents that join the pool when they match (clicked for these words). */
  boostIds: readonly string[];
  /** The pool: the best matches by text score, and the best title matches. */
  poolByScore: number;
  poolByTitle: number;
}

/**
 * The matches of a search, as the pipeline places them: the ranking rules order `pool`,
 * which takes the first places of the order; `rest` holds the rows that follow from
 * place max(offset, pool.length) on, already in order, at most `limit` of them.
 * Sorted and `*` searches have no pool.
 */
export interface Candidates {
  total: number;
  pool: PageRow[];
  rest: PageRow[];
  /** Documents matching each meaningful slot, counted up to just past `commonWordDocs`: with `or` only, else empty. */
  frequencies: number[];
  facets: Record<string, FacetValue[]> | null;
  rangeFacets: Record<string, RangeFacetBucket[]> | null;
}

/**
 * The most of a field (title, content, hidden keywords) the ranking rules read, in
 * UTF-16 units: the engines read no more of it. A long page's body runs to hundreds of
 * KB, and reading it whole for every pooled row cost more than ranking them.
 */
export const RANKED_FIELD_CHARS = 10_000;

/** What the ranking rules read of a document, each field cut at RANKED_FIELD_CHARS. */
export interface RankedText {
  rowid: number;
  id: string;
  url: string | null;
  title: string;
  /** The page's h1–h3 headings, one a line (empty or absent when it has none). */
  headings?: string;
  /** The searchable text besides the title: the content, then the hidden keywords. */
  content: string;
  /** A field was longer than RANKED_FIELD_CHARS: the text holds its start alone. */
  cut: boolean;
  /**
   * Only when asked for, and only for a cut text: the runs of the content past its start
   * that a typed name can stand in (see text/nameRuns.ts), stored when the page was
   * written; null when the row does not know them (written before, or a title or hidden
   * keywords cut), so the whole text must be read for a name.
   */
  laterNames?: string | null;
  /** Only when asked for (a custom ranking rule reads them). */
  customFields: Record<string, CustomFieldValue> | null;
}

/** A title that holds the typed words, for suggestions; `rank` lower is better (0: unranked). */
export interface TitleRow {
  rank: number;
  rowid: number;
  title: string;
}

/** A value of a custom field, for autocompletion: as stored, folded, and how many documents hold it. */
export interface FieldValueUse {
  text: string;
  fold: string;
  uses: number;
}

/**
 * One read of an index: every call sees the same commit, and the reader is only used
 * inside `SearchEngine.read`.
 */
export interface IndexReader {
  /** Answers every question of the plan in one go. */
  words(questions: WordQuestions): Promise<WordAnswers>;
  /** Matches, counts, orders what it can by text score or sort, and counts facets. */
  candidates(request: CandidateRequest): Promise<Candidates>;
  /**
   * The texts the ranking rules read of these rows (rows gone are left out), each field
   * cut at RANKED_FIELD_CHARS; `whole`, not cut (the few rows whose stored name runs
   * cannot answer for a typed name); `laterNames`, with RankedText.laterNames.
   */
  texts(rowids: readonly number[], withCustomFields: boolean, whole?: boolean, laterNames?: boolean): Promise<RankedText[]>;
  /** The stored documents of these rows, by rowid. */
  documents(rowids: readonly number[]): Promise<ReadonlyMap<number, StoredDocument>>;
  /** The sections of these rows' pages, by rowid (rows without sections are left out): for a page of hits, not a pool. */
  sections(rowids: readonly number[]): Promise<ReadonlyMap<number, readonly PageSection[]>>;
  /** An even sample of the index's titles, and about how many titles it holds. */
  titleSample(): Promise<{ titles: string[]; total: number }>;
  /**
   * At most `limit` titles holding the folded words, the last one as a prefix (a
   * single letter as the two-letter prefixes the index holds, then unranked), or runs
   * of a few of them as one identifier (`set timeout` as `settimeout`). The documents
   * of `excludedIds` (hidden by query rules) are left out here and in the calls below.
   */
  titlesWith(words: readonly string[], limit: number, excludedIds: readonly string[]): Promise<TitleRow[]>;
  /** One title holding every one of the words whole, or null. */
  anyTitleWith(words: readonly string[], excludedIds: readonly string[]): Promise<TitleRow | null>;
  /** Up to `limit` indexed words that start with `prefix`, in word order. */
  wordsStarting(prefix: string, limit: number): Promise<string[]>;
  /** The contents of up to `limit` documents holding the words as a phrase, the last one a prefix. */
  contentsWithPhrase(words: readonly string[], limit: number, excludedIds: readonly string[]): Promise<string[]>;
  /**
   * Values of a custom field whose folded form starts with `folded` (`start`) or holds it
   * anywhere (`anywhere`), one row per stored value, counting only the documents not in
   * `excludedIds`.
   */
  fieldValues(field: string, folded: string, where: 'start' | 'anywhere', excludedIds: readonly string[]): Promise<FieldValueUse[]>;
  /**
   * The owner's data (rules, settings) with its version, or null when its version is
   * still `since`: cheap when nothing changed (see Steering).
   */
  steering(since: string | null): Promise<SteeringSnapshot | null>;
  /**
   * Of these documents (by id or by rowid), those that pass `query`'s conditions other
   * than its words: language, category, dates, custom fields, filter and excluded ids.
   * For pinned documents (which need not match the words) and boosts (which test a
   * filter on the pool).
   */
  passing(documents: { ids: readonly string[] } | { rowids: readonly number[] }, query: SearchQuery): Promise<Array<{ id: string; rowid: number }>>;
}

/**
 * What the site owner stores to steer an index's searches, by kind: query rules (`rule`,
 * by rule id) and the index settings (`settings`, id `''`).
 */
export type SteeringKind = 'rule' | 'settings';

/** One stored entry: its body is the JSON text as written. */
export interface SteeringEntry {
  kind: SteeringKind;
  id: string;
  body: string;
}

/** Every entry of an index's owner data, as of one version (bumped by every write of it). */
export interface SteeringSnapshot {
  version: string;
  entries: SteeringEntry[];
}

/**
 * The owner's data of an index, stored in the index's own database (so it survives
 * restarts and every node of a shared database sees it); each write is one transaction
 * that bumps the version searches read it by (IndexReader.steering).
 */
/** A page of a steering listing: the entries after the id `after` (null: from the first), at most `limit`. */
export interface SteeringPage {
  after: string | null;
  limit: number;
}

export interface Steering {
  /** Entries of a kind, by id order, with their bodies (JSON text); `page`: at most `limit` of those after the id `after`. */
  list(kind: SteeringKind, page?: SteeringPage): Promise<Array<{ id: string; body: string }>>;
  /** How many entries of a kind there are, and the bytes of their bodies (UTF-8). */
  size(kind: SteeringKind): Promise<{ count: number; bytes: number }>;
  /** The body of an entry, or null. */
  get(kind: SteeringKind, id: string): Promise<string | null>;
  /** Creates or replaces an entry. */
  put(kind: SteeringKind, id: string, body: string): Promise<void>;
  /** Removes an entry; false, changing nothing, when there was none. */
  remove(kind: SteeringKind, id: string): Promise<boolean>;
}

export interface SearchEngine {
  /**
   * Creates or fully replaces documents, all or none; searchable once resolved. Custom
   * field types are given by assignFieldTypes (engine/fieldTypes.ts) from the types
   * the engine has stored; with a conflict nothing is written.
   */
  write(documents: readonly PreparedDocument[]): Promise<WriteResult>;
  /**
   * Runs `work` on one snapshot of the index (see IndexReader). When `signal` aborts (the
   * one who asked has gone), an engine that waits on a database stops the work there.
   */
  read<T>(work: (reader: IndexReader) => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** Documents written or removed by this process so far: cached facts of the index go stale with it. */
  readonly changes: number;
  /** Documents whose id, or whose custom field `field`, is one of `values` (for recommendations). */
  lookup(values: readonly string[], field: string | null): Promise<StoredDocument[]>;
  count(): Promise<number>;
  /** The stored document, or null. */
  get(id: string): Promise<StoredDocument | null>;
  /** Removes a document and its status; false, changing nothing, when there was no document. */
  remove(id: string): Promise<boolean>;
  /** Sets (null: clears) a document's hidden keywords; false when there is no such document. */
  setHiddenKeywords(id: string, keywords: string | null): Promise<boolean>;
  /** The status of an id; null when the index never heard of it. */
  status(id: string): Promise<DocumentState | null>;
  /**
   * The states of the ids with this status, latest fetch first, or of the ids whose
   * document or status has this URL (its md5 id or any other); at most `limit`.
   */
  statuses(filter: { status: DocumentStatusValue } | { url: string }, limit: number): Promise<DocumentState[]>;
  /** The custom fields some document gave a type (engine/fieldTypes.ts), by name, and those with a list value. */
  customFields(): Promise<{ types: Map<string, CustomFieldType>; multiValued: Set<string> }>;
  /** Records a crawl state that is not INDEXED (a crawl that indexes goes through `write`). */
  markCrawl(id: string, url: string, mark: CrawlMark): Promise<void>;
  /** Crawls accepted but not finished, e.g. when the service stopped. */
  pendingCrawls(): Promise<Array<{ id: string; url: string }>>;
  /** The owner's data: rules and settings. */
  readonly steering: Steering;
  /** The index's crawl jobs and their frontiers (crawlStore.ts). */
  readonly crawls: CrawlStore;
  /** Resolves once writes under way are done and the files are closed. */
  close(): Promise<void>;
}
