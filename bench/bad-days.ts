/**
 * `npm run bench:bad-days [-- --seconds 10 --write]`: a search's latency while
 * recommendations are flooded and while uploads are slow, beside a quiet service
 * (badDays.ts); prints its table, and with --write puts it into BENCHMARKS.md.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { buildCorpus } from '../demo/corpus/build.ts';
import { commandLine } from '../server/config/commandLine.ts';
import { badDaysSection, badDaysTable, measureBadDays } from './badDays.ts';
import { corpusVariants } from './corpusVariants.ts';
import { queryWords } from './searchLatency.ts';
import { spliceSection } from './sectionSplice.ts';

const USAGE = `Usage: npm run bench:bad-days -- [--seconds 10] [--write]

Term-only and faceted search latency of the service (compiled, on SQLite, over loopback)
when quiet, while one address floods the recommendations endpoint for a popular item,
and while authenticated uploads send their bodies a byte every few seconds.

Options:
  --seconds N     seconds of searches in each condition, 1 to 120 (default 10)
  --write         put the figures into BENCHMARKS.md's "Bad days" section
  -h, --help      print this help
`;

const DOCUMENTS = 5000;
const TRANSACTIONS = 30_000;

const settings = commandLine({ name: 'bench:bad-days', invocation: 'npm run bench:bad-days --', usage: USAGE }, (args) => {
  const { values } = parseArgs({ args, options: { seconds: { type: 'string', default: '10' }, write: { type: 'boolean', default: false } } });
  const seconds = Number(values.seconds);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 120) throw new Error('--seconds must be an integer from 1 to 120');
  return { seconds, write: values.write };
});

const log = (line: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const base = buildCorpus({ thumbBase: 'http://127.0.0.1' });
const results = await measureBadDays({
  repo: process.cwd(),
  corpus: corpusVariants(base, DOCUMENTS),
  documents: DOCUMENTS,
  transactions: TRANSACTIONS,
  words: queryWords(
    base.map((document) => document.title ?? ''),
    200,
  ),
  seconds: settings.seconds,
  log,
});
console.log(`\n${badDaysTable(results)}`);
if (settings.write) {
  const section = badDaysSection(results, new Date().toISOString().slice(0, 10));
  writeFileSync('BENCHMARKS.md', spliceSection(readFileSync('BENCHMARKS.md', 'utf8'), 'Bad days', section));
  log('wrote the "Bad days" section of BENCHMARKS.md');
}
