// What the reference service stored: the authenticated listing of stats events (an
// addition of the reference service), read page by page, for one session.
import type { APIRequestContext } from '@playwright/test';
import type { StoredStatsEvent, StoredStatsEventsResponse } from '../src/client/types.ts';

/** The demo's indices, with the secrets its start gives them. */
const SECRETS = { demo: 'demo-secret', blog: 'blog-secret' } as const;

export async function storedEvents(
  request: APIRequestContext,
  api: string,
  session?: string,
  index: keyof typeof SECRETS = 'demo',
): Promise<StoredStatsEvent[]> {
  const auth = `Basic ${Buffer.from(`${index}:${SECRETS[index]}`).toString('base64')}`;
  const all: StoredStatsEvent[] = [];
  for (;;) {
    const query = new URLSearchParams({ after: String(all.length), limit: '1000', ...(session === undefined ? {} : { session }) });
    const answer = await request.get(`${api}/v2/indices/${index}/stats/events?${query}`, { headers: { Authorization: auth } });
    if (!answer.ok()) throw new Error(`listing stats events: ${answer.status()} ${await answer.text()}`);
    const { events } = (await answer.json()) as StoredStatsEventsResponse;
    all.push(...events);
    if (events.length < 1000) break;
  }
  return all;
}

/** The clicks stored for `session` in `index`, each as its term and position. */
export const storedClicks = async (request: APIRequestContext, api: string, session: string, index: keyof typeof SECRETS) =>
  (await storedEvents(request, api, session, index)).flatMap((e) => (e.action === 'click' ? [[e.keyword, e.position]] : []));

/** The tracker's session id and the events still waiting in its queue, read from the page's localStorage. */
export const trackerState = () => {
  const session = JSON.parse(localStorage.getItem('ss-session') ?? 'null') as { id: string } | null;
  const waiting = Object.keys(localStorage)
    .filter((key) => key.startsWith('ss-queue:'))
    .reduce((n, key) => n + (JSON.parse(localStorage.getItem(key) ?? '[]') as unknown[]).length, 0);
  return { session: session?.id ?? null, waiting };
};
