import type { ContentBlock } from './readPage.ts';

/** What a crawl has learnt of its pages' blocks, to store with the crawl and resume from. */
export interface RepeatedBlocksState {
  /** Pages seen. */
  pages: number;
  /** Pages each block hash stood on. */
  counts: Record<string, number>;
}

export interface RepeatedBlocksOptions {
  /** Share of the pages seen a block must stand on to be boilerplate. @default 0.5 */
  share?: number;
  /** Pages to see before any block counts as repeated. @default 5 */
  minPages?: number;
  /** Hashes kept at most; past it, the rarest are dropped. @default 50_000 */
  maxHashes?: number;
}

const SHARE = 0.5;
const MIN_PAGES = 5;
const MAX_HASHES = 50_000;

/**
 * Boilerplate learnt across the pages of one crawl: a text block that stands on at least
 * `share` of the pages seen (a navigation table, a footer, "Prev Up Home Next") is not
 * content, landmarks or none. The counts stay bounded: when there are more than
 * `maxHashes`, the hashes seen on fewest pages (once, first) are forgotten, so a site of
 * a million pages of their own text keeps a map of the size of its boilerplate.
 */
export class RepeatedBlocks {
  private readonly share: number;
  private readonly minPages: number;
  private readonly maxHashes: number;
  private pages: number;
  private readonly counts: Map<string, number>;

  constructor(options: RepeatedBlocksOptions = {}, state?: RepeatedBlocksState) {
    this.share = options.share ?? SHARE;
    this.minPages = options.minPages ?? MIN_PAGES;
    this.maxHashes = options.maxHashes ?? MAX_HASHES;
    this.pages = state?.pages ?? 0;
    this.counts = new Map(Object.entries(state?.counts ?? {}));
  }

  /** Counts one page's blocks (each distinct hash once). */
  see(blocks: readonly ContentBlock[]): void {
    this.pages++;
    for (const hash of new Set(blocks.map((b) => b.hash))) this.counts.set(hash, (this.counts.get(hash) ?? 0) + 1);
    if (this.counts.size > this.maxHashes) this.prune();
  }

  isRepeated(hash: string): boolean {
    return this.pages >= this.minPages && (this.counts.get(hash) ?? 0) >= this.share * this.pages;
  }

  /** The page's text without the repeated blocks. */
  contentOf(blocks: readonly ContentBlock[]): string {
    return blocks
      .filter((b) => !this.isRepeated(b.hash))
      .map((b) => b.text)
      .join(' ');
  }

  state(): RepeatedBlocksState {
    return { pages: this.pages, counts: Object.fromEntries(this.counts) };
  }

  /**
   * Forgets the rarest hashes until at most three quarters of the bound are left, so that
   * pruning is not done again at the next page. A block forgotten that stands on more
   * pages later is counted again from there: blocks of most pages are never the rarest.
   */
  private prune(): void {
    const target = Math.floor(this.maxHashes * 0.75);
    for (let below = 1; this.counts.size > target; below++) {
      for (const [hash, count] of this.counts) if (count <= below) this.counts.delete(hash);
    }
  }
}
