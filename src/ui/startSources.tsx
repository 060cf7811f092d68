import { batch, computed, signal } from '@preact/signals-core';
import { render } from 'preact';
import { createClient } from '../client/createClient.ts';
import { bindUrl } from '../core/bindUrl.ts';
import type { SearchController } from '../core/createSearchController.ts';
import { createRecentSearches } from '../core/createRecentSearches.ts';
import { createSourceSuggestions } from '../core/createSourceSuggestions.ts';
import { createSources } from '../core/createSources.ts';
import { readSources } from '../core/readSources.ts';
import { createTracker, type Tracker } from '../tracker/createTracker.ts';
import type { MountOptions, Started } from './mount.tsx';
import { SearchWidget } from './SearchWidget.tsx';
import { SourceTabs } from './SourceTabs.tsx';
import { trackSources } from './trackSources.ts';

let mounted = 0;

/**
 * `mount` with several indices (its `sources` option): a search per source, paced together
 * (createSources), each reported to its own index by its own tracker, and the suggestions
 * of each in its own group of the dropdown (createSourceSuggestions). The script-tag build has it in the part loaded later, which the
 * script loads before it mounts such a widget. Starts as `mount`'s single-index start does.
 */
export function startSources(target: Element, options: MountOptions): Started {
  const { url, analytics = {} } = options;
  const list = readSources(options.sources ?? []);
  const trackers: Tracker[] = [];
  const sources = createSources({
    ...options,
    sources: list,
    client(source) {
      const client = createClient({ ...options, siteKey: source.siteKey });
      // Analytics on: each source's tracker reports its searches, so the service must not count them too.
      if (!analytics) return client;
      trackers.push(createTracker({ ...analytics, ...options, siteKey: source.siteKey }));
      return { search: (params, init) => client.search({ ...params, collectAnalytics: false }, init) };
    },
    facets: options.facets?.map((f) => f.field),
    rangeFacets: options.rangeFacets?.map(({ field, ranges }) => ({ field: `custom_fields.${field}`, ranges })),
  });
  const { controller } = sources;
  const first = list[0]?.siteKey ?? options.siteKey;
  const suggestions =
    options.suggestions === false
      ? null
      : createSourceSuggestions({
          // A group per index, each from its own index (3 rows each), all in one slot of the pace.
          sources: list.map(({ siteKey, label }) => ({ label, client: createClient({ ...options, siteKey }) })),
          id: `ss-sources${++mounted}`,
          fields: options.completions,
          recent: options.recentSearches === false ? undefined : createRecentSearches({ key: `site-search:recent:${first}@${options.baseUrl}` }),
        });
  const { searches } = sources;
  const prefix = (typeof url === 'object' && url.prefix) || '';
  // The results page's chosen tab, by its source's key in the URL (`source`, left out for the first).
  const fromUrl = () =>
    Math.max(
      0,
      searches.findIndex((s) => s.source.siteKey === new URLSearchParams(location.search).get(`${prefix}source`)),
    );
  const page = options.layout !== 'overlay';
  const chosen = signal(url && page ? fromUrl() : 0);
  const choose = (index: number) => {
    chosen.value = index;
    if (!url) return;
    // The entry as it is now, so that Back and a reload come back to this tab.
    const params = new URLSearchParams(location.search);
    if (index) params.set(`${prefix}source`, searches[index]!.source.siteKey);
    else params.delete(`${prefix}source`);
    const search = params.toString();
    history.replaceState(history.state, '', location.pathname + (search && `?${search}`) + location.hash);
  };
  // On the page, the URL holds the chosen tab's search (its page, sort and filters); the
  // other tabs take its term. The overlay's holds the term, as one index's would.
  const byTab: SearchController = {
    ...controller,
    sent: computed(() => searches[chosen.value]!.controller.sent.value),
    restore(state) {
      batch(() => {
        chosen.value = fromUrl();
        searches.forEach((search, i) =>
          search.controller.restore(i === chosen.peek() ? state : { ...state, page: 1, sort: 'relevance', order: 'desc', filters: {} }),
        );
      });
    },
  };
  const unbind = url ? bindUrl(page ? byTab : controller, url === true ? {} : url) : undefined;
  const shortcut = options.shortcut ?? options.layout === 'overlay';
  render(
    <SearchWidget
      {...options}
      controller={controller}
      searches={searches}
      suggestions={suggestions}
      config={options}
      shortcut={shortcut}
      tabs={page && <SourceTabs searches={searches} chosen={chosen} onChoose={choose} />}
    />,
    target,
  );
  const untrack = trackers.length ? trackSources(sources, target, trackers) : null;
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
      for (const tracker of trackers) tracker.dispose();
    },
    setConsent(granted) {
      for (const tracker of trackers) tracker.setConsent(granted);
    },
  };
}
