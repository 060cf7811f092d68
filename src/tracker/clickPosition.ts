/**
 * The 1-based position of the `index`-th hit on screen among all results, for a list
 * whose newest page is `page` and which holds `onScreen` hits: one page, or several
 * pages appended by "load more" (all full but the last), so the first hit on screen is
 * on page `page - floor((onScreen - 1) / limit)`.
 */
export function clickPosition(page: number, limit: number, onScreen: number, index: number): number {
  const first = page - Math.floor(Math.max(0, onScreen - 1) / limit);
  return (first - 1) * limit + index + 1;
}
