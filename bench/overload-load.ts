/**
 * `npx tsx bench/overload-load.ts [--documents 10000] [--seconds 10] [--max-in-flight N] [--no-batches] [--no-faceted]`:
 * the service in its own process with the demo corpus grown to `documents`; `/health`
 * and term-only search latency while a 64-connection faceted load and a stream of
 * 1,000-document batches run (bench/overloadLoad.ts); `--no-batches` and `--no-faceted`
 * leave one of them out. Prints a table; asserts nothing.
 * The target is a p99 under 50 ms for both probes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildCorpus } from '../demo/corpus/build.ts';
import { commandLine } from '../server/config/commandLine.ts';
import { corpusVariants } from './corpusVariants.ts';
import { measureOverload, overloadTable } from './overloadLoad.ts';
import { queryWords } from './searchLatency.ts';
import { indexRange } from './serviceBench.ts';
import { startService } from './serviceProcess.ts';

const USAGE = `Usage: npx tsx bench/overload-load.ts [options]

/health and term-only search latency while faceted searches and document batches load
the service; prints a table.

Options:
  --documents N        the corpus size, 1000 to 200000 (default 10000)
  --seconds N          how long the load runs, 1 to 120 (default 10)
  --max-in-flight N    the service's overload.maxInFlight
  --no-batches         no stream of document batches
  --no-faceted         no faceted search load
  -h, --help           print this help
`;

async function main(): Promise<void> {
  const { documents, seconds, values } = commandLine({ name: 'overload-load', invocation: 'npx tsx bench/overload-load.ts', usage: USAGE }, (args) => {
    const { values } = parseArgs({
      args,
      options: {
        documents: { type: 'string', default: '10000' },
        seconds: { type: 'string', default: '10' },
        'max-in-flight': { type: 'string' },
        'no-batches': { type: 'boolean', default: false },
        'no-faceted': { type: 'boolean', default: false },
      },
    });
    const documents = Number(values.documents);
    const seconds = Number(values.seconds);
    if (!Number.isInteger(documents) || documents < 1000 || documents > 200_000) throw new Error('--documents must be an integer from 1000 to 200000');
    if (!Number.isInteger(seconds) || seconds < 1 || seconds > 120) throw new Error('--seconds must be an integer from 1 to 120');
    return { documents, seconds, values };
  });
  // The service process reads its overload settings from the environment it inherits.
  if (values['max-in-flight'] !== undefined) process.env.SITE_SEARCH_OVERLOAD = JSON.stringify({ maxInFlight: Number(values['max-in-flight']) });

  const base = buildCorpus({ thumbBase: 'http://127.0.0.1:9/thumbs/' });
  const corpus = corpusVariants(base, documents);
  const words = queryWords(
    base.map((d) => d.title ?? ''),
    200,
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'site-search-overload-'));
  const service = await startService(dataDir, process.cwd());
  try {
    await indexRange(service, corpus, 0, documents, (line) => console.error(line));
    console.error(`load: ${seconds} s`);
    const result = await measureOverload(service.baseUrl, words, seconds, { batchStream: !values['no-batches'], facetedLoad: !values['no-faceted'] });
    console.log(
      `\nResponsiveness under load: ${documents.toLocaleString('en')} documents, ${seconds} s, loopback` +
        `${values['max-in-flight'] === undefined ? '' : `, maxInFlight ${values['max-in-flight']}`}\n`,
    );
    console.log(overloadTable(result));
  } finally {
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
