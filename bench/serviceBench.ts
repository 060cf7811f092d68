/**
 * The service's side of the suite: batch indexing throughput, search latency by kind
 * of query, resident memory, restart to first answer and a loopback load test, on one
 * data folder grown from 10,000 to 100,000 documents.
 */
import { createIndexClient } from '../src/client/createIndexClient.ts';
import { batches } from '../demo/indexDocuments.ts';
import type { CorpusVariants } from './corpusVariants.ts';
import { firstAnswer, startService, type ServiceProcess } from './serviceProcess.ts';
import { median } from './stats.ts';

export interface IndexingStep {
  from: number;
  to: number;
  seconds: number;
  perSecond: number;
}

/** Indexes documents `from` to `to` through the batch endpoint; times only the requests. */
export async function indexRange(
  service: ServiceProcess,
  corpus: CorpusVariants,
  from: number,
  to: number,
  log: (line: string) => void,
): Promise<IndexingStep> {
  const client = createIndexClient({ baseUrl: service.baseUrl, siteKey: 'demo', secret: 'demo-secret' });
  let busy = 0;
  const CHUNK = 2000;
  for (let start = from; start < to; start += CHUNK) {
    const documents = corpus.slice(start, Math.min(to, start + CHUNK));
    for (const batch of batches(documents)) {
      const t0 = performance.now();
      await client.indexBatch(batch);
      busy += performance.now() - t0;
    }
    const done = Math.min(to, start + CHUNK);
    if (done % 10_000 === 0 || done === to) log(`indexing: ${done.toLocaleString('en')} documents`);
  }
  const seconds = busy / 1000;
  return { from, to, seconds, perSecond: (to - from) / seconds };
}

export interface RestartResult {
  runs: number[];
  median: number;
  /** Of each run, spawn to the "listening" line: the process and its modules loading, the databases opening. */
  listening: number[];
}

/** Stops the service and starts it again on the same folder, `times` times: spawn to the first 200 search. */
export async function measureRestart(
  service: ServiceProcess,
  dataDir: string,
  repo: string,
  times: number,
): Promise<{ result: RestartResult; service: ServiceProcess }> {
  let current = service;
  const runs: number[] = [];
  const listening: number[] = [];
  for (let i = 0; i < times; i++) {
    await current.stop();
    const t0 = performance.now();
    current = await startService(dataDir, repo);
    runs.push(await firstAnswer(current.baseUrl, t0));
    listening.push(current.listeningMs);
  }
  return { result: { runs, median: median(runs), listening }, service: current };
}
