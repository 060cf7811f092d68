// Components read the controller's signals in render; importing @preact/signals is what
// makes Preact re-render them when those change (the core itself imports only signals-core).
import '@preact/signals';
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { SearchController } from '../core/createSearchController.ts';

/**
 * The controller of the widget around a component. Provide it with
 * `<SearchContext.Provider value={controller}>`; components read its signals and
 * call its actions, and keep no search state of their own.
 */
export const SearchContext = createContext<SearchController | null>(null);

/** The controller from the nearest provider; `SearchWidget` always gives one. */
export const useSearchController = (): SearchController => useContext(SearchContext)!;
