import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { SearchController } from '../core/createSearchController.ts';

/**
 * The controller of the widget around a component. Provide it with
 * `<SearchContext.Provider value={controller}>`; components read its signals and
 * call its actions, and keep no search state of their own.
 */
export const SearchContext = createContext<SearchController | null>(null);

/** The controller from the nearest provider; throws when there is none. */
export function useSearchController(): SearchController {
  const controller = useContext(SearchContext);
  if (!controller) {
    throw new Error('Site Search: no SearchContext.Provider around this component.');
  }
  return controller;
}
