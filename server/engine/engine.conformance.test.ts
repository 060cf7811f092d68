// In the conformance suite (server/testing/testEngine.ts): the engine interface, on the
// tests' engine. What only SQLite's files hold is in sqliteDocuments.test.ts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { searchQuery } from '../testing/searchQuery.ts';
import { testPlan } from '../testing/testPlan.ts';
import { testDocument as doc } from '../testing/testDocuments.ts';
import { openTestIndex, type TestIndex } from '../testing/testEngine.ts';
import { RANKED_FIELD_CHARS, type IndexReader, type PreparedDocument, type SearchEngine } from './engine.ts';
import { createSearchPipeline as pipeline } from '../pipeline/searchPipeline.ts';

async function ids(engine: SearchEngine, word: string): Promise<string[]> {
  return (await pipeline(engine).search(searchQuery([word]))).hits.map((h) => h.document.id);
}

let index: TestIndex;
let engine: SearchEngine;

beforeEach(async () => {
  index = await openTestIndex();
  engine = index.engine;
});
afterEach(async () => {
  await index.remove();
});

describe('the engine interface', () => {
  it('writes a batch whole or not at all: a type conflict anywhere writes nothing, and leaves no type behind', async () => {
    await engine.write([doc('a', 'kettle', { customFields: { size: 3 } })]);
    const result = await engine.write([
      doc('b', 'kettle', { customFields: { colour: 'red' } }),
      doc('c', 'kettle', { customFields: { size: 'big', weight: 2 } }),
    ]);
    expect(result).toEqual({ ok: false, conflicts: [{ position: 1, field: 'size', fieldType: 'integer', valueType: 'text' }] });
    expect(await engine.count()).toBe(1);
    expect(await engine.get('b')).toBeNull();
    expect(await engine.status('b')).toBeNull();
    // Neither colour nor weight got a type from the write that was refused.
    expect(await engine.write([doc('d', 'kettle', { customFields: { colour: 5, weight: 'heavy' } })])).toEqual({ ok: true });
  });

  it('replaces a document fully, keeping when it was first indexed and its hidden keywords', async () => {
    await engine.write([doc('a', 'copper kettle', { customFields: { colour: 'red' } })]);
    const first = await engine.get('a');
    expect(await engine.setHiddenKeywords('a', 'brass')).toBe(true);
    await engine.write([doc('a', 'steel kettle', { title: 'Steel' })]);
    const second = await engine.get('a');
    expect(second).toMatchObject({ title: 'Steel', mainContent: 'steel kettle', customFields: {}, hiddenKeywords: 'brass', firstIndexed: first!.firstIndexed });
    expect(await ids(engine, 'copper')).toEqual([]);
    expect(await ids(engine, 'brass')).toEqual(['a']);
    expect(await engine.setHiddenKeywords('a', null)).toBe(true);
    expect(await ids(engine, 'brass')).toEqual([]);
    expect(await engine.setHiddenKeywords('nobody', 'x')).toBe(false);
  });

  it('matches the categories a document was prepared with', async () => {
    await engine.write([doc('a', 'kettle', { url: 'https://shop.example/kitchen/kettles/a.html' }), doc('b', 'kettle', { url: null })]);
    const inKitchen = await pipeline(engine).search(searchQuery(['kettle'], { category: '1xkitchen' }));
    expect(inKitchen.hits.map((h) => h.document.id)).toEqual(['a']);
    const facets = await pipeline(engine).search(searchQuery(['kettle'], { facets: [{ kind: 'categories', key: 'hosts', prefix: '0x' }] }));
    expect(facets.facets?.hosts).toEqual([{ value: '0xshop.example', count: 1 }]);
  });

  it('answers the plan it searched by, and an empty one for every document', async () => {
    await engine.write([doc('a', 'kettle')]);
    const result = await pipeline(engine).search(searchQuery(['kettle']));
    expect(result.plan.slots.map((slot) => slot.word)).toEqual(['kettle']);
    expect((await pipeline(engine).search(searchQuery([], { words: null }))).plan.slots).toEqual([]);
  });

  it('removes a document and its status; a second remove changes nothing', async () => {
    await engine.write([doc('a', 'kettle')]);
    expect(await engine.remove('a')).toBe(true);
    expect(await engine.get('a')).toBeNull();
    expect(await engine.status('a')).toBeNull();
    expect(await ids(engine, 'kettle')).toEqual([]);
    expect(await engine.remove('a')).toBe(false);
  });

  it('looks documents up by id or by a custom field value', async () => {
    await engine.write([doc('a', 'x', { customFields: { sku: ['s1', 's2'] } }), doc('b', 'x', { customFields: { sku: 's3' } })]);
    expect((await engine.lookup(['b', 'zz'], null)).map((d) => d.id)).toEqual(['b']);
    expect((await engine.lookup(['s2', 's3'], 'sku')).map((d) => d.id).sort()).toEqual(['a', 'b']);
    expect(await engine.lookup([], null)).toEqual([]);
  });

  it("stores a crawled page's headings with the document, and its sections for a page of hits alone", async () => {
    const sections = [
      { title: 'Mapping Types — dict', anchor: 'dict', text: 'A mapping object.' },
      { title: 'Notes', anchor: null, text: '' },
    ];
    await engine.write([
      doc('p', 'crawled words', {
        page: { h1: 'Types', h2: 'Mapping Types — dict', metaDescription: null, headings: 'Types\nMapping Types — dict', sections },
      }),
      doc('a', 'api words'),
    ]);
    expect(await engine.get('p')).toMatchObject({ headings: 'Types\nMapping Types — dict' });
    expect(await engine.get('a')).toMatchObject({ headings: '' });
    const read = await engine.read(async (reader) => {
      const rowids = (await reader.passing({ ids: ['p', 'a'] }, searchQuery(['words']))).map((row) => row.rowid);
      return { texts: await reader.texts(rowids, false), sections: await reader.sections(rowids) };
    });
    expect(read.texts.map((t) => [t.id, t.headings]).sort()).toEqual([
      ['a', ''],
      ['p', 'Types\nMapping Types — dict'],
    ]);
    // Only the page that has sections is in the map.
    expect([...read.sections.values()]).toEqual([sections]);
  });

  it('records crawl states: PENDING keeps the document, EXCLUDED removes it', async () => {
    await engine.write([doc('p', 'crawled words', { page: { h1: 'Heading', h2: '', metaDescription: 'About' } })]);
    expect(await engine.status('p')).toMatchObject({ status: 'INDEXED', indexed: true, statusInfo: 'crawled and indexed' });
    await engine.markCrawl('p', 'https://example.com/p', { status: 'PENDING' });
    const pending = await engine.status('p');
    expect(pending).toMatchObject({ status: 'PENDING', indexed: true });
    expect(pending!.lastFetched).not.toBeNull();
    expect(await engine.pendingCrawls()).toEqual([{ id: 'p', url: 'https://example.com/p' }]);
    await engine.markCrawl('p', 'https://example.com/p', { status: 'ERROR', info: 'HTTP 500' });
    expect(await ids(engine, 'crawled')).toEqual(['p']);
    await engine.markCrawl('p', 'https://example.com/p', { status: 'EXCLUDED', info: 'noindex' });
    expect(await engine.status('p')).toMatchObject({ status: 'EXCLUDED', indexed: false, statusInfo: 'noindex' });
    expect(await ids(engine, 'crawled')).toEqual([]);
    expect(await engine.pendingCrawls()).toEqual([]);
    // Deleting an id that has a status but no document changes nothing.
    await engine.markCrawl('q', 'https://example.com/q', { status: 'PENDING' });
    expect(await engine.remove('q')).toBe(false);
    expect(await engine.status('q')).toMatchObject({ status: 'PENDING', indexed: false });
  });

  it('counts facets and filters alike whether few or many documents matched', async () => {
    // 60 documents: `common` in all, `rare` in 3; few matches look values up per match.
    const colours = ['red', 'green', 'blue'];
    const docs = Array.from({ length: 60 }, (_, i) =>
      doc(`f${i}`, i % 20 === 7 ? 'common rare' : 'common', {
        customFields: { colour: colours[i % 3]!, year: 2000 + (i % 25), tags: i % 2 === 0 ? ['x', 'y'] : ['y'] },
      }),
    );
    await engine.write(docs);
    for (const word of ['rare', 'common']) {
      const matching = docs.filter((d) => d.mainContent.split(' ').includes(word));
      const fields = (d: PreparedDocument) => d.customFields as { colour: string; year: number; tags: string[] };
      const result = await pipeline(engine).search({
        ...searchQuery([word]),
        facets: [
          { kind: 'field', key: 'colour', field: 'colour' },
          { kind: 'field', key: 'tags', field: 'tags' },
        ],
        rangeFacets: [{ key: 'year', field: 'year', ranges: [{ to: 2010 }, { from: 2010, to: 2020 }, { from: 2020 }] }],
      });
      const counts = (values: string[]) =>
        [...new Set(values)]
          .map((value) => ({ value, count: values.filter((v) => v === value).length }))
          .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : 1));
      expect(result.facets?.colour).toEqual(counts(matching.map((d) => fields(d).colour)));
      expect(result.facets?.tags).toEqual(counts(matching.flatMap((d) => fields(d).tags)));
      const years = matching.map((d) => fields(d).year);
      expect(result.rangeFacets?.year?.map((b) => b.count)).toEqual([
        years.filter((y) => y < 2010).length,
        years.filter((y) => y >= 2010 && y < 2020).length,
        years.filter((y) => y >= 2020).length,
      ]);

      const filtered = await pipeline(engine).search({
        ...searchQuery([word]),
        limit: 100,
        customFields: [{ field: 'colour', values: ['red', 'blue'] }],
        filter: {
          op: 'and',
          nodes: [
            { op: 'not', node: { op: 'eq', field: 'tags', value: 'x' } },
            { op: 'range', field: 'year', gt: 2003 },
          ],
        },
      });
      const expected = matching.filter((d) => fields(d).colour !== 'green' && !fields(d).tags.includes('x') && fields(d).year > 2003);
      expect(expected.length).toBeGreaterThan(0);
      expect(filtered.total).toBe(expected.length);
      expect(filtered.hits.map((h) => h.document.id).sort()).toEqual(expected.map((d) => d.id).sort());
    }
  });

  it('leaves excluded documents out of what suggestions and autocompletion read', async () => {
    await engine.write([
      doc('a', 'quota exceeded', { title: 'Kettle guide', customFields: { brand: 'Kettleco' } }),
      doc('b', 'quota extends', { title: 'Kettle guide', customFields: { brand: 'Kettleco' } }),
      doc('c', 'other', { title: 'Kettles', customFields: { brand: 'Kettlebrand' } }),
    ]);
    const read = <T>(work: (reader: IndexReader) => Promise<T>) => engine.read(work);
    const titleIds = async (rows: ReadonlyArray<{ rowid: number }>) =>
      [...(await read((r) => r.documents(rows.map((row) => row.rowid)))).values()].map((d) => d.id).sort();
    expect(await titleIds(await read((r) => r.titlesWith(['kettle'], 10, ['a'])))).toEqual(['b', 'c']);
    expect(await titleIds(await read((r) => r.titlesWith(['kettle', 'g'], 10, ['a', 'b'])))).toEqual([]);
    const any = await read((r) => r.anyTitleWith(['kettle', 'guide'], ['a']));
    expect(any === null ? [] : await titleIds([any])).toEqual(['b']);
    expect(await read((r) => r.anyTitleWith(['kettle', 'guide'], ['a', 'b']))).toBeNull();
    expect(await read((r) => r.contentsWithPhrase(['quota', 'ex'], 10, ['b']))).toEqual(['quota exceeded']);
    const uses = async (excluded: string[]) =>
      (await read((r) => r.fieldValues('brand', 'kettle', 'start', excluded))).map(({ text, uses: n }) => `${text}:${n}`).sort();
    expect(await uses([])).toEqual(['Kettlebrand:1', 'Kettleco:2']);
    expect(await uses(['a', 'c'])).toEqual(['Kettleco:1']);
    expect((await read((r) => r.fieldValues('brand', 'co', 'anywhere', ['a', 'b']))).length).toBe(0);
  });
});

describe('the texts the ranking rules read', () => {
  it('are the start of each field, however long the page: the title, the content and the hidden keywords', async () => {
    const long = (word: string) => `${word} ${'lorem ipsum '.repeat(2_500)}teapot`;
    await engine.write([doc('long', long('kettle'), { title: long('Title') }), doc('short', 'kettle spout')]);
    expect(await engine.setHiddenKeywords('long', long('brass'))).toBe(true);
    const texts = await engine.read(async (reader) => {
      const [found] = await reader.passing({ ids: ['long'] }, searchQuery(['kettle']));
      return [...(await reader.texts([found!.rowid], false)), ...(await reader.texts([found!.rowid], false, true))];
    });
    expect(texts).toHaveLength(2);
    expect(texts[0]!.cut).toBe(true);
    // Whole, for a typed name looked for past the start.
    expect(texts[1]).toMatchObject({ title: long('Title'), content: `${long('kettle')}\n${long('brass')}`, cut: false });
    expect(texts[0]!.title).toBe(long('Title').slice(0, RANKED_FIELD_CHARS));
    expect(texts[0]!.content).toBe(`${long('kettle').slice(0, RANKED_FIELD_CHARS)}\n${long('brass').slice(0, RANKED_FIELD_CHARS)}`);
    // Matching still reads the whole page: a word past that start finds it.
    expect(await ids(engine, 'teapot')).toEqual(['long']);
  });

  it('find a typed name past the start of a long page, whole before as the start of a longer name', async () => {
    const long = (name: string) => `str split ${'lorem ipsum '.repeat(2_500)}see ${name}() here`;
    // Written first, the page with the longer name would come first on a tie.
    await engine.write([doc('longer', long('str.splitlines')), doc('whole', long('str.split')), doc('none', long('bytes.split'))]);
    const search = await pipeline(engine).search(searchQuery(['str', 'split'], { typed: 'str.split' }));
    expect(search.hits.map((h) => h.document.id)).toEqual(['whole', 'longer', 'none']);
    const texts = await engine.read(async (reader) => {
      const found = await reader.passing({ ids: ['whole'] }, searchQuery(['str']));
      return reader.texts(
        found.map((f) => f.rowid),
        false,
        false,
        true,
      );
    });
    // An engine that keeps the runs of the rest gives them; one that does not, nothing (the page is read whole).
    if (texts[0]!.laterNames != null) expect(texts[0]!.laterNames).toBe('str.split()');
  });
});

describe('the text score', () => {
  it("weighs a word's occurrences against the page's length, as bm25 does on either engine", async () => {
    // Twenty times in sixty words is about the kettle; once in a few words is a mention.
    const about = Array.from({ length: 20 }, () => 'kettle boils water').join(' ');
    await engine.write([doc('mention', 'kettle on the stove'), doc('about', about)]);
    expect(await ids(engine, 'kettle')).toEqual(['about', 'mention']);
    // Once each: the shorter page holds it more.
    await engine.write([doc('long', `kettle ${'lorem ipsum dolor '.repeat(100)}`), doc('short', 'kettle lorem ipsum')]);
    expect(await ids(engine, 'kettle')).toEqual(['about', 'short', 'mention', 'long']);
  });

  it('gives a word in half the pages or more next to no weight, as bm25 does on either engine', async () => {
    // `kettle` is in three pages of four, `spout` in one: bm25's IDF for the first is 0 or
    // less, which it takes as next to nothing, so its pages score far below the rare word's.
    const texts = ['kettle tea', 'kettle cup', 'kettle spout', 'tea cup'];
    await engine.write(texts.map((text, i) => doc(`d${i}`, text)));
    const scores = (word: string) =>
      engine.read(async (reader) => {
        const plan = testPlan(word, texts, { prefixLast: false, fuzzy: 'off' });
        const found = await reader.candidates({ query: searchQuery([word]), plan, boostIds: [], poolByScore: 10, poolByTitle: 10 });
        return found.pool.map((row) => row.score);
      });
    const common = await scores('kettle');
    expect(common).toHaveLength(3);
    for (const score of common) expect(score).toBeLessThan(1e-4);
    expect((await scores('spout'))[0]).toBeGreaterThan(0.1);
  });
});

describe('what clicks taught, read beside the search', () => {
  it('looks the words up before it waits for the click boosts, which then raise their document', async () => {
    await engine.write([doc('a', 'kettle descaling'), doc('b', 'kettle spout'), doc('c', 'kettle handle')]);
    // The boosts arrive only once the words were looked up: were they awaited first, the search would never end.
    let wordsAsked!: () => void;
    const asked = new Promise<void>((resolve) => (wordsAsked = resolve));
    const watched = {
      changes: engine.changes,
      read: <T>(work: (reader: IndexReader) => Promise<T>) =>
        engine.read((reader) =>
          work(
            new Proxy(reader, {
              get: (target, key) => {
                if (key === 'words') return (questions: Parameters<IndexReader['words']>[0]) => (wordsAsked(), target.words(questions));
                const value: unknown = Reflect.get(target, key);
                return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
              },
            }),
          ),
        ),
    };
    const learned = asked.then(() => ({ clickBoosts: new Map([['c', 10]]) }));
    const result = await pipeline(watched).search(searchQuery(['kettle']), { learned });
    expect(result.hits[0]!.document.id).toBe('c');
  });
});

describe("the owner's data (steering)", () => {
  it('puts, reads, lists, counts and removes entries of each kind', async () => {
    await engine.steering.put('rule', 'b', '{"n":2}');
    await engine.steering.put('rule', 'a', '{"n":1}');
    await engine.steering.put('settings', '', '{"s":true}');
    await engine.steering.put('rule', 'a', '{"n":3}');
    expect(await engine.steering.list('rule')).toEqual([
      { id: 'a', body: '{"n":3}' },
      { id: 'b', body: '{"n":2}' },
    ]);
    expect(await engine.steering.size('rule')).toEqual({
      count: 2,
      bytes: Buffer.byteLength((await engine.steering.list('rule')).map((e) => e.body).join('')),
    });
    expect((await engine.steering.list('rule', { after: 'a', limit: 5 })).map((e) => e.id)).toEqual(['b']);
    expect(await engine.steering.get('settings', '')).toBe('{"s":true}');
    expect(await engine.steering.get('rule', 'zz')).toBeNull();
    expect(await engine.steering.remove('rule', 'b')).toBe(true);
    expect(await engine.steering.remove('rule', 'b')).toBe(false);
    expect(await engine.steering.list('rule')).toEqual([{ id: 'a', body: '{"n":3}' }]);
  });

  it('gives searches the whole data with a version, nothing while the version stays, and the new data after a write', async () => {
    const first = await engine.read((reader) => reader.steering(null));
    expect(first).toEqual({ version: expect.any(String), entries: [] });
    expect(await engine.read((reader) => reader.steering(first!.version))).toBeNull();
    // A document write leaves the owner data's version as it was.
    await engine.write([doc('a', 'kettle')]);
    expect(await engine.read((reader) => reader.steering(first!.version))).toBeNull();
    await engine.steering.put('rule', 'r1', '{}');
    const second = await engine.read((reader) => reader.steering(first!.version));
    expect(second?.entries).toEqual([{ kind: 'rule', id: 'r1', body: '{}' }]);
    expect(second?.version).not.toBe(first!.version);
    // Removing nothing is no change.
    await engine.steering.remove('rule', 'nothing');
    expect(await engine.read((reader) => reader.steering(second!.version))).toBeNull();
  });

  it('keeps the data across a restart', async () => {
    await engine.steering.put('rule', 'r1', '{"kept":true}');
    index = await index.reopen();
    engine = index.engine;
    expect(await engine.steering.get('rule', 'r1')).toBe('{"kept":true}');
    expect((await engine.read((reader) => reader.steering(null)))?.entries).toEqual([{ kind: 'rule', id: 'r1', body: '{"kept":true}' }]);
  });
});
