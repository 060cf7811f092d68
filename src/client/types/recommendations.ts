// Related items (4.10, 4.11): the items viewed together, and what is recommended from them.
import type { SearchHit } from './search.ts';

/** A hit returned by recommendations: a search hit plus its `type`. */
export interface RecommendationHit extends SearchHit {
  type: string;
}

/** Body of `POST .../recommendations-datasets/{name}/events:batch` (4.11). */
export interface DatasetEventsRequest {
  events: RecommendationEvent[];
}

/** Query parameters of `GET /v1/recommendations/{key}` (4.10). */
export interface RecommendationsParams {
  /** The configuration, which decides which events are used. */
  configurationKey: string;
  /** A document id or a custom field value, as the configuration says. */
  ItemId: string;
}

/** An item-viewed-together event (2.8). */
export interface RecommendationEvent {
  transaction: string;
  item: string;
  time: string;
}

/** Answer of a recommendation events batch (reference service): how many events it held. */
export interface RecommendationEventsResponse {
  events: number;
}

export interface RecommendationsResponse {
  total_hits: number;
  processing_time_ms: number;
  hits: RecommendationHit[];
}
