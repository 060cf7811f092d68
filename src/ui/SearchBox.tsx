import { useSignalEffect } from '@preact/signals';
import { useId, useRef } from 'preact/hooks';
import type { TargetedEvent, TargetedKeyboardEvent } from 'preact';
import { ClearIcon } from './ClearIcon.tsx';
import { SearchIcon } from './SearchIcon.tsx';
import { useSearchController } from './SearchContext.ts';

export interface SearchBoxProps {
  /** @default 'Search' */
  placeholder?: string;
}

/** The search form: a labelled search field, a clear button and a submit button. */
export function SearchBox({ placeholder = 'Search' }: SearchBoxProps) {
  const { term, setTerm, submit, clear } = useSearchController();
  const input = useRef<HTMLInputElement>(null);
  // Between compositionstart and compositionend the field holds unfinished IME text
  // (kana before conversion, for one); searching it would send garbage.
  const composing = useRef(false);
  const id = useId();

  // The field is uncontrolled: Preact never writes `value` during a re-render, which
  // would reset an IME composition in progress. The term only flows in when it
  // changed elsewhere (clear, `search()` of the mounted widget).
  useSignalEffect(() => {
    const value = term.value;
    if (input.current && input.current.value !== value) input.current.value = value;
  });

  const onInput = (event: TargetedEvent<HTMLInputElement>) => {
    if (!composing.current) setTerm(event.currentTarget.value);
  };
  const onKeyDown = (event: TargetedKeyboardEvent<HTMLInputElement>) => {
    // keyCode 229: the key went to the IME (Safari reports isComposing late).
    if (event.isComposing || event.keyCode === 229) {
      // Enter that confirms a conversion must not submit the form.
      if (event.key === 'Enter') event.preventDefault();
      return;
    }
    if (event.key === 'Escape' && event.currentTarget.value !== '') {
      // Handled here, not by the browser's own clearing of type=search, so the state
      // and the field stay in step; stopPropagation keeps a dialog around us open.
      event.preventDefault();
      event.stopPropagation();
      clear();
    }
  };
  const onSubmit = (event: TargetedEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (input.current) setTerm(input.current.value);
    submit();
  };
  const onClear = () => {
    clear();
    input.current?.focus();
  };

  return (
    <form class="ss-box" role="search" onSubmit={onSubmit}>
      <label class="ss-visually-hidden" for={id}>
        Search
      </label>
      <input
        ref={input}
        id={id}
        class="ss-input"
        type="search"
        placeholder={placeholder}
        autocomplete="off"
        autocapitalize="off"
        spellcheck={false}
        enterkeyhint="search"
        onInput={onInput}
        onKeyDown={onKeyDown}
        onCompositionStart={() => {
          composing.current = true;
        }}
        onCompositionEnd={(event) => {
          composing.current = false;
          setTerm(event.currentTarget.value);
        }}
      />
      {term.value !== '' && (
        <button class="ss-button ss-clear" type="button" aria-label="Clear search" onClick={onClear}>
          <ClearIcon />
        </button>
      )}
      <button class="ss-button ss-submit" type="submit" aria-label="Search">
        <SearchIcon />
      </button>
    </form>
  );
}
