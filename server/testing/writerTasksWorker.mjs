// A writer thread for the tests of SingleWriterThread (storage/singleWriterThread.test.ts).
// Each task it runs is written to the log file its workerData names, `close` too, so a
// test reads what ran, in which order, after the thread is gone. Plain JavaScript, as the
// service's writer threads are.
import { appendFileSync } from 'node:fs';
import { workerData } from 'node:worker_threads';
import { importBeside } from '../storage/importBeside.mjs';

const { answerTasks } = await importBeside('../storage/writerTasks', import.meta.url);
const { log } = workerData;
/** The tasks this thread ran: another thread would start again from none. */
const ran = [];

export default answerTasks(
  (task) => {
    appendFileSync(log, `${task.op} ${task.name}\n`);
    if (task.op === 'fail') throw Object.assign(new Error(`${task.name} failed`), task.code === undefined ? {} : { code: task.code });
    if (task.op === 'exit') process.exit(1);
    ran.push(task.name);
    return [...ran];
  },
  () => appendFileSync(log, 'close\n'),
);
