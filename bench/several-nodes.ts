/**
 * `npm run bench:scale [-- --documents 100000 --seconds 10 --write]`: the several-nodes
 * step of the suite alone (scale.ts); prints its table, and with --write puts it into
 * BENCHMARKS.md. Needs PostgreSQL installed (it starts a throw-away cluster).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { buildCorpus } from '../demo/corpus/build.ts';
import { commandLine } from '../server/config/commandLine.ts';
import { corpusVariants } from './corpusVariants.ts';
import { measureScale, scaleTable, spliceScale } from './scale.ts';
import { COMMON_WORDS, commonWords, queryWords } from './searchLatency.ts';

const USAGE = `Usage: npm run bench:scale -- [--documents 100000] [--seconds 10] [--write]

Search latency and throughput of one and two service processes on one PostgreSQL
database beside one on SQLite, and how soon a write on one node is searchable on the
other. Starts a throw-away PostgreSQL cluster (apt-get install postgresql).

Options:
  --documents N   documents indexed, 1,000 to 100,000 (default 100000)
  --seconds N     seconds of load per setup, 1 to 600 (default 10)
  --write         put the figures into BENCHMARKS.md's "Several nodes" section
  -h, --help      print this help
`;

const settings = commandLine({ name: 'bench:scale', invocation: 'npm run bench:scale --', usage: USAGE }, (args) => {
  const { values } = parseArgs({
    args,
    options: { documents: { type: 'string', default: '100000' }, seconds: { type: 'string', default: '10' }, write: { type: 'boolean', default: false } },
  });
  const documents = Number(values.documents);
  const seconds = Number(values.seconds);
  if (!Number.isInteger(documents) || documents < 1000 || documents > 100_000) throw new Error('--documents must be an integer from 1000 to 100000');
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 600) throw new Error('--seconds must be an integer from 1 to 600');
  return { documents, seconds, write: values.write };
});

const log = (line: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const base = buildCorpus({ thumbBase: 'http://127.0.0.1' });
const results = await measureScale({
  repo: process.cwd(),
  corpus: corpusVariants(base, settings.documents),
  documents: settings.documents,
  words: queryWords(
    base.map((document) => document.title ?? ''),
    200,
  ),
  commonWords: commonWords(base, COMMON_WORDS),
  demoDocuments: base.length,
  seconds: settings.seconds,
  log,
});
console.log(`\n${scaleTable(results)}`);
if (settings.write) {
  writeFileSync('BENCHMARKS.md', spliceScale(readFileSync('BENCHMARKS.md', 'utf8'), results, new Date().toISOString().slice(0, 10)));
  log('wrote the "Several nodes" section of BENCHMARKS.md');
}
