import { describe, expect, it } from 'vitest';
import { createClient } from '../../../src/client/createClient.ts';
import { widgetRequests, widgetSearch } from './ours.ts';

/** A client whose service answers every search with one hit, or with `status` when given; it notes each URL. */
function fakeClient(status = 200) {
  const urls: URL[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    urls.push(new URL(String(input)));
    const body =
      status === 200
        ? { page: 1, total_hits: 1, processing_time_ms: 0, hits: [{ url: 'https://example.com/a' }], facets: null, rangeFacets: null }
        : { error: { message: 'down' } };
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  };
  return { client: createClient({ siteKey: 'demo', baseUrl: 'http://127.0.0.1:1', fetch }), urls };
}

describe('widgetSearch', () => {
  it('sends the term as the widget does, without counting it in the stats, and gives its answer', async () => {
    const { client, urls } = fakeClient();
    const answer = await widgetSearch(client, '  how do I   parse json ');
    expect(answer.hits.map((h) => h.url)).toEqual(['https://example.com/a']);
    expect(urls).toHaveLength(1);
    expect(urls[0]!.pathname).toBe('/v1/search/demo');
    expect(urls[0]!.searchParams.get('term')).toBe('how do I parse json');
    expect(urls[0]!.searchParams.get('collectAnalytics')).toBe('false');
  });
  it('fails when the service does', async () => {
    const { client } = fakeClient(503);
    await expect(widgetSearch(client, 'fetch')).rejects.toThrow();
  });

  it('tells what the widget sends for a term that finds nothing', async () => {
    const requests = await widgetRequests('how do I parse json');
    expect(requests.length).toBeGreaterThan(0);
    expect(requests[0]).toMatch(/^\/v1\/search\/demo\?term=how\+do\+I\+parse\+json&/);
  });
});
