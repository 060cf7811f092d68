import type { JSX } from 'preact';
import type { SearchHit } from '../client/types.ts';
import type { SourceSearch } from '../core/createSources.ts';

/** The sources with something to show: hits, or their failure. Empty ones hide. */
export function sourcesShown(sources: readonly SourceSearch[]): SourceSearch[] {
  return sources.filter(({ controller }) => controller.status.value === 'error' || !!controller.results.value?.hits.length);
}

/** The hits of each source shown, one source after another: as the options count them. */
export const sourceHits = (shown: readonly SourceSearch[]) =>
  shown.flatMap(({ controller }) => (controller.status.value === 'error' ? [] : (controller.results.value?.hits ?? [])));

export interface SourceGroupsProps {
  shown: readonly SourceSearch[];
  /** The listbox's id, for the groups' label ids. */
  listId: string;
  /** The failure's words, after the source's label. */
  failed: string;
  /** The words of a source's count of results, after its label: the box's count line adds them up. */
  count(n: number): string;
  /** The options of a hit, `index` its place among its source's hits; called in order, once per hit. */
  options(hit: SearchHit, index: number): JSX.Element[];
}

export interface OptionGroupProps {
  /** The label's id, unique on the page. */
  id: string;
  label: string;
  /** The words after the label: a count, or the failure's. */
  note?: string | false | undefined;
  failed?: boolean | undefined;
  /** The index's key, for the tracker (`data-source`). */
  source?: string | undefined;
  /** The class of the group's list. */
  listClass: string;
  children: JSX.Element[];
}

/**
 * An index's group in a listbox of several (ARIA `group`, named by its label); its
 * options are numbered on with the others', so ↑ and ↓ walk every group.
 */
export const optionGroup = ({ id, label, note, failed, source, listClass, children }: OptionGroupProps) => (
  <li key={source ?? id} class="ss-group" role="group" aria-labelledby={id} data-source={source}>
    <div class="ss-suggest-title ss-group-title" id={id}>
      {label}
      {note && <span class={failed ? 'ss-group-failed' : 'ss-group-count'}> · {note}</span>}
    </div>
    <ul class={listClass} role="none">
      {children}
    </ul>
  </li>
);

/**
 * The results from several indices in a listbox: a group per source (optionGroup), the
 * options numbered on through all of them. A source that failed keeps its group, its
 * label saying so, and no options; one with no hits is left out. The tracker tells the
 * sources by `data-source`.
 */
export function sourceGroups({ shown, listId, failed, count, options }: SourceGroupsProps) {
  return shown.map(({ source, controller }, g) => {
    const error = controller.status.value === 'error';
    return optionGroup({
      id: `${listId}-source-${g}`,
      label: source.label,
      // Each index's own count: the count line above adds them up, and "See all" is the first's.
      note: error ? failed : count(controller.results.value?.total_hits ?? 0),
      failed: error,
      source: source.siteKey,
      listClass: 'ss-list ss-group-hits',
      children: error ? [] : (controller.results.value?.hits ?? []).flatMap(options),
    });
  });
}
