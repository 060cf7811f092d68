import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchQuery } from '../testing/searchQuery.ts';
import { testDatabase } from '../testing/postgresDatabase.ts';
import type { PreparedDocument } from './engine.ts';
import { PostgresEngine } from './postgresEngine.ts';
import { testDocument } from '../testing/testDocuments.ts';
import { createSearchPipeline as pipeline } from '../pipeline/searchPipeline.ts';

function page(id: string, title: string): PreparedDocument {
  return testDocument(id, `${title} text`, { title });
}

// A real replica streams the primary's commits; here the "replica" is another database
// with other documents, so that each answer shows which side it was read from.
describe('a PostgreSQL engine with a read replica', () => {
  const schema = 'replicated';
  let primary: PostgresEngine;
  let replica: PostgresEngine;
  let both: PostgresEngine;

  beforeAll(async () => {
    const [primaryUrl, replicaUrl] = await Promise.all([testDatabase('replica primary'), testDatabase('replica copy')]);
    primary = await PostgresEngine.open({ url: primaryUrl, schema, poolSize: 2 });
    replica = await PostgresEngine.open({ url: replicaUrl, schema, poolSize: 2 });
    expect(await primary.write([page('p1', 'Pangolin on the primary')])).toEqual({ ok: true });
    expect(await replica.write([page('r1', 'Pangolin on the replica')])).toEqual({ ok: true });
    both = await PostgresEngine.open({ url: primaryUrl, replicaUrl, schema, poolSize: 2 });
  });

  afterAll(async () => {
    await Promise.all([primary, replica, both].map((engine) => engine?.close()));
  });

  it('searches and looks up on the replica', async () => {
    expect((await pipeline(both).search(searchQuery(['pangolin']))).hits.map((hit) => hit.document.id)).toEqual(['r1']);
    expect((await both.lookup(['r1', 'p1'], null)).map((document) => document.id)).toEqual(['r1']);
  });

  it('writes, reads documents and their status on the primary', async () => {
    expect(await both.write([page('p2', 'Written through the pair')])).toEqual({ ok: true });
    expect((await primary.get('p2'))?.title).toBe('Written through the pair');
    expect(await replica.get('p2')).toBeNull();
    expect((await both.get('p1'))?.title).toBe('Pangolin on the primary');
    expect((await both.status('p1'))?.indexed).toBe(true);
  });
});
