import { batch, signal, type ReadonlySignal } from '@preact/signals-core';

/**
 * The active option of a listbox that a text field controls (the ARIA 1.2 combobox with
 * `aria-activedescendant`): the focus and the caret stay in the field while ↑ and ↓ move
 * the active option, so typing goes on where it was.
 */
export interface ListNavigation {
  /** The option the user arrowed to, or -1 (none: the field). */
  readonly active: ReadonlySignal<number>;
  /** How many options the list holds now; the active option stays, or the last one if it went. */
  setCount(count: number): void;
  /** ↓ to the next option and from the last back to the field, ↑ the other way; true when the key moved. */
  key(key: string): boolean;
  /** Back to no active option (the list now holds other things). */
  reset(): void;
  /** The id of option `index`. */
  optionId(index: number): string;
  input(): Record<string, string | undefined>;
  list(): { id: string; role: 'listbox' };
  option(index: number): { id: string; role: 'option'; 'aria-selected': boolean };
}

/** `id` prefixes the element ids; unique on the page. */
export function createListNavigation(id: string): ListNavigation {
  const active = signal(-1);
  const count = signal(0);
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-opt-${index}`;
  return {
    active,
    setCount(n) {
      batch(() => {
        count.value = n;
        active.value = Math.min(active.peek(), n - 1);
      });
    },
    key(key) {
      const n = count.peek();
      if (!n || (key !== 'ArrowDown' && key !== 'ArrowUp')) return false;
      const at = active.peek();
      // -1 is the field: one stop of the ring, between the last option and the first.
      active.value = key === 'ArrowDown' ? (at + 1 >= n ? -1 : at + 1) : at < 0 ? n - 1 : at - 1;
      return true;
    },
    reset() {
      active.value = -1;
    },
    optionId,
    input: () => ({
      role: 'combobox',
      'aria-expanded': count.value > 0 ? 'true' : 'false',
      'aria-controls': listId,
      'aria-autocomplete': 'list',
      // Only once the user arrows: a screen reader would otherwise read an option while they type.
      'aria-activedescendant': active.value >= 0 && active.value < count.value ? optionId(active.value) : undefined,
    }),
    list: () => ({ id: listId, role: 'listbox' }),
    option: (index) => ({ id: optionId(index), role: 'option', 'aria-selected': index === active.value }),
  };
}
