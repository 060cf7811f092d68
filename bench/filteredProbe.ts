/**
 * Filtered and faceted latency alone, on a kept data folder: `node --import tsx
 * bench/filteredProbe.ts <dataDir> <documents>` indexes up to <documents> on first use,
 * then times the two kinds as the suite does (searchLatency.ts).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { buildCorpus } from '../demo/corpus/build.ts';
import { commandLine } from '../server/config/commandLine.ts';
import { corpusVariants } from './corpusVariants.ts';
import { measureSearchLatency, queryWords, QUERY_KINDS } from './searchLatency.ts';
import { indexRange } from './serviceBench.ts';
import { startService } from './serviceProcess.ts';

const USAGE = `Usage: node --import tsx bench/filteredProbe.ts DATA_DIR DOCUMENTS

Filtered and faceted search latency on a kept data folder, indexed up to DOCUMENTS on first use.
`;
const { dataDir, size } = commandLine({ name: 'filteredProbe', invocation: 'node --import tsx bench/filteredProbe.ts', usage: USAGE }, ([dataDir, sizeArg]) => {
  const size = Number(sizeArg);
  if (dataDir === undefined || !Number.isInteger(size) || size < 1) throw new Error('a data folder and a number of documents are needed');
  return { dataDir, size };
});
const fresh = !existsSync(dataDir);
mkdirSync(dataDir, { recursive: true });
const base = buildCorpus({ thumbBase: 'http://127.0.0.1:1' });
const t0 = performance.now();
const service = await startService(dataDir, process.cwd());
console.log(`listening after ${(performance.now() - t0).toFixed(0)} ms`);
try {
  if (fresh) await indexRange(service, corpusVariants(base, size), 0, size, console.log);
  const words = queryWords(
    base.map((d) => d.title ?? ''),
    200,
  );
  const kinds = QUERY_KINDS.filter(([kind]) => kind === 'filtered' || kind === 'faceted');
  QUERY_KINDS.splice(0, QUERY_KINDS.length, ...kinds);
  for (const row of await measureSearchLatency(service.baseUrl, words, () => {})) {
    console.log(`${row.kind}: median ${row.median.toFixed(1)} p95 ${row.p95.toFixed(1)} p99 ${row.p99.toFixed(1)} service ${row.processing}`);
  }
} finally {
  await service.stop();
}
