import type { IndexReader } from '../engine/engine.ts';
import { textTokens } from '../ranking/matchText.ts';

/** A word in more than this share of the titles is common: a label such as `CSS property:`. */
const COMMON_SHARE = 0.03;
/** ...and in more titles than this, so that a small index has no common words by chance. */
const COMMON_MIN_TITLES = 50;
/** The list is read again once this process has written this share of the titles (at least COMMON_MIN_TITLES)... */
const STALE_SHARE = 0.1;
/** ...or after this long, since other processes may write to the same index. */
const MAX_AGE_MS = 60_000;

/**
 * The title words of an index common enough to say little about a page, counted on an
 * even sample of its titles (IndexReader.titleSample) with the ranking's own tokens. The
 * `concise` rule does not count their letters, so `HTML element: <button>` is as concise
 * as `MouseEvent.button` for `button`.
 */
export class CommonTitleWords {
  private read: { words: ReadonlySet<string>; at: number; changes: number; titles: number } | null = null;

  constructor(private readonly clock: () => number = Date.now) {}

  /** The common words, read again when stale; `changes` is the engine's count of documents written. */
  async words(reader: IndexReader, changes: number): Promise<ReadonlySet<string>> {
    const read = this.read;
    if (read !== null && this.clock() - read.at < MAX_AGE_MS && changes - read.changes <= Math.max(COMMON_MIN_TITLES, read.titles * STALE_SHARE)) {
      return read.words;
    }
    const { titles, total } = await reader.titleSample();
    const words = commonWords(titles, total);
    this.read = { words, at: this.clock(), changes, titles: total };
    return words;
  }
}

/** The common words of a sample of an index's titles, `total` being about how many titles the index holds. */
export function commonWords(titles: readonly string[], total: number): Set<string> {
  const counts = new Map<string, number>();
  for (const title of titles) {
    for (const word of new Set(textTokens(title).map((t) => t.word))) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  const perTitle = titles.length === 0 ? 0 : total / titles.length;
  return new Set([...counts].filter(([, n]) => n > COMMON_SHARE * titles.length && n * perTitle > COMMON_MIN_TITLES).map(([word]) => word));
}
