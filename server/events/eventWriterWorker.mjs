// The writer thread of one event file (eventWriterThread.ts, a single writer thread): the
// searches the service queued itself are stored here, on its own connection, so their
// commit (a disk sync, and every count they go into) does not hold up the event loop.
// Plain JavaScript so that it can start without a TypeScript loader.
import { workerData } from 'node:worker_threads';
import { importBeside } from '../storage/importBeside.mjs';

const { openEventWriter } = await importBeside('eventWriter', import.meta.url);

export default openEventWriter(workerData);
