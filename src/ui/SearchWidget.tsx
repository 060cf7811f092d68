import type { SearchController } from '../core/createSearchController.ts';
import { Results } from './Results.tsx';
import { SearchBox } from './SearchBox.tsx';
import { SearchContext } from './SearchContext.ts';
import { StatsLine } from './StatsLine.tsx';

export interface SearchWidgetProps {
  controller: SearchController;
  /** @default 'Search' */
  placeholder?: string | undefined;
}

/** The whole widget for one controller: search box, stats line, results. */
export function SearchWidget({ controller, placeholder }: SearchWidgetProps) {
  return (
    <SearchContext.Provider value={controller}>
      <div class="ss-widget">
        <SearchBox placeholder={placeholder} />
        <StatsLine />
        <Results />
      </div>
    </SearchContext.Provider>
  );
}
