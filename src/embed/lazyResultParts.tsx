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
import { useEffect } from 'preact/hooks';
import type { EmptyStateProps } from '../ui/EmptyState.tsx';
import type { HitSectionsProps } from '../ui/HitSections.tsx';
import { useSearchController } from '../ui/SearchContext.ts';
import { loadMore, type More } from './loadMore.ts';

function useMoreOnSearch(): More | null {
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

export function Pager() {
  const Real = useMoreOnSearch()?.Pager;
  return Real ? <Real /> : null;
}

export function LoadMore() {
  const Real = useMoreOnSearch()?.LoadMore;
  return Real ? <Real /> : null;
}

export function SkipToResults() {
  const Real = useMoreOnSearch()?.SkipToResults;
  return Real ? <Real /> : null;
}

export function EmptyState(props: EmptyStateProps) {
  const Real = useMoreOnSearch()?.EmptyState;
  return Real ? <Real {...props} /> : null;
}

export function FilterChips() {
  const Real = useMoreOnSearch()?.FilterChips;
  return Real ? <Real /> : null;
}

export function HitSections(props: HitSectionsProps) {
  const Real = useMoreOnSearch()?.HitSections;
  return Real ? <Real {...props} /> : null;
}
