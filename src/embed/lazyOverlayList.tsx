/**
 * The script-tag file's `OverlayList` (vite.config.ts swaps it in for the real one, which
 * is in `site-search.more.js`): the same list, loaded when the overlay first opens. The
 * field is there at once, so the keys typed right after Ctrl/⌘K are kept, and their
 * results show as soon as the list is here.
 */
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import type { OverlayListProps } from '../ui/OverlayList.tsx';
import { loadMore, type More } from './loadMore.ts';

export function OverlayList(props: OverlayListProps) {
  const more = useSignal<More | null>(null);
  useEffect(() => {
    loadMore().then((loaded) => (more.value = loaded), console.error);
  }, []);
  const List = more.value?.OverlayList;
  return List ? <List {...props} /> : null;
}
