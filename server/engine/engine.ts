/**
 * The search engine behind the reference service, as the routes see it. The SQLite
 * engine implements it; another engine can take its place without touching the routes.
 * Inputs are already validated: the engine trusts shapes, not values.
 */
import type { DocumentStatusValue, FacetValue, RangeFacetBucket, SortOrder } from '../../src/client/types.ts';

import type { CheckedDocument, CustomFieldType } from '../../src/client/validateDocuments.ts';
import type { QueryPlan } from '../ranking/queryPlan.ts';

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
}

/** A document as stored (its categories are its URL's: urlCategories gives them again). */
export interface StoredDocument extends Omit<PreparedDocument, 'categories'> {
  /** Epoch milliseconds of the first time this id was indexed; kept across replacements. */
  firstIndexed: number;
  h1: string;
  h2: string;
  metaDescription: string | null;
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
}

export interface SearchResult {
  total: number;
  hits: Array<{ document: StoredDocument; score: number }>;
  facets: Record<string, FacetValue[]> | null;
  rangeFacets: Record<string, RangeFacetBucket[]> | null;
  /**
   * The plan the words were matched by (planQuery; no slots for `*`): the caller
   * highlights hits from it (highlightTerms in search/highlight.ts).
   */
  plan: QueryPlan;
}

export interface SearchEngine {
  /**
   * Creates or fully replaces documents, all or none; searchable once resolved. Custom
   * field types are given by assignFieldTypes (documents/fieldTypes.ts) from the types
   * the engine has stored; with a conflict nothing is written.
   */
  write(documents: readonly PreparedDocument[]): Promise<WriteResult>;
  search(query: SearchQuery): Promise<SearchResult>;
  /** Search-term suggestions for a prefix, most useful first. */
  suggest(term: string, size: number): Promise<string[]>;
  /** Values of a custom field completing `term`, most used first. */
  autocomplete(field: string, term: string, size: number): Promise<string[]>;
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
  /** Records a crawl state that is not INDEXED (a crawl that indexes goes through `write`). */
  markCrawl(id: string, url: string, mark: CrawlMark): Promise<void>;
  /** Crawls accepted but not finished, e.g. when the service stopped. */
  pendingCrawls(): Promise<Array<{ id: string; url: string }>>;
  /** Resolves once writes under way are done and the files are closed. */
  close(): Promise<void>;
}
