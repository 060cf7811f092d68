/** No page past 100: deep pages are never worth asking the API for. */
export const PAGES_MAX = 100;

/** What a numbered pager shows; 0 in `pages` marks a gap. */
export interface PagerView {
  current: number;
  last: number;
  /** First, last, and the current page with a neighbour each side. */
  pages: number[];
  /** The results go on past `last`, the 100th page. */
  capped: boolean;
}

/** The pager for `totalHits` at `limit` a page, on page `current`; null when there is one page or none. */
export function pagerView(totalHits: number, limit: number, current: number): PagerView | null {
  const all = Math.ceil(totalHits / limit);
  const last = Math.min(PAGES_MAX, all);
  if (last < 2) return null;
  const pages: number[] = [];
  for (let p = 1; p <= last; p++) {
    if (p === 1 || p === last || Math.abs(p - current) <= 1) pages.push(p);
    else if (pages.at(-1)) pages.push(0);
  }
  return { current, last, pages, capped: all > last };
}
