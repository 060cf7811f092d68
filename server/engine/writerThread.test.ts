// SQLite only, outside the conformance suite (server/testing/testEngine.ts): the SQLite
// engine's writer thread.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Piscina } from 'piscina';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { IndexDocument, SearchResponse } from '../../src/client/types.ts';
import { putJson, startService as startAnyService, type TestService } from '../testing/service.ts';
import type { PreparedDocument } from './engine.ts';
import { SqliteEngine } from './sqliteEngine.ts';
import { sqliteEngines } from '../indices/sqliteFactory.ts';
import { testDocument } from '../testing/testDocuments.ts';

/** On SQLite whatever engine the other service tests run on. */
const startService = (options: Parameters<typeof startAnyService>[0] = {}) => startAnyService({ engine: sqliteEngines, ...options });

const folder = mkdtempSync(join(tmpdir(), 'site-search-writer-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

function prepared(id: string, customFields: PreparedDocument['customFields'] = {}): PreparedDocument {
  return testDocument(id, `alpha beta ${id}`, { customFields });
}

/** Enough documents for the writer thread: smaller writes run on the service's connection when it is idle. */
function batch(prefix: string, customFields: PreparedDocument['customFields'] = {}): PreparedDocument[] {
  return Array.from({ length: 30 }, (_, i) => prepared(`${prefix}-${i}`, customFields));
}

type Internals = { thread: { thread: { pool: Piscina | null } } | null };

describe('writes on the writer thread', () => {
  let service: TestService | null = null;
  afterEach(async () => {
    await service?.close();
    service?.remove();
    service = null;
  });

  it('answers /health and searches over HTTP while a large batch is being written', async () => {
    // What the service does, in order: the write's start and end, and each answer the probes got meanwhile.
    const events: string[] = [];
    const original = SqliteEngine.prototype.write;
    vi.spyOn(SqliteEngine.prototype, 'write').mockImplementation(async function (this: SqliteEngine, documents) {
      events.push('write started');
      try {
        return await original.call(this, documents);
      } finally {
        events.push('write done');
      }
    });
    service = await startService();
    const base = service.baseUrl;
    const documents: IndexDocument[] = Array.from({ length: 2000 }, (_, i) => ({
      id: `doc-${i}`,
      url: `https://example.com/${i}.html`,
      title: `Responsive page ${i}`,
      main_content: `words about grids flexbox and selectors, number ${i} of the batch, written while searches go on`,
      custom_fields: { area: `area${i % 7}` },
    }));
    let finished = false;
    const batch = putJson(service, '/v2/indices/demo/documents:batch', { documents }).finally(() => (finished = true));
    const probes = (async () => {
      while (!finished) {
        const health = await fetch(`${base}/health`);
        await health.arrayBuffer();
        if (health.status === 200) events.push('health answered');
        const search = await fetch(`${base}/v1/search/demo?term=grid`);
        await search.arrayBuffer();
        if (search.status === 200) events.push('search answered');
      }
    })();
    expect((await batch).status).toBe(202);
    await probes;

    const started = events.indexOf('write started');
    const done = events.indexOf('write done');
    expect(started).toBeGreaterThanOrEqual(0);
    const during = events.slice(started + 1, done);
    // On the service's thread the write held every request until it was done: nothing was answered between.
    expect(during).toContain('health answered');
    expect(during).toContain('search answered');
    const after = (await (await fetch(`${base}/v1/search/demo?term=responsive`)).json()) as SearchResponse;
    expect(after.total_hits).toBe(2000);
  });
});

describe('SqliteEngine with a writer thread', () => {
  it('leaves nothing of a small write with a type conflict, and writes the next one whole', async () => {
    const engine = await SqliteEngine.open(join(folder, 'conflict.sqlite'));
    try {
      expect(await engine.write([prepared('a', { size: 3 })])).toEqual({ ok: true });
      const conflict = await engine.write([prepared('b', { colour: 'red' }), prepared('c', { size: 'large' })]);
      expect(conflict).toEqual({ ok: false, conflicts: [{ position: 1, field: 'size', fieldType: 'integer', valueType: 'text' }] });
      expect(await engine.get('b')).toBeNull();
      expect(await engine.count()).toBe(1);
      // The rolled-back write gave `colour` no type: a number is accepted now.
      expect(await engine.write([prepared('d', { colour: 7 })])).toEqual({ ok: true });
      expect(await engine.write([prepared('e', { colour: 'blue' })])).toMatchObject({ ok: false });
    } finally {
      await engine.close();
    }
  });

  it('makes writes searchable once they resolve, and finishes them before close resolves', async () => {
    const file = join(folder, 'close.sqlite');
    const engine = await SqliteEngine.open(file);
    const writes = [engine.write([prepared('one')]), engine.write([prepared('two')]), engine.setHiddenKeywords('one', 'zebra')];
    await writes[0];
    expect(await engine.get('one')).not.toBeNull();
    const closed = engine.close();
    await Promise.all([...writes, closed]);
    const reopened = await SqliteEngine.open(file);
    try {
      expect(await reopened.count()).toBe(2);
      expect((await reopened.get('one'))?.hiddenKeywords).toBe('zebra');
      await expect(engine.write([prepared('three')])).rejects.toThrow(/closed/);
    } finally {
      await reopened.close();
    }
  });

  it('starts another writer thread when one is lost, which reads the field types from the file', async () => {
    const engine = await SqliteEngine.open(join(folder, 'lost.sqlite'));
    try {
      expect(await engine.write(batch('a', { size: 3 }))).toEqual({ ok: true });
      const pool = (engine as unknown as Internals).thread!.thread.pool!;
      const [lost] = pool.threads;
      await new Promise((resolve) => {
        lost!.once('exit', resolve);
        void lost!.terminate();
      });
      expect(await engine.write(batch('b', { size: 'large' }))).toMatchObject({ ok: false });
      expect(await engine.write(batch('c', { size: 4 }))).toEqual({ ok: true });
      expect(pool.threads).toHaveLength(1);
      expect(pool.threads).not.toContain(lost);
      expect(await engine.count()).toBe(60);
    } finally {
      await engine.close();
    }
  });

  it('makes batches handed over together in the order they were made: the last one stands', async () => {
    const engine = await SqliteEngine.open(join(folder, 'order.sqlite'));
    try {
      // Five batches of the same pages, all queued while the thread starts.
      const rounds = [1, 2, 3, 4, 5].map((round) =>
        engine.write(Array.from({ length: 30 }, (_, i) => testDocument(`page-${i}`, `round ${round} of the same page`, { customFields: { round } }))),
      );
      expect(await Promise.all(rounds)).toEqual(rounds.map(() => ({ ok: true })));
      expect((await engine.get('page-0'))?.customFields).toEqual({ round: 5 });
      expect(await engine.count()).toBe(30);
    } finally {
      await engine.close();
    }
  });

  it('writes a database in memory on its own connection: no thread could reach it', async () => {
    const engine = await SqliteEngine.open(':memory:');
    try {
      expect(await engine.write([prepared('a'), prepared('b')])).toEqual({ ok: true });
      expect(await engine.remove('a')).toBe(true);
      expect(await engine.count()).toBe(1);
      expect((engine as unknown as Internals).thread).toBeNull();
    } finally {
      await engine.close();
    }
  });

  it('sees the field types either connection gave, whichever writes next', async () => {
    const engine = await SqliteEngine.open(join(folder, 'both.sqlite'));
    try {
      // The thread starts with the first batch; the small writes after it run on the service's connection.
      expect(await engine.write(batch('start'))).toEqual({ ok: true });
      expect(await engine.write([prepared('small', { size: 3 })])).toEqual({ ok: true });
      expect(await engine.write(batch('big', { size: 'large' }))).toMatchObject({
        ok: false,
        conflicts: expect.arrayContaining([expect.objectContaining({ field: 'size', fieldType: 'integer' })]),
      });
      expect(await engine.write(batch('big', { colour: 'red' }))).toEqual({ ok: true });
      expect(await engine.write([prepared('small2', { colour: 5 })])).toMatchObject({
        ok: false,
        conflicts: [expect.objectContaining({ field: 'colour', fieldType: 'text' })],
      });
      // A small write sent while a batch is under way waits behind it, on the thread.
      const [first, second] = await Promise.all([engine.write(batch('again', { count: 1 })), engine.write([prepared('after', { count: 'x' })])]);
      expect(first).toEqual({ ok: true });
      expect(second).toMatchObject({ ok: false, conflicts: [expect.objectContaining({ field: 'count', fieldType: 'integer' })] });
      expect(await engine.count()).toBe(91);
    } finally {
      await engine.close();
    }
  });
});
