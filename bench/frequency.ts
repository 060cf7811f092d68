/**
 * `npm run bench:frequency`: the search cost by word frequency (frequencyBench.ts) at demo
 * size, on SQLite with one and two reader threads and on PostgreSQL, in a few minutes;
 * prints the table and a warning line for each row more than 25% worse than the figures
 * it last wrote, and rewrites its section of BENCHMARKS.md. Reports; never fails on a figure.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { FREQUENCY_HEADING, frequencySection, measureFrequency } from './frequencyBench.ts';
import { spliceSection } from './sectionSplice.ts';

const began = performance.now();
const log = (line: string) => console.error(`frequency [${((performance.now() - began) / 1000).toFixed(0)} s]: ${line}`);

async function main(): Promise<void> {
  const rows = await measureFrequency(process.cwd(), log);
  const previous = existsSync('BENCHMARKS.md') ? readFileSync('BENCHMARKS.md', 'utf8') : '';
  const { section, warnings } = frequencySection(rows, previous, new Date().toISOString().slice(0, 10));
  console.log(`\n${section}`);
  for (const line of warnings) console.log(line);
  if (previous !== '') writeFileSync('BENCHMARKS.md', spliceSection(previous, FREQUENCY_HEADING, section));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
