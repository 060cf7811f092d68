/**
 * The address of a site's results page for `term`: `{query}` in `resultsUrl` is replaced
 * by the encoded term, or else the term goes in the `q` query parameter (the one the
 * widget's own `url` option reads). Relative to `base`, the page's address.
 */
export function resultsPageUrl(resultsUrl: string, term: string, base: string): string {
  if (resultsUrl.includes('{query}')) return new URL(resultsUrl.replaceAll('{query}', encodeURIComponent(term)), base).href;
  const url = new URL(resultsUrl, base);
  url.searchParams.set('q', term);
  return url.href;
}
