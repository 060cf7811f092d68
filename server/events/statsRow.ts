/** A stats event as every SQL event store keeps it: one row of `stats_events`, read back as the event the routes answer with. */
import type { StatsEvent, StoredStatsEvent } from '../../src/client/types.ts';
import type { StatsSource } from './eventStore.ts';
import { normalizeKeyword } from './normalizeKeyword.ts';
import type { RollupEvent } from './rollupRules.ts';

export const STATS_COLUMNS = 'event_id, received, source, action, session, keyword, number_of_results, docid, position, tag';

/** The columns a new event writes: STATS_COLUMNS, then the folded keyword and the hashes of the sender's address and address group. */
export const STATS_INSERT_COLUMNS = `${STATS_COLUMNS}, keyword_norm, client, client_group`;

/**
 * What one event writes into `stats_events` (`values`, in STATS_INSERT_COLUMNS order), and
 * the event as the rollups count it once the store has given it its `rowid`.
 */
export function statsInsert(
  event: StatsEvent,
  source: StatsSource,
  received: number,
  client: string | null,
  group: string | null,
): { values: unknown[]; rollup: Omit<RollupEvent, 'rowid'> } {
  const keyword = normalizeKeyword(event.keyword);
  const numberOfResults = event.action === 'search' ? event.numberOfResults : null;
  const docid = event.action === 'click' ? event.docid : null;
  const position = event.action === 'click' ? event.position : null;
  const tag = event.tag ?? null;
  return {
    values: [
      event.eventId ?? null,
      received,
      source,
      event.action,
      event.session,
      event.keyword,
      numberOfResults,
      docid,
      position,
      tag,
      keyword,
      client,
      group,
    ],
    rollup: { received, action: event.action, session: event.session, keyword, numberOfResults, docid, position, tag: tag ?? '', client, group },
  };
}

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
