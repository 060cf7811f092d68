// Schema migrations on PostgreSQL as the nodes of one service meet them: starting at once
// on a new database, upgrading tables made before migrations, refusing newer ones.
import { POSTGRES_INDEX_MIGRATIONS } from '../engine/migrations/postgresMigrations.ts';
import { POSTGRES_EVENT_MIGRATIONS } from '../events/migrations/postgresMigrations.ts';
import { SHARED_POSTGRES_MIGRATIONS } from '../events/migrations/sharedPostgresMigrations.ts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CLICK_RANKING } from '../events/clickRanking.ts';
import { createSearchPipeline } from '../pipeline/searchPipeline.ts';
import { testDatabase } from '../testing/postgresDatabase.ts';
import { searchQuery } from '../testing/searchQuery.ts';
import { wordsInDocumentRows } from '../testing/postgresOlderLayout.ts';
import { testDocument } from '../testing/testDocuments.ts';
import type { IndexStores } from './engineFactory.ts';
import { indexSchema, postgresEngines } from './postgresFactory.ts';

let url: string;
let admin: pg.Client;
const opened: IndexStores[] = [];

/** An index as one node opens it. */
async function openIndex(publicKey: string, node: number): Promise<IndexStores> {
  const factory = await postgresEngines(url)({ dataDir: `/nonexistent/node${node}` });
  const stores = await factory.open({ publicKey, clickRanking: DEFAULT_CLICK_RANKING });
  opened.push(stores);
  return stores;
}

async function close(stores: IndexStores): Promise<void> {
  opened.splice(opened.indexOf(stores), 1);
  await Promise.all([stores.engine.close(), stores.events.close()]);
}

async function recorded(publicKey: string): Promise<string[][]> {
  const schema = indexSchema(publicKey);
  const names = async (table: string) => (await admin.query<{ name: string }>(`SELECT name FROM ${schema}.${table} ORDER BY name`)).rows.map((r) => r.name);
  return [await names('migrations'), await names('event_migrations')];
}

async function sharedRecorded(): Promise<string[]> {
  return (await admin.query<{ name: string }>('SELECT name FROM site_search.migrations ORDER BY name')).rows.map((r) => r.name);
}

beforeAll(async () => {
  url = await testDatabase('schema migrations');
  admin = new pg.Client({ connectionString: url });
  await admin.connect();
});
afterAll(async () => {
  await Promise.all(opened.map((stores) => Promise.all([stores.engine.close(), stores.events.close()])));
  await admin.end();
});

describe('schema migrations on PostgreSQL', () => {
  it('run once when several nodes start at once on a new database', async () => {
    const nodes = await Promise.all([0, 1, 2].map((node) => openIndex('together', node)));
    expect(await recorded('together')).toEqual([POSTGRES_INDEX_MIGRATIONS.map((m) => m.name), POSTGRES_EVENT_MIGRATIONS.map((m) => m.name)]);
    expect(await sharedRecorded()).toEqual(SHARED_POSTGRES_MIGRATIONS.map((m) => m.name));
    expect((await admin.query('SELECT count(*)::int AS n FROM site_search.client_address_key')).rows).toEqual([{ n: 1 }]);
    expect(await nodes[0]!.engine.write([testDocument('kettle', 'A steel kettle.')])).toEqual({ ok: true });
    expect((await nodes[2]!.engine.get('kettle'))?.id).toBe('kettle');
  });

  it('bring tables made before migrations up to date, their documents and events kept', async () => {
    const first = await openIndex('older', 0);
    expect(await first.engine.write([testDocument('kettle', 'A steel kettle.')])).toEqual({ ok: true });
    await first.events.addStats([{ action: 'search', session: 's1', keyword: 'kettle', numberOfResults: 1 }]);
    await close(first);
    // As the service left them before it recorded migrations.
    const schema = indexSchema('older');
    await wordsInDocumentRows(admin, schema, { titleVector: true });
    await admin.query(`DROP TABLE ${schema}.migrations; DROP TABLE ${schema}.event_migrations`);
    const reopened = await openIndex('older', 1);
    expect(await recorded('older')).toEqual([POSTGRES_INDEX_MIGRATIONS.map((m) => m.name), POSTGRES_EVENT_MIGRATIONS.map((m) => m.name)]);
    expect((await reopened.engine.get('kettle'))?.mainContent).toBe('A steel kettle.');
    expect((await createSearchPipeline(reopened.engine).search(searchQuery(['kettle']))).total).toBe(1);
    expect(await reopened.events.counts()).toEqual({ statsEvents: 1, recommendationEvents: 0 });
  });

  it('keep the client address key of a database from before the shared schema recorded migrations', async () => {
    await close(await openIndex('keyed', 0));
    // As the service left the shared schema before: the key's table, made outside migrations.
    const key = Buffer.alloc(32, 7);
    await admin.query('DROP TABLE site_search.migrations');
    await admin.query('UPDATE site_search.client_address_key SET key = $1', [key]);
    await close(await openIndex('keyed', 1));
    expect(await sharedRecorded()).toEqual(SHARED_POSTGRES_MIGRATIONS.map((m) => m.name));
    expect((await admin.query<{ key: Buffer }>('SELECT key FROM site_search.client_address_key')).rows.map((r) => r.key)).toEqual([key]);
  });

  it('refuse tables a newer version of the service migrated, naming the index, its schema and what to do', async () => {
    await close(await openIndex('newer', 0));
    const schema = indexSchema('newer');
    await admin.query(`INSERT INTO ${schema}.event_migrations (name) VALUES ('9999-from-a-newer-version')`);
    await expect(openIndex('newer', 1)).rejects.toThrow(
      new RegExp(
        `events of index 'newer' cannot be opened on PostgreSQL: the PostgreSQL schema ${schema} was upgraded by a newer version .*9999-from-a-newer-version.*Run that newer version`,
      ),
    );
  });
});
