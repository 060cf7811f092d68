// The writer thread of one index (writerThread.ts): every change to the index's file is
// made here, on its own connection, so a batch of thousands of documents does not hold
// up the searches the service's thread answers meanwhile. Plain JavaScript so that it
// can start without a TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import { importBeside } from '../storage/importBeside.mjs';

const { openWriter } = await importBeside('sqliteWriter', import.meta.url);
const { writer, close } = openWriter(workerData.file);

parentPort.on('message', (message) => {
  if (message.op === 'close') {
    close();
    // Nothing else keeps the thread alive: it exits once this port is closed.
    parentPort.close();
    return;
  }
  try {
    parentPort.postMessage({ id: message.id, result: writer.run(message) });
  } catch (error) {
    const { message: text, code } = error instanceof Error ? error : { message: String(error), code: undefined };
    parentPort.postMessage({ id: message.id, error: { message: text, code } });
  }
});
