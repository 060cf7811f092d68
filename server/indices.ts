import { closeSync, fsyncSync, openSync, readdirSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { ApiError } from './errors.ts';
import type { IndexCredentials } from './config.ts';
import type { SearchEngine } from './engine/engine.ts';
import type { EventStore } from './events/eventStore.ts';
import type { SearchPipeline } from './pipeline/searchPipeline.ts';

/** An index the service serves: its credentials, its engine, its searches and its events. */
export interface SearchIndex extends IndexCredentials {
  engine: SearchEngine;
  /** The search pipeline over `engine`, with the index's ranking settings. */
  search: SearchPipeline;
  events: EventStore;
}

/** The indices by public key. */
export class IndexRegistry {
  private readonly byKey: ReadonlyMap<string, SearchIndex>;

  constructor(indices: readonly SearchIndex[]) {
    this.byKey = new Map(indices.map((index) => [index.publicKey, index]));
  }

  /** The index, or a 404 naming the key. */
  get(publicKey: string): SearchIndex {
    const index = this.byKey.get(publicKey);
    if (index === undefined) throw new ApiError(404, 'not_found', `unknown index '${publicKey}'`);
    return index;
  }

  /** Every index, in configuration order. */
  all(): SearchIndex[] {
    return [...this.byKey.values()];
  }

  /** Closes every index once the writes under way are done, queued events committed. */
  async close(): Promise<void> {
    await closeIndices([...this.byKey.values()]);
  }
}

/** Closes engines and event stores; every one is closed even when another fails, and the first failure is thrown. */
export async function closeIndices(indices: readonly Pick<SearchIndex, 'engine' | 'events'>[]): Promise<void> {
  const outcomes = await Promise.allSettled(indices.flatMap((index) => [index.events.close(), index.engine.close()]));
  const failed = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failed !== undefined) throw failed.reason;
}

/**
 * The indices a data folder holds, in `indices/manifest.json`: written when an index's
 * database is first created, so that a database file gone missing later is told apart
 * from an index that was never there. Without it, a lost file would silently come back
 * as an empty index.
 */
export class IndexManifest {
  readonly file: string;
  private readonly keys: Set<string>;

  /**
   * Reads the manifest of `folder`. A folder from before manifests were kept gets one
   * listing the database files it holds.
   */
  constructor(folder: string) {
    this.file = join(folder, MANIFEST);
    let text: string | null = null;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        throw new Error(`cannot read ${this.file}: ${(error as Error).message}`, { cause: error });
      }
    }
    if (text === null) {
      this.keys = new Set(
        readdirSync(folder)
          .filter((name) => name.endsWith('.sqlite'))
          .map((name) => name.slice(0, -'.sqlite'.length)),
      );
      if (this.keys.size > 0) this.save();
      return;
    }
    const parsed = parseManifest(text);
    if (parsed === null) {
      throw new Error(
        `${this.file} is damaged: it should hold {"indices": ["key", ...]}, the indices this data folder holds. Fix it by hand, or delete it to list the database files now in ${folder}`,
      );
    }
    this.keys = new Set(parsed);
  }

  /** Whether the index was created in this folder before. */
  has(publicKey: string): boolean {
    return this.keys.has(publicKey);
  }

  /** Records a newly created index; durable before it returns. */
  add(publicKey: string): void {
    if (this.keys.has(publicKey)) return;
    this.keys.add(publicKey);
    this.save();
  }

  /** Written whole to a temporary file, synced, then renamed over: never half written. */
  private save(): void {
    const temporary = `${this.file}.tmp`;
    const text = `${JSON.stringify({ indices: [...this.keys].sort() }, null, 2)}\n`;
    const fd = openSync(temporary, 'w');
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, this.file);
  }
}

const MANIFEST = 'manifest.json';

function parseManifest(text: string): string[] | null {
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const indices = (value as Record<string, unknown>).indices;
    return Array.isArray(indices) && indices.every((key): key is string => typeof key === 'string') ? indices : null;
  } catch {
    return null;
  }
}
