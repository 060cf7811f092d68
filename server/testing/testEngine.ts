/**
 * The one place the service tests take their engine from. The conformance suite (the
 * files named `*.conformance.test.ts`) runs on SQLite by default and on another engine when
 * SITE_SEARCH_TEST_DATABASE_URL names its database:
 *
 *   npm run test:conformance                                              # SQLite
 *   SITE_SEARCH_TEST_DATABASE_URL=postgres://… npm run test:conformance   # that engine
 *
 * An engine joins by adding its URL scheme to TEST_ENGINES: a function of the URL that
 * returns the EngineChoice every test service is started with. That choice is called
 * with each service's data folder, and must give each folder storage of its own, empty
 * at first, and the same storage again for the same folder (tests restart a service on
 * its folder to check that nothing is lost). Test services delete their folders, not
 * that storage: a throw-away database server is expected.
 */
import { rmSync } from 'node:fs';
import type { EngineChoice, IndexStores } from '../indices/engineFactory.ts';
import { sqliteEngines } from '../indices/sqliteFactory.ts';
import { DEFAULT_CLICK_RANKING, type ClickRanking } from '../events/clickRanking.ts';
import { createSearchPipeline, type SearchPipeline } from '../pipeline/searchPipeline.ts';
import { DEFAULT_RANKING_BASE } from '../config/rankingSettings.ts';
import { testFolder } from './runFolder.ts';

export const TEST_DATABASE_URL_VARIABLE = 'SITE_SEARCH_TEST_DATABASE_URL';

/**
 * Set to 1, test services on SQLite commit the searches their search endpoint recorded on
 * each event store's writer thread, as a service with reader threads does, instead of on
 * the event loop, as a test service does by default (it starts no reader threads). The
 * `node-event-thread` project of vite.config.ts sets it for the files that read those
 * searches back, so that the writer thread's path runs under their checks too.
 */
export const EVENT_WRITER_THREAD_VARIABLE = 'SITE_SEARCH_TEST_EVENT_WRITER_THREAD';

/** Test engines by URL scheme (without the colon), loaded only when asked for. */
const TEST_ENGINES: Record<string, (databaseUrl: string) => Promise<EngineChoice>> = {
  postgres: async (url) => (await import('./postgresTestEngine.ts')).postgresTestEngine(url),
  postgresql: async (url) => (await import('./postgresTestEngine.ts')).postgresTestEngine(url),
};

/**
 * The conformance suite: service tests over HTTP that any engine must pass, found by
 * their names (`*.conformance.test.ts`; vitest takes it as a filter of file paths). The
 * other service tests are about one engine or about no engine at all (each says why at
 * its top), and run on SQLite only.
 */
export const CONFORMANCE_SUITE = ['.conformance.test.ts'];

/** The database URL the tests run against; null: SQLite files in each test's data folder. */
export function testDatabaseUrl(): string | null {
  const url = process.env[TEST_DATABASE_URL_VARIABLE];
  return url === undefined || url === '' ? null : url;
}

/** Whether the tests run on the default engine: tests of SQLite's files alone skip otherwise. */
export const onSqlite = testDatabaseUrl() === null;

let chosen: Promise<EngineChoice | undefined> | null = null;

/** The engine choice of every test service; undefined for the service's default (SQLite). */
export function testEngine(): Promise<EngineChoice | undefined> {
  chosen ??= loadTestEngine();
  return chosen;
}

async function loadTestEngine(): Promise<EngineChoice | undefined> {
  const url = testDatabaseUrl();
  if (url === null) return process.env[EVENT_WRITER_THREAD_VARIABLE] === '1' ? sqliteWithEventWriterThread : undefined;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase() ?? '';
  const engine = TEST_ENGINES[scheme];
  if (engine === undefined) {
    const known = Object.keys(TEST_ENGINES);
    throw new Error(
      `${TEST_DATABASE_URL_VARIABLE} names a '${scheme}:' database, but no test engine takes that scheme ` +
        `(${known.length === 0 ? 'none is registered' : `known: ${known.join(', ')}`}; see server/testing/testEngine.ts)`,
    );
  }
  return engine(url);
}

/** SQLite files, each event store committing the searches it queued on its writer thread whatever the service's reader threads. */
const sqliteWithEventWriterThread: EngineChoice = (settings) => {
  const factory = sqliteEngines(settings);
  return {
    open: (index) => factory.open({ ...index, writerThread: true }),
    catalog: () => factory.catalog(),
    drop: (publicKey) => factory.drop(publicKey),
    close: () => factory.close(),
  };
};

/** An index opened on the tests' engine without a service, for tests of the engine and event store interfaces. */
export interface TestIndex extends IndexStores {
  /** The search pipeline over the engine, with the default ranking settings. */
  search: SearchPipeline;
  dataDir: string;
  /** Closes the index; `reopen` opens it again on the same storage, with other click settings if given. */
  close(): Promise<void>;
  reopen(clickRanking?: ClickRanking): Promise<TestIndex>;
  /** Closes the index and deletes its data folder. */
  remove(): Promise<void>;
}

/**
 * Opens the index `demo` with default settings in a fresh data folder (or `dataDir`), on the tests' engine;
 * its stores reckon time by `clock` (the machine's if not given).
 */
export async function openTestIndex(clickRanking: ClickRanking = DEFAULT_CLICK_RANKING, dataDir?: string, clock?: () => number): Promise<TestIndex> {
  const folder = dataDir ?? testFolder('site-search-index-');
  const factory = await ((await testEngine()) ?? sqliteEngines)({ dataDir: folder });
  const stores = await factory.open({ publicKey: 'demo', clickRanking, ...(clock && { clock }) });
  let closed: Promise<void> | null = null;
  const close = () => {
    closed ??= (async () => {
      await Promise.all([stores.events.close(), stores.engine.close()]);
      await factory.close();
    })();
    return closed;
  };
  return {
    ...stores,
    search: createSearchPipeline(stores.engine, DEFAULT_RANKING_BASE),
    dataDir: folder,
    close,
    reopen: async (ranking = clickRanking) => {
      await close();
      return openTestIndex(ranking, folder, clock);
    },
    remove: async () => {
      await close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
