import { describe, expect, it } from 'vitest';
import { splitMatch } from './splitMatch.ts';

describe('splitMatch', () => {
  it('cuts around the typed part, ignoring case', () => {
    expect(splitMatch('CSS Grid', 'grid')).toEqual(['CSS ', 'Grid', '']);
    expect(splitMatch('flex', 'grid')).toEqual(['flex', '', '']);
    expect(splitMatch('flex', '')).toEqual(['flex', '', '']);
  });

  it('lets a typed space stand for the dot, colon or spaces of a name', () => {
    expect(splitMatch('Promise.all()', 'promise all')).toEqual(['', 'Promise.all', '()']);
    expect(splitMatch('Array: from', 'array  from')).toEqual(['', 'Array: from', '']);
    expect(splitMatch('PromiseRejectionEvent.promise', 'promise all')).toEqual(['PromiseRejectionEvent.promise', '', '']);
  });

  it('takes the typed characters literally', () => {
    expect(splitMatch('a+b (c)', 'a+b (c')).toEqual(['', 'a+b (c', ')']);
    expect(splitMatch('axb', 'a.b')).toEqual(['axb', '', '']);
  });
});
