// The thread that reads crawled pages and documents (pageReader.ts). Plain JavaScript so
// that it can start without a TypeScript loader.
import { parentPort } from 'node:worker_threads';
import { importBeside } from '../storage/importBeside.mjs';

const { readPage } = await importBeside('readPage', import.meta.url);
// Documents' readers are loaded at the first document, not by a thread that reads HTML alone.
let documents = null;
// Loading the code is not the page's time: the reader starts its deadline from here.
parentPort.postMessage({ ready: true });

parentPort.on('message', ({ id, html, document, type, url }) => {
  const reading =
    document === undefined
      ? Promise.resolve().then(() => readPage(html, new URL(url)))
      : (documents ??= importBeside('readDocument', import.meta.url))
          .then(({ documentReader }) => documentReader(type))
          .then((read) => {
            // Loading a document's reader is not the document's time either.
            parentPort.postMessage({ id, started: true });
            return read(document, new URL(url));
          });
  reading.then(
    (page) => parentPort.postMessage({ id, page }),
    (error) =>
      parentPort.postMessage({
        id,
        error: error instanceof Error ? error.message : String(error),
        // A DocumentReadError's reason says what is wrong with the file, for its status.
        reason: error instanceof Error && typeof error.reason === 'string' ? error.reason : undefined,
      }),
  );
});
