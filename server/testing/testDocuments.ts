// Documents for the engine tests, as the indexing code hands them to an engine.
import type { PreparedDocument } from '../engine/engine.ts';
import { urlCategories } from '../documents/urlCategories.ts';

/** A page `id` holding `mainContent`, at `https://example.com/<id>` unless `extra` gives another URL or none (null). */
export function testDocument(id: string, mainContent: string, extra: Partial<PreparedDocument> = {}): PreparedDocument {
  const url = extra.url === undefined ? `https://example.com/${id}` : extra.url;
  return {
    id,
    url,
    categories: urlCategories(url),
    title: `Title ${id}`,
    mainContent,
    language: null,
    thumbnail: null,
    thumbnailB64: null,
    docDate: null,
    customFields: {},
    ...extra,
  };
}

/**
 * Document `d<i>` of a numbered set: `alpha` in the first 30, `beta` in 10-12, `delta` in
 * the first 10 and from 30 on, `Alpha` in the titles of the first 5, English and German in turn.
 */
export function numberedDocument(i: number): PreparedDocument {
  const words = [`filler${i}`];
  if (i < 30) words.push('alpha');
  if (i >= 10 && i <= 12) words.push('beta');
  if (i < 10 || i >= 30) words.push('delta');
  return testDocument(`d${i}`, words.join(' '), {
    url: `https://example.com/p/${i}.html`,
    title: i < 5 ? `Alpha title ${i}` : `Document ${i}`,
    language: i % 2 === 0 ? 'en' : 'de',
  });
}
