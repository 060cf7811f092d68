import { render } from 'preact';
import { createClient } from '../client/createClient.ts';
import type { SearchResponse } from '../client/types.ts';
import type { SourceOption } from '../core/createSources.ts';
import { bindUrl, type UrlOptions } from '../core/bindUrl.ts';
import { createSearchController, type SearchController } from '../core/createSearchController.ts';
import { createRecentSearches } from '../core/createRecentSearches.ts';
import { createSuggestions } from '../core/createSuggestions.ts';
// The script-tag build swaps this for src/embed/lazyTracker.ts (vite.config.ts).
import { createTracker, type AnalyticsOptions } from '../tracker/createTracker.ts';
import type { Messages } from './messages.ts';
import { SearchWidget } from './SearchWidget.tsx';
// The script-tag build swaps this for src/embed/lazyStartSources.ts (vite.config.ts).
import { startSources } from './startSources.tsx';
import { trackSearch } from './trackSearch.ts';
import type { WidgetConfig } from './WidgetContext.ts';
import { checkTarget } from './checkTarget.ts';

/** Options of `mount`. */
export interface MountOptions extends WidgetConfig {
  /** The public site key of the index. */
  siteKey: string;
  /** Base URL of the search API, e.g. `https://search.example.com`. */
  baseUrl: string;
  /**
   * The EU or US regional host of the hosted service. Searches and suggestions go there;
   * field completions stay on `baseUrl`, which the regional hosts do not serve.
   * @default none: every call goes to `baseUrl`
   */
  regionalUrl?: string;
  /**
   * Results per page, 1-300.
   * @default 10
   */
  limit?: number;
  /**
   * Placeholder text of the search field.
   * @default 'Search'
   */
  placeholder?: string;
  /**
   * `page`: box, facets, results, pager. `overlay`: a button that opens a search dialog.
   * @default 'page'
   */
  layout?: 'page' | 'overlay';
  /**
   * The words of the widget; `en` is built in, `de` is exported too.
   * @default en
   */
  messages?: Messages;
  /**
   * `auto` follows the system's light or dark setting on a page with a dark look
   * (`color-scheme` with `dark` on its root, or the `color-scheme` meta tag), and stays
   * light on any other page, which the browser shows light whatever the system says.
   * @default 'auto'
   */
  theme?: 'auto' | 'light' | 'dark';
  /**
   * The suggestion dropdown under the field.
   * @default true
   */
  suggestions?: boolean;
  /**
   * The visitor's last searches (submitted, or with a result opened), offered in the
   * dropdown while the field is empty, each removable. Kept in `localStorage` on the
   * visitor's device, one list per site key and API; `false` reads and writes nothing.
   * Shown in the suggestion dropdown, so `suggestions: false` turns them off too.
   * @default true
   */
  recentSearches?: boolean;
  /**
   * Custom fields whose values also complete the term in the dropdown.
   * @default []
   */
  completions?: string[];
  /**
   * Keep the search in the page's query string (shareable, Back and Forward): each
   * submitted search, and the first key after a pause in typing, starts a history entry.
   * @default false
   */
  url?: boolean | UrlOptions;
  /**
   * Focus the field (or open the overlay) on `/` and Ctrl/Cmd+K.
   * @default true for the overlay, false for the page
   */
  shortcut?: boolean;
  /**
   * Values per value facet, up to 1000.
   * @default 10
   */
  numFacets?: number;
  /** The category whose children the category facet counts while none is chosen, e.g. `0xexample.com`. */
  categoryRoot?: string;
  /**
   * Reports searches (once each, when settled) and clicks on results to the stats
   * endpoint, and then asks the search endpoint not to count searches itself
   * (`collectAnalytics=false`), so none counts twice. `false` sends no events and leaves
   * the service's own counting of searches on.
   * @default {} (on, with the defaults of each setting)
   */
  analytics?: false | AnalyticsOptions;
  /**
   * The signed-in user's id as the site knows it (at most 64 characters), sent with
   * searches and clicks: that user's own clicks then shape their results. Never made up
   * per visitor; without it, every visitor gets the same results.
   */
  userToken?: string;
  /**
   * Called with each answer the widget shows (the newest search's, never an older one's),
   * for a page that reads more of it than the widget shows: the `userData` and
   * `appliedRules` of the site's query rules, the counts. A page with the script tag
   * passes it to `SiteSearch.mount`.
   * @default none
   */
  onResults?: ((response: SearchResponse) => void) | undefined;
  /**
   * Several indices searched from one box, each with its own group of results (the overlay),
   * tab (the results page) and group of suggestions (the page's dropdown) under its label
   * (at most 5): `[{ siteKey: 'docs', label: 'Docs' }, { siteKey: 'blog', label: 'Blog', limit: 3 }]`,
   * or the script tag's text `docs:Docs, blog:Blog:3`. `siteKey` is then the index of nothing
   * but what the sources leave to it.
   * @default none: `siteKey` alone
   */
  sources?: readonly SourceOption[] | string | undefined;
}

/** A widget as `mount` started it, which `update` replaces. */
export interface Started {
  controller: SearchController;
  search(term: string): void;
  destroy(): void;
  setConsent(granted: boolean): void;
}

/** A widget on the page, as `mount` returns it. */
export interface MountedWidget {
  /** Puts `term` in the search field and searches it at once. */
  search(term: string): void;
  /** Changes some options; the search under way is kept and run again. */
  update(options: Partial<MountOptions>): void;
  /** Removes the widget, its listeners (keyboard, URL), its timers, and aborts its request in flight. */
  destroy(): void;
  /**
   * Gives (or withdraws) the visitor's consent to analytics, for `analytics.requireConsent`.
   * Withdrawing forgets the session id and any events waiting to be sent.
   */
  setConsent(granted: boolean): void;
}

let mounted = 0;

/** A title or suggestion as the eye compares them: `Promise.all()` is `promise.all`. */
const bare = (text: unknown) => String(text).toLowerCase().replace(/\(\)$/, '').trim();
// One widget per element: mounting again replaces the first, listeners and all.
const widgets = new WeakMap<Element, MountedWidget>();

/** Renders the search widget into `target`, replacing what it holds (and any widget mounted there before). */
export function mount(target: Element, options: MountOptions): MountedWidget {
  checkTarget(target, 'mount');
  widgets.get(target)?.destroy();
  // The widget as started last: `update` starts it anew.
  let current = start(target, options);
  // Remembered so that a widget rebuilt by `update` keeps the visitor's answer.
  let consent: boolean | undefined;
  const widget: MountedWidget = {
    search: (term) => current.search(term),
    update(changes) {
      const state = current.controller.sent.value?.state;
      current.destroy();
      current = start(target, (options = { ...options, ...changes }));
      if (consent !== undefined) current.setConsent(consent);
      if (state) current.controller.restore(state);
    },
    setConsent(granted) {
      consent = granted;
      current.setConsent(granted);
    },
    destroy() {
      if (widgets.get(target) !== widget) return;
      widgets.delete(target);
      current.destroy();
    },
  };
  widgets.set(target, widget);
  return widget;
}

function start(target: Element, options: MountOptions): Started {
  if (options.sources) return startSources(target, options);
  const { url, analytics = {} } = options;
  // Each part takes the options it knows from the whole set; none shares a name with another's.
  const client = createClient(options);
  const tracker = analytics ? createTracker({ ...analytics, ...options }) : null;
  const controller = createSearchController({
    ...options,
    // With the tracker on, it reports the searches; the service must not count them too.
    client: tracker ? { search: (params, init) => client.search({ ...params, collectAnalytics: false }, init) } : client,
    facets: options.facets?.map((f) => f.field),
    rangeFacets: options.rangeFacets?.map(({ field, ranges }) => ({ field: `custom_fields.${field}`, ranges })),
  });
  const suggestions =
    options.suggestions === false
      ? null
      : createSuggestions({
          client,
          id: `ss${++mounted}`,
          fields: options.completions,
          // Few rows, none the title of a result on screen: the list stands over the first results.
          size: 5,
          exclude: (value) => !!controller.results.peek()?.hits.some((hit) => bare(hit.title) === bare(value)),
          recent: options.recentSearches === false ? undefined : createRecentSearches({ key: `site-search:recent:${options.siteKey}@${options.baseUrl}` }),
        });
  const unbind = url ? bindUrl(controller, url === true ? {} : url) : undefined;
  render(
    <SearchWidget
      {...options}
      controller={controller}
      suggestions={suggestions}
      config={options}
      shortcut={options.shortcut ?? options.layout === 'overlay'}
    />,
    target,
  );
  const untrack = tracker ? trackSearch(controller, target, tracker) : null;
  const unreport = controller.results.subscribe((response) => response && options.onResults?.(response));
  return {
    controller,
    search(term) {
      controller.setTerm(term);
      controller.submit();
    },
    destroy() {
      render(null, target);
      unbind?.();
      suggestions?.dispose();
      controller.dispose();
      untrack?.();
      unreport();
      tracker?.dispose();
    },
    setConsent(granted) {
      tracker?.setConsent(granted);
    },
  };
}
