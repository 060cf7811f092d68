import type { SourceSearch } from '../core/createSources.ts';
import type { ListNavigation } from '../core/createListNavigation.ts';
import { safeLinkUrl, safeText } from '../core/safeUrl.ts';
import { resultItem, type ResultContext } from './ResultItem.tsx';

/** The sources with something to show: hits, or their failure. Empty ones hide. */
export function sourcesShown(sources: readonly SourceSearch[]): SourceSearch[] {
  return sources.filter(({ controller }) => controller.status.value === 'error' || !!controller.results.value?.hits.length);
}

/** The hits of each source shown, one source after another: as the options count them. */
export const sourceHits = (shown: readonly SourceSearch[]) =>
  shown.flatMap(({ controller }) => (controller.status.value === 'error' ? [] : (controller.results.value?.hits ?? [])));

export interface SourceGroupsProps {
  shown: readonly SourceSearch[];
  nav: ListNavigation;
  /** The listbox's id, for the groups' label ids. */
  listId: string;
  /** The index of the first hit among the options (after the redirect). */
  first: number;
  shared: ResultContext;
  /** The failure's words, after the source's label. */
  failed: string;
  untitled: string;
  promoted: string;
  follow(event: MouseEvent, href: string | null): void;
}

/**
 * The overlay's results from several indices: a group per source (ARIA `group`, named by
 * its label) in the one listbox, the options numbered on through all of them, so ↑ and ↓
 * walk every source. A source that failed keeps its group, its label saying so, and no
 * options; one with no hits is left out. The tracker tells the sources by `data-source`.
 */
export function SourceGroups({ shown, nav, listId, first, shared, failed, untitled, promoted, follow }: SourceGroupsProps) {
  let at = first;
  return (
    <>
      {shown.map(({ source, controller }, g) => {
        const error = controller.status.value === 'error';
        const hits = error ? [] : (controller.results.value?.hits ?? []);
        const label = `${listId}-source-${g}`;
        return (
          <div key={source.siteKey} class="ss-group" role="group" aria-labelledby={label}>
            <div class="ss-suggest-title ss-group-title" id={label}>
              {source.label}
              {error && <span class="ss-group-failed"> · {failed}</span>}
            </div>
            <div class="ss-list ss-group-hits" data-source={source.siteKey}>
              {hits.map((hit, index) => {
                const href = safeLinkUrl(hit.url);
                return (
                  <div
                    class="ss-item ss-hit-option"
                    key={hit.id || index}
                    {...nav.option(at++)}
                    aria-label={(hit.resultType === 'promotion' ? `${promoted} ` : '') + (safeText(hit.title) || untitled)}
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={(event) => follow(event, href)}
                    onAuxClick={(event) => event.button === 1 && follow(event, href)}
                  >
                    {resultItem(hit, index, shared)}
                  </div>
                );
              })}
            </div>
          </div>
        );
      })}
    </>
  );
}
