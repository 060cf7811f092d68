import type { RangeFacetRequest, SearchFilter, SearchParams, SortOrder } from '../client/types.ts';

/**
 * A chosen range of a numeric custom field, both bounds inclusive ("From 2001 To 2005"
 * takes 2005 in), unless `toExcluded`: a range-facet bucket counts `from` inclusive and
 * `to` exclusive, and choosing it must find what it counted.
 */
export interface RangeSelection {
  from?: number;
  to?: number;
  /** `to` itself is left out, as in a bucket of the range facet. @default false */
  toExcluded?: boolean;
}

/** A number typed or written as text (blanks around it allowed), else undefined. */
export function readNumber(text: unknown): number | undefined {
  const trimmed = String(text ?? '').trim();
  return trimmed && Number.isFinite(Number(trimmed)) ? Number(trimmed) : undefined;
}

/**
 * The range two texts (or numbers) give; a bound that is not a number is left open, so
 * both may be. With `toExcluded`, a `to` bound is left out of the range.
 */
export function readRange(from: unknown, to: unknown, toExcluded = false): RangeSelection {
  const range: RangeSelection = {};
  const f = readNumber(from);
  const t = readNumber(to);
  if (f !== undefined) range.from = f;
  if (t !== undefined) range.to = t;
  if (t !== undefined && toExcluded) range.toExcluded = true;
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
  /**
   * Any of the words may match (`defaultOperator=or`): set once every word together
   * found nothing, and kept by the term's other pages, sorts and filters.
   */
  partial?: boolean;
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
 * The API's range filter has only exclusive bounds (`gt`, `lt`); an inclusive bound moves
 * outwards by this hair, which scales with the number (epoch milliseconds too).
 */
function hair(x: number): number {
  return (Math.abs(x) + 1) * 1e-9;
}

/** How many filters are set, one per chip: each value of a field, each range, category, language and date. */
export function countFilters({ fields = {}, ranges = {}, category, lang, dateFrom, dateTo }: SearchFilters): number {
  return Object.values(fields).flat().length + Object.keys(ranges).length + [category, lang, dateFrom, dateTo].filter((v) => v).length;
}

/**
 * The API parameters of one search, as section 4.1 spells them. Every search forgives
 * typos (`fuzzy=auto`, the value the API suggests): the service ranks corrections below
 * exact matches, so a correct spelling loses nothing.
 */
export function toSearchParams(state: SearchState, limit: number, requests: FacetRequests = {}): SearchParams {
  const { term, page, sort, order, filters, partial } = state;
  const { fields = {}, ranges = {}, category, lang, dateFrom, dateTo } = filters;
  const { facets = [], categoryFacet, categoryRoot, numFacets, rangeFacets } = requests;
  const categories = category || categoryRoot;
  const sorted = sort !== 'relevance';
  const parts: SearchFilter[] = Object.entries(ranges)
    .filter(([, { from, to }]) => from !== undefined || to !== undefined)
    .map(([name, { from, to, toExcluded }]) => ({
      range: {
        [`custom_fields.${name}`]: {
          gt: from === undefined ? from : from - hair(from),
          lt: to === undefined || toExcluded ? to : to + hair(to),
        },
      },
    }));
  const facet = facets.map((name) => `custom_fields.${name}`).concat(categoryFacet && categories ? 'categorys' : []);
  const optional = {
    defaultOperator: partial && 'or',
    sort: sorted && sort,
    order: sorted && order,
    customField: Object.fromEntries(Object.entries(fields).filter(([, values]) => values.length)),
    categories,
    lang,
    dateFrom,
    dateTo,
    filter: parts[1] ? { and: parts } : parts[0],
    facet,
    numFacets: facet.length && numFacets,
    rangeFacets,
  };
  // Only what is set goes out: no empty lists, objects or strings, no `false`.
  const set = Object.entries(optional).filter(([, value]) => value && (typeof value !== 'object' || Object.keys(value).length));
  return { term, limit, page, fuzzy: 'auto', ...Object.fromEntries(set) };
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
