import { describe, expect, it } from 'vitest';
import { numberBounds } from './numberBounds.ts';

describe('numberBounds', () => {
  it('tests each bound given, its value in the same place, and skips the missing ones', () => {
    expect(
      numberBounds('fv.num', [
        ['>=', 10],
        ['<', 20],
      ]),
    ).toEqual({ tests: ['fv.num >= ?', 'fv.num < ?'], params: [10, 20] });
    expect(
      numberBounds('num', [
        ['>', undefined],
        ['<', 0],
      ]),
    ).toEqual({ tests: ['num < ?'], params: [0] });
    expect(
      numberBounds('num', [
        ['>', undefined],
        ['<', undefined],
      ]),
    ).toEqual({ tests: [], params: [] });
  });
});
