/**
 * Loads documents into an index through `PUT .../documents:batch`, in batches that stay
 * under the API's 1,000,000-byte body limit, printing progress as it goes.
 */
import type { IndexDocument } from '../src/client/types.ts';
import { BODY_MAX_BYTES } from '../src/client/limits.ts';
import { batches as splitBatches } from '../src/client/batches.ts';
import { createIndexClient } from '../src/client/createIndexClient.ts';

export interface IndexOptions {
  baseUrl: string;
  siteKey: string;
  secret: string;
  documents: IndexDocument[];
  /** Where progress lines go. @default console.log */
  log?: (line: string) => void;
}

/** Splits documents into batches whose JSON body stays under the limit (the client's splitter, with headroom). */
export function batches(documents: IndexDocument[], maxBytes = BODY_MAX_BYTES * 0.9): Generator<IndexDocument[]> {
  return splitBatches(documents, maxBytes);
}

export async function indexDocuments({ baseUrl, siteKey, secret, documents, log = console.log }: IndexOptions): Promise<void> {
  const client = createIndexClient({ baseUrl, siteKey, secret });
  const started = Date.now();
  let done = 0;
  for (const batch of batches(documents)) {
    try {
      await client.indexBatch(batch);
    } catch (error) {
      throw new Error(`indexing failed after ${done} documents: ${(error as Error).message}`, { cause: error });
    }
    done += batch.length;
    const rate = Math.round(done / Math.max((Date.now() - started) / 1000, 0.001));
    log(`indexing: ${done.toLocaleString('en')} / ${documents.length.toLocaleString('en')} documents (${rate.toLocaleString('en')}/s)`);
  }
}
