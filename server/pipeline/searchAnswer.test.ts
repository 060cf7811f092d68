import { describe, expect, it } from 'vitest';
import type { SearchHit, SearchResponse } from '../../src/client/types.ts';
import { promotionHit } from './searchHit.ts';
import { searchAnswer, searchResponseJson } from './searchAnswer.ts';
import type { SearchResult } from './searchPipeline.ts';

function shown(id: string): SearchHit {
  return {
    id,
    url: `https://example.com/${id}`,
    title: `Title of ${id} with "quotes" and </script>`,
    meta_description: null,
    meta_categories: null,
    custom_fields: {},
    highlight: `a <em>passage</em> of ${id}\n`,
    ts: '2020-02-02T00:00:00',
    categories: [],
    document_type: 'html',
    images: { main: null, capture: null },
    score: 1,
  };
}

function result(overrides: Partial<SearchResult> = {}): SearchResult {
  return {
    total: 42,
    hits: ['d1', 'd2', 'd3'].map((id, n) => ({
      document: { id } as SearchResult['hits'][number]['document'],
      score: 3 - n,
      resultType: 'organic',
      shown: shown(id),
    })),
    promotions: [],
    rules: { applied: [] },
    facets: null,
    rangeFacets: null,
    plan: { slots: [] } as unknown as SearchResult['plan'],
    ...overrides,
  };
}

/** The whole response, parsed, as a client reads it. */
function response(from: SearchResult, page = 1, ms = 7): SearchResponse {
  return JSON.parse(searchResponseJson(page, searchAnswer(from), ms)) as SearchResponse;
}

describe("a search's answer", () => {
  it('is the response the route sends: its hits as shown, with their result type, and the count', () => {
    const body = response(result({ facets: { 'custom_fields.brand': [{ value: 'Acme', count: 2 }] } }), 2, 9);
    expect(body).toEqual({
      page: 2,
      total_hits: 42,
      processing_time_ms: 9,
      hits: ['d1', 'd2', 'd3'].map((id) => ({ ...shown(id), resultType: 'organic' })),
      facets: { 'custom_fields.brand': [{ value: 'Acme', count: 2 }] },
      rangeFacets: null,
    });
    expect(Object.keys(body)).toEqual(['page', 'total_hits', 'processing_time_ms', 'hits', 'facets', 'rangeFacets']);
    expect(searchAnswer(result()).total).toBe(42);
  });

  it('places each promotion card at its index among the documents, and names what the rules did', () => {
    const promotion = (n: number, position: number) => ({ ruleId: 'sale', n, title: `Sale ${n}`, url: `https://example.com/sale/${n}`, position });
    const body = response(
      result({
        promotions: [
          { at: 0, promotion: promotion(0, 1), score: 5 },
          { at: 2, promotion: promotion(1, 4), score: 4 },
        ],
        rules: { applied: ['sale'], redirect: 'https://example.com/sale', userData: { banner: 'red' } },
      }),
    );
    expect(body.hits.map((hit) => hit.id)).toEqual([promotionHit(promotion(0, 1), 5).id, 'd1', 'd2', promotionHit(promotion(1, 4), 4).id, 'd3']);
    expect(body.hits[0]).toEqual(promotionHit(promotion(0, 1), 5));
    expect(body).toMatchObject({ appliedRules: ['sale'], redirect: 'https://example.com/sale', userData: { banner: 'red' } });
  });

  it("leaves out what no rule did, and keeps a rule's userData even when it is null", () => {
    expect(Object.keys(response(result()))).not.toEqual(expect.arrayContaining(['appliedRules']));
    const body = response(result({ rules: { applied: ['note'], userData: null } }));
    expect(body.userData).toBeNull();
    expect('redirect' in body).toBe(false);
  });

  it("carries an explained hit's ranking details", () => {
    const details = { decidedBy: 'bm25' } as unknown as NonNullable<SearchResult['hits'][number]['rankingDetails']>;
    const explained = result();
    explained.hits[0]!.rankingDetails = details;
    expect(response(explained).hits[0]!._rankingDetails).toEqual(details);
  });
});
