// The writer thread of one index (writerThread.ts, a single writer thread): every change
// to the index's file is made here, on its own connection, so a batch of thousands of
// documents does not hold up the searches the service's thread answers meanwhile. Plain
// JavaScript so that it can start without a TypeScript loader.
import { workerData } from 'node:worker_threads';
import { importBeside } from '../storage/importBeside.mjs';

const { writerTasks } = await importBeside('sqliteWriter', import.meta.url);

/** One task: a call of WriterCalls, or `close`, the last; answered as WriterReply (storage/writerTasks.ts). */
export default writerTasks(workerData.file);
