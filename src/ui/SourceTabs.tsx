import type { ReadonlySignal } from '@preact/signals';
import { useId } from 'preact/hooks';
import type { SourceSearch } from '../core/createSources.ts';
import { SearchContext } from './SearchContext.ts';
import { sourcesShown } from './SourceGroups.tsx';
import { PageBody } from './SearchWidget.tsx';
import { useWidget } from './WidgetContext.ts';

/** The source a page with `chosen` shows: the chosen one while it has something to show, else the first that has. */
export function shownSource(searches: readonly SourceSearch[], chosen: number): SourceSearch {
  const shown = sourcesShown(searches);
  const choice = searches[chosen];
  return (choice && shown.includes(choice) ? choice : shown[0]) ?? searches[0]!;
}

export interface SourceTabsProps {
  searches: readonly SourceSearch[];
  /** The source the visitor chose (its place in `searches`). */
  chosen: ReadonlySignal<number>;
  /** Called with a source's place in `searches` when the visitor picks its tab. */
  onChoose(index: number): void;
}

/**
 * The results page of several indices, under SearchWidget's box (its `tabs`): ARIA tabs, one per source with hits or a failure (an empty one hides): the arrows, Home
 * and End move between them and show the tab they land on, Tab leaves for the panel (only
 * the shown tab is in the Tab order). Each label says its source's count, or that it failed.
 * The panel is the widget's own page (PageBody) for the shown source: its count, sort,
 * facets, results and pager.
 */
export function SourceTabs({ searches, chosen, onChoose }: SourceTabsProps) {
  const { m } = useWidget();
  const id = useId();
  const shown = sourcesShown(searches);
  const at = shownSource(searches, chosen.value);
  const tabId = (search: SourceSearch) => `${id}-tab-${searches.indexOf(search)}`;
  const keydown = (event: KeyboardEvent) => {
    const i = shown.indexOf(at);
    // In a right-to-left page the tabs run from the right: → goes back.
    const step = m.dir === 'rtl' ? -1 : 1;
    const keys: Record<string, number> = { ArrowRight: i + step, ArrowLeft: i - step, Home: 0, End: shown.length - 1 };
    const next = keys[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = shown[(next + shown.length) % shown.length]!;
    onChoose(searches.indexOf(target));
    (event.currentTarget as HTMLElement).querySelector<HTMLElement>(`[id="${tabId(target)}"]`)?.focus();
  };
  const body = (
    <SearchContext.Provider value={at.controller}>
      <PageBody />
    </SearchContext.Provider>
  );
  // Nothing to choose from yet (no search, or no source found anything): the first source's page, its empty state.
  if (!shown.length) return <div class="ss-source-panel">{body}</div>;
  return (
    <>
      <div class="ss-tabs" role="tablist" aria-label={m.results} onKeyDown={keydown}>
        {shown.map((search) => {
          const failed = search.controller.status.value === 'error';
          const n = search.controller.results.value?.total_hits ?? 0;
          return (
            <button
              key={search.source.siteKey}
              type="button"
              class="ss-tab"
              role="tab"
              id={tabId(search)}
              aria-selected={search === at}
              aria-controls={`${id}-panel`}
              tabIndex={search === at ? 0 : -1}
              onClick={() => onChoose(searches.indexOf(search))}
            >
              {search.source.label}
              <span class="ss-tab-count">{failed ? m.errorTitle : n.toLocaleString(m.locale)}</span>
            </button>
          );
        })}
      </div>
      <div class="ss-source-panel" role="tabpanel" id={`${id}-panel`} aria-labelledby={tabId(at)}>
        {body}
      </div>
    </>
  );
}
