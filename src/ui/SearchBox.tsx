import { effect, useSignal } from '@preact/signals';
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { TargetedEvent, TargetedKeyboardEvent } from 'preact';
import { capTerm } from '../core/capTerm.ts';
import type { SuggestionItem } from '../core/createSuggestions.ts';
import { safeLinkUrl } from '../core/safeUrl.ts';
import { ClearIcon } from './ClearIcon.tsx';
import { warmFormats } from './messages.ts';
import { SearchIcon } from './SearchIcon.tsx';
import { useSearchController } from './SearchContext.ts';
import { SuggestionList } from './SuggestionList.tsx';
import { useShortcut } from './useShortcut.ts';
import { useWidget } from './WidgetContext.ts';

export interface SearchBoxProps {
  /** @default the messages' `placeholder` */
  placeholder?: string | undefined;
  /** Focus the field on `/` and Ctrl/Cmd+K. @default false */
  shortcut?: boolean | undefined;
  /** Focus the field when it appears (the overlay). @default false */
  autoFocus?: boolean | undefined;
  /**
   * ↓ past the last suggestion (or with none to show): moves the focus on, to the
   * results (the overlay); true when it did. @default none: ↓ wraps to the first suggestion
   */
  onArrowOut?: (() => boolean) | undefined;
  /**
   * Another listbox than the suggestions for the field to control (the overlay's): its
   * ARIA values for the field, and its keys, first; true when a key was handled.
   * @default none: the suggestion dropdown
   */
  combobox?: { input(): Record<string, string | undefined>; onKey(event: KeyboardEvent): boolean } | undefined;
}

/**
 * The search form: a labelled search field (an ARIA 1.2 combobox when suggestions are
 * on), a clear button and a submit button.
 */
export function SearchBox({ placeholder, shortcut = false, autoFocus = false, onArrowOut, combobox }: SearchBoxProps) {
  const { term, setTerm, submit, clear, results, resultsTerm } = useSearchController();
  const { m, suggestions } = useWidget();
  // With a listbox of its own, the dropdown is left out; submitted terms are still remembered.
  const dropdown = combobox ? null : suggestions;
  const input = useRef<HTMLInputElement>(null);
  // Between compositionstart and compositionend the field holds unfinished IME text
  // (kana before conversion, for one); searching it would send garbage.
  const composing = useRef(false);
  // The term submitted last (capped as sent): when its answer carries a rule's redirect, the page goes there.
  const submitted = useSignal('');
  // The visitor asked for the suggestions (↓), or moved in the list, since the last key: they
  // may cover the results, and the list stays open when the results land.
  const asked = useRef(false);
  useShortcut(shortcut && (() => input.current?.focus()));
  // A layout effect, at once when the field is added: an effect waits for the paint.
  useLayoutEffect(() => {
    // Not the autofocus attribute: browsers ignore it on elements added after the page
    // loaded. Keys typed right after Ctrl/⌘K or a click on the opener go to the field.
    if (autoFocus) input.current?.focus();
    // The field is uncontrolled: Preact never writes `value` during a re-render, which
    // would reset an IME composition in progress. The term only flows in when it
    // changed elsewhere (clear, a picked suggestion, Back and Forward), and is there for
    // the first paint. An `effect`, not useSignalEffect: that one waits for the next
    // animation frame, and an IME composition begun in the meantime would be reset by
    // the write; this one runs as the term is set.
    const stop = effect(() => {
      const value = term.value;
      if (input.current && input.current.value !== value) input.current.value = value;
    });
    // The newest answer is for the term in the field: its redirect is offered first in the
    // dropdown (opening it while the field has the focus), and followed once submitted.
    const follow = effect(() => {
      const q = capTerm(term.value);
      // Only an address to link to: the answer is not trusted.
      const url = (resultsTerm.value === q && safeLinkUrl(results.value?.redirect)) || undefined;
      dropdown?.redirect(url, !!input.current?.matches(':focus'));
      if (url && submitted.value === q) location.assign(url);
    });
    // Typed over results, a term that finds nothing has no suggestions yet: ask, for the list
    // and for what the empty state offers to try.
    const offer = effect(() => {
      const q = capTerm(term.value);
      const response = results.value;
      if (dropdown && q && resultsTerm.value === q && response?.hits.length === 0 && dropdown.forTerm.peek() !== q && input.current?.matches(':focus'))
        dropdown.update(q);
    });
    // Results came while suggestions were asked for (before they were there): they answer the
    // typing, and the list would cover them. What waits for its slot is not sent (one on its
    // way is left to arrive, for the pace), and a list open for the term in the field closes.
    // Not once the visitor asked (↓) or arrowed into it, nor over a rule's redirect, offered there.
    const yieldToResults = effect(() => {
      const response = results.value;
      const open = dropdown?.open.value;
      if (!dropdown || asked.current || !response?.hits.length || dropdown.active.peek() >= 0 || safeLinkUrl(response.redirect)) return;
      dropdown.drop();
      if (open && resultsTerm.value === capTerm(term.peek()) && !dropdown.items.peek()[0]?.recent) dropdown.close();
    });
    return () => {
      stop();
      follow();
      offer();
      yieldToResults();
    };
  }, []);

  // Results on screen answer the typing: the dropdown would cover the count, the sort and
  // the first results, so it opens by itself only while there are none (↓ still opens it),
  // and its requests leave the searches the whole pace.
  const covering = () => !!results.peek()?.hits.length;
  const type = (value: string) => {
    asked.current = false;
    setTerm(value);
    if (capTerm(value) !== '' && covering()) dropdown?.close();
    else dropdown?.update(value);
  };
  const pick = (item: SuggestionItem) => {
    dropdown?.close();
    if (item.source === 'redirect') return location.assign(item.value);
    dropdown?.remember(item.value);
    setTerm(item.value);
    submit();
  };
  const onKeyDown = (event: TargetedKeyboardEvent<HTMLInputElement>) => {
    // keyCode 229: the key went to the IME (Safari reports isComposing late).
    if (event.isComposing || event.keyCode === 229) {
      // Enter that confirms a conversion must not submit the form.
      if (event.key === 'Enter') event.preventDefault();
      return;
    }
    if (combobox) {
      if (combobox.onKey(event)) event.preventDefault();
      return;
    }
    const last = !dropdown?.open.value || dropdown.active.value === dropdown.items.value.length - 1;
    if (event.key === 'ArrowDown') {
      // ↓ asks for the list or moves in it (where a newer answer may leave no option active): results must not close it.
      asked.current = true;
      if (last && onArrowOut?.()) {
        event.preventDefault();
        dropdown?.close();
        return;
      }
      // ↓ on a closed list whose suggestions are for another term (typed over results): ask for
      // them, and the answer opens the list on its first option, as ↓ on a list at hand does.
      if (dropdown && !dropdown.open.value && capTerm(event.currentTarget.value) !== '' && dropdown.forTerm.value !== capTerm(event.currentTarget.value)) {
        event.preventDefault();
        dropdown.update(event.currentTarget.value, true);
        return;
      }
    }
    const done = dropdown?.key(event.key);
    if (done) {
      event.preventDefault();
      // Escape that closed the list must not also close a dialog around us.
      event.stopPropagation();
      if (done !== 'handled') pick(done.pick);
    } else if (event.key === 'Escape' && event.currentTarget.value !== '') {
      // Handled here, not by the browser's own clearing of type=search, so the state
      // and the field stay in step; stopPropagation keeps a dialog around us open.
      event.preventDefault();
      event.stopPropagation();
      clear();
    }
  };
  const onSubmit = (event: TargetedEvent<HTMLFormElement>) => {
    event.preventDefault();
    dropdown?.close();
    if (input.current) {
      setTerm(input.current.value);
      // Submitted, not merely typed: worth offering again.
      suggestions?.remember(input.current.value);
      submitted.value = capTerm(input.current.value);
    }
    submit();
  };
  // The field empty and the list closed (Escape, a pick): focus or a click brings the recent searches back.
  const recents = (event: TargetedEvent<HTMLInputElement>) => {
    if (event.currentTarget.value === '' && !dropdown?.open.value) dropdown?.showRecent();
  };
  const onClear = () => {
    clear();
    dropdown?.update('');
    input.current?.focus();
  };

  return (
    <form class="ss-box" part="box" role="search" onSubmit={onSubmit}>
      {/* aria-label, not <label for>: useId repeats across widgets mounted as separate roots. */}
      <input
        ref={input}
        aria-label={m.searchLabel}
        class="ss-input"
        part="input"
        type="search"
        placeholder={placeholder ?? m.placeholder}
        autocomplete="off"
        autocapitalize="off"
        spellcheck={false}
        enterkeyhint="search"
        {...(combobox ? combobox.input() : dropdown?.input())}
        onInput={(event) => {
          if (!composing.current) type(event.currentTarget.value);
        }}
        onKeyDown={onKeyDown}
        // While the visitor types, not when the first answer is due.
        onFocus={(event) => {
          setTimeout(warmFormats, 0, m);
          recents(event);
        }}
        onClick={recents}
        onBlur={() => dropdown?.close()}
        onCompositionStart={() => {
          composing.current = true;
        }}
        onCompositionEnd={(event) => {
          composing.current = false;
          type(event.currentTarget.value);
        }}
      />
      {term.value !== '' && (
        <button type="button" class="ss-button ss-clear" aria-label={m.clear} onClick={onClear}>
          <ClearIcon />
        </button>
      )}
      <button type="submit" class="ss-button ss-submit" part="submit" aria-label={m.submit}>
        <SearchIcon />
      </button>
      {!combobox && <SuggestionList onPick={pick} />}
    </form>
  );
}
