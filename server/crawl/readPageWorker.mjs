// The thread that reads crawled pages (pageReader.ts). Plain JavaScript so that it can
// start without a TypeScript loader; it loads readPage.ts through tsx, as the service does.
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { readPage } = await tsImport('./readPage.ts', import.meta.url);
// Loading the code is not the page's time: the reader starts its deadline from here.
parentPort.postMessage({ ready: true });

parentPort.on('message', ({ id, html, url }) => {
  try {
    parentPort.postMessage({ id, page: readPage(html, new URL(url)) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
