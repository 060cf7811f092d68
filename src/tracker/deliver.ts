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
    (response) => {
      const { ok, status } = response;
      if (status === 403) void warnIfOriginRefused(url, response);
      return ok ? 'ok' : status === 408 || status === 429 || status > 499 ? 'retry' : 'drop';
    },
    () => 'retry',
  );
}

// The page's origin; none where there is no page (a test, a worker without one).
const origin = () => globalThis.location?.origin ?? 'this origin';

// The stats URLs already warned about: once per page, not once per event.
const warned = new Set<string>();

/**
 * A site whose page is not among the index's `statsAllowedOrigins` loses every event
 * without a sign on the page: say so once in the console, with the setting to change.
 */
async function warnIfOriginRefused(url: string, response: Response): Promise<void> {
  if (warned.has(url)) return;
  const body = (await response.json().catch(() => null)) as { error?: { code?: unknown } } | null;
  if (body?.error?.code !== 'origin_not_allowed' || warned.has(url)) return;
  warned.add(url);
  console.warn(`site-search: ${url} refuses events from ${origin()} (403 origin_not_allowed): add it to the index's statsAllowedOrigins.`);
}
