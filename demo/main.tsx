// The demo page's script: the results page in the main column and the overlay in the
// header, against the reference service that `npm start` runs (it passes the VITE_*
// variables), or the defaults below. `?theme=dark|light`, `?locale=de` (or any shipped language; `ar` reads right to left) and `?dir=rtl` try the options;
// `?item=<document id>&name=<its title>` shows the features viewed together with that one above the search.
import { ar, de, es, fr, it, ja, ko, mount, mountRecommendations, nl, pl, pt, zh, type Messages, type MountOptions } from '../src/index.ts';

const env = import.meta.env as Record<string, string | undefined>;
const page = document.getElementById('search');
const header = document.getElementById('header-search');
if (!page || !header) throw new Error('demo: the page lacks #search or #header-search');

const query = new URLSearchParams(location.search);
const theme = query.get('theme') === 'dark' ? 'dark' : query.get('theme') === 'light' ? 'light' : 'auto';
if (theme !== 'auto') document.documentElement.classList.add(`demo-${theme}`);
if (query.get('dir') === 'rtl') document.documentElement.dir = 'rtl';

/** The languages the demo tries with `?locale=`, besides English. */
const languages: Record<string, Messages> = { ar, de, es, fr, it, ja, ko, nl, pl, pt, zh };
if (query.get('locale') === 'ar') document.documentElement.dir = 'rtl';

// `?site=guides`: the demo's crawled documentation site (demo/guides.ts), whose hits carry their pages' sections.
const guides = query.get('site') === 'guides';
const common: MountOptions = {
  siteKey: guides ? 'guides' : (env.VITE_SITE_KEY ?? 'demo'),
  baseUrl: env.VITE_SEARCH_API ?? 'http://127.0.0.1:8787',
  theme,
  // Not `lang`: that is the widget's own language filter in the query string.
  ...(languages[query.get('locale') ?? ''] ? { messages: languages[query.get('locale')!] } : {}),
};
const german = query.get('locale') === 'de';
// The sorts' labels follow the page's language, as a real site's would.
const say = (english: string, deutsch: string) => (german ? deutsch : english);
const area = { field: 'area', label: 'Area' };
const popularSearches = ['grid', 'fetch', 'dialog element'];
const status = { field: 'status', label: 'Status' };

// The guides have none of the corpus's fields, categories or dates: their results page is the plain one.
const corpusOnly: Partial<MountOptions> = {
  facets: [area, status, { field: 'kind', label: 'Kind' }, { field: 'browsers', label: 'Supported by' }],
  rangeFacets: [
    {
      field: 'first_year',
      label: 'First shipped',
      ranges: [{ to: 2010 }, { from: 2010, to: 2015 }, { from: 2015, to: 2020 }, { from: 2020 }],
    },
    { field: 'browser_count', label: 'Browsers supporting', ranges: [{ to: 3 }, { from: 3, to: 6 }, { from: 6 }] },
  ],
  // The corpus's URLs run /docs/Web/<CSS|HTML|API|...>/...: the facet starts one level below Web.
  categoryFacet: true,
  categoryRoot: '2xWeb',
  dateFilter: true,
  numFacets: 30,
  sorts: [
    { field: 'first_year', label: say('First shipped', 'Erstmals ausgeliefert') },
    { field: 'support_score', label: say('Support', 'Unterstützung') },
  ],
  fields: [area, status],
  completions: ['interface'],
};

/** The corpus's options less its category root, which would narrow every index's search to the corpus's pages. */
function everyIndex({ categoryFacet, categoryRoot, ...rest }: Partial<MountOptions>): Partial<MountOptions> {
  return rest;
}

// `?sources=demo:Features,blog:Blog`: the overlay searches the demo's indices together, a group each,
// and the results page shows a tab each.
const sources = query.get('sources');

mount(page, {
  ...common,
  ...(sources ? { sources } : {}),
  placeholder: 'Search features, e.g. grid or fetch',
  url: true,
  ...(guides ? {} : sources ? everyIndex(corpusOnly) : corpusOnly),
  // Offered by the no-results state when the term has no suggestions of its own.
  popularSearches,
});

mount(header, {
  ...common,
  ...(sources ? { sources } : {}),
  layout: 'overlay',
  fields: [area],
  // This page is the results page too: "See all N results" searches here, keeping the demo's options.
  resultsUrl: location.pathname + location.search,
  popularSearches,
});

const item = query.get('item');
const related = document.getElementById('related');
if (item && related) {
  related.hidden = false;
  mountRecommendations(related, {
    siteKey: common.siteKey,
    baseUrl: common.baseUrl,
    theme,
    ...(common.messages ? { messages: common.messages } : {}),
    configurationKey: 'related',
    itemId: item,
    // An item page knows its item: the heading says what the row relates to.
    title: relatedTitle(query.get('locale') === 'de', query.get('name')),
  });
}

function relatedTitle(german: boolean, name: string | null): string {
  if (german) return name ? `Oft zusammen mit „${name}“ angesehen` : 'Oft zusammen angesehen';
  return name ? `Often viewed together with “${name}”` : 'Often viewed together';
}
