/**
 * `npm run bench:service [-- --seconds 10]`: the load of server/load.test.ts, longer,
 * with 1, 8 and 64 concurrent connections for searches and as many for writes, against
 * the service in its own process (compiled, as users run it) on loopback. Prints a
 * table; asserts nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { commandLine } from '../server/config/commandLine.ts';
import { runLoad, seedDocuments, type LoadFigures } from '../server/testing/serviceLoad.ts';
import { startService } from './serviceProcess.ts';

const CONCURRENCY = [1, 8, 64];
const USAGE = `Usage: npm run bench:service -- [--seconds 10]

Searches and writes at once against the service in its own process, with 1, 8 and 64
connections; prints a table.

Options:
  --seconds N   seconds per step, 1 to 600 (default 10)
  -h, --help    print this help
`;

async function main(): Promise<void> {
  const seconds = commandLine({ name: 'bench:service', invocation: 'npm run bench:service --', usage: USAGE }, (args) => {
    const { values } = parseArgs({ args, options: { seconds: { type: 'string', default: '10' } } });
    const n = Number(values.seconds);
    if (!Number.isInteger(n) || n < 1 || n > 600) throw new Error('--seconds must be an integer from 1 to 600');
    return n;
  });
  const rows: LoadFigures[] = [];
  for (const connections of CONCURRENCY) {
    // A fresh service per step, so one step's writes do not slow the next one's searches.
    const dataDir = mkdtempSync(join(tmpdir(), 'site-search-load-'));
    const service = await startService(dataDir, process.cwd());
    try {
      await seedDocuments(service.baseUrl);
      rows.push(...(await runLoad(service.baseUrl, connections, seconds)));
    } finally {
      await service.stop();
      rmSync(dataDir, { recursive: true, force: true });
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
