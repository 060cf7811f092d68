// A thread of the pool that reads crawled pages and documents (pageReader.ts, on
// Piscina). Plain JavaScript so that it can start without a TypeScript loader.
import { importBeside } from '../storage/importBeside.mjs';

// Loaded before the thread takes its first page: loading the code is not the page's time.
const { readPage } = await importBeside('readPage', import.meta.url);
// Documents' readers are loaded at the first document, not by a thread that reads HTML alone.
let documents = null;

/** Reads one page (a ReadTask), answering a ReadReply; `started` hears when the reading begins. */
export default async function read({ input, url, started }) {
  try {
    if (input.document === undefined) {
      started.postMessage(true);
      return { page: readPage(input.html, new URL(url)) };
    }
    const { documentReader } = await (documents ??= importBeside('readDocument', import.meta.url));
    const readDocument = await documentReader(input.type);
    // Loading a document's reader is not the document's time either.
    started.postMessage(true);
    return { page: await readDocument(input.document, new URL(url)) };
  } catch (error) {
    return {
      error: error instanceof Error ? error.message : String(error),
      // A DocumentReadError's reason says what is wrong with the file, for its status.
      reason: error instanceof Error && typeof error.reason === 'string' ? error.reason : undefined,
    };
  } finally {
    started.close();
  }
}
