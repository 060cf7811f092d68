// The script-tag build swaps this for src/embed/lazyMessages.ts (vite.config.ts).
import { enLater, enRelated } from './messagesLater.ts';

/** A phrase with a number: one form per plural category the locale uses; `#` stands for the number. */
export type Plural = { [K in Intl.LDMLPluralRule]?: string } & { other: string };

/**
 * Every word the widget shows or announces. `{name}` marks a value put in; numbers
 * are formatted for `locale`. Pass a whole object for another language, or spread
 * `en` and change a few entries.
 */
export interface Messages {
  /** BCP 47 language tag for plurals, numbers and dates, e.g. `en` or `de`. */
  locale: string;
  /** Writing direction of the language, set on the widget. @default 'ltr' */
  dir?: 'ltr' | 'rtl';
  /** The Ctrl key's name on the language's keyboards, in the overlay opener's hint. @default 'Ctrl' */
  ctrl?: string;
  searchLabel: string;
  placeholder: string;
  clear: string;
  submit: string;
  suggestions: string;
  /** Heading of the recent searches shown while the field is empty. */
  recentSearches: string;
  /** `{term}` is the recent search the button removes. */
  removeRecent: string;
  /** How the keyboard removes the active recent search, for screen readers. */
  removeRecentHint: string;
  results: string;
  /** Heading of the recommendations list. */
  related: string;
  /** Shown when recommendations could not be loaded. */
  relatedError: string;
  resultCount: Plural;
  /** After "Show more results": `{shown}` results listed of `{n}` (always more than one). */
  showingOf: string;
  /** `{ms}` is the processing time. */
  took: string;
  searching: string;
  /** `{term}` is the term that found nothing. */
  noResults: string;
  noResultsHint: string;
  /** Above the searches offered instead of one that found nothing. */
  tryFor: string;
  /** Above results that hold only some of the words, because none held them all. */
  partialResults: string;
  errorTitle: string;
  errorNetwork: string;
  errorRate: string;
  errorServer: string;
  errorOther: string;
  retry: string;
  /** Heading of the facets (hidden but on phones, where it heads the filter panel). */
  filters: string;
  /** The button that opens the filter panel on narrow screens. */
  showFilters: string;
  /** That button's name while filters are applied ("Filters, 2 applied"); `{n}` is their number. */
  filtersApplied: string;
  /** The filter panel's button that closes it onto the results; `#` is their number. */
  showResults: Plural;
  /** Heading of the result list, for screen readers. */
  resultsHeading: string;
  activeFilters: string;
  clearAll: string;
  /** `{label}` names the filter. */
  remove: string;
  showMore: string;
  showLess: string;
  /** The field over a long value facet that narrows its values; `{label}` names the facet. */
  searchValues: string;
  /** Under that field when none of the facet's values matches it. */
  noValues: string;
  sort: string;
  relevance: string;
  newest: string;
  oldest: string;
  ascending: string;
  descending: string;
  pages: string;
  /** Under the pager when the results go on past its last page; `{n}` is that page. */
  pagesCapped: string;
  previous: string;
  next: string;
  /** `{n}` is the page number. */
  page: string;
  loadMore: string;
  /** Moves the keyboard past the sort and the filters to the results. */
  skipToResults: string;
  from: string;
  to: string;
  apply: string;
  language: string;
  anyLanguage: string;
  dateFrom: string;
  dateTo: string;
  /** The disclosure that holds the filters past the first ones, in the column beside the results. */
  moreFilters: string;
  /** The disclosure that holds the date fields. */
  dates: string;
  category: string;
  /** Atop a chosen category's children: back to every category of the top level. */
  allCategories: string;
  /** Back up one level; `{name}` is the category above. */
  categoryUp: string;
  open: string;
  close: string;
  /** The overlay's key hints: Enter on an option, Enter in the field, the arrows, Escape. */
  keyOpen: string;
  keySearch: string;
  keyMove: string;
  keyClose: string;
  /** Heading of the site's popular searches, offered in the overlay before any typing when there are no recent ones. */
  popularSearches: string;
  /** The overlay before any typing, with no recent or popular searches to offer. */
  noRecentSearches: string;
  /** The overlay's last option, to the results page; `#` is the number of results. */
  seeAll: Plural;
  /** The same with several indices, naming the index it opens: `#` is its number of results, `{source}` its label. */
  seeAllIn: Plural;
  /** Announced when the suggestion list opens; `#` is their number. */
  suggestionCount: Plural;
  untitled: string;
  /** Before the title of a result the site promotes, and part of its link's name. */
  promoted: string;
  /** The first option while typing a search the site sends to a page of its own; `{url}` is the page's address. */
  goTo: string;
}

/** The built-in English words: those of the parts the script tag loads later are in messagesLater.ts. */
export const en: Messages = {
  locale: 'en',
  searchLabel: 'Search',
  placeholder: 'Search',
  clear: 'Clear search',
  submit: 'Search',
  results: 'Search results',
  resultCount: { one: '# result', other: '# results' },
  showingOf: 'Showing {shown} of {n} results',
  took: '({ms} ms)',
  searching: 'Searching…',
  partialResults: 'No results for all of the words. Showing results for some of them.',
  errorTitle: 'Search failed',
  errorNetwork: 'The search service could not be reached. Check your connection.',
  errorRate: 'Too many searches in a short time. Wait a moment, then try again.',
  errorServer: 'The search service ran into a problem.',
  errorOther: 'The search could not be completed.',
  retry: 'Retry',
  showFilters: 'Filters',
  resultsHeading: 'Results',
  sort: 'Sort by',
  relevance: 'Relevance',
  newest: 'Newest first',
  oldest: 'Oldest first',
  ascending: 'ascending',
  descending: 'descending',
  open: 'Search',
  close: 'Close',
  suggestionCount: { one: '# suggestion', other: '# suggestions' },
  untitled: 'Untitled',
  promoted: 'Promoted',
  ...enLater,
  ...enRelated,
};

const made = new Map<string, unknown>();

/**
 * `new make(locale, ...rest)`, made once per kind, locale and options: each takes a
 * fraction of a millisecond to make, and one answer's render asks for dozens.
 */
export function intl<A extends unknown[], T>(make: new (locale: string, ...rest: A) => T, locale: string, ...rest: A): T {
  const key = make.name + locale + JSON.stringify(rest);
  let value = made.get(key) as T | undefined;
  if (!value) made.set(key, (value = new make(locale, ...rest)));
  return value;
}

/** A result's date: "Mar 5, 2020". */
export const dateFormat = (m: Messages): Intl.DateTimeFormat => intl(Intl.DateTimeFormat, m.locale, { dateStyle: 'medium', timeZone: 'UTC' });

/**
 * Makes the formatters an answer needs ahead of it: the first of each kind on a page
 * loads locale data, tens of milliseconds that would otherwise delay the first results.
 */
export function warmFormats(m: Messages): void {
  format(m, m.resultCount, { n: 1 });
  dateFormat(m);
}

/** What a screen reader names a facet choice: "css, 20 results", not the "css 20" on screen. */
export function countedName(m: Messages, label: string, n: number): string {
  return `${label}, ${format(m, m.resultCount, { n })}`;
}

/**
 * `template` with `{name}` replaced by `values[name]`; numbers formatted for the
 * locale. A `Plural` picks its form by `Intl.PluralRules` first, with `#` for `n`.
 */
export function format(m: Messages, template: string | Plural, values: Record<string, string | number> = {}): string {
  const number = (n: number) => intl(Intl.NumberFormat, m.locale).format(n);
  let text =
    typeof template === 'string'
      ? template
      : (template[intl(Intl.PluralRules, m.locale).select(Number(values.n))] ?? template.other).replace('#', number(Number(values.n)));
  for (const [key, value] of Object.entries(values)) {
    text = text.replace(`{${key}}`, typeof value === 'number' ? number(value) : value);
  }
  return text;
}
