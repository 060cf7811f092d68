import { useRef } from 'preact/hooks';
import { format } from './messages.ts';
// The script-tag build swaps this for src/embed/lazySuggestionOptions.tsx (vite.config.ts).
import { SuggestionOptions, type SuggestionOptionsProps } from './SuggestionOptions.tsx';
import { useWidget } from './WidgetContext.ts';

export type SuggestionListProps = SuggestionOptionsProps;

/**
 * The suggestion dropdown: its listbox (SuggestionOptions), and the live region that
 * says how many options it holds.
 */
export function SuggestionList({ onPick }: SuggestionListProps) {
  const { m, suggestions } = useWidget();
  // "8 suggestions", said as the list opens and kept while it stays open: a new count
  // for every key would talk over the typing.
  const said = useRef('');
  if (!suggestions) return null;
  if (!suggestions.open.value) said.current = '';
  else said.current ||= format(m, m.suggestionCount, { n: suggestions.items.value.length });
  return (
    <>
      {/* Outside the listbox, which the script tag loads later: a live region must be in the DOM, shown, before its text. */}
      {/* Not role=status: that one is the result count's, the widget's status line. */}
      <span aria-live="polite" class="ss-sr ss-suggest-count">
        {said.current}
      </span>
      <SuggestionOptions onPick={onPick} />
    </>
  );
}
