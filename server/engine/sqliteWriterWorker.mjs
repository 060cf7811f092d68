// The writer thread of one index (writerThread.ts, a Piscina pool of one): every change
// to the index's file is made here, on its own connection, so a batch of thousands of
// documents does not hold up the searches the service's thread answers meanwhile. Plain
// JavaScript so that it can start without a TypeScript loader.
import { workerData } from 'node:worker_threads';
import { importBeside } from '../storage/importBeside.mjs';

const { openWriter } = await importBeside('sqliteWriter', import.meta.url);
const { writer, close } = openWriter(workerData.file);

/** One task: a call of WriterCalls, answered as WriterReply, or `close`, the last. */
export default function run(task) {
  if (task.op === 'close') {
    close();
    return { result: null };
  }
  try {
    return { result: writer.run(task) };
  } catch (error) {
    const { message, code } = error instanceof Error ? error : { message: String(error), code: undefined };
    return { error: { message, code } };
  }
}
