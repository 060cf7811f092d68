/**
 * The overload lanes, the kinds of guarded work: the guard (overloadGuard.ts) bounds and
 * turns them, and the reader threads (indices/searchThreads.ts) take searches by them;
 * here, so the pipeline and the threads need nothing of the HTTP layer. The lanes: cheap reads (plain searches, suggestions, autocompletion,
 * recommendations) and heavy work (searches that count facets, document writes). Each has
 * its own bound and they take turns, so a storm of heavy requests does not shut out the
 * cheap ones, which a visitor typing sends the most of. Writes share the heavy lane: a lane of their own let
 * them through a search storm, but on two cores their writer thread then took the CPU the
 * event loop needs to answer in time (bench/overload-load.ts).
 */
export const LANES = ['read', 'heavy'] as const;
export type Lane = (typeof LANES)[number];

/**
 * What waits, by lane: taken round the lanes that have some waiting, in order within each,
 * starting with the heavy lane. The overload guard's turns (overloadGuard.ts) and the
 * reader threads' places (indices/searchThreads.ts) are handed out from one each.
 */
export class LaneQueue<T> {
  private readonly waiting: Record<Lane, T[]> = { read: [], heavy: [] };
  /** The lane that had the last turn. */
  private last = 0;

  push(lane: Lane, item: T): void {
    this.waiting[lane].push(item);
  }

  /** The next one waiting, from the lane after the last one's. */
  shift(): T | undefined {
    for (let step = 1; step <= LANES.length; step++) {
      const at = (this.last + step) % LANES.length;
      const item = this.waiting[LANES[at]!].shift();
      if (item !== undefined) {
        this.last = at;
        return item;
      }
    }
    return undefined;
  }

  /** Takes `item` out of its lane unserved; false if it was not waiting. */
  remove(lane: Lane, item: T): boolean {
    const at = this.waiting[lane].indexOf(item);
    if (at < 0) return false;
    this.waiting[lane].splice(at, 1);
    return true;
  }
}
