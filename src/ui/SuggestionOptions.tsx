import type { JSX } from 'preact';
import type { SuggestionItem } from '../core/createSuggestions.ts';
import { splitMatch } from '../core/splitMatch.ts';
import { ClearIcon } from './ClearIcon.tsx';
import { HistoryIcon } from './HistoryIcon.tsx';
import { REDIRECT } from './laterStyles.ts';
import { format } from './messages.ts';
import { RedirectLabel } from './RedirectLabel.tsx';
import { optionGroup } from './SourceGroups.tsx';
import { useWidget } from './WidgetContext.ts';

export interface SuggestionOptionsProps {
  onPick(item: SuggestionItem): void;
}

/**
 * The listbox under the search field: the suggestions for the typed term, the typed
 * part of each marked, or, while the field is empty, the recent searches under their
 * own heading, each with a remove button.
 */
export function SuggestionOptions({ onPick }: SuggestionOptionsProps) {
  const { m, suggestions: s, config } = useWidget();
  if (!s) return null;
  const term = s.forTerm.value;
  const items = s.items.value;
  const list = s.list();
  const recent = !!items[0]?.recent;
  const groups = s.groups?.value;
  // Several indices: the options without a group (a redirect) first, then a group per index
  // with suggestions or a failure, its options numbered on from the ones before.
  const grouped = (options: JSX.Element[]) =>
    groups
      ? [
          ...options.filter((_, i) => items[i]!.group === undefined),
          ...groups.flatMap(({ label, failed }, g) => {
            const own = options.filter((_, i) => items[i]!.group === g);
            return own.length || failed
              ? [
                  optionGroup({
                    id: `${list.id}-group-${g}`,
                    label,
                    note: failed && m.errorTitle,
                    failed,
                    listClass: 'ss-group-options',
                    children: own,
                  }),
                ]
              : [];
          }),
        ]
      : options;
  return (
    // Always in the DOM, so the input's aria-controls names an element that exists.
    <div class="ss-suggest" hidden={!s.open.value}>
      {recent && (
        <p class="ss-suggest-title" id={`${list.id}-title`}>
          {m.recentSearches}
        </p>
      )}
      {/* Outside the listbox, which holds options only; the active recent option is described by it. */}
      <p id={`${list.id}-hint`} hidden>
        {m.removeRecentHint}
      </p>
      <ul class="ss-suggest-list" {...list} {...(recent ? { 'aria-labelledby': `${list.id}-title` } : { 'aria-label': m.suggestions })}>
        {grouped(
          items.map((item, index) => {
            const [before, typed, after] = splitMatch(item.value, term);
            const source = !item.recent && [...(config.fields ?? []), ...(config.facets ?? [])].find((f) => f.field === item.source)?.label;
            return (
              <li
                key={item.source + item.value}
                class={item.source === 'redirect' ? 'ss-option ss-redirect' : 'ss-option'}
                style={item.source === 'redirect' ? REDIRECT : undefined}
                {...s.option(index)}
                // The remove button's name is not part of the option's.
                {...(item.recent && { 'aria-label': item.value, 'aria-describedby': `${list.id}-hint` })}
                // Keeps the focus in the field, which owns the combobox.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => onPick(item)}
              >
                {item.recent && <HistoryIcon />}
                {item.source === 'redirect' ? (
                  // The site's own page for this search: its address, read left to right in every language.
                  <RedirectLabel url={item.value} />
                ) : (
                  <span class="ss-grow">
                    {before}
                    {typed && <mark class="ss-typed">{typed}</mark>}
                    {after}
                  </span>
                )}
                {source && <span class="ss-muted">{source}</span>}
                {item.recent && (
                  // Not focusable: the field keeps the focus, and Delete removes the active
                  // option; focusable content inside an option is lost to screen readers.
                  <span
                    role="button"
                    class="ss-remove"
                    aria-label={format(m, m.removeRecent, { term: item.value })}
                    title={format(m, m.removeRecent, { term: item.value })}
                    onClick={(event) => {
                      event.stopPropagation();
                      s.removeRecent(index);
                    }}
                  >
                    <ClearIcon />
                  </span>
                )}
              </li>
            );
          }),
        )}
      </ul>
    </div>
  );
}
