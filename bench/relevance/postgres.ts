/**
 * `npx tsx bench/relevance/postgres.ts`: the judged queries on the demo corpus through
 * the service on each engine, SQLite and PostgreSQL (a throw-away cluster), searched as
 * the widget searches (see engines/ours.ts), side by side. Prints a markdown table, and
 * with `--diff` the queries whose first target ranks differently on the two.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCorpus } from '../../demo/corpus/build.ts';
import { indexDocuments } from '../../demo/indexDocuments.ts';
import { buildApp } from '../../server/app.ts';
import type { EngineChoice } from '../../server/indices/engineFactory.ts';
import { postgresEngines } from '../../server/indices/postgresFactory.ts';
import { createDatabase, startCluster } from '../../server/testing/postgresCluster.ts';
import { createClient } from '../../src/client/createClient.ts';
import { widgetSearch } from './engines/ours.ts';
import { CUTOFF, firstTargetRank, summarize } from './metrics.ts';
import { QUERIES } from './queries.ts';
import type { QueryOutcome } from './types.ts';

async function run(name: string, engine: EngineChoice | undefined): Promise<QueryOutcome[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'site-search-relevance-'));
  const app = await buildApp({ dataDir, rateLimit: false, ...(engine !== undefined && { engine }) });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (typeof address !== 'object' || address === null) throw new Error('no address');
    const baseUrl = `http://127.0.0.1:${address.port}`;
    const began = performance.now();
    await indexDocuments({ baseUrl, siteKey: 'demo', secret: 'demo-secret', documents: buildCorpus({ thumbBase: 'http://127.0.0.1' }), log: () => {} });
    console.error(`${name}: indexed in ${((performance.now() - began) / 1000).toFixed(1)} s`);
    const client = createClient({ siteKey: 'demo', baseUrl });
    const outcomes: QueryOutcome[] = [];
    for (const query of QUERIES) {
      const start = performance.now();
      const urls = (await widgetSearch(client, query.q)).hits.slice(0, CUTOFF).map((hit) => hit.url);
      const ms = performance.now() - start;
      outcomes.push({ q: query.q, class: query.class, set: query.set, rank: firstTargetRank(urls, query.targets), urls, ms });
    }
    return outcomes;
  } finally {
    app.server.closeAllConnections();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const cluster = await startCluster();
try {
  const sqlite = await run('SQLite', undefined);
  const postgres = await run('PostgreSQL', postgresEngines(await createDatabase(cluster.url, 'relevance')));
  const row = (name: string, outcomes: QueryOutcome[]) => {
    const s = summarize(outcomes);
    return `| ${name} | ${s.queries} | ${(s.success1 * 100).toFixed(1)} % | ${(s.success3 * 100).toFixed(1)} % | ${s.mrr10.toFixed(3)} | ${(s.zeroRate * 100).toFixed(1)} % | ${s.medianMs.toFixed(1)} ms |`;
  };
  console.log('| engine | queries | success@1 | success@3 | MRR@10 | no results | median time |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  console.log(row('SQLite', sqlite));
  console.log(row('PostgreSQL', postgres));
  if (process.argv.includes('--diff')) {
    sqlite.forEach((a, i) => {
      const b = postgres[i]!;
      if (a.rank !== b.rank)
        console.log(
          `${a.q} [${a.class}]: SQLite ${a.rank ?? '-'}, PostgreSQL ${b.rank ?? '-'} | ${a.urls.slice(0, 3).join(' ')} | ${b.urls.slice(0, 3).join(' ')}`,
        );
    });
  }
} finally {
  cluster.stop();
}
