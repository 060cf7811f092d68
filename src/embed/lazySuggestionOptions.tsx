/**
 * The script-tag file's `SuggestionOptions` (vite.config.ts swaps it in for the real one,
 * which is in `site-search.more.js`): the same listbox, loaded as the visitor first types
 * or the list first opens (the recent searches on focus), so that it comes beside the
 * first suggestions. The keys work from the start: the suggestion state is in this file.
 */
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { useSearchController } from '../ui/SearchContext.ts';
import type { SuggestionOptionsProps } from '../ui/SuggestionOptions.tsx';
import { useWidget } from '../ui/WidgetContext.ts';
import { loadMore, type More } from './loadMore.ts';

export function SuggestionOptions(props: SuggestionOptionsProps) {
  const { suggestions: s } = useWidget();
  const { term } = useSearchController();
  const more = useSignal<More | null>(null);
  const wanted = !!(s?.open.value || term.value);
  useEffect(() => {
    if (wanted && !more.peek()) loadMore().then((loaded) => (more.value = loaded), console.error);
  }, [wanted]);
  const Real = more.value?.SuggestionOptions;
  // Until it is here, an empty listbox for the field's aria-controls to name.
  return Real ? <Real {...props} /> : <ul hidden {...s?.list()} />;
}
