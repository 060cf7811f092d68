import type { ComponentChildren } from 'preact';
import { useEffect, useMemo } from 'preact/hooks';
import type { SearchController } from '../core/createSearchController.ts';
import type { SourceSearch } from '../core/createSources.ts';
import type { Suggestions } from '../core/createSuggestions.ts';
// The script-tag build swaps this for src/embed/lazyFacetPanel.tsx (vite.config.ts).
import { FacetPanel } from './FacetPanel.tsx';
// The script-tag build swaps this for src/embed/lazyResultParts.tsx (vite.config.ts).
import { FilterChips } from './FilterChips.tsx';
// The script-tag build swaps this for src/embed/lazyResultParts.tsx (vite.config.ts).
import { LoadMore } from './LoadMore.tsx';
import { en, warmFormats, type Messages } from './messages.ts';
// The script-tag build swaps this for src/embed/lazyResultParts.tsx (vite.config.ts).
import { Pager } from './Pager.tsx';
import { Results } from './Results.tsx';
import { SearchBox } from './SearchBox.tsx';
import { SearchContext } from './SearchContext.ts';
import { SearchOverlay } from './SearchOverlay.tsx';
import { themeClass } from './themeClass.ts';
// The script-tag build swaps this for src/embed/lazyResultParts.tsx (vite.config.ts).
import { SkipToResults } from './SkipToResults.tsx';
import { SortSelect } from './SortSelect.tsx';
import { StatsLine } from './StatsLine.tsx';
import { useWidget, WidgetContext, type WidgetConfig } from './WidgetContext.ts';

export interface SearchWidgetProps {
  controller: SearchController;
  /** @default the messages' `placeholder` */
  placeholder?: string | undefined;
  /** @default en */
  messages?: Messages | undefined;
  config?: WidgetConfig | undefined;
  /** The suggestion dropdown's state; none without it. */
  suggestions?: Suggestions | null | undefined;
  /** `page`: box, facets, results, pager. `overlay`: a button that opens a search dialog. @default 'page' */
  layout?: 'page' | 'overlay' | undefined;
  /** The search of each index, when the box searches several; `controller` is theirs together. @default none */
  searches?: readonly SourceSearch[] | undefined;
  /**
   * What stands under the box on the page instead of its results, count, sort and facets:
   * a tab per index, each holding them (SourceTabs), when the box searches several.
   * @default the page's own results
   */
  tabs?: ComponentChildren;
  /** `auto` follows the system. @default 'auto' */
  theme?: 'auto' | 'light' | 'dark' | undefined;
  /** Focus the box (or open the overlay) on `/` and Ctrl/Cmd+K. @default false */
  shortcut?: boolean | undefined;
}

/** The whole widget for one controller, in one of the two layouts. */
export function SearchWidget(props: SearchWidgetProps) {
  const { controller, placeholder, messages: m = en, config = {}, suggestions = null, theme = 'auto', shortcut } = props;
  // The formatters' locale data loads while the first search is on its way, not
  // between its answer and the paint (a search from the URL never focuses the field).
  useEffect(() => controller.status.subscribe((status) => status !== 'idle' && void setTimeout(warmFormats, 0, m)), [controller, m]);
  // Read from the page once, not at every render.
  const scheme = useMemo(() => themeClass(theme), [theme]);
  return (
    <SearchContext.Provider value={controller}>
      <WidgetContext.Provider value={{ m, config, suggestions, sources: props.searches }}>
        <div class={`ss-widget ${scheme} ss-${props.layout ?? 'page'}-layout`} part="widget" dir={m.dir} lang={m.locale}>
          {props.layout === 'overlay' ? (
            <SearchOverlay placeholder={placeholder} shortcut={shortcut} />
          ) : (
            <>
              <SearchBox placeholder={placeholder} shortcut={shortcut} />
              {props.tabs ?? <PageBody />}
            </>
          )}
        </div>
      </WidgetContext.Provider>
    </SearchContext.Provider>
  );
}

/** The page under the box, for the controller around it: the widget's, or a source's in its tab. */
export function PageBody() {
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
