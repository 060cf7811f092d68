import { describe, expect, it } from 'vitest';
import { pagerView } from './pagerView.ts';

describe('pagerView', () => {
  it('shows the first, the last, and the current page with a neighbour each side, 0 for a gap', () => {
    expect(pagerView(30, 10, 1)?.pages).toEqual([1, 2, 3]);
    expect(pagerView(100, 10, 5)?.pages).toEqual([1, 0, 4, 5, 6, 0, 10]);
    expect(pagerView(100, 10, 10)?.pages).toEqual([1, 0, 9, 10]);
  });

  it('is null for a single page or none', () => {
    expect(pagerView(0, 10, 1)).toBeNull();
    expect(pagerView(10, 10, 1)).toBeNull();
    expect(pagerView(11, 10, 1)).toEqual({ current: 1, last: 2, pages: [1, 2], capped: false });
  });

  it('stops at page 100, and says when the results go on past it', () => {
    expect(pagerView(1_000_000, 10, 100)).toEqual({ current: 100, last: 100, pages: [1, 0, 99, 100], capped: true });
    expect(pagerView(1_000, 10, 1)?.capped).toBe(false);
    expect(pagerView(1_001, 10, 1)?.capped).toBe(true);
  });
});
