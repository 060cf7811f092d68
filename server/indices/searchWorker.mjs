// A reader thread of the search pool (searchThreads.ts): runs search pipeline calls on
// connections of its own. Plain JavaScript so that it can start without a TypeScript
// loader (see importBeside.mjs).
import { importBeside } from '../storage/importBeside.mjs';

const { runSearchTask } = await importBeside('searchTask', import.meta.url);

export default function run(task) {
  return runSearchTask(task);
}
