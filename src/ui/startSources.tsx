import { render } from 'preact';
import { createClient } from '../client/createClient.ts';
import { bindUrl } from '../core/bindUrl.ts';
import { createRecentSearches } from '../core/createRecentSearches.ts';
import { createSources } from '../core/createSources.ts';
import { createSuggestions } from '../core/createSuggestions.ts';
import { readSources } from '../core/readSources.ts';
import { createTracker, type Tracker } from '../tracker/createTracker.ts';
import type { MountOptions, Started } from './mount.tsx';
import { SearchWidget } from './SearchWidget.tsx';
import { trackSources } from './trackSources.ts';

let mounted = 0;

/**
 * `mount` with several indices (its `sources` option): a search per source, paced together
 * (createSources), each reported to its own index by its own tracker, the suggestions from
 * the first source's index. The script-tag build has it in the part loaded later, which the
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
      : createSuggestions({
          client: createClient({ ...options, siteKey: first }),
          id: `ss-sources${++mounted}`,
          fields: options.completions,
          size: 5,
          recent: options.recentSearches === false ? undefined : createRecentSearches({ key: `site-search:recent:${first}@${options.baseUrl}` }),
        });
  const unbind = url ? bindUrl(controller, url === true ? {} : url) : undefined;
  render(
    <SearchWidget
      {...options}
      controller={controller}
      searches={sources.searches}
      suggestions={suggestions}
      config={options}
      shortcut={options.shortcut ?? options.layout === 'overlay'}
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
