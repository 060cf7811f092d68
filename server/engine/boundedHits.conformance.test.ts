// In the conformance suite (server/testing/testEngine.ts): what a page of hits shows of a
// fixed corpus of short and long pages, for many searches, pinned in a file per engine.
// The engines read a long page's body bounded (its stored start) for ranking and for hits,
// and whole only when the start does not give the passage: how they bound it may change,
// what a visitor is shown may not.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { searchQuery } from '../testing/searchQuery.ts';
import { testDocument as doc } from '../testing/testDocuments.ts';
import { openTestIndex, testDatabaseUrl, type TestIndex } from '../testing/testEngine.ts';
import { RANKED_FIELD_CHARS, type PageSection, type PreparedDocument } from './engine.ts';
import { createSearchPipeline as pipeline } from '../pipeline/searchPipeline.ts';

const WORDS = (
  'kettle copper steam whistle handle spout lid boil water tea cup brew leaf pot warm cold ' +
  'grid gap flex element property layout column row align justify wrap order shrink grow basis ' +
  'café crème straße naïve façade résumé über'
).split(' ');

/** A fixed sequence of words: the same text on every run and engine. */
function text(seed: number, count: number): string {
  let state = seed * 2_654_435_761 + 1;
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    const word = WORDS[state % WORDS.length]!;
    // Now and then a name (str.split) or a sentence's end, as pages hold them.
    out.push(i % 97 === 13 ? 'str.split' : i % 23 === 22 ? `${word}.` : word);
  }
  return out.join(' ');
}

function sections(seed: number, count: number, words: number): PageSection[] {
  return Array.from({ length: count }, (_, i) => ({
    title: `${WORDS[(seed + i * 5) % WORDS.length]} part ${i}`,
    anchor: i % 3 === 0 ? null : `s${i}`,
    text: text(seed * 31 + i, words),
  }));
}

function corpus(): PreparedDocument[] {
  const documents: PreparedDocument[] = [];
  // Short pages.
  for (let i = 0; i < 24; i++)
    documents.push(doc(`short${i}`, text(i, 20 + (i % 7) * 15), { title: `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]}` }));
  // Long pages (well past RANKED_FIELD_CHARS), some with sections; a rare word at the start, the middle or the end.
  for (let i = 0; i < 16; i++) {
    const body = text(100 + i, Math.ceil((RANKED_FIELD_CHARS * (1.5 + (i % 4))) / 6));
    const rare =
      i % 3 === 0 ? `samovar ${body}` : i % 3 === 1 ? `${body.slice(0, body.length >> 1)} samovar ${body.slice(body.length >> 1)}` : `${body} samovar`;
    const paged = sections(i, 1 + (i % 5), 300);
    documents.push(
      doc(`long${i}`, i % 4 === 3 ? `${rare} str.join` : rare, {
        title: `Long ${WORDS[(i * 3) % WORDS.length]} page ${i}`,
        ...(i % 2 === 0 && { page: { h1: '', h2: '', metaDescription: null, headings: paged.map((s) => s.title).join('\n'), sections: paged } }),
      }),
    );
  }
  // A long title, and a page whose body ends just at the bound.
  documents.push(doc('longtitle', `${text(900, 40)} samovar`, { title: 'teapot '.repeat(Math.ceil(RANKED_FIELD_CHARS / 6)) }));
  documents.push(doc('atbound', `${'x'.repeat(RANKED_FIELD_CHARS - 8)} samovar`));
  return documents;
}

const SEARCHES: string[][] = [
  ...WORDS.map((word) => [word]),
  ['samovar'],
  ['str.split'],
  ['str.join'],
  ['split'],
  ['kettle', 'copper'],
  ['grid', 'gap'],
  ['samovar', 'tea'],
  ['teapot'],
  ['café', 'crème'],
  ['part'],
  ['water', 'boil', 'steam'],
];

const SECOND_PAGE = new Set(['samovar', 'kettle', 'part', 'str.split', 'water boil steam']);

let index: TestIndex;

beforeAll(async () => {
  index = await openTestIndex();
  const documents = corpus();
  for (let i = 0; i < documents.length; i += 10) {
    const result = await index.engine.write(documents.slice(i, i + 10));
    expect(result).toEqual({ ok: true });
  }
});
afterAll(async () => {
  await index.remove();
});

it('shows the same hits of short and long pages as it always did', async () => {
  const shown: Record<string, unknown> = {};
  for (const words of SEARCHES) {
    // The second page too, where long pages fill it.
    for (const offset of SECOND_PAGE.has(words.join(' ')) ? [0, 10] : [0]) {
      const result = await pipeline(index.engine).search(searchQuery(words, { offset }));
      // What the bodies decide (the rest is the stored fields, and when it was indexed, which differs from run to run).
      const hits = result.hits.map(({ shown: { id, score, highlight, titleHighlight, sections } }) => ({ id, score, highlight, titleHighlight, sections }));
      shown[`${words.join(' ')} @${offset}`] = { total: result.total, hits };
    }
  }
  const engine = testDatabaseUrl() === null ? 'sqlite' : 'postgres';
  await expect(`${JSON.stringify(shown, null, 1)}\n`).toMatchFileSnapshot(`./__snapshots__/boundedHits.${engine}.json`);
});
