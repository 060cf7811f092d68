import { ApiError } from './errors.ts';
import type { IndexCredentials } from './config.ts';
import type { SearchEngine } from './engine/engine.ts';

/** An index the service serves: its credentials and its engine. */
export interface SearchIndex extends IndexCredentials {
  engine: SearchEngine;
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

  close(): void {
    for (const index of this.byKey.values()) index.engine.close();
  }
}
