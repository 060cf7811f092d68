/**
 * What the script-tag file lends `site-search.more.js`, the part it loads only when
 * needed, and `site-search.sources.js`: the modules those parts import (and that it has itself, or that hold state:
 * Preact's, the signals', the contexts), by the specifier or the project file it
 * imports them by, with the names it uses. That part runs on the script's one Preact,
 * its signals and its client. `shared.ts` puts these on the page for it, in this order, and
 * vite.config.ts turns each such import in it into a read of them instead of a copy.
 * A name missing here fails that part's build.
 */
export const SHARED_MODULES: Readonly<Record<string, readonly string[]>> = {
  preact: ['Fragment', 'h', 'render'],
  'preact/hooks': ['useEffect', 'useLayoutEffect', 'useMemo', 'useRef', 'useId'],
  '@preact/signals-core': ['batch', 'signal', 'computed', 'effect'],
  '@preact/signals': ['useSignal'],
  'src/ui/SearchContext.ts': ['useSearchController', 'SearchContext'],
  'src/ui/WidgetContext.ts': ['useWidget'],
  'src/ui/messages.ts': ['en', 'format', 'countedName', 'intl', 'dateFormat'],
  'src/ui/Heading.tsx': ['Heading'],
  'src/ui/ClearIcon.tsx': ['ClearIcon'],
  'src/ui/SearchIcon.tsx': ['SearchIcon'],
  'src/ui/Icon.tsx': ['icon'],
  'src/ui/ResultItem.tsx': ['resultItem'],
  'src/ui/Results.tsx': ['Results'],
  'src/ui/SearchWidget.tsx': ['SearchWidget', 'PageBody'],
  'src/ui/wrapTab.ts': ['wrapTab'],
  'src/ui/lockScroll.ts': ['lockScroll'],
  'src/core/capTerm.ts': ['capTerm'],
  'src/core/searchState.ts': ['countFilters', 'readRange', 'setRange', 'toggleValue', 'readNumber'],
  'src/ui/Thumbnail.tsx': ['Thumbnail'],
  'src/ui/themeClass.ts': ['themeClass'],
  'src/ui/checkTarget.ts': ['checkTarget'],
  'src/core/safeUrl.ts': ['displayUrl', 'safeLinkUrl', 'safeText'],
  'src/core/createLatest.ts': ['createLatest'],
  'src/core/createSearchController.ts': ['createSearchController'],
  'src/ui/trackSearch.ts': ['trackSearch'],
  'src/client/createClient.ts': ['createClient'],
  'src/client/hosts.ts': ['hostFor'],
  'src/embed/scriptUrl.ts': ['beside', 'pinned', 'script'],
  'src/embed/loadScript.ts': ['loadScript'],
};

/** The `Symbol.for` key of the object they are lent on. */
export const SHARED_KEY = 'site-search-shared';

/** The `Symbol.for` key of what `site-search.more.js` leaves on the page (loadMore.ts). */
export const MORE_KEY = 'site-search-more';

/** Of what `site-search.sources.js` leaves on the page (sources.ts). */
export const SOURCES_KEY = 'site-search-sources';

/** Of what `site-search.related.js` leaves on the page (relatedFile.ts). */
export const RELATED_KEY = 'site-search-related';

/**
 * What `site-search.more.js` lends `site-search.related.js`, by project file, from what it
 * leaves on the page: the tracker, which that file would otherwise bundle a second time.
 */
export const MORE_MODULES: Readonly<Record<string, readonly string[]>> = {
  'src/tracker/createTracker.ts': ['createTracker'],
};
