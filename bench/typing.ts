/**
 * `npm run bench:typing`: the typing benchmark alone, on the demo corpus grown to
 * 10,000 documents (`-- --queries N`, default 50; `-- --seed N`; `-- --build` runs `npm run
 * build` first). Prints the typing table; writes nothing.
 */
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../e2e/chromium.ts';
import { buildCorpus } from '../demo/corpus/build.ts';
import { corpusVariants } from './corpusVariants.ts';
import { startPageServer } from './pageServer.ts';
import { typingTable } from './report.ts';
import { indexRange } from './serviceBench.ts';
import { startService } from './serviceProcess.ts';
import { measureTyping } from './typingBench.ts';
import { pickQueries } from './typingPlan.ts';

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const QUERIES = arg('queries', 50);
const SEED = arg('seed', 8);
const SIZE = 10_000;
const repo = process.cwd();
const log = (line: string) => console.error(`bench:typing: ${line}`);

if (process.argv.includes('--build')) execSync('npm run build', { stdio: ['ignore', 'ignore', 'inherit'] });
const pages = await startPageServer(repo);
const dataDir = mkdtempSync(join(tmpdir(), 'site-search-typing-'));
const service = await startService(dataDir, repo);
let browser: Browser | null = null;
try {
  const base = buildCorpus({ thumbBase: pages.origin });
  await indexRange(service, corpusVariants(base, SIZE), 0, SIZE, log);
  const queries = pickQueries(base.map((d) => d.title ?? ''), QUERIES, 8);
  browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  const result = await measureTyping({ browser, pageOrigin: pages.origin, api: service.baseUrl, queries, seed: SEED, log });
  console.log(typingTable([{ documents: SIZE, result }]));
} finally {
  await browser?.close();
  await service.stop();
  await pages.close();
  rmSync(dataDir, { recursive: true, force: true });
}
