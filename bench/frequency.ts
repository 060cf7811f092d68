/**
 * `npm run bench:frequency`: the search cost by word frequency (frequencyBench.ts) on the
 * demo corpus, on SQLite with one and two reader threads and on PostgreSQL, and on SQLite
 * with two threads the long-page corpus and 100,000 generated documents; prints the table,
 * the other corpora against the demo's, and a warning line for each row more than 25%
 * worse than the figures it last wrote, and rewrites its section of BENCHMARKS.md.
 * Reports; never fails on a figure.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { commandLine } from '../server/config/commandLine.ts';
import { DEFAULT_CORPORA, FREQUENCY_HEADING, frequencySection, measureFrequency } from './frequencyBench.ts';
import { spliceSection } from './sectionSplice.ts';

const USAGE = `Usage: npm run bench:frequency -- [--demo-only] [--documents N] [--no-long-pages]

Measures the search cost by word frequency: the demo corpus on SQLite (1 and 2 threads) and
PostgreSQL, then on SQLite with 2 threads the long-page corpus (the Python documentation,
when installed) and a generated corpus (100,000 documents: about 2 minutes to index, with
progress lines). Prints the table and rewrites its section of BENCHMARKS.md.

Options:
  --demo-only      the demo corpus alone (about 6 minutes quiet)
  --documents N    the generated corpus's size, 10000 to 1000000 (default 100000)
  --no-long-pages  leave out the long-page corpus
  -h, --help       print this help
`;
const options = commandLine({ name: 'bench:frequency', invocation: 'npm run bench:frequency --', usage: USAGE }, (args) => {
  const { values } = parseArgs({
    args,
    options: {
      'demo-only': { type: 'boolean', default: false },
      documents: { type: 'string', default: String(DEFAULT_CORPORA.largeDocuments) },
      'no-long-pages': { type: 'boolean', default: false },
    },
  });
  const documents = Number(values.documents);
  if (!Number.isInteger(documents) || documents < 10_000 || documents > 1_000_000) throw new Error('--documents must be an integer from 10000 to 1000000');
  return values['demo-only'] ? { longPages: false, largeDocuments: 0 } : { longPages: !values['no-long-pages'], largeDocuments: documents };
});

const began = performance.now();
const log = (line: string) => console.error(`frequency [${((performance.now() - began) / 1000).toFixed(0)} s]: ${line}`);

async function main(): Promise<void> {
  const before = loadavg()[0]!;
  const rows = await measureFrequency(process.cwd(), log, options);
  const previous = existsSync('BENCHMARKS.md') ? readFileSync('BENCHMARKS.md', 'utf8') : '';
  const { section, warnings } = frequencySection(rows, previous, new Date().toISOString().slice(0, 10), { before, after: loadavg()[0]! });
  console.log(`\n${section}`);
  for (const line of warnings) console.log(line);
  if (previous !== '') writeFileSync('BENCHMARKS.md', spliceSection(previous, FREQUENCY_HEADING, section));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
