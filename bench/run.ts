/**
 * `npm run bench`: builds the library, measures it, prints the tables and rewrites
 * BENCHMARKS.md. `--quick` runs fewer queries. Benchmarks report; they never fail on
 * a figure, except that a missing build is an error.
 */
import { execSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileSize, kib } from './bundleSize.ts';
import { EMBED_BUDGET_BYTES } from './sizeBudget.ts';
import { measureSearchLatency } from './searchLatency.ts';
import { ms, table } from './stats.ts';

const quick = process.argv.includes('--quick');
const log = (line: string) => console.error(`bench: ${line}`);

log('building the library');
execSync('npm run build', { stdio: ['ignore', 'ignore', 'inherit'] });

const files = ['dist/embed/site-search.js', 'dist/embed/site-search.css', 'dist/lib/index.js', 'dist/lib/client.js', 'dist/lib/style.css'];
const sizes = files.map(fileSize);
const embed = sizes.slice(0, 2).reduce((sum, s) => sum + s.brotli, 0);
const sizeTable = table(
  ['file', 'raw KiB', 'gzip KiB', 'brotli KiB'],
  [
    ...sizes.map((s) => [`\`${s.file}\``, kib(s.raw), kib(s.gzip), kib(s.brotli)]),
    ['**script tag, JS + CSS**', '', '', `**${kib(embed)}** (budget ${kib(EMBED_BUDGET_BYTES)}: ${embed > EMBED_BUDGET_BYTES ? 'over' : 'within'})`],
  ],
);

const latency = await measureSearchLatency({ queries: quick ? 60 : 300, log });
const latencyTable = table(
  ['query', 'median ms', 'p95 ms', 'p99 ms', 'service median ms'],
  latency.rows.map((r) => [r.kind, ms(r.median), ms(r.p95), ms(r.p99), String(r.processing)]),
);

const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}`;
const report = `# Benchmarks

Written by \`npm run bench\`${quick ? ' (quick mode)' : ''} on ${new Date().toISOString().slice(0, 10)}, ${machine}.

## Size

The script-tag build holds every component, the client and Preact. Compressed with
Node's zlib: gzip level 9, brotli quality 11.

${sizeTable}

## Service search latency

The reference service on loopback, ${latency.documents.toLocaleString('en')} demo documents
(indexed through the batch endpoint at ${Math.round(latency.indexingPerSecond).toLocaleString('en')} documents/s).
Each kind of query runs the same ${latency.rows.length ? (quick ? 60 : 300) : 0} words from the corpus's titles
one after another, after one warm-up pass; times are from request sent to JSON parsed
in the client process.

${latencyTable}
`;

console.log(`\n${sizeTable}\n\n${latencyTable}\n`);
writeFileSync('BENCHMARKS.md', report);
log('wrote BENCHMARKS.md');
