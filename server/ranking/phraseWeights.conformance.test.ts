/**
 * The pool the rules order holds the same documents on both engines: the best by text
 * score are those bm25 weighs most, a rarer word in the content before a common one in the
 * title (bm25 counts a title occurrence about twice a content one, not eight times).
 */
import { describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../src/client/types.ts';
import { getJson, serviceForFile, startServiceWithDocuments } from '../testing/service.ts';

// 250 titles hold a common word, 60 contents a rarer one: one title occurrence of the
// first weighs less than one content occurrence of the second, and neither is in both.
// Every content holds a third word, which weighs next to nothing.
const DOCUMENTS = [
  ...Array.from({ length: 250 }, (_, i) => ({ id: `kettle-${i}`, title: `Kettle ${i}`, main_content: 'It boils water.' })),
  ...Array.from({ length: 60 }, (_, i) => ({ id: `walrus-${i}`, title: `Sea animal ${i}`, main_content: 'A walrus rests by the water.' })),
  ...Array.from({ length: 90 }, (_, i) => ({ id: `other-${i}`, title: `Other ${i}`, main_content: 'Nothing but water here.' })),
];

const service = serviceForFile(() => startServiceWithDocuments(DOCUMENTS));

describe('the pool by text score', () => {
  it('holds the rarer word found in the content before more of the common word found in titles', async () => {
    const page = async (n: number) =>
      (
        await getJson<SearchResponse>(service(), '/v1/search/demo', [
          ['term', 'kettle walrus water'],
          ['defaultOperator', 'or'],
          ['limit', '100'],
          ['page', String(n)],
          ['collectAnalytics', 'false'],
        ])
      ).body;
    const first = await page(1);
    expect(first.total_hits).toBe(400);
    // The pool (the best 100 by text score and the best 100 title matches) is ranked first,
    // title matches ahead: the 60 walrus pages follow the title matches pooled, before the
    // title matches left out of the pool.
    const second = await page(2);
    const titles = [...first.hits, ...second.hits].map((hit) => String(hit.title));
    const walrus = titles.flatMap((title, i) => (title.startsWith('Sea animal') ? [i] : []));
    expect(walrus).toHaveLength(60);
    expect(walrus[0]).toBeLessThan(200 - 60);
    expect(walrus.at(-1)! - walrus[0]!).toBe(59);
  });
});
