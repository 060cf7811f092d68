import { describe, expect, it } from 'vitest';
import { BoundedMap } from './boundedMap.ts';

describe('BoundedMap', () => {
  it('drops the entry set longest ago once full, and nothing when a kept key is set again', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2);
    map.set('a', 3);
    expect([...map]).toEqual([
      ['a', 3],
      ['b', 2],
    ]);
    map.set('c', 4);
    expect([...map]).toEqual([
      ['b', 2],
      ['c', 4],
    ]);
    // Deleted and set again, a key counts as the newest.
    map.delete('b');
    map.set('b', 5).set('d', 6);
    expect([...map.keys()]).toEqual(['b', 'd']);
  });
});
