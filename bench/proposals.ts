/**
 * `npx tsx bench/proposals.ts [--events 300000]`: how long `GET /v2/indices/{key}/stats/proposals`
 * takes to work out its answer from a window of stored events, on SQLite and on PostgreSQL
 * (a throw-away cluster, when PostgreSQL is installed). The events are written straight
 * into each store's table: visits of a few searches and clicks, some a failed search
 * followed by a clicked one. Prints a markdown table.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { EventStore } from '../server/events/eventStore.ts';
import { DEFAULT_PROPOSAL_RULE } from '../server/events/learningSettings.ts';
import { PostgresEventStore } from '../server/events/postgresEventStore.ts';
import { PROPOSAL_EVENTS_MAX } from '../server/events/proposals.ts';
import { SqliteEventStore } from '../server/events/sqliteEventStore.ts';
import { connectPool } from '../server/storage/postgresPool.ts';
import { createDatabase, postgresBin, startCluster } from '../server/testing/postgresCluster.ts';
import { eventStoreDatabase } from '../server/testing/testInternals.ts';
import { median, percentile } from './stats.ts';

const { values } = parseArgs({ options: { events: { type: 'string', default: '300000' }, runs: { type: 'string', default: '7' } } });
const EVENTS = Number(values.events);
const RUNS = Number(values.runs);

type Row = [received: number, action: string, session: string, keyword: string, results: number | null, docid: string | null, clicked: number, client: string];

/** Visits over the last 30 days: a search or two, a click; one in five fails first and finds with other words. */
function events(count: number, now: number): Row[] {
  const rows: Row[] = [];
  let seed = 42;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  for (let v = 0; rows.length < count; v++) {
    const session = `v${v}`;
    const client = `c${Math.floor(random() * 5000)}`;
    let at = now - Math.floor(random() * 29 * 86_400_000);
    let word = `w${Math.floor(random() * 3000)}`;
    let docid = `doc-${Math.floor(random() * 10_000)}`;
    if (random() < 0.2) {
      // A failed keyword is mostly followed by the same other words and document: pairs that repeat.
      const failed = Math.floor(random() * 200);
      rows.push([at, 'search', session, `failed ${failed}`, 0, null, 0, client]);
      at += 30_000;
      word = `found ${failed}`;
      docid = `doc-${failed}`;
    }
    rows.push([at, 'search', session, word, 5, null, 1, client]);
    rows.push([at + 10_000, 'click', session, word, null, docid, 0, client]);
  }
  // Stored as they arrive: oldest first.
  return rows.slice(0, count).sort((a, b) => a[0] - b[0]);
}

/** Wall time, and this process's CPU time (the service's own work, apart from a busy machine's waits and the database server's). */
async function time(store: EventStore, now: number): Promise<{ median: number; p95: number; cpu: number; proposals: number }> {
  const ms: number[] = [];
  const cpu: number[] = [];
  let proposals = 0;
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const startedCpu = process.cpuUsage();
    proposals = (await store.proposals(DEFAULT_PROPOSAL_RULE, 50, now)).length;
    const used = process.cpuUsage(startedCpu);
    cpu.push((used.user + used.system) / 1000);
    ms.push(performance.now() - started);
  }
  return { median: median(ms), p95: percentile(ms, 95), cpu: median(cpu), proposals };
}

const INSERT = `INSERT INTO stats_events (received, source, action, session, keyword, number_of_results, docid, position, tag, keyword_norm, clicked, client)`;

async function onSqlite(rows: Row[], now: number) {
  const dir = mkdtempSync(join(tmpdir(), 'site-search-proposals-'));
  const store = await SqliteEventStore.open(join(dir, 'events.sqlite'));
  try {
    const db = eventStoreDatabase(store);
    const insert = db.prepare(`${INSERT} VALUES (?, 'stats', ?, ?, ?, ?, ?, 1, NULL, ?, ?, ?)`);
    db.transaction(() => {
      for (const [received, action, session, keyword, results, docid, clicked, client] of rows) {
        insert.run(received, action, session, keyword, results, docid, keyword, clicked, client);
      }
    })();
    return await time(store, now);
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function onPostgres(rows: Row[], now: number) {
  if (postgresBin() === null) return null;
  const cluster = await startCluster();
  try {
    const url = await createDatabase(cluster.url, 'proposals');
    const store = await PostgresEventStore.open(url, 'bench_proposals');
    const pool = connectPool(url, 'bench_proposals', 1);
    try {
      for (let i = 0; i < rows.length; i += 20_000) {
        const chunk = rows.slice(i, i + 20_000);
        const column = (c: number) => chunk.map((row) => row[c]);
        await pool.query(
          `${INSERT} SELECT r, 'stats', a, s, k, n, d, 1, NULL, k, c = 1, cl
           FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::int[], $8::text[]) AS t(r, a, s, k, n, d, c, cl)`,
          [0, 1, 2, 3, 4, 5, 6, 7].map(column),
        );
      }
      await pool.query('ANALYZE stats_events');
      return await time(store, now);
    } finally {
      await pool.end();
      await store.close();
    }
  } finally {
    cluster.stop();
  }
}

const now = Date.now();
const rows = events(EVENTS, now);
const results: Array<[string, Awaited<ReturnType<typeof onSqlite>> | null]> = [
  ['SQLite', await onSqlite(rows, now)],
  ['PostgreSQL', await onPostgres(rows, now)],
];
console.log(
  `Load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores. Proposals from ${EVENTS.toLocaleString('en')} stored events (at most ${PROPOSAL_EVENTS_MAX.toLocaleString('en')} read), ${RUNS} runs each:\n`,
);
console.log('| engine | median | p95 | CPU of the service, median | proposals |');
console.log('|---|---|---|---|---|');
for (const [engine, r] of results) {
  console.log(
    r === null
      ? `| ${engine} | not installed | | |`
      : `| ${engine} | ${r.median.toFixed(0)} ms | ${r.p95.toFixed(0)} ms | ${r.cpu.toFixed(0)} ms | ${r.proposals} |`,
  );
}
