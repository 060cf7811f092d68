/**
 * The cap on distinct analytics tags per UTC day: past it an event is kept without its
 * tag (counted as untagged), so a sender making up a tag per event cannot grow the
 * report's per-tag rows without end. Each process counts the tags it has taken today;
 * on several nodes each may take up to the cap.
 */
import { DAY_MS } from './clickRanking.ts';

/** Distinct tags an index takes in a UTC day: far more than a site has search boxes. */
export const TAGS_PER_DAY = 100;

export class DailyTags {
  private day = -1;
  private readonly taken = new Set<string>();

  constructor(private readonly max = TAGS_PER_DAY) {}

  /** Whether an event of `tag` received at `received` keeps its tag. */
  admit(tag: string, received: number): boolean {
    const day = Math.floor(received / DAY_MS);
    if (day !== this.day) {
      this.day = day;
      this.taken.clear();
    }
    if (this.taken.has(tag)) return true;
    if (this.taken.size >= this.max) return false;
    this.taken.add(tag);
    return true;
  }
}
