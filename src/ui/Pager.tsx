import type { TargetedMouseEvent } from 'preact';
import { pagerView } from '../core/pagerView.ts';
import { format } from './messages.ts';
import { useSearchController } from './SearchContext.ts';
import { useWidget } from './WidgetContext.ts';

/** Moves the focus and the view to the top of the results, where the new page starts. */
export function toResultsTop(event: TargetedMouseEvent<HTMLElement>) {
  const list = event.currentTarget.closest('.ss-widget')?.querySelector<HTMLElement>('.ss-list');
  list?.focus({ preventScroll: true });
  list?.scrollIntoView?.();
}

/**
 * Previous, a window of page numbers, next; the current page is `aria-current`. When the
 * results go on past the last page it offers (the 100th), a line says so, and how to reach them.
 */
export function Pager() {
  const { results, page, setPage, limit } = useSearchController();
  const { m } = useWidget();
  const view = pagerView(results.value?.total_hits ?? 0, limit, page.value);
  if (!view) return null;
  const { current, last, pages, capped } = view;
  // A page number (named "Page 3") or, with `label`, Previous or Next.
  const button = (p: number, label?: string) => (
    <button
      key={p}
      type="button"
      class={label ? 'ss-page ss-step' : 'ss-page'}
      disabled={p < 1 || p > last}
      aria-label={label ? undefined : format(m, m.page, { n: p })}
      aria-current={p === current ? 'page' : undefined}
      onClick={(event) => {
        setPage(p);
        toResultsTop(event);
      }}
    >
      {label ?? format(m, '{n}', { n: p })}
    </button>
  );
  return (
    <nav class="ss-pager" part="pager" aria-label={m.pages}>
      {button(current - 1, m.previous)}
      {pages.map((p, i) =>
        p ? (
          button(p)
        ) : (
          <span key={`gap${i}`} class="ss-gap" aria-hidden="true">
            …
          </span>
        ),
      )}
      {button(current + 1, m.next)}
      {capped && <p class="ss-pager-note">{format(m, m.pagesCapped, { n: last })}</p>}
    </nav>
  );
}
