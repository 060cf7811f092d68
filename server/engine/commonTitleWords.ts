import type { Database } from 'better-sqlite3';
import { textTokens } from '../ranking/matchText.ts';

/** A word in more than this share of the titles is common: a label such as `CSS property:`. */
const COMMON_SHARE = 0.03;
/** ...and in more titles than this, so that a small index has no common words by chance. */
const COMMON_MIN_TITLES = 50;
/** Titles read to count words: evenly spaced rowids, so a large index costs what a small one does. */
const SAMPLE = 500;
/** The list is read again once writes have touched this share of the documents. */
const STALE_SHARE = 0.1;

/**
 * The title words of an index common enough to say little about a page, counted on an
 * even sample of its titles with the ranking's own tokens. The `concise` rule does not
 * count their letters, so `HTML element: <button>` is as concise as `MouseEvent.button`
 * for `button`.
 */
export class CommonTitleWords {
  private words: ReadonlySet<string> | null = null;
  private titlesWhenRead = 0;
  private writesSince = 0;

  constructor(private readonly db: Database) {}

  /** Documents written or removed: the list is read again once enough have changed. */
  noteWrites(count: number): void {
    this.writesSince += count;
    if (this.words !== null && this.writesSince > Math.max(COMMON_MIN_TITLES, this.titlesWhenRead * STALE_SHARE)) this.words = null;
  }

  /** The weight of a title word's letters: 0 for a common word, 1 for the rest. */
  weight(): (word: string) => number {
    const words = this.read();
    return (word) => (words.has(word) ? 0 : 1);
  }

  private read(): ReadonlySet<string> {
    if (this.words !== null) return this.words;
    const maxRowid = (this.db.prepare('SELECT max(rowid) FROM docs').pluck().get() as number | null) ?? 0;
    const rowids = sampleRowids(maxRowid);
    const asked = rowids.length;
    const titles = this.db.prepare('SELECT title FROM docs WHERE rowid IN (SELECT value FROM json_each(?))').pluck().all(JSON.stringify(rowids)) as string[];
    // Rowids freed by deletions read as nothing: the index holds about this many titles.
    const total = asked === 0 ? 0 : (maxRowid * titles.length) / asked;
    const common = commonWords(titles, total);
    this.words = common;
    this.titlesWhenRead = total;
    this.writesSince = 0;
    return this.words;
  }
}

/**
 * The common words of a sample of an index's titles (see CommonTitleWords), `total`
 * being about how many titles the index holds.
 */
export function commonWords(titles: readonly string[], total: number): Set<string> {
  const counts = new Map<string, number>();
  for (const title of titles) {
    for (const word of new Set(textTokens(title).map((t) => t.word))) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  const perTitle = titles.length === 0 ? 0 : total / titles.length;
  return new Set([...counts].filter(([, n]) => n > COMMON_SHARE * titles.length && n * perTitle > COMMON_MIN_TITLES).map(([word]) => word));
}

/** Rowids spread evenly up to `maxRowid`, at most SAMPLE: the titles `commonWords` reads. */
export function sampleRowids(maxRowid: number): number[] {
  const asked = Math.min(maxRowid, SAMPLE);
  return Array.from({ length: asked }, (_, k) => Math.floor(((k + 1) * maxRowid) / asked));
}
