/** A stats event as every SQL event store keeps it: one row of `stats_events`, read back as the event the routes answer with. */
import type { StoredStatsEvent } from '../../src/client/types.ts';
import type { StatsSource } from './eventStore.ts';

export const STATS_COLUMNS = 'event_id, received, source, action, session, keyword, number_of_results, docid, position, tag';

export interface StatsRow {
  event_id: string | null;
  /** Epoch milliseconds. */
  received: number;
  source: StatsSource;
  action: 'search' | 'click';
  session: string;
  keyword: string;
  number_of_results: number | null;
  docid: string | null;
  position: number | null;
  tag: string | null;
}

export function statsEventOf(row: StatsRow): StoredStatsEvent {
  const common = {
    source: row.source,
    received: new Date(row.received).toISOString(),
    session: row.session,
    keyword: row.keyword,
    ...(row.tag === null ? {} : { tag: row.tag }),
    ...(row.event_id === null ? {} : { eventId: row.event_id }),
  };
  if (row.action === 'click') return { ...common, action: 'click', docid: row.docid ?? '', position: row.position ?? 0 };
  return { ...common, action: 'search', numberOfResults: row.number_of_results ?? 0 };
}
