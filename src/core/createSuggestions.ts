import { batch, computed, signal, type ReadonlySignal } from '@preact/signals-core';
import type { SearchClient } from '../client/createClient.ts';
import { capTerm } from './capTerm.ts';
import { createLatest } from './createLatest.ts';
import { createPace, type Pace } from './pace.ts';
import type { RecentSearches } from './createRecentSearches.ts';

/** One entry of the suggestion list. */
export interface SuggestionItem {
  value: string;
  /**
   * `suggest`, `recent`, the custom field name a completion came from, or `redirect`: the
   * address a rule of the site sends the typed search to (`value`), offered first.
   */
  source: string;
  /** One of the visitor's recent searches (shown while the field is empty), which they may remove. */
  recent?: true;
  /** With several indices (the `sources` option): the place of the index it came from, among `Suggestions.groups`. */
  group?: number;
}

/** An index's group in the list, when the box searches several. */
export interface SuggestionGroup {
  /** The index's name above its suggestions. */
  label: string;
  /** Its suggestions could not be had for the term shown: the group says so, with no options. */
  failed: boolean;
}

export interface SuggestionsOptions {
  /** The API client; `suggest`, and `autocomplete` when `fields` are given. */
  client: Pick<SearchClient, 'suggest' | 'autocomplete'>;
  /** Prefix of the combobox's element ids; unique on the page. */
  id: string;
  /**
   * Rows of the list at most, shared by the suggestions and the field completions; as
   * many suggestions are asked for.
   * @default 8
   */
  size?: number;
  /**
   * Custom fields (names without `custom_fields.`) whose values complete the term too.
   * @default []
   */
  fields?: string[] | undefined;
  /**
   * Least time between two requests to each endpoint: the first key after a quiet time
   * asks at once, later keys in the next free slot (at most 5 a second).
   * @default 200
   */
  paceMs?: number;
  /**
   * Leaves out the suggestions it returns true for: the results page leaves out those that
   * repeat the title of a result on screen, which the list would cover.
   * @default none
   */
  exclude?: ((value: string) => boolean) | undefined;
  /** The visitor's recent searches, offered while the field is empty. @default none */
  recent?: RecentSearches | undefined;
  /**
   * Asks for a term's items in place of `client` (fetchItems): several indices' at once,
   * each item with its `group`. Rejects when there is nothing to show.
   * @default the client's, fetchItems
   */
  fetch?: ((term: string, signal: AbortSignal) => Promise<SuggestionItem[]>) | undefined;
  /** The pace of the requests: a slot of several indices' requests (createSlotPace). @default one endpoint's, `paceMs` apart */
  pace?: Pace | undefined;
}

/** Props for the input, the listbox and each option of an ARIA 1.2 combobox. */
export interface ComboboxProps {
  input(): Record<string, string | boolean | undefined>;
  list(): Record<string, string>;
  option(index: number): Record<string, string | boolean>;
}

/** What a key press on the input did: `pick` an item, `handled`, or nothing (`false`). */
export type ComboboxKeyResult = { pick: SuggestionItem } | 'handled' | false;

/** The suggestion dropdown's headless state, with the combobox's ids and ARIA values. */
export interface Suggestions extends ComboboxProps {
  readonly items: ReadonlySignal<SuggestionItem[]>;
  /** With several indices: a group per index, in order; an item's `group` is its place here. @default none */
  readonly groups?: ReadonlySignal<readonly SuggestionGroup[]> | undefined;
  /** The listbox is shown: there are items and the user has not closed it. */
  readonly open: ReadonlySignal<boolean>;
  /** The option the user arrowed to, or -1. */
  readonly active: ReadonlySignal<number>;
  /** The term the items answer (for marking the typed part). */
  readonly forTerm: ReadonlySignal<string>;
  /**
   * Asks for suggestions for `term` in the next free slot; an empty term shows the recent
   * searches instead (or closes the list when there are none). `into`: ↓ asked for them, so
   * the answer opens the list on its first option, as ↓ on a list at hand does.
   */
  update(term: string, into?: boolean): void;
  /** Shows the recent searches (the field is empty); closes the list when there are none. */
  showRecent(): void;
  /** Forgets the recent search at `index`, keeping the active option in the list. */
  removeRecent(index: number): void;
  /**
   * The address the site sends the typed search to (the search answer's `redirect`), offered
   * as the first option while the list is open, and opening it when `show`; none removes it.
   */
  redirect(url: string | undefined, show?: boolean): void;
  /** Keeps `term` as a recent search: it was submitted, or a result of it opened. */
  remember(term: string): void;
  /** Drops the request waiting for its slot, if any; one on its way goes on (the pace learns when it arrived). */
  drop(): void;
  close(): void;
  /** Handles a key pressed in the input; Delete on an active recent search removes it. */
  key(key: string): ComboboxKeyResult;
  /** The id of option `index`. */
  optionId(index: number): string;
  dispose(): void;
}

const tag = (list: Array<{ value: string }>, source: string) => list.map(({ value }) => ({ value, source }));

/**
 * A term's items from one index: its suggestions, and its completions from `fields`, each
 * value once (the first kept), the endpoints taking a row in turn until there are `size`.
 */
export const fetchItems = (
  client: SuggestionsOptions['client'],
  term: string,
  { size = 8, fields = [], exclude }: Pick<SuggestionsOptions, 'size' | 'fields' | 'exclude'>,
  signal: AbortSignal,
): Promise<SuggestionItem[]> =>
  Promise.all([
    client.suggest({ term, size }, { signal }).then((r) => tag(r.suggestions, 'suggest')),
    ...fields.map((field) => client.autocomplete({ term, source: `custom_fields.${field}` }, { signal }).then((r) => tag(r.autocomplete, field))),
  ]).then((lists) => {
    const seen = new Set<string>();
    // Only strings reach the DOM, and each value once (the set grows only for a new one).
    const fresh = lists.map((list) =>
      list.filter(({ value }) => typeof value === 'string' && value !== '' && !exclude?.(value) && seen.size < seen.add(value.toLowerCase()).size),
    );
    // The endpoints take a row in turn until there are `size`, so a full list of
    // suggestions leaves room for the completions; each keeps its own order.
    const rows = fresh.map(() => 0);
    for (let n = 0, i = 0, idle = 0; n < size && idle < rows.length; i = (i + 1) % rows.length)
      if (rows[i]! < fresh[i]!.length) {
        rows[i]!++;
        n++;
        idle = 0;
      } else idle++;
    return fresh.flatMap((list, i) => list.slice(0, rows[i]));
  });

export function createSuggestions(options: SuggestionsOptions): Suggestions {
  const {
    client,
    id,
    paceMs = 200,
    recent,
    // One pace for all: each request asks every endpoint (suggest, and autocomplete with `fields`) once.
    pace = createPace(paceMs),
    fetch = (term: string, signal: AbortSignal) => fetchItems(client, term, options, signal),
  } = options;
  // What the endpoints suggested (or the recent searches); `items` puts the redirect first.
  const listed = signal<SuggestionItem[]>([]);
  const goTo = signal<string | undefined>(undefined);
  const items = computed(() => (goTo.value ? [{ value: goTo.value, source: 'redirect' }, ...listed.value] : listed.value));
  const open = signal(false);
  const active = signal(-1);
  const forTerm = signal('');
  // Same guard as the search: only the newest request's answer is painted.
  const latest = createLatest();
  // ↓ asked for the list: its answer opens it on its first option (a key typed since takes that back).
  let into: boolean | undefined;
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-opt-${index}`;

  function cancel() {
    latest();
    pace.cancel();
  }

  function close() {
    batch(() => {
      open.value = false;
      active.value = -1;
    });
  }

  const ask = (term: string) =>
    latest(
      (signal) => fetch(term, signal),
      (next) => {
        // An answer that comes after the visitor arrowed keeps their option where it is still
        // listed (the redirect, a suggestion the new answer repeats): their key is not lost.
        const chosen = items.peek()[active.peek()];
        batch(() => {
          listed.value = next;
          forTerm.value = term;
          open.value = items.value.length > 0;
          active.value = chosen ? items.peek().findIndex((item) => item.value === chosen.value && item.source === chosen.source) : into && open.value ? 0 : -1;
        });
      },
      // Suggestions are a convenience: a failure closes the list, the search still shows its own error.
      close,
    );

  /** The recent searches as the list's items; `at` is the option to keep active. */
  function showRecent(at = -1) {
    cancel();
    const next = (recent?.list() ?? []).map((value): SuggestionItem => ({ value, source: 'recent', recent: true }));
    batch(() => {
      listed.value = next;
      goTo.value = undefined;
      forTerm.value = '';
      active.value = Math.min(at, next.length - 1);
      open.value = next.length > 0;
    });
  }

  function removeRecent(index: number) {
    const item = items.peek()[index];
    if (!item?.recent || !recent) return;
    recent.remove(item.value);
    showRecent(active.peek());
  }

  function move(to: number) {
    const count = items.value.length;
    if (!count) return;
    batch(() => {
      open.value = true;
      active.value = (to + count) % count;
    });
  }

  return {
    items,
    open,
    active,
    forTerm,
    optionId,
    update(term, arrow) {
      into = arrow;
      const q = capTerm(term);
      if (q === '') return showRecent();
      // What waits is replaced; a request in flight is aborted only when the next one leaves,
      // so the pace knows when it surely reached the service (see createPace).
      pace(() => ask(q));
    },
    showRecent: () => showRecent(),
    removeRecent,
    redirect(url, show) {
      batch(() => {
        // The active option keeps its item: it moves down one when the redirect comes first.
        const at = active.peek();
        if (at >= 0 && !goTo.peek() !== !url) active.value = at + (url ? 1 : -1);
        goTo.value = url;
        if (show && url) open.value = true;
        else if (!items.peek().length) close();
      });
    },
    remember(term) {
      recent?.add(term);
    },
    drop: pace.cancel,
    close() {
      cancel();
      close();
    },
    key(key) {
      const isOpen = open.value;
      const at = active.value;
      if (key === 'ArrowDown') move(isOpen ? at + 1 : 0);
      else if (key === 'ArrowUp') move(isOpen && at >= 0 ? at - 1 : -1);
      // Home and End move the caret until the user has arrowed into the list.
      else if ((key === 'Home' || key === 'End') && isOpen && at >= 0) move(key === 'Home' ? 0 : -1);
      else if (key === 'Escape' && isOpen) close();
      else if (key === 'Delete' && isOpen && items.value[at]?.recent) removeRecent(at);
      else if (key === 'Enter' && isOpen && at >= 0) {
        const pick = items.value[at];
        close();
        return pick ? { pick } : false;
      } else {
        // Tab and Enter without a chosen option close the list and keep their usual meaning.
        if (key === 'Tab' || key === 'Enter') close();
        return false;
      }
      return 'handled';
    },
    input: () => ({
      role: 'combobox',
      'aria-expanded': open.value ? 'true' : 'false',
      'aria-controls': listId,
      'aria-autocomplete': 'list',
      // Only once the user arrows: screen readers would otherwise read an option while typing.
      'aria-activedescendant': open.value && active.value >= 0 ? optionId(active.value) : undefined,
    }),
    list: () => ({ id: listId, role: 'listbox' }),
    option: (index) => ({ id: optionId(index), role: 'option', 'aria-selected': index === active.value }),
    dispose() {
      cancel();
    },
  };
}
