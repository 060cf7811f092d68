// The thread that reads crawled pages (pageReader.ts). Plain JavaScript so that it can
// start without a TypeScript loader.
import { parentPort } from 'node:worker_threads';
import { importBeside } from '../storage/importBeside.mjs';

const { readPage } = await importBeside('readPage', import.meta.url);
// Loading the code is not the page's time: the reader starts its deadline from here.
parentPort.postMessage({ ready: true });

parentPort.on('message', ({ id, html, url }) => {
  try {
    parentPort.postMessage({ id, page: readPage(html, new URL(url)) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
