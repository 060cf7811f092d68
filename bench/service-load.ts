/**
 * `npm run bench:service [-- --seconds 10]`: the load of server/load.test.ts, longer,
 * with 1, 8 and 64 concurrent connections for searches and as many for writes, against
 * the service in its own process on loopback. Prints a table; asserts nothing.
 */
import { parseArgs } from 'node:util';
import { runLoad, seedDocuments, startServiceProcess, type LoadFigures } from '../server/testing/serviceLoad.ts';

const CONCURRENCY = [1, 8, 64];

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { seconds: { type: 'string', default: '10' } } });
  const seconds = Number(values.seconds);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 600) {
    console.error('--seconds must be an integer from 1 to 600');
    process.exit(2);
  }
  const rows: LoadFigures[] = [];
  for (const connections of CONCURRENCY) {
    // A fresh service per step, so one step's writes do not slow the next one's searches.
    const service = await startServiceProcess();
    try {
      await seedDocuments(service.baseUrl);
      rows.push(...(await runLoad(service.baseUrl, connections, seconds)));
    } finally {
      await service.stop();
    }
  }
  console.log(`\nReference service under load: searches and writes at once, ${seconds} s per step, loopback\n`);
  console.log('| kind | connections | requests | req/s | p50 ms | p95 ms | p99 ms | 503 | errors |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.kind} | ${r.connections} | ${r.requests} | ${r.throughput.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.refused} | ${r.errors} |`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
