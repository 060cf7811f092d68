import type { Messages } from './messages.ts';

/**
 * The English words that only the parts the script tag loads later show (the facets, the
 * chips, the pager, the empty state, the overlay's list, the suggestion options), part of `en`. The script-tag file leaves them out, and `site-search.more.js` adds
 * them to its `en` when it runs, before any of those parts shows (src/embed/more.ts).
 */
export const enLater = {
  suggestions: 'Suggestions',
  recentSearches: 'Recent searches',
  removeRecent: 'Remove “{term}” from recent searches',
  removeRecentHint: 'Press Delete to remove it from recent searches.',
  noResults: 'No results for “{term}”',
  noResultsHint: 'Check the spelling or try fewer or more general words.',
  tryFor: 'Try searching for:',
  filters: 'Filters',
  filtersApplied: 'Filters, {n} applied',
  showResults: { one: 'Show # result', other: 'Show # results' },
  activeFilters: 'Active filters',
  clearAll: 'Clear all',
  remove: 'Remove filter {label}',
  showMore: 'Show more',
  showLess: 'Show less',
  searchValues: 'Search {label}',
  noValues: 'No matching values',
  pages: 'Pages',
  pagesCapped: 'Results stop at page {n}. Add words or filters to see the rest.',
  previous: 'Previous',
  next: 'Next',
  page: 'Page {n}',
  loadMore: 'Show more results',
  skipToResults: 'Skip to results',
  from: 'From',
  to: 'To',
  apply: 'Apply',
  language: 'Language',
  anyLanguage: 'Any',
  dateFrom: 'Published after',
  dateTo: 'Published before',
  moreFilters: 'More filters',
  dates: 'Publication date',
  category: 'Section',
  allCategories: 'All sections',
  categoryUp: 'Back to {name}',
  popularSearches: 'Popular searches',
  noRecentSearches: 'No recent searches',
  seeAll: { one: 'See the result', other: 'See all # results' },
  seeAllIn: { one: 'See the result in {source}', other: 'See all # in {source}' },
  goTo: 'Go to {url}',
  keyOpen: 'to open',
  keySearch: 'to search',
  keyMove: 'to move',
  keyClose: 'to close',
} satisfies Partial<Messages>;

/** Those of the related items, which `site-search.related.js` adds when it runs (src/embed/related.ts). */
export const enRelated = {
  related: 'Related items',
  relatedError: 'Related items could not be loaded.',
} satisfies Partial<Messages>;
