/**
 * The demo's service: built, given its past traffic when its data folder has none, and only
 * then listening. Loading the traffic holds this thread for seconds (more under load), and
 * the start-up's own requests to the service run on the same thread: a connection they kept
 * alive across such a stall would be closed by the service's keep-alive timeout just as the
 * next request goes out on it. Before the service listens there is no connection to lose.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../server/app.ts';
import type { EventStore } from '../server/events/eventStore.ts';

export interface DemoServiceOptions {
  app: AppOptions;
  port: number;
  host: string;
  /** The index whose stats events the traffic is. */
  siteKey: string;
  /** Loads the past traffic into `events`, which holds no stats event yet; none: the service starts without. */
  traffic?: ((events: EventStore) => Promise<void>) | undefined;
}

export async function startDemoService({ app, port, host, siteKey, traffic }: DemoServiceOptions): Promise<FastifyInstance> {
  const service = await buildApp(app);
  if (traffic) {
    // Loaded once, into a fresh data folder: a restart keeps what is there.
    const events = service.eventStores.get(siteKey);
    if ((await events.counts()).statsEvents === 0) await traffic(events);
  }
  await service.listen({ port, host });
  return service;
}
