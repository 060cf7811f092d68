import { setTimeout as sleep } from 'node:timers/promises';

/** How hard a crawl may press one host. */
export interface Politeness {
  /** Fetches under way at a time per host. @default 2 */
  concurrency: number;
  /** Fetches started per second per host at most; 0 lifts the limit (robots.txt's Crawl-delay still holds). @default 4 */
  ratePerSecond: number;
}

export const DEFAULT_POLITENESS: Politeness = { concurrency: 2, ratePerSecond: 4 };

/**
 * The fetches of one host: at most `concurrency` at a time, each started at least an
 * interval after the one before (the rate's, or Crawl-delay's when longer). Waits on the
 * real timer: politeness is about the other side's time, not the app's clock.
 */
export class HostGate {
  private active = 0;
  private nextAt = 0;
  private readonly waiting: Array<() => void> = [];
  private intervalMs: number;

  constructor(
    private readonly politeness: Politeness,
    crawlDelayMs: number | null = null,
  ) {
    this.intervalMs = this.interval(crawlDelayMs);
  }

  /** robots.txt's Crawl-delay, once read. */
  setCrawlDelay(crawlDelayMs: number | null): void {
    this.intervalMs = this.interval(crawlDelayMs);
  }

  /** Resolves when a fetch may start (call `release` after it); rejects when `stop` aborts. */
  async acquire(stop: AbortSignal): Promise<void> {
    for (;;) {
      stop.throwIfAborted();
      if (this.active >= this.politeness.concurrency) {
        await new Promise<void>((resolve) => {
          // The abort listener goes with the wait: left on the crawl's signal, one per
          // wait, they would pile up over a crawl.
          const woken = () => {
            stop.removeEventListener('abort', woken);
            resolve();
          };
          this.waiting.push(woken);
          stop.addEventListener('abort', woken, { once: true });
        });
        continue;
      }
      const wait = this.nextAt - performance.now();
      if (wait > 0) {
        await sleep(wait, undefined, { signal: stop });
        continue;
      }
      this.active++;
      this.nextAt = performance.now() + this.intervalMs;
      return;
    }
  }

  release(): void {
    this.active--;
    this.waiting.shift()?.();
  }

  private interval(crawlDelayMs: number | null): number {
    const rate = this.politeness.ratePerSecond > 0 ? 1000 / this.politeness.ratePerSecond : 0;
    return Math.max(rate, crawlDelayMs ?? 0);
  }
}
