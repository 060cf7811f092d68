import type { RangeFacetRequest, SearchFilter, SearchParams, SortOrder } from '../client/types.ts';

/** A chosen range of a numeric custom field: `from` inclusive, `to` exclusive, like a range-facet bucket. */
export interface RangeSelection {
  from?: number;
  to?: number;
}

/** A number typed or written as text (blanks around it allowed), else undefined. */
export function readNumber(text: unknown): number | undefined {
  const trimmed = String(text ?? '').trim();
  return trimmed && Number.isFinite(Number(trimmed)) ? Number(trimmed) : undefined;
}

/** The range two texts give; a bound that is not a number is left open, so both may be. */
export function readRange(from: unknown, to: unknown): RangeSelection {
  const range: RangeSelection = {};
  const f = readNumber(from);
  const t = readNumber(to);
  if (f !== undefined) range.from = f;
  if (t !== undefined) range.to = t;
  return range;
}

/** What narrows the results. Every part is optional; an empty object means "everything". */
export interface SearchFilters {
  /** Custom field name (without `custom_fields.`) to the values chosen: OR within a field, AND across. */
  fields?: Record<string, string[]>;
  /** One category: `0x<domain>`, `1x<segment>` (a path level) or `doctype_<type>`. */
  category?: string;
  /** Two-letter language code. */
  lang?: string;
  /** `yyyy-MM-dd` */
  dateFrom?: string;
  /** `yyyy-MM-dd` */
  dateTo?: string;
  /** Numeric custom field name to its chosen range. */
  ranges?: Record<string, RangeSelection>;
}

/** Everything a search depends on besides the limit and the facet requests: what the URL keeps. */
export interface SearchState {
  term: string;
  page: number;
  /** `relevance`, `date` or `custom_fields.<name>`. */
  sort: string;
  order: SortOrder;
  filters: SearchFilters;
  /** Also match words close to the terms (`fuzzy=auto`): the empty state's retry. */
  fuzzy?: boolean;
}

/** The facets a widget asks for with every search. */
export interface FacetRequests {
  /** Custom fields (names without `custom_fields.`) whose values are counted. */
  facets?: string[] | undefined;
  /** Also count the categories one path level below the chosen (or root) category. */
  categoryFacet?: boolean | undefined;
  /** The category whose children are counted while none is chosen, e.g. `1xdocs`. */
  categoryRoot?: string | undefined;
  numFacets?: number | undefined;
  rangeFacets?: RangeFacetRequest[] | undefined;
}

/**
 * The API's range filter has only exclusive bounds; `from` is inclusive, so the lower
 * bound moves down by a hair that scales with the number (epoch milliseconds too).
 */
function below(x: number): number {
  return x - (Math.abs(x) + 1) * 1e-9;
}

/** Whether any filter is set. */
export function hasFilters(filters: SearchFilters): boolean {
  const { fields = {}, ranges = {}, category, lang, dateFrom, dateTo } = filters;
  return !!(category || lang || dateFrom || dateTo) || Object.keys(ranges).length > 0 || Object.values(fields).some((v) => v.length > 0);
}

/** The API parameters of one search, as section 4.1 spells them. */
export function toSearchParams(
  state: SearchState,
  limit: number,
  requests: FacetRequests = {},
): SearchParams {
  const { term, page, sort, order, filters } = state;
  const params: SearchParams = { term, limit, page };
  if (state.fuzzy) params.fuzzy = 'auto';
  if (sort !== 'relevance') {
    params.sort = sort;
    params.order = order;
  }
  const { fields = {}, ranges = {}, category, lang, dateFrom, dateTo } = filters;
  const customField: Record<string, string[]> = {};
  for (const [name, values] of Object.entries(fields)) if (values.length) customField[name] = values;
  if (Object.keys(customField).length) params.customField = customField;
  const cat = category || requests.categoryRoot;
  if (cat) params.categories = cat;
  if (lang) params.lang = lang;
  if (dateFrom) params.dateFrom = dateFrom;
  if (dateTo) params.dateTo = dateTo;
  const parts: SearchFilter[] = [];
  for (const [name, { from, to }] of Object.entries(ranges)) {
    const bounds: { gt?: number; lt?: number } = {};
    if (from !== undefined) bounds.gt = below(from);
    if (to !== undefined) bounds.lt = to;
    if (from !== undefined || to !== undefined) parts.push({ range: { [`custom_fields.${name}`]: bounds } });
  }
  if (parts.length) params.filter = parts.length === 1 ? parts[0] : { and: parts };
  const facet = (requests.facets ?? []).map((name) => `custom_fields.${name}`);
  if (requests.categoryFacet && cat) facet.push('categorys');
  if (facet.length) params.facet = facet;
  if (requests.numFacets !== undefined && facet.length) params.numFacets = requests.numFacets;
  if (requests.rangeFacets?.length) params.rangeFacets = requests.rangeFacets;
  return params;
}

/** A copy of `filters` with `value` of `field` chosen or, when it was, unchosen. */
export function toggleValue(filters: SearchFilters, field: string, value: string): SearchFilters {
  const current = filters.fields?.[field] ?? [];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  const fields = { ...filters.fields, [field]: next };
  if (!next.length) delete fields[field];
  return { ...filters, fields };
}

/** A copy of `filters` with the range of `field` set, or removed when `range` is null. */
export function setRange(filters: SearchFilters, field: string, range: RangeSelection | null): SearchFilters {
  const ranges = { ...filters.ranges };
  if (range && (range.from !== undefined || range.to !== undefined)) ranges[field] = range;
  else delete ranges[field];
  return { ...filters, ranges };
}
