import { describe, expect, it } from 'vitest';
import { createRecentSearches } from './createRecentSearches.ts';

/** A Storage stand-in holding its entries in a map. */
function memoryStorage() {
  const map = new Map<string, string>();
  return { map, getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
}

describe('createRecentSearches', () => {
  it('keeps the newest first, each term once in any case, at most `max`', () => {
    const store = memoryStorage();
    const recent = createRecentSearches({ key: 'k', max: 3, storage: () => store });
    recent.add('grid');
    recent.add('  flex   box ');
    recent.add('Grid');
    expect(recent.list()).toEqual(['Grid', 'flex box']);
    recent.add('gap');
    recent.add('subgrid');
    expect(recent.list()).toEqual(['subgrid', 'gap', 'Grid']);
    recent.add('   ');
    expect(recent.list()).toEqual(['subgrid', 'gap', 'Grid']);
    expect(JSON.parse(store.map.get('k')!)).toEqual(['subgrid', 'gap', 'Grid']);
  });

  it('keeps six by default and removes a term in any case', () => {
    const recent = createRecentSearches({ key: 'k', storage: () => memoryStorage() });
    for (const t of ['a', 'b', 'c', 'd', 'e', 'f', 'g']) recent.add(t);
    expect(recent.list()).toEqual(['g', 'f', 'e', 'd', 'c', 'b']);
    recent.remove('D');
    expect(recent.list()).toEqual(['g', 'f', 'e', 'c', 'b']);
  });

  it('keeps one list per key, so two widgets of different indices do not mix', () => {
    const store = memoryStorage();
    const one = createRecentSearches({ key: 'one', storage: () => store });
    const two = createRecentSearches({ key: 'two', storage: () => store });
    one.add('grid');
    two.add('fetch');
    expect(one.list()).toEqual(['grid']);
    expect(two.list()).toEqual(['fetch']);
    // A second widget of the same index sees what the first kept.
    expect(createRecentSearches({ key: 'one', storage: () => store }).list()).toEqual(['grid']);
  });

  it('works on in memory where storage throws, is full or holds garbage', () => {
    const blocked = createRecentSearches({
      key: 'k',
      storage: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    blocked.add('grid');
    expect(blocked.list()).toEqual(['grid']);

    const full = createRecentSearches({
      key: 'k',
      storage: () => ({
        getItem: () => null,
        setItem: () => {
          throw new DOMException('full', 'QuotaExceededError');
        },
      }),
    });
    full.add('grid');
    full.add('gap');
    expect(full.list()).toEqual(['gap', 'grid']);

    const store = memoryStorage();
    store.map.set('k', '{not json');
    expect(createRecentSearches({ key: 'k', storage: () => store }).list()).toEqual([]);
    store.map.set('k', JSON.stringify(['ok', 42, null, '', { x: 1 }]));
    expect(createRecentSearches({ key: 'k', storage: () => store }).list()).toEqual(['ok']);
  });
});
