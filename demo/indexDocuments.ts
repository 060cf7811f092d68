/**
 * Loads documents into an index through `PUT .../documents:batch`, in batches that stay
 * under the API's 1,000,000-byte body limit, printing progress as it goes.
 */
import type { IndexDocument } from '../src/client/types.ts';
import { BODY_MAX_BYTES } from '../src/client/limits.ts';

export interface IndexOptions {
  baseUrl: string;
  siteKey: string;
  secret: string;
  documents: IndexDocument[];
  /** Where progress lines go. @default console.log */
  log?: (line: string) => void;
}

/** Splits documents into batches whose JSON body stays under the limit. */
export function* batches(documents: IndexDocument[], maxBytes = BODY_MAX_BYTES * 0.9): Generator<IndexDocument[]> {
  let batch: IndexDocument[] = [];
  let size = 16; // the `{"documents":[]}` wrapper
  for (const doc of documents) {
    const bytes = Buffer.byteLength(JSON.stringify(doc)) + 1;
    if (batch.length > 0 && size + bytes > maxBytes) {
      yield batch;
      batch = [];
      size = 16;
    }
    batch.push(doc);
    size += bytes;
  }
  if (batch.length > 0) yield batch;
}

export async function indexDocuments({ baseUrl, siteKey, secret, documents, log = console.log }: IndexOptions): Promise<void> {
  const auth = 'Basic ' + Buffer.from(`${siteKey}:${secret}`).toString('base64');
  const url = `${baseUrl}/v2/indices/${encodeURIComponent(siteKey)}/documents:batch`;
  const started = Date.now();
  let done = 0;
  for (const batch of batches(documents)) {
    const response = await fetch(url, {
      method: 'PUT',
      headers: { Authorization: auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ documents: batch }),
    });
    if (!response.ok) throw new Error(`indexing failed after ${done} documents: ${response.status} ${await response.text()}`);
    done += batch.length;
    const rate = Math.round(done / Math.max((Date.now() - started) / 1000, 0.001));
    log(`indexing: ${done.toLocaleString('en')} / ${documents.length.toLocaleString('en')} documents (${rate.toLocaleString('en')}/s)`);
  }
}
