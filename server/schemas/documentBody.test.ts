import type { Static } from 'typebox';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { IndexDocument } from '../../src/client/types.ts';
import { checkDocument } from '../../src/client/validateDocuments.ts';
import { validateDocument } from '../documents/validateDocument.ts';
import { DocumentBody } from './documentBody.ts';

const long = (n: number) => 'x'.repeat(n);

/** Documents right and wrong in every way the rules name; the client and the schema must agree on each. */
const DOCUMENTS: unknown[] = [
  { id: 'a' },
  { url: 'https://example.com/a', title: 'T', main_content: 'M', language: 'en-GB', doc_date: '2024-06-01' },
  { id: 'a', thumbnail_external_src: 'http://example.com/t.png', thumbnail_b64: 'data:image/png;base64,AAAA' },
  { id: 'a', doc_date: '1717200000000', custom_fields: { price: 3, score: 0.5, tags: ['x', 'y'], brand: 'B' } },
  { id: 'a', title: null, url: null, custom_fields: null },
  { url: 'https://example.com/\ud83d\ude00', title: 'Smile \ud83d\ude00' },
  5,
  null,
  ['a'],
  {},
  { title: 'no id' },
  { id: 7 },
  { id: '' },
  { id: long(513) },
  { id: 'a\u0000' },
  { id: 'a', title: 'x\udfff' },
  { url: 'https://example.com/\ud800page' },
  { url: 'ftp://example.com/' },
  { url: `https://example.com/${long(4096)}` },
  { id: 'a', thumbnail_external_src: 'not a url' },
  { id: 'a', thumbnail_b64: '!!!' },
  { id: 'a', thumbnail_b64: 'data:text/plain;base64,AAAA' },
  { id: 'a', thumbnail_b64: long(8193) },
  { id: 'a', language: 'english' },
  { id: 'a', doc_date: 'soon' },
  { id: 'a', doc_date: 5 },
  { id: 'a', colour: 'blue' },
  { id: 'a', custom_fields: [] },
  { id: 'a', custom_fields: 'x' },
  { id: 'a', custom_fields: { 'a b': 1 } },
  { id: 'a', custom_fields: { flag: true } },
  { id: 'a', custom_fields: { n: null } },
  { id: 'a', custom_fields: { mixed: ['a', 1] } },
  { id: 'a', custom_fields: { text: 'x\u0000' } },
  { id: 'a', custom_fields: { list: ['ok', '\u0000'] } },
  { id: 'a', custom_fields: { big: Array.from({ length: 1001 }, () => 'v') } },
  { id: 'a', custom_fields: Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`f${i}`, i])) },
];

describe('the document schema and the client check', () => {
  it.each(DOCUMENTS.map((document) => [JSON.stringify(document)?.slice(0, 80), document]))('agree on %s', (_, document) => {
    const server = validateDocument(document);
    const client = checkDocument(document);
    expect(client.ok).toBe(server.ok);
    if (!server.ok && !client.ok) expect(client.problems[0]).toEqual(server.problems[0]);
  });

  it('agree with the API types', () => {
    expectTypeOf<Static<typeof DocumentBody>>().toExtend<IndexDocument>();
    // Both ways, but for custom field lists, which the API types take read-only.
    expectTypeOf<Omit<IndexDocument, 'custom_fields'>>().toExtend<Omit<Static<typeof DocumentBody>, 'custom_fields'>>();
  });
});
