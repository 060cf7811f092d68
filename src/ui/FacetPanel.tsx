import { useSignal } from '@preact/signals';
import { useLayoutEffect, useRef } from 'preact/hooks';
import { countFilters } from '../core/searchState.ts';
import { CategoryFacet } from './CategoryFacet.tsx';
import { ClearIcon } from './ClearIcon.tsx';
import { Heading } from './Heading.tsx';
import { LanguageDateFilter } from './LanguageDateFilter.tsx';
import { lockScroll } from './lockScroll.ts';
import { format } from './messages.ts';
import { RangeFacet } from './RangeFacet.tsx';
import { useSearchController } from './SearchContext.ts';
import { ValueFacet } from './ValueFacet.tsx';
import { useWidget } from './WidgetContext.ts';
import { wrapTab } from './wrapTab.ts';

/** Filter groups shown in the column before "More filters". */
const FIRST_GROUPS = 2;

/** Whether the history entry shown is the one the open filter panel added. */
const sheetMark = () => !!(history.state as { ssSheet?: boolean } | null)?.ssSheet;

/**
 * The configured facets and filters: a column beside the results where there is room.
 * On narrow widths (the CSS shows the button only there) a "Filters" button with the
 * number applied opens them in a full-screen modal panel, whose footer closes it onto
 * the results and says how many there are; its header clears them all. `showModal` keeps the focus inside and the
 * page behind inert, and Escape closes it.
 */
export function FacetPanel() {
  const { m, config } = useWidget();
  const { results, filters, setFilters, sent } = useSearchController();
  const dialog = useRef<HTMLDialogElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const done = useRef<HTMLButtonElement>(null);
  // A signal, not useState: the script-tag build then needs no useReducer.
  const open = useSignal(false);
  // Where the page was when the panel opened.
  const opened = useRef('');
  // Back, on a phone above all, closes the panel and keeps the filters chosen in it: the
  // panel added a history entry as it opened (the URL binding writes the filters chosen in
  // it there too), which Back takes away; the binding reads the older filters of the entry
  // Back went to before this hears of it, so those chosen are put back, as a new entry.
  // They are the last ones committed (a restored search is not).
  const chosen = useRef(filters.peek());
  useLayoutEffect(() => {
    const stop = sent.subscribe((now) => now?.commit && (chosen.current = now.state.filters));
    const back = () => {
      if (!dialog.current?.open) return;
      const keep = chosen.current;
      dialog.current.close();
      if (JSON.stringify(filters.peek()) !== JSON.stringify(keep)) setFilters(keep);
    };
    addEventListener('popstate', back);
    return () => {
      stop();
      removeEventListener('popstate', back);
    };
  }, []);
  // The page behind stays still while the panel is open: locked and unlocked before the paint
  // that shows or hides it, and unlocked when the widget is removed open (destroy()).
  useLayoutEffect(() => (open.value ? lockScroll() : undefined), [open.value]);
  const applied = countFilters(filters.value);
  // Nothing found and nothing chosen: every count would be 0, nothing to narrow.
  if (!results.value || (results.value.total_hits === 0 && !applied)) return null;
  const show = () => {
    if (!dialog.current || dialog.current.open) return;
    dialog.current.showModal();
    open.value = true;
    chosen.current = filters.peek();
    history.pushState({ ...(history.state as object | null), ssSheet: true }, '');
    opened.current = location.href;
  };
  const close = () => dialog.current?.close();
  const groups = [
    ...(config.categoryFacet ? [{ key: 'category', used: !!filters.value.category, facet: <CategoryFacet key="category" /> }] : []),
    ...(config.facets ?? []).map((f) => ({ key: f.field, used: !!filters.value.fields?.[f.field]?.length, facet: <ValueFacet key={f.field} {...f} /> })),
    ...(config.rangeFacets ?? []).map((f) => ({ key: f.field, used: !!filters.value.ranges?.[f.field], facet: <RangeFacet key={f.field} {...f} /> })),
    {
      key: 'language-date',
      used: !!(filters.value.lang || filters.value.dateFrom || filters.value.dateTo),
      facet: <LanguageDateFilter key="language-date" />,
    },
  ];
  // In the column, the first two groups, then the others folded under "More filters" (open
  // when one of them is in use): the results are not 40 Tab presses away from the field.
  // The phone's panel, opened to filter, shows them all.
  const rest = groups.slice(FIRST_GROUPS);
  const more = rest.length > 1 && (
    <details class="ss-more-filters" open={rest.some((g) => g.used)}>
      <summary class="ss-facet-title">{m.moreFilters}</summary>
      {rest.map((g) => g.facet)}
    </details>
  );
  const column = more ? [...groups.slice(0, FIRST_GROUPS).map((g) => g.facet), more] : groups.map((g) => g.facet);
  const facets = groups.map((g) => g.facet);
  return (
    <section class="ss-facets" part="facets" aria-label={m.filters}>
      {/* A visible one would repeat the button or stand alone over the column. */}
      <Heading class="ss-sr">{m.filters}</Heading>
      <button
        ref={toggle}
        type="button"
        class="ss-chip ss-toggle"
        aria-haspopup="dialog"
        aria-label={applied ? format(m, m.filtersApplied, { n: applied }) : undefined}
        onClick={show}
      >
        {m.showFilters}
        {applied > 0 && <span class="ss-badge">{format(m, '{n}', { n: applied })}</span>}
      </button>
      {/* One set of facets at a time: their own state (show more) starts afresh in the panel. */}
      {!open.value && <div class="ss-panel">{column}</div>}
      <dialog
        ref={dialog}
        class="ss-sheet"
        part="filters"
        aria-label={m.filters}
        onKeyDown={(event) => wrapTab(event, dialog.current)}
        onClose={() => {
          if (dialog.current?.open) return;
          open.value = false;
          toggle.current?.focus();
          // Closed here, not by Back: its entry goes; or, when filters chosen in it changed
          // the URL, it stays for them, without the mark, so that later entries are pushed.
          if (sheetMark()) {
            if (location.href === opened.current) history.back();
            else history.replaceState({ ...(history.state as object), ssSheet: undefined }, '');
          }
        }}
      >
        {open.value && (
          <>
            <div class="ss-sheet-head">
              <Heading class="ss-sheet-title">{m.filters}</Heading>
              {applied > 0 && (
                <button
                  type="button"
                  class="ss-link"
                  onClick={() => {
                    setFilters({});
                    // The button goes with the filters; the focus stays in the panel, on what ends it.
                    done.current?.focus();
                  }}
                >
                  {m.clearAll}
                </button>
              )}
              <button type="button" class="ss-button" aria-label={m.close} onClick={close}>
                <ClearIcon />
              </button>
            </div>
            <div class="ss-sheet-body">{facets}</div>
            <div class="ss-sheet-foot">
              <button ref={done} type="button" class="ss-show" onClick={close}>
                {format(m, m.showResults, { n: results.value.total_hits })}
              </button>
            </div>
          </>
        )}
      </dialog>
    </section>
  );
}
