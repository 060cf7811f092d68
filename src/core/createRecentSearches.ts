import { capTerm } from './capTerm.ts';

export interface RecentSearchesOptions {
  /**
   * Name of the storage entry. One per index (the widget uses its site key and API),
   * so two widgets of different indices on one site keep their own lists.
   */
  key: string;
  /**
   * Searches kept at most, the newest first.
   * @default 6
   */
  max?: number | undefined;
  /**
   * Where the list is kept; asked for on each use, because merely reading
   * `localStorage` throws where the browser blocks storage (a sandboxed frame).
   * @default () => localStorage
   */
  storage?: (() => Pick<Storage, 'getItem' | 'setItem'> | null | undefined) | undefined;
}

/** The searches a visitor ran lately, kept on their device only. */
export interface RecentSearches {
  /** The terms, the newest first. */
  list(): string[];
  /** Puts `term` first; the same term in any case is kept once. Empty terms are not kept. */
  add(term: string): void;
  /** Forgets `term` (in any case). */
  remove(term: string): void;
}

export function createRecentSearches(options: RecentSearchesOptions): RecentSearches {
  const { key, max = 6, storage = () => localStorage } = options;
  // Storage may be missing, blocked, full, or hold anything another script wrote: the list
  // then lives here for the page's life, and nothing of it ever breaks the widget.
  let memory: string[] = [];
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

  function list(): string[] {
    try {
      const stored: unknown = JSON.parse(storage()?.getItem(key) ?? 'null');
      if (Array.isArray(stored)) memory = stored.filter((t): t is string => typeof t === 'string' && t !== '').slice(0, max);
    } catch {
      // Unreadable: keep what this page knows.
    }
    return memory;
  }

  function write(terms: string[]) {
    memory = terms;
    try {
      storage()?.setItem(key, JSON.stringify(terms));
    } catch {
      // Full or blocked (QuotaExceededError, SecurityError): memory only.
    }
  }

  return {
    list,
    add(term) {
      const t = capTerm(term);
      if (t) write([t, ...list().filter((old) => !same(old, t))].slice(0, max));
    },
    remove(term) {
      write(list().filter((old) => !same(old, term)));
    },
  };
}
