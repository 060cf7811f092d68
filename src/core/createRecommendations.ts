import { signal, type ReadonlySignal } from '@preact/signals';
import { isAbortError } from '../client/errors.ts';
import { hostFor, type HostOptions } from '../client/hosts.ts';
import { buildUrl, getJson } from '../client/request.ts';
import type { ClickEvent, RecommendationHit, RecommendationsResponse } from '../client/types.ts';

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
}

export interface Recommendations {
  readonly status: ReadonlySignal<RecommendationsStatus>;
  readonly hits: ReadonlySignal<RecommendationHit[]>;
  /** Asks again (after an error). Aborts a request in flight. */
  load(): void;
  /**
   * Reports a click on the hit at `position` (from 1) as a stats click event (4.9). The
   * keyword is `recommendations:<configurationKey>:<itemId>` (cut to 100 characters),
   * so click statistics tell recommendation clicks from search clicks and name both
   * the configuration and the item they were shown for. Never throws.
   */
  click(hit: RecommendationHit, position: number): void;
  dispose(): void;
}

const SESSION_KEY = 'ss-session';

/**
 * The visitor's session id: 32 hex characters from `crypto.getRandomValues`, kept in
 * sessionStorage so a tab keeps one id. A stopgap until the event tracker comes.
 */
export function sessionId(): string {
  let id: string | null = null;
  try {
    id = sessionStorage.getItem(SESSION_KEY);
  } catch {
    // Storage may be blocked; a fresh id per page is then the best there is.
  }
  if (id && /^[0-9a-f]{1,32}$/.test(id)) return id;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  id = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  try {
    sessionStorage.setItem(SESSION_KEY, id);
  } catch {
    // See above.
  }
  return id;
}

/** Loads the items related to one item and reports clicks on them. */
export function createRecommendations(options: RecommendationsOptions): Recommendations {
  const { siteKey, baseUrl, regionalUrl, configurationKey, itemId } = options;
  const fetcher: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  // The search client's plain GET, not the index client's retrying transport: the
  // script-tag build already holds it, and a related-items row need not retry.
  const url = buildUrl(hostFor('recommendations', { baseUrl, regionalUrl }), `/v1/recommendations/${encodeURIComponent(siteKey)}`, {
    configurationKey,
    ItemId: itemId,
  });
  const status = signal<RecommendationsStatus>('loading');
  const hits = signal<RecommendationHit[]>([]);
  let controller: AbortController | null = null;

  function load() {
    controller?.abort();
    const own = (controller = new AbortController());
    status.value = 'loading';
    getJson<RecommendationsResponse>(fetcher, url, { signal: own.signal }).then(
      (answer) => {
        if (own.signal.aborted) return;
        const list = Array.isArray(answer.hits) ? answer.hits : [];
        hits.value = list;
        status.value = list.length > 0 ? 'done' : 'empty';
      },
      (error: unknown) => {
        if (own.signal.aborted || isAbortError(error)) return;
        status.value = 'error';
      },
    );
  }

  load();
  return {
    status,
    hits,
    load,
    click(hit, position) {
      if (typeof hit.id !== 'string' || hit.id === '') return;
      const event: ClickEvent = {
        action: 'click',
        session: sessionId(),
        keyword: `recommendations:${configurationKey}:${itemId}`.slice(0, 100),
        docid: hit.id,
        position,
      };
      // A plain POST of the event, not the stats client with its checks and transport:
      // the fields are made right here. keepalive: the click usually navigates away,
      // which would cancel a plain fetch.
      new Promise((resolve) =>
        resolve(
          fetcher(`${hostFor('stats', { baseUrl, regionalUrl })}/v1/stats/${encodeURIComponent(siteKey)}`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(event),
            keepalive: true,
          }),
        ),
      ).catch(() => {});
    },
    dispose() {
      controller?.abort();
    },
  };
}
