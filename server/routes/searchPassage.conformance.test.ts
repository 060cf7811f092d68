import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentStatus, SearchHit, SearchResponse } from '../../src/client/types.ts';
import { startPageServer, type PageServer } from '../testing/pageServer.ts';
import { eventually, getJson, putJson, sendJson, startService, type TestService } from '../testing/service.ts';

// Pages shaped like a reference site's: a support banner in the main content above the
// page's first paragraph, which the meta description repeats.
const BANNER = `<div class="baseline"><h2>Baseline Widely available</h2><p>This feature is well established and works
  across many devices and browser versions. It has been available across browsers since March 2017.</p>
  <a href="#">Learn more</a> <a href="#">See full compatibility</a></div>`;

const reference = (title: string, description: string, body: string) => `<!doctype html>
<html lang="en"><head><title>${title}</title><meta name="description" content="${description}"></head>
<body><main><h1>${title}</h1>${BANNER}<p>${description}</p>${body}</main></body></html>`;

const PAGES = {
  '/fetch.html': reference(
    'Window: fetch() method',
    'The fetch() method of the Window interface starts the process of fetching a resource from the network.',
    '<h2>Syntax</h2><p>Call fetch with a resource and options.</p>',
  ),
  '/baseline.html': reference('Baseline', 'Shows at a glance which browsers support a feature.', '<p>Read the badge.</p>'),
  '/center.html': reference(
    'Centering boxes',
    'Ways to place a box in the middle of its container.',
    '<p>To center a div, make its parent a grid and add a rule to it, then give a width.</p>',
  ),
  '/how-to-center.html': reference('Div in the center: how to do it', 'Ways to center a box in its container.', '<p>Use a grid.</p>'),
};

const md5 = (text: string): string => createHash('md5').update(text).digest('hex');

let site: PageServer;
let service: TestService;

beforeAll(async () => {
  site = await startPageServer(Object.fromEntries(Object.entries(PAGES).map(([path, body]) => [path, { body }])));
  service = await startService({ crawlTimeoutMs: 5_000, crawlAllowPrivate: [new URL(site.origin).host] });
  for (const path of Object.keys(PAGES)) {
    const url = site.origin + path;
    expect((await sendJson(service, 'POST', '/crawler', { action: 'FETCH', indexPublicKey: 'demo', url })).status).toBe(202);
    await eventually(async () => {
      const status = (await (await sendJson(service, 'GET', `/v1/indices/demo/documents/${md5(url)}`)).json()) as DocumentStatus;
      return status.status === 'PENDING' ? undefined : status;
    });
  }
  // A document written through the API has no description: a title match shows its opening.
  const note = {
    id: 'note',
    url: 'https://example.com/note',
    title: 'fetch() support',
    main_content: `Starts a request. ${'Supported since Chrome 42. '.repeat(10)}Deno: fetching with a manual redirect.`,
  };
  expect((await putJson(service, '/v2/indices/demo/documents:batch', { documents: [note] })).status).toBe(202);
});

afterAll(async () => {
  await service.close();
  service.remove();
  await site.close();
});

async function hit(term: string, path: string): Promise<SearchHit> {
  const url = path.startsWith('/') ? site.origin + path : path;
  return eventually(async () => {
    const answer = await getJson<SearchResponse>(service, '/v1/search/demo', [['term', term]]);
    expect(answer.status).toBe(200);
    return answer.body.hits.find((h) => h.url === url);
  });
}

describe('GET /v1/search/{key}: the marked title of a hit', () => {
  it('marks the searched words, stop words only where the title names them', async () => {
    expect((await hit('fetch', '/fetch.html')).titleHighlight).toBe('Window: <em>fetch</em>() method');
    expect((await hit('how to center a div', '/how-to-center.html')).titleHighlight).toBe('<em>Div</em> in the <em>center</em>: how to do it');
  });

  it('is absent from a search without words', async () => {
    const answer = await getJson<SearchResponse>(service, '/v1/search/demo', [['term', '*']]);
    expect(answer.body.hits.length).toBeGreaterThan(0);
    for (const h of answer.body.hits) expect(h.titleHighlight).toBeUndefined();
  });
});

describe('GET /v1/search/{key}: the passage of a hit', () => {
  it('for a title match, is the description with the words it holds marked', async () => {
    expect((await hit('fetch', '/fetch.html')).highlight).toBe(
      'The <em>fetch</em>() method of the Window interface starts the process of <em>fetching</em> a resource from the network.',
    );
  });

  it('for a title match, is the description rather than the banner above the page text', async () => {
    expect((await hit('baseline', '/baseline.html')).highlight).toBe('Shows at a glance which browsers support a feature.');
  });

  it('for a title match without a description, is the opening of the content', async () => {
    expect((await hit('fetch', 'https://example.com/note')).highlight).toMatch(/^Starts a request\. Supported since Chrome 42\. [^<]*…$/);
    // Not a title match: the content around its first match.
    expect((await hit('redirect fetch', 'https://example.com/note')).highlight).toMatch(/^….*Deno: <em>fetching<\/em> with a manual <em>redirect<\/em>\.$/);
  });

  it('does not mark stop words', async () => {
    const passage = (await hit('how to center a div', '/center.html')).highlight;
    expect(passage).toContain('To <em>center</em> a <em>div</em>, make its parent a grid and add a rule to it, then give a width.');
    expect((await hit('how to center a div', '/how-to-center.html')).highlight).toBe('Ways to <em>center</em> a box in its container.');
  });
});
