import { computed, signal } from '@preact/signals-core';
import { createSuggestions, fetchItems, type SuggestionItem, type Suggestions, type SuggestionsOptions } from './createSuggestions.ts';
import { createSlotPace } from './groupPace.ts';

/** One index of the suggestions of several. */
export interface SuggestionSource {
  /** Its name above its group. */
  label: string;
  /** The API client of its index; `suggest`, and `autocomplete` with `fields`. */
  client: SuggestionsOptions['client'];
}

export interface SourceSuggestionsOptions extends Omit<SuggestionsOptions, 'client' | 'fetch' | 'pace'> {
  /** The indices, in the order of their groups (at most 5, as createSources searches). */
  sources: readonly SuggestionSource[];
  /** Rows of each index's group at most. @default 3 */
  size?: number;
}

/**
 * The suggestion dropdown of several indices: a group per index, each index's suggestions
 * (and completions) from its own endpoints, in the combobox's one list, so that ↑ and ↓
 * walk across the groups. One pace for all (createSlotPace): each slot asks every index at
 * once and counts as that many requests, so the suggest endpoint gets at most 5 a second
 * from the page, however many indices; the newest slot's requests abort the ones before.
 * An index that fails keeps its group, which says so, while the others show theirs; when
 * all fail, the list closes, as one index's does.
 */
export function createSourceSuggestions({ sources, size = 3, ...options }: SourceSuggestionsOptions): Suggestions {
  // Which indices failed, for the term they failed on: the group says so only beside that term's list.
  const failed = signal<{ term: string; at: boolean[] }>({ term: '', at: [] });
  const fetch = (term: string, signal: AbortSignal) =>
    Promise.all(
      sources.map(({ client }, group) =>
        fetchItems(client, term, { ...options, size }, signal).then(
          (items): SuggestionItem[] => items.map((item) => ({ ...item, group })),
          () => null,
        ),
      ),
    ).then((lists) => {
      if (lists.every((list) => !list)) throw new Error('No index answered');
      // Not aborted: still the newest request, whose items the list shows next.
      if (!signal.aborted) failed.value = { term, at: lists.map((list) => !list) };
      return lists.flatMap((list) => list ?? []);
    });
  const suggestions = createSuggestions({
    ...options,
    client: sources[0]!.client,
    size,
    fetch,
    pace: createSlotPace(sources.length, options.paceMs),
  });
  const groups = computed(() => {
    const { term, at } = failed.value;
    const shown = suggestions.forTerm.value === term;
    return sources.map(({ label }, g) => ({ label, failed: shown && !!at[g] }));
  });
  return { ...suggestions, groups };
}
