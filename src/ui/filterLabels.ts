import type { RangeSelection } from '../core/searchState.ts';
import { intl, type Messages } from './messages.ts';

// How a chosen filter reads, in its facet and in its chip above the results.

/** `1xcss` → `css`, `0xexample.com` → `example.com`, `doctype_pdf` → `pdf`. */
export const categoryName = (category: string): string => category.replace(/^(\d+x|doctype_)/, '');

/** The language's name in the widget's language ("German", "Deutsch"), or the code. */
export function languageName(locale: string, code: string): string {
  try {
    return intl(Intl.DisplayNames, locale, { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** "2015 – 2020", "≥ 2020", "≤ 2000", or "< 2000" for a bucket, whose `to` is excluded. */
export function rangeLabel(m: Messages, { from, to, toExcluded }: RangeSelection): string {
  // Years read as 2015, not 2,015: group digits from five on.
  const n = (x: number) => intl(Intl.NumberFormat, m.locale, { useGrouping: 'min2' }).format(x);
  if (from !== undefined && to !== undefined) return `${n(from)} – ${n(to)}`;
  return from !== undefined ? `≥ ${n(from)}` : `${toExcluded ? '<' : '≤'} ${n(to ?? 0)}`;
}
