import { useEffect, useRef } from 'preact/hooks';
import { useSearchController } from './SearchContext.ts';
import { useWidget } from './WidgetContext.ts';

/**
 * "Show more results": appends the next page under the ones shown, then moves the focus
 * to the first result it added. Reading on from there is what the press asked for, and
 * after the last page the button is gone: the focus would otherwise fall to the page.
 */
export function LoadMore() {
  const { results, loadMore, status } = useSearchController();
  const { m } = useWidget();
  const response = results.value;
  // Where the results are, and the index of the first one the press will add; -1: none asked.
  const list = useRef<Element | null>(null);
  const firstNew = useRef(-1);
  useEffect(() => {
    const at = firstNew.current;
    if (at < 0 || !response || response.hits.length <= at) return;
    firstNew.current = -1;
    list.current?.querySelectorAll<HTMLElement>('.ss-hit-link')[at]?.focus();
  }, [response]);
  if (!response || response.hits.length >= response.total_hits) return null;
  return (
    <button
      type="button"
      class="ss-more"
      aria-disabled={status.value === 'loading'}
      onClick={(event) => {
        if (status.value === 'loading') return;
        list.current = event.currentTarget.parentElement;
        firstNew.current = response.hits.length;
        loadMore();
      }}
    >
      {m.loadMore}
    </button>
  );
}
