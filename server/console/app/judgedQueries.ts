// A starting file for `site-search eval`: the report's top searches, each with the pages
// clicked most after it, read from the stored click events of the report's days and tag.
// Clicks say what visitors chose, not what is right: the owner checks the file before
// using it as the yardstick.
import type { StoredStatsEvent } from '../../../src/client/types.ts';

/** One judged query as `site-search eval` reads it: the search, and the ids wanted near the top. */
export interface JudgedQuery {
  query: string;
  wanted: string[];
}

/** Which events count: UTC days `from` to `to` (inclusive, `yyyy-MM-dd`), and a tag (undefined: any; null: none). */
export interface EventScope {
  from: string;
  to: string;
  tag: string | null | undefined;
}

/** As the report counts keywords: trimmed, lower case, runs of spaces as one. */
const normalized = (keyword: string): string => keyword.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * The `queries` (in their order) with the ids of the documents clicked most for each, at
 * most `perQuery`, more clicks first (ties by id, so the file is stable). A query no one
 * clicked a result of is left out: it judges nothing.
 */
export function judgedQueriesOf(queries: readonly string[], events: Iterable<StoredStatsEvent>, scope: EventScope, perQuery = 3): JudgedQuery[] {
  const start = Date.parse(`${scope.from}T00:00:00Z`);
  const end = Date.parse(`${scope.to}T00:00:00Z`) + 86_400_000;
  const clicks = new Map<string, Map<string, number>>(queries.map((q) => [normalized(q), new Map()]));
  for (const event of events) {
    if (event.action !== 'click') continue;
    if (scope.tag !== undefined && (event.tag ?? null) !== scope.tag) continue;
    const received = Date.parse(event.received);
    if (!(received >= start && received < end)) continue;
    const counts = clicks.get(normalized(event.keyword));
    counts?.set(event.docid, (counts.get(event.docid) ?? 0) + 1);
  }
  return queries.flatMap((query) => {
    const counts = [...(clicks.get(normalized(query)) ?? [])];
    if (normalized(query) === '' || counts.length === 0) return [];
    counts.sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0));
    return [{ query, wanted: counts.slice(0, perQuery).map(([id]) => id) }];
  });
}
