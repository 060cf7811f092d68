import { effect } from '@preact/signals-core';
import type { SearchController } from './createSearchController.ts';
import { readNumber, readRange, type SearchFilters, type SearchState } from './searchState.ts';

/** Options of `bindUrl`. */
export interface UrlOptions {
  /**
   * Put before each of the widget's query parameters, so they never meet the page's own.
   * @default ''
   */
  prefix?: string | undefined;
}

/** The filters that are plain text, by their query parameter. */
const TEXT_FILTERS = [
  ['cat', 'category'],
  ['lang', 'lang'],
  ['from', 'dateFrom'],
  ['to', 'dateTo'],
] as const;

/**
 * The search state as query parameters: `q`, `page`, `sort`, `order`, `cat`, `lang`,
 * `from`, `to`, `f.<field>` (repeated) and `r.<field>=<from>..<to>` (both bounds
 * inclusive) or `r.<field>=<from>:<to>` (`to` excluded: a facet bucket, and every range
 * of links written before typed ranges took `to` in), each behind `prefix`. Parameters
 * without the prefix are copied untouched.
 */
export function writeState(state: SearchState, search: string, prefix = ''): string {
  const params = new URLSearchParams(search);
  for (const key of [...params.keys()]) if (key.startsWith(prefix) && isOurs(key.slice(prefix.length))) params.delete(key);
  const { term, page, sort, order, filters } = state;
  const sorted = sort !== 'relevance';
  // Defaults and empty values are left out; without a term nothing is written.
  const pairs: Array<[string, unknown]> = [
    ['q', term],
    ['page', page > 1 && page],
    ['sort', sorted && sort],
    ['order', sorted && order],
    ...TEXT_FILTERS.map(([key, name]): [string, unknown] => [key, filters[name]]),
    ...Object.entries(filters.fields ?? {}).flatMap(([name, values]) => values.map((v): [string, unknown] => [`f.${name}`, v])),
    ...Object.entries(filters.ranges ?? {}).map(([name, { from, to, toExcluded }]): [string, unknown] => [
      `r.${name}`,
      `${from ?? ''}${toExcluded ? ':' : '..'}${to ?? ''}`,
    ]),
  ];
  if (term) for (const [key, value] of pairs) if (value) params.append(prefix + key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

// `fuzzy` is never written (every search forgives typos) but counts as ours, so the
// `fuzzy=1` of an older link is ignored when read and dropped on the next search.
function isOurs(key: string): boolean {
  return /^(q|page|sort|order|cat|lang|from|to|fuzzy)$|^[fr]\./.test(key);
}

/** The search state a query string holds; anything missing or malformed takes its default. */
export function readState(search: string, prefix = ''): SearchState {
  const params = new URLSearchParams(search);
  const get = (key: string) => params.get(prefix + key) ?? '';
  const filters: SearchFilters = {};
  for (const [key, value] of params) {
    const match = key.startsWith(prefix) && key.slice(prefix.length).match(/^([fr])\.(.+)/s);
    if (!match) continue;
    const name = match[2]!;
    const inclusive = value.includes('..');
    const [from, to] = value.split(inclusive ? '..' : ':');
    const range = readRange(from, to, !inclusive);
    if (match[1] === 'f') ((filters.fields ??= {})[name] ??= []).push(value);
    else if (Object.keys(range).length) (filters.ranges ??= {})[name] = range;
  }
  for (const [key, name] of TEXT_FILTERS) if (get(key)) filters[name] = get(key);
  return {
    term: get('q'),
    page: Math.max(1, Math.floor(readNumber(get('page')) ?? 1)),
    sort: get('sort') || 'relevance',
    order: get('order') === 'asc' ? 'asc' : 'desc',
    filters,
  };
}

/** How long typing must have paused for the next key to start a history entry of its own. */
const TYPING_PAUSE_MS = 1000;

/**
 * Keeps the controller and the page's URL in step: a shared link opens the same search,
 * a committed search (Enter, page, sort, filter) pushes a history entry, typing pushes one
 * with its first key after a pause and replaces it with the next keys (so Back returns to
 * the search before, not off the page), and Back and Forward restore the exact state.
 * History holds settled searches only: Enter right after typing replaces the typed entry,
 * and whatever follows a cleared field replaces its entry.
 * Returns the unbinding.
 */
export function bindUrl(controller: SearchController, { prefix = '' }: UrlOptions = {}): () => void {
  const read = () => readState(location.search, prefix);
  const restore = () => controller.restore(read());
  if (read().term) restore();
  // When the term last changed. Typed searches and Enter are dated by their keys, not by when
  // their searches went out: on a slow page searches leave seconds apart though the keys
  // came quickly.
  let keyAt = Date.now();
  const unkey = controller.term.subscribe(() => (keyAt = Date.now()));
  // When the term was last submitted (Enter, a picked suggestion): the search typed next
  // starts an entry of its own.
  let submittedAt = 0;
  const unsubmit = controller.submits.subscribe(() => (submittedAt = Date.now()));
  // The key of the last typed search the URL took; -Infinity: not since the last commit.
  let typedAt = -Infinity;
  // The current entry's term when typing wrote it, while it is not settled yet: Enter on
  // another term takes its place when a typed search would (its key within the pause of that
  // term's), and Enter came within the pause of the last key, so Back never lands on a
  // half-typed term. An empty field's entry is never settled.
  let unsettled: string | null = null;
  const stop = effect(() => {
    const sent = controller.sent.value;
    const search = sent && writeState(sent.state, location.search, prefix);
    if (sent && search !== location.search) {
      const { term } = sent.state;
      const submitted = submittedAt > typedAt;
      const typing = keyAt - typedAt <= TYPING_PAUSE_MS;
      const replaceable =
        unsettled === '' || (sent.commit && unsettled !== null && unsettled !== term && submitted && typing && submittedAt - keyAt <= TYPING_PAUSE_MS);
      const push = !replaceable && (sent.commit || submitted || !typing);
      typedAt = sent.commit ? -Infinity : keyAt;
      unsettled = sent.commit ? null : term;
      // While the phone's filter panel is open its entry (marked `ssSheet`) takes every change:
      // Back closes the panel (FacetPanel), and the filters chosen in it come back as one entry.
      const sheet = (history.state as { ssSheet?: unknown } | null)?.ssSheet;
      history[push && !sheet ? 'pushState' : 'replaceState'](history.state, '', location.pathname + search + location.hash);
    }
  });
  addEventListener('popstate', restore);
  return () => {
    stop();
    unsubmit();
    unkey();
    removeEventListener('popstate', restore);
  };
}
