/**
 * `npm run bench:typing`: the typing benchmark alone, on the demo corpus grown to
 * 10,000 documents, the widget and Algolia Autocomplete typed in turn in one run
 * (`-- --queries N`, default 50; `-- --seed N`; `-- --build` runs `npm run build` first;
 * `-- --widget-only` leaves Autocomplete out).
 * Prints the typing table; writes nothing.
 */
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../e2e/chromium.ts';
import { buildCorpus } from '../demo/corpus/build.ts';
import { commandLine } from '../server/config/commandLine.ts';
import { corpusVariants } from './corpusVariants.ts';
import { startPageServer } from './pageServer.ts';
import { typingTable } from './report.ts';
import { indexRange } from './serviceBench.ts';
import { startService } from './serviceProcess.ts';
import { AUTOCOMPLETE, measureTyping, WIDGET } from './typingBench.ts';
import { pickQueries } from './typingPlan.ts';

const USAGE = `Usage: npm run bench:typing -- [options]

The typing benchmark alone, on the demo corpus grown to 10,000 documents: the widget
and Algolia Autocomplete, typed in turn with the same keys. Prints the typing table;
writes nothing.

Options:
  --queries N   how many typed queries (default 50)
  --seed N      the seed of the typing plans: pauses, typos (default 8)
  --build       run npm run build first
  --widget-only type into the widget alone, without Autocomplete (half the time, to compare two builds)
  -h, --help    print this help
`;
const { QUERIES, SEED, build, widgetOnly } = commandLine({ name: 'bench:typing', invocation: 'npm run bench:typing --', usage: USAGE }, (args) => {
  const { values } = parseArgs({
    args,
    options: {
      queries: { type: 'string', default: '50' },
      seed: { type: 'string', default: '8' },
      build: { type: 'boolean', default: false },
      'widget-only': { type: 'boolean', default: false },
    },
  });
  const whole = (flag: string, text: string) => {
    const n = Number(text);
    if (!Number.isInteger(n) || n < 1) throw new Error(`${flag} must be a whole number from 1 (got '${text}')`);
    return n;
  };
  return { QUERIES: whole('--queries', values.queries), SEED: whole('--seed', values.seed), build: values.build, widgetOnly: values['widget-only'] };
});
const SIZE = 10_000;
const repo = process.cwd();
const log = (line: string) => console.error(`bench:typing: ${line}`);

if (build) execSync('npm run build', { stdio: ['ignore', 'ignore', 'inherit'] });
const pages = await startPageServer(repo);
const dataDir = mkdtempSync(join(tmpdir(), 'site-search-typing-'));
const service = await startService(dataDir, repo);
let browser: Browser | null = null;
try {
  const base = buildCorpus({ thumbBase: pages.origin });
  await indexRange(service, corpusVariants(base, SIZE), 0, SIZE, log);
  const queries = pickQueries(
    base.map((d) => d.title ?? ''),
    QUERIES,
    8,
  );
  browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  const targets = widgetOnly ? [WIDGET] : [WIDGET, AUTOCOMPLETE];
  const results = await measureTyping({ browser, pageOrigin: pages.origin, api: service.baseUrl, queries, seed: SEED, log, targets });
  console.log(typingTable(targets.map((target, i) => ({ documents: SIZE, name: target.name, result: results[i]! }))));
} finally {
  await browser?.close();
  await service.stop();
  await pages.close();
  rmSync(dataDir, { recursive: true, force: true });
}
