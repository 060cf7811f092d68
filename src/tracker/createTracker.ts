import { hostFor, type HostOptions } from '../client/hosts.ts';
import { buildEvent } from './buildEvent.ts';
import { createQueue } from './createQueue.ts';
import { deliver } from './deliver.ts';
import { local } from './local.ts';
import { sessionId } from './sessionId.ts';

/** The `analytics` option of the widget: how searches and clicks are reported. */
export interface AnalyticsOptions {
  /** Sent as `tag` with every event (at most 50 characters), e.g. the site section. */
  tag?: string | undefined;
  /**
   * Send and store nothing (no session id, no queued events) until `setConsent(true)`.
   * @default false
   */
  requireConsent?: boolean | undefined;
  /**
   * Send and store nothing when the browser sends Global Privacy Control
   * (`navigator.globalPrivacyControl`), a legally binding opt-out in some places.
   * @default true
   */
  respectGpc?: boolean | undefined;
  /**
   * Time the results of a typed search must stay on screen before it counts as a search
   * (a commit: Enter, a suggestion, a filter, sort or page, counts at once). Pauses inside a
   * word are far shorter; a reader who stops for 2 s has found the query they meant.
   * @default 2000
   */
  pauseMs?: number | undefined;
  /**
   * Rewrites each keyword before anything is stored or sent (to strip e-mail addresses,
   * say); `null` drops the event.
   */
  transformKeyword?: ((keyword: string) => string | null) | undefined;
}

export interface TrackerOptions extends AnalyticsOptions, HostOptions {
  /** The public site key of the index. */
  siteKey: string;
  /** The signed-in user, sent with clicks for their personal results (the widget's `userToken`). */
  userToken?: string | undefined;
}

/** Reports searches and clicks of one widget to `POST /v1/stats/{key}`. */
export interface Tracker {
  /**
   * Results are on screen for `keyword`. A `commit` counts at once; otherwise the search
   * counts once it stayed `pauseMs`, or at a click, a submit or leaving the page. `key`
   * says which searches are one (same words and filters): a search is not reported again
   * right after itself in the same session, so paging, sorting and coming Back are not
   * new searches.
   */
  shown(keyword: string, total: number, key: string, commit: boolean): void;
  /** The shown search counts now, if it has not yet. */
  settle(): void;
  /** The shown search is being replaced before it counted (typing went on). */
  cancel(): void;
  /** A click on a result at `position` (from 1); the search it came from is reported first. */
  click(keyword: string, docid: string, position: number): void;
  /** Consent for `requireConsent`; withdrawing it forgets the session and the queue. */
  setConsent(granted: boolean): void;
  dispose(): void;
}

/** A short hash: the last search is remembered without keeping what was typed. */
function hash(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(31, h) + text.charCodeAt(i)) | 0;
  return h;
}

/**
 * The tracker of one widget. Every event gets an `eventId` and waits in a localStorage
 * queue until a `keepalive` fetch hears the service's 2xx; when the page goes, what is
 * still waiting is handed to `sendBeacon` too. A resend is stored once, so nothing is
 * lost and nothing counts twice.
 */
export function createTracker(options: TrackerOptions): Tracker {
  const { pauseMs = 2000, respectGpc = true } = options;
  const url = `${hostFor('stats', options)}/v1/stats/${encodeURIComponent(options.siteKey)}`;
  const queue = createQueue(`ss-queue:${url}`, (event) => deliver(url, event));
  // The last search this index counted: a widget of several indices counts a search in each.
  const lastKey = `ss-last:${url}`;
  const beaconed = new Set<string>();
  let consent = !options.requireConsent;
  let pending: [keyword: string, total: number, key: string] | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const allowed = () => consent && !(respectGpc && (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl === true);

  function send(fields: Parameters<typeof buildEvent>[0]) {
    const event = allowed() && buildEvent(fields, options);
    if (event) queue.add(event);
  }

  function cancel() {
    clearTimeout(timer);
    pending = null;
  }

  function settle() {
    const search = pending;
    cancel();
    if (!search || !allowed()) return;
    const [keyword, numberOfResults, key] = search;
    const last = hash(sessionId() + key);
    if (local(lastKey) === last) return;
    local(lastKey, last);
    send({ action: 'search', keyword, numberOfResults });
  }

  function leave(event: Event) {
    if (event.type !== 'pagehide' && document.visibilityState !== 'hidden') return;
    settle();
    // Still waiting (the service was down, or the page goes before the answer): hand
    // it to the browser as well. The queue keeps it until a fetch hears a 2xx.
    for (const event of queue.pending()) {
      if (!beaconed.has(event.eventId!)) void deliver(url, event, true);
      beaconed.add(event.eventId!);
    }
  }

  // A page restored from the back-forward cache is a page load for the queue too.
  const show = () => {
    if (allowed()) queue.flush(true);
  };
  addEventListener('visibilitychange', leave);
  addEventListener('pagehide', leave);
  addEventListener('pageshow', show);
  show();

  return {
    shown(keyword, total, key, commit) {
      cancel();
      // A search shown before consent is never counted, not even once consent comes during its pause.
      if (!allowed()) return;
      pending = [keyword, total, key];
      if (commit) settle();
      else timer = setTimeout(settle, pauseMs);
    },
    settle,
    cancel,
    click(keyword, docid, position) {
      settle();
      send({ action: 'click', keyword, docid, position });
    },
    setConsent(granted) {
      consent = granted;
      if (granted) {
        show();
        return;
      }
      cancel();
      queue.clear();
      local('ss-session', undefined);
      local(lastKey, undefined);
      // Where earlier versions kept the last search, for every index alike.
      local('ss-last', undefined);
    },
    dispose() {
      cancel();
      queue.dispose();
      removeEventListener('visibilitychange', leave);
      removeEventListener('pagehide', leave);
      removeEventListener('pageshow', show);
    },
  };
}
