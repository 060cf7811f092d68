import type { SuggestionItem } from '../core/createSuggestions.ts';
import { splitMatch } from '../core/createSuggestions.ts';
import { useWidget } from './WidgetContext.ts';

export interface SuggestionListProps {
  onPick(item: SuggestionItem): void;
}

/** The listbox under the search field; the typed part of each option is marked. */
export function SuggestionList({ onPick }: SuggestionListProps) {
  const { m, suggestions: s, config } = useWidget();
  if (!s) return null;
  const term = s.forTerm.value;
  return (
    // Always in the DOM, so the input's aria-controls names an element that exists.
    <ul class="ss-suggest" {...s.list()} aria-label={m.suggestions} hidden={!s.open.value}>
      {s.items.value.map((item, index) => {
        const [before, typed, after] = splitMatch(item.value, term);
        const source = config.fields?.find((f) => f.field === item.source)?.label ?? config.facets?.find((f) => f.field === item.source)?.label;
        return (
          <li
            key={item.source + item.value}
            class="ss-option"
            {...s.option(index)}
            // Keeps the focus in the field, which owns the combobox.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onPick(item)}
          >
            <span>
              {before}
              {typed && <mark class="ss-typed">{typed}</mark>}
              {after}
            </span>
            {source && <span class="ss-muted">{source}</span>}
          </li>
        );
      })}
    </ul>
  );
}
