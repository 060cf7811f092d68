import { describe, expect, it } from 'vitest';
import { fakeFetch } from './fakeFetch.ts';
import { sendClickEvent, sendSearchEvent } from './stats.ts';

const ok = () => new Response(null, { status: 200 });

describe('stats events with only the public key', () => {
  it('posts search and click events as 4.9 describes, without credentials', async () => {
    const { seen, fetcher } = fakeFetch(ok);
    const options = { siteKey: 'pub', baseUrl: 'https://api.example', fetch: fetcher };
    await sendSearchEvent(options, { session: 's1', keyword: 'grid', numberOfResults: 0, tag: 'header' });
    await sendClickEvent(options, { session: 's1', keyword: 'grid', docid: 'd'.repeat(32), position: 1 });
    expect(seen.map((r) => `${r.method} ${r.url.href}`)).toEqual(['POST https://api.example/v1/stats/pub', 'POST https://api.example/v1/stats/pub']);
    expect(seen[0]!.body).toEqual({ action: 'search', session: 's1', keyword: 'grid', numberOfResults: 0, tag: 'header' });
    expect(seen[1]!.body).toMatchObject({ action: 'click', position: 1 });
    expect(seen[0]!.headers.has('authorization')).toBe(false);
  });

  it.each([
    [{ session: '', keyword: 'k', docid: 'd', position: 1 }, 'session'],
    [{ session: 's'.repeat(33), keyword: 'k', docid: 'd', position: 1 }, 'session'],
    [{ session: 's', keyword: 'k', docid: 'd'.repeat(33), position: 1 }, 'docid'],
    [{ session: 's', keyword: 'k', docid: 'd', position: 0 }, 'position'],
    [{ session: 's', keyword: 'k', docid: 'd', position: 1.5 }, 'position'],
    [{ session: 's', keyword: 'k', docid: 'd', position: 1, tag: 't'.repeat(51) }, 'tag'],
  ])('refuses a bad click event before sending (%#)', async (event, parameter) => {
    const { seen, fetcher } = fakeFetch(ok);
    await expect(sendClickEvent({ siteKey: 'pub', baseUrl: 'https://api.example', fetch: fetcher }, event)).rejects.toMatchObject({
      code: 'invalid_parameter',
      parameter,
    });
    expect(seen).toHaveLength(0);
  });

  it('refuses a search event with a negative count', async () => {
    const { fetcher } = fakeFetch(ok);
    await expect(
      sendSearchEvent({ siteKey: 'pub', baseUrl: 'https://a.example', fetch: fetcher }, { session: 's', keyword: 'k', numberOfResults: -1 }),
    ).rejects.toMatchObject({
      parameter: 'numberOfResults',
    });
  });

  it('never retries a stats event, even after a 503', async () => {
    const { seen, fetcher } = fakeFetch(() => new Response(null, { status: 503 }));
    await expect(
      sendSearchEvent({ siteKey: 'pub', baseUrl: 'https://a.example', fetch: fetcher }, { session: 's', keyword: 'k', numberOfResults: 1 }),
    ).rejects.toMatchObject({ status: 503 });
    expect(seen).toHaveLength(1);
  });
});
