import { signal, type ReadonlySignal } from '@preact/signals-core';
import type { SearchClient } from '../client/createClient.ts';
import type { RecommendationHit } from '../client/types.ts';
import { createLatest } from './createLatest.ts';

export type RecommendationsStatus = 'loading' | 'empty' | 'error' | 'done';

export interface RecommendationsOptions {
  /** The client of the index (`createClient`). */
  client: Pick<SearchClient, 'recommendations'>;
  /** The recommendation configuration of the service, e.g. `related`. */
  configurationKey: string;
  /** A document id or a custom field value, as the configuration says. */
  itemId: string;
}

export interface Recommendations {
  readonly status: ReadonlySignal<RecommendationsStatus>;
  readonly hits: ReadonlySignal<RecommendationHit[]>;
  /** Asks again (after an error). Aborts a request in flight. */
  load(): void;
  /** Aborts a request in flight. */
  dispose(): void;
}

/** The items related to one item, as signals. Reporting clicks on them is the view's part. */
export function createRecommendations({ client, configurationKey, itemId }: RecommendationsOptions): Recommendations {
  const status = signal<RecommendationsStatus>('loading');
  const hits = signal<RecommendationHit[]>([]);
  const latest = createLatest();

  function load() {
    status.value = 'loading';
    latest(
      (signal) => client.recommendations({ configurationKey, ItemId: itemId }, { signal }),
      (answer) => {
        const list = Array.isArray(answer.hits) ? answer.hits : [];
        hits.value = list;
        status.value = list.length > 0 ? 'done' : 'empty';
      },
      () => (status.value = 'error'),
    );
  }

  load();
  return { status, hits, load, dispose: () => latest() };
}
