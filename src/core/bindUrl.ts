import { effect } from '@preact/signals';
import type { SearchController } from './createSearchController.ts';
import { readNumber, readRange, type RangeSelection, type SearchState } from './searchState.ts';

/** Options of `bindUrl`. */
export interface UrlOptions {
  /**
   * Put before each of the widget's query parameters, so they never meet the page's own.
   * @default ''
   */
  prefix?: string | undefined;
}

/**
 * The search state as query parameters: `q`, `page`, `sort`, `order`, `cat`, `lang`,
 * `from`, `to`, `f.<field>` (repeated) and `r.<field>=<from>:<to>`, each behind
 * `prefix`. Parameters without the prefix are copied untouched.
 */
export function writeState(state: SearchState, search: string, prefix = ''): string {
  const params = new URLSearchParams(search);
  for (const key of [...params.keys()]) if (key.startsWith(prefix) && isOurs(key.slice(prefix.length))) params.delete(key);
  const put = (key: string, value: string | number | undefined) => {
    if (value !== undefined && value !== '') params.append(prefix + key, String(value));
  };
  const { fields = {}, ranges = {}, category, lang, dateFrom, dateTo } = state.filters;
  put('q', state.term);
  if (state.term) {
    if (state.page > 1) put('page', state.page);
    if (state.fuzzy) put('fuzzy', 1);
    if (state.sort !== 'relevance') {
      put('sort', state.sort);
      put('order', state.order);
    }
    put('cat', category);
    put('lang', lang);
    put('from', dateFrom);
    put('to', dateTo);
    for (const [name, values] of Object.entries(fields)) for (const v of values) put(`f.${name}`, v);
    for (const [name, { from, to }] of Object.entries(ranges)) put(`r.${name}`, `${from ?? ''}:${to ?? ''}`);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function isOurs(key: string): boolean {
  return /^(q|page|sort|order|cat|lang|from|to|fuzzy)$|^[fr]\./.test(key);
}

/** The search state a query string holds; anything missing or malformed takes its default. */
export function readState(search: string, prefix = ''): SearchState {
  const params = new URLSearchParams(search);
  const get = (key: string) => params.get(prefix + key) ?? undefined;
  const fields: Record<string, string[]> = {};
  const ranges: Record<string, RangeSelection> = {};
  for (const [key, value] of params) {
    if (!key.startsWith(prefix)) continue;
    const own = key.slice(prefix.length);
    if (own.startsWith('f.') && own.length > 2) (fields[own.slice(2)] ??= []).push(value);
    if (own.startsWith('r.') && own.length > 2) {
      const [from, to] = value.split(':');
      const range = readRange(from, to);
      if (Object.keys(range).length) ranges[own.slice(2)] = range;
    }
  }
  const filters: SearchState['filters'] = {};
  if (Object.keys(fields).length) filters.fields = fields;
  if (Object.keys(ranges).length) filters.ranges = ranges;
  for (const [key, name] of [['cat', 'category'], ['lang', 'lang'], ['from', 'dateFrom'], ['to', 'dateTo']] as const) {
    const value = get(key);
    if (value) filters[name] = value;
  }
  const page = readNumber(get('page'));
  const state: SearchState = {
    term: get('q') ?? '',
    page: page && page >= 1 ? Math.floor(page) : 1,
    sort: get('sort') || 'relevance',
    order: get('order') === 'asc' ? 'asc' : 'desc',
    filters,
  };
  if (get('fuzzy')) state.fuzzy = true;
  return state;
}

/**
 * Keeps the controller and the page's URL in step: a shared link opens the same search,
 * typing replaces the history entry, a committed search (Enter, page, sort, filter)
 * pushes one, and Back and Forward restore the exact state. Returns the unbinding.
 */
export function bindUrl(controller: SearchController, options: UrlOptions = {}): () => void {
  const { prefix = '' } = options;
  const restore = () => controller.restore(readState(location.search, prefix));
  if (readState(location.search, prefix).term) restore();
  const stop = effect(() => {
    const sent = controller.sent.value;
    if (!sent) return;
    const search = writeState(sent.state, location.search, prefix);
    if (search === location.search) return;
    const url = location.pathname + search + location.hash;
    if (sent.commit) history.pushState(history.state, '', url);
    else history.replaceState(history.state, '', url);
  });
  addEventListener('popstate', restore);
  return () => {
    stop();
    removeEventListener('popstate', restore);
  };
}
