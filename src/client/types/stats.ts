// Search and click events sent to `POST /v1/stats/{key}` (4.9), and as the reference
// service stored them.

/** A search event for `POST /v1/stats/{key}` (4.9). */
export interface SearchEvent {
  action: 'search';
  session: string;
  keyword: string;
  numberOfResults: number;
  tag?: string;
  /**
   * An addition of the reference service: the sender's id for this event, 1-64 of
   * `A-Z a-z 0-9 _ -`. An event resent with the same id is stored once.
   */
  eventId?: string;
  /**
   * An addition of the reference service: the signed-in user's token, as the site's
   * server signed it (see `signUserToken`): this session's clicks may then shape that
   * user's personal results.
   */
  userToken?: string;
}

/** A click event for `POST /v1/stats/{key}` (4.9). */
export interface ClickEvent {
  action: 'click';
  session: string;
  keyword: string;
  docid: string;
  /** Counting from 1. */
  position: number;
  tag?: string;
  /** As on `SearchEvent`: resending the same id stores the event once. */
  eventId?: string;
  /**
   * An addition of the reference service: the signed-in user's token as the site's server
   * signed it (`<id>.<expiry>.<signature>`, see `signUserToken`), whose clicks shape that
   * user's personal results once the same session searched with it. Never made up per visitor.
   */
  userToken?: string;
}

export type StatsEvent = SearchEvent | ClickEvent;

/**
 * A stats event as the reference service stored it (an addition of that service):
 * `source` is `stats` for events sent to the stats endpoint and `search` for searches
 * the search endpoint recorded itself; `received` is an ISO 8601 date-time.
 */
export type StoredStatsEvent = StatsEvent & { source: 'stats' | 'search'; received: string };

/** Answer of `GET /v2/indices/{key}/stats/events` (an addition of the reference service). */
export interface StoredStatsEventsResponse {
  events: StoredStatsEvent[];
}

/** Query of `GET /v2/indices/{key}/stats/events` (an addition of the reference service). */
export interface StoredStatsEventsParams {
  /** How many stored events to skip, oldest first. @default 0 */
  after?: number;
  /** Events answered, 1-1000. @default 100 */
  limit?: number;
  /** Only the events of this session (`after` then counts within them). */
  session?: string;
}
