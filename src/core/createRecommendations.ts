import { signal, type ReadonlySignal } from '@preact/signals-core';
import { createLatest } from './createLatest.ts';
import { hostFor, type HostOptions } from '../client/hosts.ts';
import { buildUrl, getJson } from '../client/request.ts';
import type { RecommendationHit, RecommendationsResponse } from '../client/types.ts';
import { createTracker, type AnalyticsOptions } from '../tracker/createTracker.ts';

export type RecommendationsStatus = 'loading' | 'empty' | 'error' | 'done';

export interface RecommendationsOptions extends HostOptions {
  /** The public site key of the index. */
  siteKey: string;
  /** The recommendation configuration of the service, e.g. `related`. */
  configurationKey: string;
  /** A document id or a custom field value, as the configuration says. */
  itemId: string;
  /** @default globalThis.fetch */
  fetch?: typeof fetch | undefined;
  /**
   * How clicks are reported, as the search widget's `analytics` option; `false` reports none.
   * @default {}
   */
  analytics?: false | AnalyticsOptions | undefined;
}

export interface Recommendations {
  readonly status: ReadonlySignal<RecommendationsStatus>;
  readonly hits: ReadonlySignal<RecommendationHit[]>;
  /** Asks again (after an error). Aborts a request in flight. */
  load(): void;
  /**
   * Reports a click on the hit at `position` (from 1) through the tracker. The
   * keyword is `recommendations:<configurationKey>:<itemId>` (cut to 100 characters),
   * so click statistics tell recommendation clicks from search clicks and name both
   * the configuration and the item they were shown for. Never throws.
   */
  click(hit: RecommendationHit, position: number): void;
  /** Consent to analytics, for `analytics.requireConsent`. */
  setConsent(granted: boolean): void;
  dispose(): void;
}

/** Loads the items related to one item and reports clicks on them. */
export function createRecommendations(options: RecommendationsOptions): Recommendations {
  const { siteKey, baseUrl, regionalUrl, configurationKey, itemId, analytics = {} } = options;
  const tracker = analytics ? createTracker({ ...analytics, siteKey, baseUrl, regionalUrl }) : null;
  const fetcher: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  // The search client's plain GET, not the index client's retrying transport: the
  // script-tag build already holds it, and a related-items row need not retry.
  const url = buildUrl(hostFor('recommendations', { baseUrl, regionalUrl }), `/v1/recommendations/${encodeURIComponent(siteKey)}`, {
    configurationKey,
    ItemId: itemId,
  });
  const status = signal<RecommendationsStatus>('loading');
  const hits = signal<RecommendationHit[]>([]);
  const latest = createLatest();

  function load() {
    status.value = 'loading';
    latest(
      (signal) => getJson<RecommendationsResponse>(fetcher, url, { signal }),
      (answer) => {
        const list = Array.isArray(answer.hits) ? answer.hits : [];
        hits.value = list;
        status.value = list.length > 0 ? 'done' : 'empty';
      },
      () => (status.value = 'error'),
    );
  }

  load();
  return {
    status,
    hits,
    load,
    click(hit, position) {
      if (typeof hit.id === 'string' && hit.id !== '') {
        tracker?.click(`recommendations:${configurationKey}:${itemId}`.slice(0, 100), hit.id, position);
      }
    },
    setConsent(granted) {
      tracker?.setConsent(granted);
    },
    dispose() {
      latest();
      tracker?.dispose();
    },
  };
}
