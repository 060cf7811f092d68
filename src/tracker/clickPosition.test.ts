import { describe, expect, it } from 'vitest';
import { clickPosition } from './clickPosition.ts';

describe('clickPosition', () => {
  it('counts from 1 on the first page', () => {
    expect(clickPosition(1, 10, 10, 0)).toBe(1);
    expect(clickPosition(1, 10, 10, 9)).toBe(10);
  });

  it('is (page - 1) * limit + index + 1 on a later page, full or not', () => {
    expect(clickPosition(2, 10, 10, 0)).toBe(11);
    expect(clickPosition(2, 10, 10, 9)).toBe(20);
    expect(clickPosition(3, 10, 4, 3)).toBe(24);
    expect(clickPosition(5, 20, 20, 6)).toBe(87);
  });

  it('counts across the pages that "load more" put on screen together', () => {
    // Pages 1-3 of 10 on screen: the 25th hit on screen is the 25th result.
    expect(clickPosition(3, 10, 30, 24)).toBe(25);
    expect(clickPosition(3, 10, 23, 22)).toBe(23);
    // The list began at page 2 (a shared link), then page 3 was appended.
    expect(clickPosition(3, 10, 20, 0)).toBe(11);
    expect(clickPosition(3, 10, 17, 16)).toBe(27);
  });
});
