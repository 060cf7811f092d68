/**
 * The owner's data (rules, settings) as searches read it: parsed once per version and
 * reused while the version stays. Asking the reader costs nothing between commits on
 * SQLite and a round trip at most every few hundred milliseconds on PostgreSQL (see
 * IndexReader.steering).
 */
import type { IndexReader, SteeringEntry, SteeringSnapshot } from '../engine/engine.ts';

/** What is made of the owner data once per version, by name (e.g. the rules' match index). */
export type SteeringView<T> = (entries: readonly SteeringEntry[]) => T;

export class SteeringCache {
  private snapshot: SteeringSnapshot | null = null;
  private readonly views = new Map<SteeringView<unknown>, unknown>();

  /** The current owner data; `view` is built once per version. */
  async read<T>(reader: IndexReader, view: SteeringView<T>): Promise<T> {
    const fresh = await reader.steering(this.snapshot?.version ?? null);
    // Searches run side by side: an answer read before a newer one that came back first is dropped.
    if (fresh !== null && (this.snapshot === null || Number(fresh.version) >= Number(this.snapshot.version))) {
      this.snapshot = fresh;
      this.views.clear();
    }
    if (!this.views.has(view)) this.views.set(view, view(this.snapshot!.entries));
    return this.views.get(view) as T;
  }
}
