/**
 * The script-tag file's `Pager`, `LoadMore`, `SkipToResults`, `EmptyState`, `FilterChips` and `HitSections` (vite.config.ts
 * swaps them in): the real ones, from `site-search.more.js`, loaded when the first search is
 * sent so that they come beside its answer. They stand under the results, out of the flow
 * (the skip link, until it has the focus) or alone (no results), so nothing moves when they come.
 * The filter chips stand above the results, but there are filters to show only once the
 * facets are here (or from a shared link, whose search loads the chips beside its answer).
 * A hit's sections come beside the answer too (the first search loads them), under its passage.
 */
import { useSignal } from '@preact/signals';
import type { JSX } from 'preact';
import { useEffect } from 'preact/hooks';
import type { EmptyStateProps } from '../ui/EmptyState.tsx';
import type { HitSectionsProps } from '../ui/HitSections.tsx';
import { useSearchController } from '../ui/SearchContext.ts';
import { loadMore, type More } from './loadMore.ts';

/** What `site-search.more.js` left, once the first search is sent (null until then); the facets' stand-in waits for it too. */
export function useMoreOnSearch(): More | null {
  const { status } = useSearchController();
  const more = useSignal<More | null>(null);
  useEffect(
    () =>
      status.subscribe((now) => {
        if (now !== 'idle' && !more.peek()) loadMore().then((loaded) => (more.value = loaded), console.error);
      }),
    [],
  );
  return more.value;
}

/** The stand-in of the part `name`: nothing until the real one is here. */
const part =
  <P extends object>(name: 'Pager' | 'LoadMore' | 'SkipToResults' | 'EmptyState' | 'FilterChips' | 'HitSections') =>
  (props: P) => {
    const Real = useMoreOnSearch()?.[name] as ((props: P) => JSX.Element | null) | undefined;
    return Real ? <Real {...props} /> : null;
  };

export const Pager = part('Pager');
export const LoadMore = part('LoadMore');
export const SkipToResults = part('SkipToResults');
export const EmptyState = part<EmptyStateProps>('EmptyState');
export const FilterChips = part('FilterChips');
export const HitSections = part<HitSectionsProps>('HitSections');
