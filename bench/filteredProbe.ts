/**
 * Filtered and faceted latency alone, on a kept data folder: `node --import tsx
 * bench/filteredProbe.ts <dataDir> <documents>` indexes up to <documents> on first use,
 * then times the two kinds as the suite does (searchLatency.ts).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { buildCorpus } from '../demo/corpus/build.ts';
import { corpusVariants } from './corpusVariants.ts';
import { measureSearchLatency, queryWords, QUERY_KINDS } from './searchLatency.ts';
import { indexRange } from './serviceBench.ts';
import { startService } from './serviceProcess.ts';

const [dataDir, sizeArg] = process.argv.slice(2);
if (dataDir === undefined || sizeArg === undefined) throw new Error('usage: filteredProbe.ts <dataDir> <documents>');
const size = Number(sizeArg);
const fresh = !existsSync(dataDir);
mkdirSync(dataDir, { recursive: true });
const base = buildCorpus({ thumbBase: 'http://127.0.0.1:1' });
const t0 = performance.now();
const service = await startService(dataDir, process.cwd());
console.log(`listening after ${(performance.now() - t0).toFixed(0)} ms`);
try {
  if (fresh) await indexRange(service, corpusVariants(base, size), 0, size, console.log);
  const words = queryWords(base.map((d) => d.title ?? ''), 200);
  const kinds = QUERY_KINDS.filter(([kind]) => kind === 'filtered' || kind === 'faceted');
  QUERY_KINDS.splice(0, QUERY_KINDS.length, ...kinds);
  for (const row of await measureSearchLatency(service.baseUrl, words, () => {})) {
    console.log(`${row.kind}: median ${row.median.toFixed(1)} p95 ${row.p95.toFixed(1)} p99 ${row.p99.toFixed(1)} service ${row.processing}`);
  }
} finally {
  await service.stop();
}
