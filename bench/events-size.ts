/**
 * `npm run bench:events-size [-- --events 100000 --write]`: how much one address within
 * the public limits adds to an index's events database (SQLite), and what retention and
 * `statsMaxEvents` leave of it. The app runs in this process on its own data folder, with
 * a clock of its own; the events go through the store as the routes hand them over
 * (address hashed, rollups counted), each as long as the API takes: a new 20-word,
 * 300-character keyword each time (the worst case for the per-keyword counts), a 32
 * character session, a 50-character tag, a 64-character eventId, a 32-character docid.
 *
 * Two runs: `--events` events into an empty index (bytes per event, so bytes per day at
 * the limits), and the same again into an index capped at `--events` that then takes
 * as many more and sweeps, so the file shows what the cap holds and what stays beyond it
 * (the counts the report and ranking keep). Prints the table; with --write puts it into
 * BENCHMARKS.md.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { buildApp } from '../server/app.ts';
import { commandLine } from '../server/config/commandLine.ts';
import { DEFAULT_STATS_MAX_EVENTS, DEFAULT_STATS_RETENTION_DAYS } from '../server/config/serviceConfig.ts';
import type { StatsEvent } from '../src/client/types.ts';
import { spliceSection } from './sectionSplice.ts';
import { count, table } from './stats.ts';

const USAGE = `Usage: npm run bench:events-size -- [--events 100000] [--write]

The events database's size per day from one address at the public limits, with retention.

Options:
  --events N      events per run, 10000 to 1000000 (default 100000)
  --write         put the table into BENCHMARKS.md's "Events on disk" section
  -h, --help      print this help
`;

/** The public limits of one address: searches (each recorded as an event) and stats events. */
const SEARCHES_PER_SECOND = 5;
const STATS_PER_SECOND = 300 / 300;
const EVENTS_PER_DAY = (SEARCHES_PER_SECOND + STATS_PER_SECOND) * 86_400;
const CHUNK = 10_000;
const START = Date.UTC(2026, 0, 5);

const settings = commandLine({ name: 'bench:events-size', invocation: 'npm run bench:events-size --', usage: USAGE }, (args) => {
  const { values } = parseArgs({ args, options: { events: { type: 'string', default: '100000' }, write: { type: 'boolean', default: false } } });
  const events = Number(values.events);
  if (!Number.isInteger(events) || events < 10_000 || events > 1_000_000) throw new Error('--events must be an integer from 10000 to 1000000');
  return { events, write: values.write };
});

const log = (line: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

/** The i-th event as one address sends it at the limits: five searches, then a click. */
function event(i: number): StatsEvent {
  const words = Array.from({ length: 20 }, (_, w) => `w${(i * 20 + w).toString(36).padStart(13, 'x')}`);
  const keyword = words.join(' ').slice(0, 300);
  const common = { session: `s${(i % 100_000).toString().padStart(31, '0')}`, keyword, tag: 't'.repeat(50), eventId: `e${i.toString().padStart(63, '0')}` };
  return i % 6 === 5 ? { action: 'click', ...common, docid: 'd'.repeat(32), position: 3 } : { action: 'search', ...common, numberOfResults: 10 };
}

/** Bytes of the index's events database (its write-ahead log included), and of its pages in use (free pages are reused by later events). */
function eventFileBytes(dataDir: string): { file: number; used: number } {
  const path = join(dataDir, 'events', 'demo.sqlite');
  let file = 0;
  for (const suffix of ['', '-wal']) {
    try {
      file += statSync(`${path}${suffix}`).size;
    } catch {
      // No log once it is checkpointed.
    }
  }
  const db = new Database(path, { readonly: true });
  try {
    const pages = (db.pragma('page_count', { simple: true }) as number) - (db.pragma('freelist_count', { simple: true }) as number);
    return { file, used: pages * (db.pragma('page_size', { simple: true }) as number) };
  } finally {
    db.close();
  }
}

/** Loads events [from, to) into a new app on `dataDir`, paced as at the limits from `start`; sweeps at the end; closes it. */
async function run(dataDir: string, from: number, to: number, maxEvents: number, start = START): Promise<{ dropped: number }> {
  let now = start + (to * 86_400_000) / EVENTS_PER_DAY;
  const app = await buildApp({ dataDir, clock: () => now, searchThreads: 0, statsMaxEvents: maxEvents });
  await app.ready();
  const store = app.eventStores.get('demo');
  for (let at = from; at < to; at += CHUNK) {
    const rows = [];
    for (let i = at; i < Math.min(to, at + CHUNK); i++)
      rows.push({ event: event(i), received: start + (i * 86_400_000) / EVENTS_PER_DAY, address: '203.0.113.7' });
    await store.loadStats(rows);
  }
  now = start + (to * 86_400_000) / EVENTS_PER_DAY;
  const dropped = await app.eventRetention.sweep();
  await app.close();
  return { dropped };
}

const n = settings.events;
const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
const folders: string[] = [];
try {
  const open = mkdtempSync(join(tmpdir(), 'site-search-events-'));
  folders.push(open);
  log(`${count(n)} events into an empty index`);
  await run(open, 0, n, DEFAULT_STATS_MAX_EVENTS);
  const perEvent = eventFileBytes(open).used / n;

  const capped = mkdtempSync(join(tmpdir(), 'site-search-events-capped-'));
  folders.push(capped);
  log(`${count(n)} events into an index capped at ${count(n)}, then ${count(n)} more and a sweep`);
  await run(capped, 0, n, n);
  const atCap = eventFileBytes(capped);
  // The next day's events: the rows kept per day (the report's keyword rows, suggestion counts) go once their day has no event left.
  const { dropped } = await run(capped, n, 2 * n, n, START + 86_400_000);
  const afterSweep = eventFileBytes(capped);
  const keptBeyond = (afterSweep.used - atCap.used) / n;

  const perDay = perEvent * EVENTS_PER_DAY;
  const retainedEvents = Math.min(DEFAULT_STATS_RETENTION_DAYS * EVENTS_PER_DAY, DEFAULT_STATS_MAX_EVENTS);
  const bound = retainedEvents * perEvent;
  const rows = [
    ['events a day from one address at the public limits (5 searches/s recorded, 1 stats event/s)', count(EVENTS_PER_DAY)],
    [`bytes per stored event, its counts included (${count(n)} events, each field as long as the API takes)`, count(perEvent)],
    ['events database growth a day from that address, without retention', `${mb(perDay)} MB`],
    [
      `days until statsMaxEvents (${count(DEFAULT_STATS_MAX_EVENTS)}) holds it, before statsRetentionDays (${DEFAULT_STATS_RETENTION_DAYS}) would`,
      (DEFAULT_STATS_MAX_EVENTS / EVENTS_PER_DAY).toFixed(1),
    ],
    ['stored events kept at most, defaults', count(retainedEvents)],
    ['events database at that bound, defaults', `${mb(bound)} MB`],
    [`measured: file at a cap of ${count(n)} events, in use / on disk`, `${mb(atCap.used)} / ${mb(atCap.file)} MB`],
    [
      `measured: the same file after ${count(n)} more events the next day and a sweep (${count(dropped)} oldest dropped), in use / on disk`,
      `${mb(afterSweep.used)} / ${mb(afterSweep.file)} MB`,
    ],
    [
      "… what stays past the cap, per dropped event (the report's daily totals; the per-keyword counts go with their events)",
      `${count(Math.max(0, keptBeyond))} bytes`,
    ],
    [
      '… so growth a day that neither retention nor the cap takes back, at the limits with a new keyword per event',
      `${mb(Math.max(0, keptBeyond) * EVENTS_PER_DAY)} MB`,
    ],
  ];
  const section = [
    '## Events on disk',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench:events-size -- --events ${n}\`: what one address within the public limits adds to an`,
    "index's events database (SQLite), and what retention and the cap on stored events leave of it (the app in-process with",
    'its own clock). Each event is as long as the API takes, with a new keyword each time, the worst case for the',
    'per-keyword counts.',
    '',
    table(['measure', 'value'], rows),
    '',
    'Retention and `statsMaxEvents` bound the stored events, and a sweep takes out with them the per-keyword counts',
    "only they made: the click and search weights whose latest event went, and the report's keyword and document rows",
    "and the suggestion counts of the days before the oldest kept event's (so those of the current day stay until it",
    "ends: at most a day's inflow beyond the cap). The report's daily totals, tags and click positions stay, a",
    'handful of rows a day. SQLite keeps the freed pages in the file and fills them with later events, so the file',
    'stays near its peak (the cap plus an hour of inflow between sweeps).',
  ].join('\n');
  console.log(section);
  if (settings.write) {
    const file = join(process.cwd(), 'BENCHMARKS.md');
    writeFileSync(file, spliceSection(readFileSync(file, 'utf8'), 'Events on disk', section));
    log('BENCHMARKS.md: "Events on disk" written');
  }
} finally {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
}
