// What the reference service stored: the authenticated listing of stats events (an
// addition of the reference service), read page by page, for one session.
import type { APIRequestContext } from '@playwright/test';
import type { StoredStatsEvent, StoredStatsEventsResponse } from '../src/client/types.ts';

const AUTH = `Basic ${Buffer.from('demo:demo-secret').toString('base64')}`;

export async function storedEvents(request: APIRequestContext, api: string, session?: string): Promise<StoredStatsEvent[]> {
  const all: StoredStatsEvent[] = [];
  for (;;) {
    const query = new URLSearchParams({ after: String(all.length), limit: '1000', ...(session === undefined ? {} : { session }) });
    const answer = await request.get(`${api}/v2/indices/demo/stats/events?${query}`, { headers: { Authorization: AUTH } });
    if (!answer.ok()) throw new Error(`listing stats events: ${answer.status()} ${await answer.text()}`);
    const { events } = (await answer.json()) as StoredStatsEventsResponse;
    all.push(...events);
    if (events.length < 1000) break;
  }
  return all;
}

/** The tracker's session id and the events still waiting in its queue, read from the page's localStorage. */
export const trackerState = () => {
  const session = JSON.parse(localStorage.getItem('ss-session') ?? 'null') as { id: string } | null;
  const waiting = Object.keys(localStorage)
    .filter((key) => key.startsWith('ss-queue:'))
    .reduce((n, key) => n + (JSON.parse(localStorage.getItem(key) ?? '[]') as unknown[]).length, 0);
  return { session: session?.id ?? null, waiting };
};
