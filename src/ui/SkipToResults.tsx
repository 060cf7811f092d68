import { useSearchController } from './SearchContext.ts';
import { useWidget } from './WidgetContext.ts';

/**
 * "Skip to results", seen only once the keyboard reaches it: the sort and the filters lie
 * between the field and the first result, dozens of Tab stops. It moves the focus to the
 * list (focusable, not in the Tab order), so the next Tab is the first result. A button,
 * not a `#` link: inside a shadow root a fragment finds nothing.
 */
export function SkipToResults() {
  const { m } = useWidget();
  const { results } = useSearchController();
  if (!results.value?.hits.length) return null;
  return (
    <button
      type="button"
      class="ss-chip ss-skip"
      onClick={(event) => event.currentTarget.closest('.ss-widget')?.querySelector<HTMLElement>('.ss-list')?.focus()}
    >
      {m.skipToResults}
    </button>
  );
}
