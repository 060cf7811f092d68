/**
 * Generated "viewed together" events for the demo's recommendations: visitors who read
 * one member of an interface (e.g. `HTMLElement.focus`) read a few others of the same
 * interface. Deterministic (a seeded generator), so every run sends the same events.
 */
import type { IndexDocument, RecommendationEvent } from '../src/client/types.ts';
import { batches } from '../src/client/batches.ts';
import { createIndexClient } from '../src/client/createIndexClient.ts';
import { seededRandom } from './seededRandom.ts';

/** About one visit per three documents of each interface, each viewing up to 3 of its documents. */
export function viewedTogether(documents: readonly IndexDocument[], seed = 7): RecommendationEvent[] {
  const groups = new Map<string, string[]>();
  for (const doc of documents) {
    const name = doc.custom_fields?.['interface'];
    if (typeof name !== 'string' || name === '' || doc.id === undefined) continue;
    groups.set(name, [...(groups.get(name) ?? []), doc.id]);
  }
  const next = seededRandom(seed);
  const start = Date.UTC(2026, 0, 1);
  const events: RecommendationEvent[] = [];
  let visit = 0;
  for (const [, ids] of [...groups].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (ids.length < 2) continue;
    for (let v = 0; v < Math.ceil(ids.length / 3); v++) {
      visit++;
      const viewed = new Set<string>();
      while (viewed.size < Math.min(3, ids.length)) viewed.add(ids[Math.floor(next() * ids.length)]!);
      const time = new Date(start + visit * 60_000).toISOString();
      for (const item of viewed) events.push({ transaction: `visit-${visit}`, item, time });
    }
  }
  return events;
}

export interface SendOptions {
  baseUrl: string;
  siteKey: string;
  secret: string;
  dataset: string;
  events: RecommendationEvent[];
  log?: (line: string) => void;
}

/** Sends the events through the client's dataset-events call, in batches under the body limit. */
export async function sendViewedTogether({ baseUrl, siteKey, secret, dataset, events, log = console.log }: SendOptions): Promise<void> {
  const client = createIndexClient({ baseUrl, siteKey, secret });
  let done = 0;
  for (const batch of batches(events, 500_000, 1000)) {
    await client.sendDatasetEvents(dataset, batch);
    done += batch.length;
    log(`events: ${done.toLocaleString('en')} / ${events.length.toLocaleString('en')} viewed-together events sent to "${dataset}"`);
  }
}
