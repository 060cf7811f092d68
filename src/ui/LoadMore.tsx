import { useSearchController } from './SearchContext.ts';
import { useWidget } from './WidgetContext.ts';

/** "Show more results": appends the next page under the ones shown. */
export function LoadMore() {
  const { results, loadMore, status } = useSearchController();
  const { m } = useWidget();
  const response = results.value;
  if (!response || response.hits.length >= response.total_hits) return null;
  return (
    <button type="button" class="ss-more" aria-disabled={status.value === 'loading'} onClick={() => status.value !== 'loading' && loadMore()}>
      {m.loadMore}
    </button>
  );
}
