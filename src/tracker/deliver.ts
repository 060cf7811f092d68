import type { StatsEvent } from '../client/types.ts';

/** How a delivery ended: stored; worth another try; refused for good; handed to the browser (outcome unknown). */
export type Delivery = 'ok' | 'retry' | 'drop' | 'sent';

/**
 * POSTs one event to the stats endpoint as `text/plain` JSON (a string body), which
 * needs no CORS preflight. `keepalive` lets the request finish when the page is left.
 * With `beacon`, `navigator.sendBeacon` goes first: it survives the page best, but says
 * only whether the browser queued the event, never whether the service stored it.
 */
export function deliver(url: string, event: StatsEvent, beacon = false): Promise<Delivery> {
  const body = JSON.stringify(event);
  try {
    if (beacon && navigator.sendBeacon(url, body)) return Promise.resolve('sent');
  } catch {
    // No sendBeacon, or it refused: fetch below.
  }
  return fetch(url, { method: 'POST', body, keepalive: true, mode: 'cors', credentials: 'omit' }).then(
    // 408, 429 and 5xx may pass; any other refusal would be refused again.
    ({ ok, status }) => (ok ? 'ok' : status === 408 || status === 429 || status > 499 ? 'retry' : 'drop'),
    () => 'retry',
  );
}
