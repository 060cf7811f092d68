import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RANKED_FIELD_CHARS, type PreparedDocument, type RankingLimits, type SearchQuery } from './engine.ts';
import { PostgresEngine } from './postgresEngine.ts';
import { SqliteEngine } from './sqliteEngine.ts';
import { numberedDocument as doc, testDocument as page } from '../testing/testDocuments.ts';
import { searchQuery } from '../testing/searchQuery.ts';
import { testDatabase } from '../testing/postgresDatabase.ts';
import { engineStrategyCases, NUMBERED_DOCUMENTS, SMALL_LIMITS } from '../testing/engineStrategies.ts';
import { wordsInDocumentRows } from '../testing/postgresOlderLayout.ts';
import { createSearchPipeline as pipeline } from '../pipeline/searchPipeline.ts';

let url: string;
let engine: PostgresEngine;
const opened: Array<{ close(): Promise<void> }> = [];

/** The clock the engines' field facts age by (factsClock): a test moves it past their max age instead of sleeping. */
let factsTime = 0;
const passFactsMaxAge = () => void (factsTime += 1_100);

async function open(schema: string, limits: Partial<RankingLimits> = SMALL_LIMITS): Promise<PostgresEngine> {
  const e = await PostgresEngine.open({ url, schema, limits, poolSize: 3, factsClock: () => factsTime });
  opened.push(e);
  return e;
}

async function ids(q: SearchQuery, on: PostgresEngine = engine): Promise<string[]> {
  return (await pipeline(on).search(q)).hits.map((h) => h.document.id);
}

beforeAll(async () => {
  url = await testDatabase('postgres engine');
  engine = await open('main');
  expect(await engine.write(NUMBERED_DOCUMENTS)).toEqual({ ok: true });
});

let freshCount = 0;
engineStrategyCases(
  () => engine,
  () => open(`fresh_${++freshCount}`),
);

afterAll(async () => {
  await Promise.all(opened.map((e) => e.close()));
});

describe("the planner's statistics", () => {
  it('are read again, and the tables vacuumed, after a bulk import that arrives in batches, each too small to ask for it', async () => {
    const e = await open('imported');
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      // Vacuumed as well: the pages are marked visible to all, and the GIN pending lists emptied.
      const analyzed = async () =>
        (
          await client.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_user_tables WHERE schemaname = 'imported' AND last_analyze IS NOT NULL AND last_vacuum IS NOT NULL`,
          )
        ).rows[0]!.n;
      for (let batch = 0; batch < 3; batch++) {
        expect(await e.write(Array.from({ length: 400 }, (_, i) => doc(batch * 400 + i)))).toEqual({ ok: true });
      }
      // In the background, after the write was acknowledged: asked for, and counted a moment later.
      await expect.poll(analyzed, { timeout: 20_000 }).toBeGreaterThan(0);
    } finally {
      await client.end();
    }
  });
});

describe('pages on either side of the pool’s end', () => {
  it('walk every match once, whether the page holds the pool alone (top-N) or rows after it (full placing)', async () => {
    // Default limits: 130 matches are all scored, and the pool takes the first 100 places.
    const e = await open('deep', {});
    const words = ['spout', 'lid', 'handle', 'filter', 'base'];
    await e.write(
      Array.from({ length: 130 }, (_, i) =>
        page(`k${i}`, `kettle ${words[i % 5]} ${'water '.repeat(i % 7)}`, { title: i % 4 === 0 ? `Kettle ${i}` : `Page ${i}` }),
      ),
    );
    const seen: string[] = [];
    for (let offset = 0; offset < 140; offset += 10) {
      const found = await pipeline(e).search(searchQuery(['kettle'], { offset }));
      expect(found.total).toBe(130);
      seen.push(...found.hits.map((h) => h.document.id));
    }
    expect(seen).toHaveLength(130);
    expect(new Set(seen).size).toBe(130);
  });
});

describe('counts and words remembered across searches', () => {
  it('are forgotten once any node writes to the index', async () => {
    // Two engines on one schema, as two service processes share a database.
    const writer = await open('counted');
    const reader = await open('counted');
    expect(await writer.write(Array.from({ length: 20 }, (_, i) => page(`c${i}`, 'gamma everywhere')))).toEqual({ ok: true });
    // More matches than SMALL_LIMITS.rankAllMax: the total is counted, and remembered.
    expect((await pipeline(reader).search(searchQuery(['gamma']))).total).toBe(20);
    expect((await pipeline(reader).search(searchQuery(['gamma']))).total).toBe(20);
    expect(await writer.write([page('c20', 'gamma once more')])).toEqual({ ok: true });
    // The reader learns of the other node's write once its field facts are older than their max age.
    passFactsMaxAge();
    expect((await pipeline(reader).search(searchQuery(['gamma']))).total).toBe(21);
    // A write through the same node is seen at once.
    expect(await reader.write([page('c21', 'gamma again')])).toEqual({ ok: true });
    expect((await pipeline(reader).search(searchQuery(['gamma']))).total).toBe(22);
  });

  it('finds a word another node added, once it learns of the write', async () => {
    const writer = await open('worded');
    const reader = await open('worded');
    expect(await writer.write([page('w0', 'epsilon only')])).toEqual({ ok: true });
    // The index holds no word near `zetas`: the lookup's answer is remembered.
    const zeta = searchQuery(['zetas'], { fuzzy: 'auto' });
    for (let i = 0; i < 2; i++) expect((await pipeline(reader).search(zeta)).total).toBe(0);
    expect(await writer.write([page('w1', 'zeta arrives'), page('w2', 'zeta again')])).toEqual({ ok: true });
    passFactsMaxAge();
    // Another search learns of the write first: the remembered answer for `zetas` must go with it.
    expect((await pipeline(reader).search(searchQuery(['epsilon']))).total).toBe(1);
    expect((await pipeline(reader).search(zeta)).total).toBe(2);
  });
});

describe('ranking many title matches', () => {
  it('pages through more title matches than it scores, each once, before the rest', async () => {
    const e = await open('many_titles');
    // More title matches than the pool takes (100): pages past it read the title matches in stored order.
    const docs = Array.from({ length: 160 }, (_, i) => page(`o${i}`, `omega body ${i}`, { title: i % 3 === 2 ? `Other ${i}` : `Omega ${i}` }));
    expect(await e.write(docs)).toEqual({ ok: true });
    // A document written again moves in the table: the order stays one order.
    expect(await e.write([docs[4]!, docs[7]!, docs[120]!])).toEqual({ ok: true });
    const titled = docs.filter((d) => d.title.startsWith('Omega')).map((d) => d.id);
    expect(titled.length).toBeGreaterThan(SMALL_LIMITS.rankAllMax);
    const seen: string[] = [];
    for (let offset = 0; offset < 180; offset += 20) seen.push(...(await ids(searchQuery(['omega'], { offset, limit: 20 }), e)));
    expect(seen).toHaveLength(160);
    expect(new Set(seen).size).toBe(160);
    expect(new Set(seen.slice(0, titled.length))).toEqual(new Set(titled));
  });
});

/** Runs `work` with every statement the engine sends, on every connection it takes, shown to `watch` with its answer (a promise). */
async function watchingStatements<T>(watch: (answer: unknown, args: readonly unknown[]) => void, work: () => Promise<T>): Promise<T> {
  const connect = pg.Pool.prototype.connect as () => Promise<pg.PoolClient>;
  pg.Pool.prototype.connect = async function (this: pg.Pool) {
    const client = await connect.call(this);
    const query = client.query;
    client.query = function (this: pg.PoolClient, ...args: unknown[]) {
      const answer = (query as (...a: unknown[]) => unknown).apply(this, args);
      watch(answer, args);
      return answer;
    } as typeof client.query;
    const release = client.release;
    client.release = (error?: Error | boolean) => {
      client.query = query;
      client.release = release;
      release.call(client, error);
    };
    return client;
  } as typeof pg.Pool.prototype.connect;
  try {
    return await work();
  } finally {
    pg.Pool.prototype.connect = connect as typeof pg.Pool.prototype.connect;
  }
}

describe('round trips', () => {
  /** The statements the engine sends while `work` runs, counted on every connection it takes. */
  async function statements(work: () => Promise<unknown>): Promise<number> {
    let sent = 0;
    await watchingStatements(() => sent++, work);
    return sent;
  }

  it('are at most two a search: the words, then the candidates with their documents, counts and facets (and once per index version, the phrases counted)', async () => {
    const e = await open('trips');
    await e.write(Array.from({ length: 40 }, (_, i) => ({ ...doc(i), customFields: { area: i % 3 === 0 ? 'api' : 'css', year: 2000 + i } })));
    const facets: Partial<SearchQuery> = {
      facets: [{ kind: 'field', key: 'area', field: 'area' }],
      rangeFacets: [{ key: 'year', field: 'year', ranges: [{ to: 2010 }, { from: 2010 }] }],
    };
    const searches: Array<[string, SearchQuery]> = [
      ['few matches', searchQuery(['beta'])],
      ['a prefix', searchQuery(['bet'], { prefixLast: true })],
      ['near words', searchQuery(['btea'], { fuzzy: 'all' })],
      ['facets and a filter', searchQuery(['beta'], { ...facets, customFields: [{ field: 'area', values: ['css', 'api'] }] })],
      ['every document', searchQuery(['*'], { ...facets, words: null })],
      ['sorted', searchQuery(['alpha'], { sort: { by: 'date', order: 'desc' } })],
      // More matches than rankAllMax: the first search counts them, the next remembers.
      ['many matches', searchQuery(['alpha'], facets)],
      ['many matches, page 2', searchQuery(['alpha'], { offset: 10 })],
    ];
    // One pipeline, as the service keeps per index: it reads the common title words once a minute.
    const searching = pipeline(e);
    await searching.search(searchQuery(['alpha']));
    for (const [name, query] of searches) {
      // Twice: the field types are read again once older than their max age, with the words.
      for (const pass of [0, 1]) {
        if (pass === 1) passFactsMaxAge();
        const sent = await statements(() => searching.search(query));
        // The first search of new words counts their phrases for their weights (remembered until a write).
        expect(sent, `${name}, pass ${pass}`).toBeLessThanOrEqual(pass === 0 && query.words !== null ? 3 : 2);
      }
    }
  });
});

describe('statements kept prepared', () => {
  it("hold a common word's page: a search past rankAllMax matches parses and plans none of its statements again", async () => {
    const searching = pipeline(engine);
    // The first search learns the words, their counts and that they match too many to score all.
    await searching.search(searchQuery(['alpha']));
    const unnamed: string[] = [];
    await watchingStatements(
      (_, [config]) => {
        if (typeof config === 'object' && config !== null && 'text' in config && !('name' in config && config.name !== undefined)) {
          unnamed.push(String(config.text).slice(0, 80));
        }
      },
      () => searching.search(searchQuery(['alpha'])),
    );
    expect(unnamed).toEqual([]);
  });
});

describe('a pool of long pages', () => {
  /** The length of every body (main_content) the statements of `work` read back. */
  async function bodiesRead<T>(work: () => Promise<T>): Promise<{ result: T; bodies: number[] }> {
    const bodies: number[] = [];
    const read = (answer: unknown) => {
      for (const row of (answer as pg.QueryResult | undefined)?.rows ?? []) if (typeof row.main_content === 'string') bodies.push(row.main_content.length);
    };
    // Registered before the engine awaits the answer, so the bodies are counted before it goes on; a failed statement is the engine's to report.
    const result = await watchingStatements((answer) => void Promise.resolve(answer).then(read, () => {}), work);
    return { result, bodies };
  }

  it('reads the starts of the bodies for the pool, and whole only for a hit whose start lacks the word: the hits and passages of whole bodies', async () => {
    const e = await open('long_pool', {});
    const sqlite = await SqliteEngine.open(':memory:');
    // 30 pages of about 24,000 characters: the even ones hold the word at their start, the odd ones at their end.
    const filler = (i: number) => Array.from({ length: 3_000 }, (_, j) => `word${(i * 7 + j) % 97}`).join(' ');
    const pages = Array.from({ length: 30 }, (_, i) => page(`long${i}`, i % 2 === 0 ? `kettle ${filler(i)}` : `${filler(i)} kettle`));
    try {
      await e.write(pages);
      await sqlite.write(pages);
      const q = searchQuery(['kettle']);
      const { result, bodies } = await bodiesRead(() => pipeline(e).search(q));
      const whole = bodies.filter((length) => length > RANKED_FIELD_CHARS);
      // Before, the pool came with every body whole: 30 of them.
      expect(bodies.length).toBeGreaterThanOrEqual(30);
      expect(whole.length).toBeLessThanOrEqual(q.limit);
      const expected = await pipeline(sqlite).search(q);
      expect(result.total).toBe(30);
      expect(result.hits.map((h) => h.document.id)).toEqual(expected.hits.map((h) => h.document.id));
      // What a hit shows, but for when it was indexed (the two engines wrote a moment apart).
      const shown = (hits: typeof result.hits) => hits.map(({ shown: { ts: _ts, ...rest } }) => rest);
      expect(shown(result.hits)).toEqual(shown(expected.hits));
      for (const hit of result.hits) expect(JSON.stringify(hit.shown)).toContain('kettle');
    } finally {
      sqlite.close();
    }
  });
});

describe('documents', () => {
  it('removes a document from every table, and its hidden keywords with it', async () => {
    const e = await open('remove');
    await e.write([page('a', 'apple words', { customFields: { colour: 'red' } }), page('b', 'apple too')]);
    expect(await e.setHiddenKeywords('a', 'secretword')).toBe(true);
    expect(await e.setHiddenKeywords('nobody', 'secretword')).toBe(false);
    expect(await ids(searchQuery(['secretword']), e)).toEqual(['a']);
    expect((await e.get('a'))?.hiddenKeywords).toBe('secretword');
    // Replacing the document keeps its hidden keywords, searchable.
    await e.write([page('a', 'apple words again', { customFields: { colour: 'red' } })]);
    expect(await ids(searchQuery(['secretword']), e)).toEqual(['a']);
    expect(await pipeline(e).autocomplete('colour', 'r', 5)).toEqual(['red']);
    expect(await e.remove('a')).toBe(true);
    expect(await e.remove('a')).toBe(false);
    expect(await ids(searchQuery(['apple']), e)).toEqual(['b']);
    expect(await ids(searchQuery(['secretword']), e)).toEqual([]);
    expect(await pipeline(e).autocomplete('colour', 'r', 5)).toEqual([]);
    expect(await e.status('a')).toBeNull();
    const byHost = async () => (await pipeline(e).search(searchQuery(['*'], { words: null, category: '0xexample.com' }))).total;
    expect(await byHost()).toBe(1);
    await e.remove('b');
    expect(await byHost()).toBe(0);
    expect(await e.count()).toBe(0);
  });

  it('applies a write with a type conflict not at all', async () => {
    const e = await open('conflict');
    expect(await e.write([page('x', 'one', { customFields: { size: 3 } })])).toEqual({ ok: true });
    const result = await e.write([page('y', 'two', { customFields: { shape: 'round' } }), page('z', 'three', { customFields: { size: 'large' } })]);
    expect(result).toEqual({ ok: false, conflicts: [{ position: 1, field: 'size', fieldType: 'integer', valueType: 'text' }] });
    expect(await e.count()).toBe(1);
    expect(await e.get('y')).toBeNull();
    // The rolled-back write's new field left no type behind.
    expect(await e.write([page('y', 'two', { customFields: { shape: 5 } })])).toEqual({ ok: true });
  });

  it('keeps the first document of an id written twice in one batch out, and its first-indexed time across replacements', async () => {
    const e = await open('twice');
    expect(await e.write([page('t', 'first'), page('t', 'second')])).toEqual({ ok: true });
    expect(await e.count()).toBe(1);
    expect((await e.get('t'))?.mainContent).toBe('second');
    const first = (await e.get('t'))!.firstIndexed;
    await e.write([page('t', 'third')]);
    expect((await e.get('t'))!.firstIndexed).toBe(first);
  });

  it('records crawl states: PENDING keeps the document, EXCLUDED removes it', async () => {
    const e = await open('crawl');
    await e.markCrawl('c', 'https://example.com/c', { status: 'PENDING' });
    expect(await e.pendingCrawls()).toEqual([{ id: 'c', url: 'https://example.com/c' }]);
    expect(await e.status('c')).toMatchObject({ status: 'PENDING', indexed: false, lastFetched: null });
    await e.write([page('c', 'crawled text', { page: { h1: 'Heading', h2: '', metaDescription: null } })]);
    expect(await e.status('c')).toMatchObject({ status: 'INDEXED', statusInfo: 'crawled and indexed', indexed: true });
    expect(await e.pendingCrawls()).toEqual([]);
    await e.markCrawl('c', 'https://example.com/c', { status: 'ERROR', info: 'HTTP 500' });
    expect(await e.status('c')).toMatchObject({ status: 'ERROR', statusInfo: 'HTTP 500', indexed: true });
    await e.markCrawl('c', 'https://example.com/c', { status: 'EXCLUDED', info: 'noindex' });
    expect(await e.status('c')).toMatchObject({ status: 'EXCLUDED', indexed: false });
    expect(await e.count()).toBe(0);
  });

  it('stores text with NUL characters, which PostgreSQL text cannot hold', async () => {
    const e = await open('nul');
    expect(await e.write([page('nul\u0000id', 'before\u0000after', { customFields: { note: 'a\u0000b' } })])).toEqual({ ok: true });
    expect((await e.get('nul\u0000id'))?.mainContent).toBe('before\uFFFDafter');
    expect(await ids(searchQuery(['after']), e)).toEqual(['nul\uFFFDid']);
    expect(await e.status('other\u0000id')).toBeNull();
    expect(await e.remove('nul\u0000id')).toBe(true);
  });

  it('reports a document with the same content as an earlier one as its duplicate', async () => {
    const e = await open('duplicates');
    await e.write([page('orig', 'same   words'), page('copy', 'same words'), page('other', 'different')]);
    expect((await e.status('copy'))?.duplicateOf).toBe('orig');
    expect((await e.status('orig'))?.duplicateOf).toBeNull();
  });
});

describe('several processes on one database', () => {
  it('see each other’s writes and field types at once, and reopen the tables as they are', async () => {
    const a = await open('shared');
    const b = await open('shared');
    await a.write([page('s1', 'shared words', { customFields: { price: 5 } })]);
    expect(await ids(searchQuery(['shared']), b)).toEqual(['s1']);
    const filtered = searchQuery(['shared'], { customFields: [{ field: 'price', values: ['5'] }] });
    expect(await ids(filtered, b)).toEqual(['s1']);
    // A type the other process added is a conflict here.
    expect((await b.write([page('s2', 'more', { customFields: { price: 'five' } })])).ok).toBe(false);
    expect(await b.remove('s1')).toBe(true);
    expect(await a.get('s1')).toBeNull();
  });

  it('brings tables made before migrations to the current layout, the word vectors filled from the documents', async () => {
    const e = await open('older');
    await e.write(Array.from({ length: 12 }, (_, i) => doc(i)));
    await e.close();
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    // As made before migrations were recorded: the words in the documents' rows, without their title's vector.
    await wordsInDocumentRows(client, 'older', { titleVector: false });
    await client.query('DROP TABLE older.migrations');
    await client.end();
    const reopened = await open('older');
    // Title matches first: found through the title vector.
    expect(new Set((await ids(searchQuery(['alpha']), reopened)).slice(0, 5))).toEqual(new Set(['d0', 'd1', 'd2', 'd3', 'd4']));
    expect(await pipeline(reopened).suggest('alph', 3)).toEqual(['Alpha', 'Alpha title 0', 'Alpha title 1']);
  });

  it("fills each document's length in words from its vector for rows written before the column (0012)", async () => {
    const e = await open('lengths');
    await e.write([page('a', 'kettle kettle boils'), page('b', 'one two three four five')]);
    await e.close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      // Title words count too: "Title a" is two.
      const lengths = async () =>
        (await client.query<{ id: string; words: number | null }>('SELECT id, words FROM lengths.doc_words ORDER BY id')).rows.map((r) => [r.id, r.words]);
      expect(await lengths()).toEqual([
        ['a', 5],
        ['b', 7],
      ]);
      await client.query('UPDATE lengths.doc_words SET words = NULL');
      await client.query(`DELETE FROM lengths.migrations WHERE name = '0012-document-words'`);
      await open('lengths');
      expect(await lengths()).toEqual([
        ['a', 5],
        ['b', 7],
      ]);
    } finally {
      await client.end();
    }
  });

  it('moves word vectors that were stored out of line into the rows of the word table', async () => {
    const e = await open('toasted');
    // Words that do not compress: the vector (about 5 kB) and the content (3 kB) leave a
    // row of PostgreSQL's default layout, which keeps rows under 2 kB.
    let seed = 7;
    const word = () =>
      Array.from({ length: 9 }, () => ((seed = (seed * 48271) % 2147483647) % 26) + 10)
        .map((n) => n.toString(36))
        .join('');
    const words = Array.from({ length: 300 }, word);
    await e.write([page('long', words.join(' ')), page('short', 'a short page')]);
    await e.close();
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      // Whether a value of the long page's vector's stored size is in the TOAST table of `table`.
      const vectorOutOfLine = async (table: string) => {
        const { rows } = await client.query<{ toast: string }>(`SELECT reltoastrelid::regclass::text AS toast FROM pg_class WHERE oid = $1::regclass`, [
          `toasted.${table}`,
        ]);
        return (
          await client.query<{ out: boolean }>(
            `SELECT EXISTS (SELECT 1 FROM ${rows[0]!.toast} GROUP BY chunk_id
               HAVING sum(octet_length(chunk_data)) = (SELECT pg_column_size(tsv) FROM toasted.${table} WHERE id = 'long')) AS out`,
          )
        ).rows[0]!.out;
      };
      expect(await vectorOutOfLine('doc_words')).toBe(false);
      // As stored before 0003, at PostgreSQL's defaults: the vector in the document's row, out of line.
      await client.query(`ALTER TABLE toasted.docs RESET (toast_tuple_target)`);
      await wordsInDocumentRows(client, 'toasted', { titleVector: true });
      // Tables of that age had none of the later migrations either that rebuild on doc_words.
      await client.query(`DELETE FROM toasted.migrations WHERE name IN ('0003-inline-vectors', '0004-word-table', '0012-document-words')`);
      expect(await vectorOutOfLine('docs')).toBe(true);
      const reopened = await open('toasted');
      const storage = await client.query<{ attstorage: string }>(
        `SELECT attstorage FROM pg_attribute WHERE attrelid = 'toasted.doc_words'::regclass AND attname = 'tsv'`,
      );
      expect(storage.rows[0]!.attstorage).toBe('m');
      expect(await vectorOutOfLine('doc_words')).toBe(false);
      const columns = await client.query<{ name: string }>(
        `SELECT attname AS name FROM pg_attribute WHERE attrelid = 'toasted.docs'::regclass AND attnum > 0 AND NOT attisdropped`,
      );
      expect(columns.rows.map((c) => c.name)).not.toContain('tsv');
      expect(await ids(searchQuery([words[42]!]), reopened)).toEqual(['long']);
    } finally {
      await client.end();
    }
  });

  it('refuses tables a newer version of the service migrated, naming the schema', async () => {
    const e = await open('versioned');
    await e.close();
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`INSERT INTO versioned.migrations (name) VALUES ('9999-from-a-newer-version')`);
    await client.end();
    await expect(open('versioned')).rejects.toThrow(/schema versioned was upgraded by a newer version .*9999-from-a-newer-version.*restore the backup/);
  });
});

describe('the same answers as the SQLite engine', () => {
  let sqlite: SqliteEngine;
  let pgEngine: PostgresEngine;
  const corpus: PreparedDocument[] = [
    page('fetch', 'The fetch() method starts fetching a resource from the network.', {
      title: 'fetch()',
      customFields: { kind: 'api', year: 2015, tags: ['net', 'js'] },
    }),
    page('fetch-event', 'The FetchEvent is the event type for fetch events.', { title: 'FetchEvent', customFields: { kind: 'api', year: 2016, tags: ['sw'] } }),
    page('grid', 'The grid CSS property is a shorthand property.', {
      title: 'CSS property: grid',
      customFields: { kind: 'css', year: 2017, tags: ['layout'] },
    }),
    page('grid-area', 'The grid-area CSS shorthand property specifies a grid item size.', {
      title: 'CSS property: grid-area',
      customFields: { kind: 'css', year: 2017 },
    }),
    page('timeout', 'The setTimeout() method sets a timer which executes a function.', {
      title: 'setTimeout()',
      customFields: { kind: 'api', year: 2010, tags: ['timers', 'js'] },
    }),
    page('radius', 'The border-radius CSS property rounds the corners of an element.', {
      title: 'CSS property: border-radius',
      customFields: { kind: 'css', year: 2011 },
    }),
    page('promise', 'The Promise object represents the eventual completion of an asynchronous operation.', { title: 'Promise', language: 'en' }),
    page('storage', 'The localStorage read-only property of the window interface allows you to access a Storage object.', {
      title: 'Window.localStorage',
      language: 'en-gb',
    }),
    page('socket', 'The WebSocket object provides the API for creating and managing a WebSocket connection.', {
      title: 'WebSocket',
      docDate: 1_600_000_000_000,
    }),
    page('zurich', 'Café in Zürich, naïve façade.', { title: 'Zürich café', customFields: { kind: 'place', city: 'Zürich' } }),
  ];
  const queries: Array<[string, Partial<SearchQuery>]> = [
    ['fetch', {}],
    ['fetc', { prefixLast: true }],
    ['grid', {}],
    ['grid area', {}],
    ['set timeout', {}],
    ['settimeout', {}],
    ['border radius', {}],
    ['boder radius', { fuzzy: 'auto' }],
    ['promse', { fuzzy: 'auto' }],
    ['local storage', {}],
    ['web sockets', {}],
    ['zurich', {}],
    ['cafe', {}],
    [
      'css property',
      { facets: [{ kind: 'field', key: 'kind', field: 'kind' }], rangeFacets: [{ key: 'year', field: 'year', ranges: [{ to: 2015 }, { from: 2015 }] }] },
    ],
    ['property', { sort: { by: 'field', field: 'year', order: 'desc' } }],
    ['the', { sort: { by: 'date', order: 'asc' }, language: 'en' }],
    ['fetch api', { operator: 'or', fuzzy: 'auto' }],
  ];

  beforeAll(async () => {
    pgEngine = await open('parity', {});
    sqlite = await SqliteEngine.open(':memory:');
    await sqlite.write(corpus);
    await pgEngine.write(corpus);
  });
  afterAll(() => sqlite.close());

  it.each(queries)('%s', async (term, overrides) => {
    const q = searchQuery(term.split(' '), overrides);
    const [a, b] = await Promise.all([pipeline(sqlite).search(q), pipeline(pgEngine).search(q)]);
    // The same plan: the words looked up in the database answer as SQLite's vocabulary does.
    expect(b.plan).toEqual(a.plan);
    expect(b.hits.map((h) => h.document.id)).toEqual(a.hits.map((h) => h.document.id));
    expect(b.total).toBe(a.total);
    for (const hit of b.hits) expect(hit.score).toBeTypeOf('number');
    expect(b.facets).toEqual(a.facets);
    expect(b.rangeFacets).toEqual(a.rangeFacets);
  });

  it('matches every document for *, with the same facets and filters', async () => {
    const everything: Partial<SearchQuery> = {
      words: null,
      facets: [
        { kind: 'field', key: 'tags', field: 'tags' },
        { kind: 'categories', key: 'hosts', prefix: '0x' },
      ],
      rangeFacets: [{ key: 'year', field: 'year', ranges: [{ from: 2011, to: 2017 }] }],
    };
    const filters: Array<Partial<SearchQuery>> = [
      {},
      {
        filter: {
          op: 'or',
          nodes: [
            { op: 'eq', field: 'kind', value: 'css' },
            { op: 'range', field: 'year', lt: 2012 },
          ],
        },
      },
      { filter: { op: 'not', node: { op: 'eq', field: 'tags', value: 'js' } } },
      { customFields: [{ field: 'year', values: ['2017', '2010'] }] },
      { dateFrom: 1_500_000_000_000, dateTo: 1_700_000_000_000 },
    ];
    for (const filter of filters) {
      const q = searchQuery([], { ...everything, ...filter, limit: 20 });
      const [a, b] = await Promise.all([pipeline(sqlite).search(q), pipeline(pgEngine).search(q)]);
      expect(b.hits.map((h) => [h.document.id, h.score])).toEqual(a.hits.map((h) => [h.document.id, h.score]));
      expect([b.total, b.facets, b.rangeFacets]).toEqual([a.total, a.facets, a.rangeFacets]);
    }
  });

  it('counts facets alike whether they read the values of each match or walk the field', async () => {
    // A few matches read per match, many walk the field's values: both as SQLite counts them.
    const many = Array.from({ length: 200 }, (_, i) =>
      page(`f${i}`, i < 5 ? `rare common word ${i}` : `common word ${i}`, {
        url: `https://example.com/${i % 4}/${i}`,
        customFields: { kind: `k${i % 3}`, year: 2000 + (i % 20), tags: i % 2 === 0 ? ['even', `t${i % 5}`] : [`t${i % 5}`] },
      }),
    );
    const facetEngine = await open('facet_plans', {});
    // The same tables with small limits: 'common' has too many matches to score, and its facets find them again.
    const tiered = await open('facet_plans');
    const sqliteFacets = await SqliteEngine.open(':memory:');
    try {
      await Promise.all([facetEngine.write(many), sqliteFacets.write(many)]);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query('ANALYZE facet_plans.docs');
        const { rows } = await client.query<{ n: number }>(`SELECT reltuples::int AS n FROM pg_class WHERE oid = 'facet_plans.docs'::regclass`);
        // The premise: 5 matches are few enough to read per match, 200 too many.
        expect(rows[0]!.n).toBe(200);
      } finally {
        await client.end();
      }
      for (const term of ['rare', 'common']) {
        const q = searchQuery([term], {
          facets: [
            { kind: 'field', key: 'kind', field: 'kind' },
            { kind: 'field', key: 'tags', field: 'tags' },
            { kind: 'categories', key: 'hosts', prefix: '1x' },
          ],
          rangeFacets: [
            { key: 'year', field: 'year', ranges: [{ to: 2005 }, { from: 2005, to: 2015 }, { from: 2015 }] },
            { key: 'tags', field: 'year', ranges: [{ from: 2001 }] },
          ],
        });
        const [a, b, c] = await Promise.all([pipeline(sqliteFacets).search(q), pipeline(facetEngine).search(q), pipeline(tiered).search(q)]);
        expect([term, b.total, b.facets, b.rangeFacets]).toEqual([term, a.total, a.facets, a.rangeFacets]);
        expect([term, c.total, c.facets, c.rangeFacets]).toEqual([term, a.total, a.facets, a.rangeFacets]);
      }
    } finally {
      sqliteFacets.close();
    }
  });

  it('suggests, completes and looks up alike', async () => {
    for (const term of ['fet', 'f', 'css prop', 'grid a', 'set time', 'zur', 'eventual comp', 'nothing']) {
      expect([term, await pipeline(pgEngine).suggest(term, 5)]).toEqual([term, await pipeline(sqlite).suggest(term, 5)]);
    }
    for (const [field, term] of [
      ['kind', 'c'],
      ['city', 'zu'],
      ['tags', 'j'],
    ] as const) {
      expect(await pipeline(pgEngine).autocomplete(field, term, 5)).toEqual(await pipeline(sqlite).autocomplete(field, term, 5));
    }
    expect((await pgEngine.lookup(['grid', 'fetch'], null)).map((d) => d.id)).toEqual((await sqlite.lookup(['grid', 'fetch'], null)).map((d) => d.id));
    expect((await pgEngine.lookup(['css'], 'kind')).map((d) => d.id)).toEqual((await sqlite.lookup(['css'], 'kind')).map((d) => d.id));
    const stored = await pgEngine.get('zurich');
    expect({ ...stored, firstIndexed: 0 }).toEqual({ ...(await sqlite.get('zurich')), firstIndexed: 0 });
  });
});
