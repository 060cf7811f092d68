import type { ReadonlySignal } from '@preact/signals';
import { useEffect, useId, useMemo } from 'preact/hooks';
import type { SearchController } from '../core/createSearchController.ts';
import type { SourceSearch } from '../core/createSources.ts';
import type { Suggestions } from '../core/createSuggestions.ts';
import { FacetPanel } from './FacetPanel.tsx';
import { FilterChips } from './FilterChips.tsx';
import { LoadMore } from './LoadMore.tsx';
import { en, warmFormats, type Messages } from './messages.ts';
import { Pager } from './Pager.tsx';
import { Results } from './Results.tsx';
import { SearchBox } from './SearchBox.tsx';
import { SearchContext } from './SearchContext.ts';
import { SkipToResults } from './SkipToResults.tsx';
import { SortSelect } from './SortSelect.tsx';
import { sourcesShown } from './SourceGroups.tsx';
import { StatsLine } from './StatsLine.tsx';
import { themeClass } from './themeClass.ts';
import { useWidget, WidgetContext, type WidgetConfig } from './WidgetContext.ts';

export interface SourcesPageProps {
  /** The sources' search together: the box's term goes to every source. */
  controller: SearchController;
  searches: readonly SourceSearch[];
  /** The source the visitor chose (its place in `searches`). */
  chosen: ReadonlySignal<number>;
  /** Called with a source's place in `searches` when the visitor picks its tab. */
  onChoose(index: number): void;
  placeholder?: string | undefined;
  messages?: Messages | undefined;
  config?: WidgetConfig | undefined;
  suggestions?: Suggestions | null | undefined;
  theme?: 'auto' | 'light' | 'dark' | undefined;
  shortcut?: boolean | undefined;
}

/**
 * The results page of several indices: the box searches every source, and a tab per
 * source with results (or a failure) shows that source's own count, sort, facets,
 * results and pager. The page's shell is SearchWidget's, written again here: a branch to
 * the tabs in SearchWidget would grow the script tag's first load past its budget, and
 * this module comes with the part loaded later.
 */
export function SourcesPage(props: SourcesPageProps) {
  const { controller, placeholder, messages: m = en, config = {}, suggestions = null, theme = 'auto', shortcut } = props;
  useEffect(() => controller.status.subscribe((status) => status !== 'idle' && void setTimeout(warmFormats, 0, m)), [controller, m]);
  const scheme = useMemo(() => themeClass(theme), [theme]);
  return (
    <SearchContext.Provider value={controller}>
      <WidgetContext.Provider value={{ m, config, suggestions, sources: props.searches }}>
        <div class={`ss-widget ${scheme} ss-page-layout`} part="widget" dir={m.dir} lang={m.locale}>
          <SearchBox placeholder={placeholder} shortcut={shortcut} />
          <SourceTabs searches={props.searches} chosen={props.chosen} onChoose={props.onChoose} />
        </div>
      </WidgetContext.Provider>
    </SearchContext.Provider>
  );
}

/** The source a page with `chosen` shows: the chosen one while it has something to show, else the first that has. */
export function shownSource(searches: readonly SourceSearch[], chosen: number): SourceSearch {
  const shown = sourcesShown(searches);
  const choice = searches[chosen];
  return (choice && shown.includes(choice) ? choice : shown[0]) ?? searches[0]!;
}

interface SourceTabsProps {
  searches: readonly SourceSearch[];
  chosen: ReadonlySignal<number>;
  onChoose(index: number): void;
}

/**
 * ARIA tabs, one per source with hits or a failure (an empty one hides): the arrows, Home
 * and End move between them and show the tab they land on, Tab leaves for the panel (only
 * the shown tab is in the Tab order). Each label says its source's count, or that it failed.
 */
function SourceTabs({ searches, chosen, onChoose }: SourceTabsProps) {
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

/** SearchWidget's page under the box, for the source around it (see SourcesPage). */
function PageBody() {
  const { config } = useWidget();
  const faceted = !!(config.facets?.length || config.rangeFacets?.length || config.categoryFacet || config.languages?.length || config.dateFilter);
  return (
    <>
      {faceted && <SkipToResults />}
      <div class="ss-bar">
        <StatsLine />
        <SortSelect />
      </div>
      <div class={faceted ? 'ss-layout ss-faceted' : 'ss-layout'}>
        {faceted && <FacetPanel />}
        <div class="ss-main">
          <FilterChips />
          <Results />
          {config.paging === 'more' ? <LoadMore /> : <Pager />}
        </div>
      </div>
    </>
  );
}
