/**
 * `npm run bench:restart`: restart to first answer alone. Indexes the demo corpus grown
 * to `--documents` into a data folder, stops the compiled service and starts it again on
 * that folder `--runs` times, and prints each run: spawn to listening, spawn to the first
 * search answered 200. With `--data DIR` the folder is kept, and a later run on it skips
 * the indexing. Writes nothing else.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildCorpus } from '../demo/corpus/build.ts';
import { commandLine } from '../server/config/commandLine.ts';
import { corpusVariants } from './corpusVariants.ts';
import { indexRange, measureRestart } from './serviceBench.ts';
import { startService } from './serviceProcess.ts';

const USAGE = `Usage: npm run bench:restart -- [options]

Restart to first answer of the compiled service on a data folder of the demo corpus grown
to N documents. Prints each run; writes nothing else.

Options:
  --documents N  documents in the index (default 100000)
  --runs N       restarts (default 3)
  --data DIR     keep the data folder in DIR; a folder indexed by an earlier run is reused
  -h, --help     print this help
`;
const options = commandLine({ name: 'bench:restart', invocation: 'npm run bench:restart --', usage: USAGE }, (args) => {
  const { values } = parseArgs({
    args,
    options: { documents: { type: 'string', default: '100000' }, runs: { type: 'string', default: '3' }, data: { type: 'string' } },
  });
  const whole = (flag: string, text: string) => {
    const n = Number(text);
    if (!Number.isInteger(n) || n < 1) throw new Error(`${flag} must be a whole number from 1 (got '${text}')`);
    return n;
  };
  return { documents: whole('--documents', values.documents), runs: whole('--runs', values.runs), data: values.data ?? null };
});
const repo = process.cwd();
const log = (line: string) => console.error(`bench:restart: ${line}`);

const dataDir = options.data ?? mkdtempSync(join(tmpdir(), 'site-search-restart-'));
const indexed = options.data !== null && existsSync(join(dataDir, 'indices', 'demo.sqlite'));
let service = await startService(dataDir, repo);
try {
  if (indexed) log(`reusing the index in ${dataDir}`);
  else await indexRange(service, corpusVariants(buildCorpus({ thumbBase: 'http://127.0.0.1' }), options.documents), 0, options.documents, log);
  const total = ((await (await fetch(`${service.baseUrl}/v1/search/demo?term=*&limit=1`)).json()) as { total_hits: number }).total_hits;
  log(`restarting ${options.runs} times on ${total.toLocaleString('en')} documents`);
  const restarted = await measureRestart(service, dataDir, repo, options.runs);
  service = restarted.service;
  const { runs, listening, median } = restarted.result;
  console.log(`restart to first answer, ${total.toLocaleString('en')} documents: median ${median.toFixed(0)} ms`);
  runs.forEach((run, i) => console.log(`  run ${i + 1}: listening after ${listening[i]!.toFixed(0)} ms, first answer after ${run.toFixed(0)} ms`));
} finally {
  await service.stop();
  if (options.data === null) rmSync(dataDir, { recursive: true, force: true });
}
