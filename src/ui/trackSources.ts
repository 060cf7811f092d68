import type { Sources } from '../core/createSources.ts';
import type { Tracker } from '../tracker/createTracker.ts';
import { trackSearch } from './trackSearch.ts';

/**
 * Feeds each source's tracker from its own search: the searches it shows, and the clicks
 * on its own hits (inside its group, `data-source` its site key), at their position among
 * them, so each index learns of the clicks on its pages alone. Returns a stop.
 */
export function trackSources(sources: Sources, root: Element, trackers: readonly Tracker[]): () => void {
  const stops = sources.searches.map(({ source, controller }, i) => {
    // The widget's events, less the clicks on other sources' hits.
    const scoped = {
      addEventListener(type: string, listener: (event: Event) => void, options: AddEventListenerOptions) {
        root.addEventListener(
          type,
          (event) => {
            const group = (event.target as Element).closest?.('[data-source]');
            if (type === 'submit' || group?.getAttribute('data-source') === source.siteKey) listener(event);
          },
          options,
        );
      },
    };
    return trackSearch(controller, scoped, trackers[i]!);
  });
  return () => stops.forEach((stop) => stop());
}
