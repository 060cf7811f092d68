import { useLayoutEffect, useRef } from 'preact/hooks';
import { categoryFacetView } from '../core/facetViews.ts';
import { categoryName } from './filterLabels.ts';
import { countedName, format } from './messages.ts';
import { useSearchController } from './SearchContext.ts';
import { useWidget } from './WidgetContext.ts';

/**
 * The categories one path level below the chosen one (`facet=categorys`); choosing one goes
 * a level down, and the button on top goes back up: to the level it came from, or to all.
 * The chosen section is named between the two. The button pressed goes away with its level,
 * so the focus moves to the way back up, or, back at the top, to the first category.
 */
export function CategoryFacet() {
  const controller = useSearchController();
  const { chosen, parent, values, go } = categoryFacetView(controller);
  const { m } = useWidget();
  const set = useRef<HTMLFieldSetElement>(null);
  const moved = useRef(false);
  // Until the new level's answer is painted: the buttons of the level before stay until then.
  const settled = controller.status.value !== 'loading' && controller.status.value !== 'stalled';
  useLayoutEffect(() => {
    if (!moved.current) return;
    if (settled) moved.current = false;
    if (!set.current?.contains(document.activeElement)) set.current?.querySelector<HTMLElement>('.ss-up, .ss-bucket')?.focus();
  });
  const move = (category: string | undefined) => {
    moved.current = true;
    go(category);
  };
  if (!values.length && !chosen) return null;
  return (
    <fieldset class="ss-facet" ref={set}>
      <legend class="ss-facet-title">{m.category}</legend>
      {chosen && (
        <button type="button" class="ss-link ss-up" onClick={() => move(parent)}>
          <span aria-hidden="true">‹ </span>
          {parent ? format(m, m.categoryUp, { name: categoryName(parent) }) : m.allCategories}
        </button>
      )}
      {/* Where the visitor is: the chosen section, above its children. */}
      {chosen && <p class="ss-check ss-bucket ss-current">{categoryName(chosen)}</p>}
      {values.map(({ value, count }) => (
        <button key={value} type="button" class="ss-check ss-bucket" aria-label={countedName(m, categoryName(value), count)} onClick={() => move(value)}>
          <span class="ss-grow">{categoryName(value)}</span> <span class="ss-count">{format(m, '{n}', { n: count })}</span>
        </button>
      ))}
    </fieldset>
  );
}
