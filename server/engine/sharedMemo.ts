import { BroadcastChannel } from 'node:worker_threads';
import { BoundedMap } from '../boundedMap.ts';

/** What one copy of a memo tells the others: an answer, and the index's version it holds for. */
interface Learned<V> {
  version: string;
  key: string;
  value: V;
}

/**
 * A memo of one index's answers (counts, word lookups) that every copy of the engine in
 * this process learns at once: each reader thread opens the index for itself, and without
 * this each thread paid for the first search of a word again. On PostgreSQL that is the
 * search that scores up to rankAllMax matches before it knows there are too many: 20-50 ms
 * for a very common word, once per thread, after every write.
 *
 * A copy takes what another learned only while both have read the same version of the
 * index (`version`), so nothing learned before a write outlives it; `clear` forgets this
 * copy's answers when its version changes.
 */
export class SharedMemo<V> {
  private readonly answers: BoundedMap<string, V>;
  private readonly channel: BroadcastChannel;

  /** `name` is the same for every copy of one index with the same limits, and for no other. */
  constructor(
    name: string,
    max: number,
    private readonly version: () => string | null,
  ) {
    this.answers = new BoundedMap(max);
    this.channel = new BroadcastChannel(name);
    // A channel keeps no thread alive: closing the engine closes it.
    this.channel.unref();
    this.channel.onmessage = (event) => {
      const learned = (event as { data: Learned<V> }).data;
      if (learned.version === this.version()) this.answers.set(learned.key, learned.value);
    };
  }

  get(key: string): V | undefined {
    return this.answers.get(key);
  }

  set(key: string, value: V): void {
    this.answers.set(key, value);
    const version = this.version();
    if (version !== null) this.channel.postMessage({ version, key, value } satisfies Learned<V>);
  }

  clear(): void {
    this.answers.clear();
  }

  close(): void {
    this.channel.close();
  }
}
