/**
 * The script-tag file's `startSources` (vite.config.ts swaps it in for the real one): the
 * script-tag build does not search several indices yet. Its wiring (the `data-sources`
 * attribute, the real one loaded with `site-search.more.js`) measured 46 bytes over the
 * first load's budget (bench/sizeBudget.ts), so `mount` with `sources` says so instead.
 */
export function startSources(): never {
  throw new Error('Site Search: the script tag does not take sources yet.');
}
