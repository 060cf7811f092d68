/**
 * The script-tag file's `FacetPanel` (vite.config.ts swaps it in for the real one, which
 * is in `site-search.more.js`): the same panel, loaded when the first search is sent, so
 * that it comes beside that search's answer and the results wait for nothing. Until it is
 * here the column is empty, as it is before any results.
 */
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { useSearchController } from '../ui/SearchContext.ts';
import { loadMore, type More } from './loadMore.ts';

export function FacetPanel() {
  const { status } = useSearchController();
  const more = useSignal<More | null>(null);
  useEffect(
    () =>
      status.subscribe((now) => {
        if (now !== 'idle' && !more.peek()) loadMore().then((loaded) => (more.value = loaded), console.error);
      }),
    [],
  );
  const Panel = more.value?.FacetPanel;
  return Panel ? <Panel /> : null;
}
