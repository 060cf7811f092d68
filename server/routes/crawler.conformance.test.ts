import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, CrawlResponse, DocumentContent, DocumentStatus, DocumentStatusList, SearchResponse } from '../../src/client/types.ts';
import { makeDocx, makePdf } from '../testing/documentFixtures.ts';
import { startPageServer, type PageServer } from '../testing/pageServer.ts';
import { basicAuth, eventually, getJson, putJson, sendJson, startService, type TestService } from '../testing/service.ts';

const md5 = (text: string): string => createHash('md5').update(text).digest('hex');

const GUIDE = `<!doctype html>
<html lang="en-GB">
<head>
  <meta charset="utf-8">
  <title>Widget guide | Example</title>
  <meta name="description" content="How to fit a widget in five minutes.">
  <meta property="og:image" content="/img/guide.png">
  <meta property="article:published_time" content="2024-02-03T04:05:06Z">
  <style>.navwordzz { color: red }</style>
  <script>var scriptwordzz = 1;</script>
</head>
<body>
  <header><a href="/">Home</a> headerwordzz</header>
  <nav><ul><li><a href="/docs/">Docs</a> navwordzz</li></ul></nav>
  <main>
    <article>
      <header><h1>Fitting a widget</h1></header>
      <p>Turn the <b>sprocketgear</b> clockwise until it clicks.</p>
      <h2>Tools you need</h2>
      <p>A screwdriver and patience.</p>
      <aside>asidewordzz</aside>
    </article>
  </main>
  <div role="navigation">rolewordzz</div>
  <footer>Copyright footerwordzz</footer>
</body>
</html>`;

const page = (body: string, head = ''): string => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;

let site: PageServer;
/** A second loopback server, not allowed: redirects to it must be refused. */
let other: PageServer;
let service: TestService;
let slow: TestService;
let releaseGate: () => void = () => {};

beforeAll(async () => {
  const gate = new Promise<void>((resolve) => (releaseGate = resolve));
  site = await startPageServer({
    '/docs/guide.html': { body: GUIDE },
    '/docs/copy.html': { body: GUIDE.replace('Widget guide', 'Copy of the guide') },
    '/noindex.html': { body: page('<p>Secret noindexwordzz</p>', '<meta name="robots" content="noindex, follow">') },
    '/header-noindex.html': { body: page('<p>Secret headerrobotszz</p>'), headers: { 'x-robots-tag': 'noindex' } },
    '/plain.html': {
      body: page(
        `<header><h1>Site banner</h1><nav>plainnavzz</nav></header>
         <div class="content"><h1>Plain page</h1><p>Only <i>plaincontentzz</i> here.</p><h2>Second</h2><p>More.</p></div>
         <nav>plainnav2zz</nav><aside>plainasidezz</aside><div role="contentinfo">plainrolezz</div>
         <form><label>plainformzz</label></form><footer>plainfooterzz</footer><noscript>plainnoscriptzz</noscript>`,
        '<title>Plain</title>',
      ),
    },
    '/flip.html': { body: page('<p>flipwordzz visible</p>') },
    '/gone.html': { status: 404, body: page('<p>missing</p>') },
    '/file.pdf': { headers: { 'content-type': 'application/pdf' }, body: Buffer.from('%PDF-1.4\n') },
    '/docs/manual.pdf': { headers: { 'content-type': 'application/pdf' }, body: makePdf(['Oil the pdfsprocketzz weekly.'], { title: 'Widget manual' }) },
    '/docs/guide.docx': { headers: { 'content-type': 'application/octet-stream' }, body: makeDocx([{ heading: 'Docx guide' }, 'Tighten the docxboltzz.']) },
    '/big.html': { body: `<p>${'x '.repeat(3 * 1024 * 1024)}</p>` },
    '/slow.html': { hang: true },
    '/gate.html': { body: page('<h1>Gated</h1><p>gatewordzz</p>'), gate },
    '/moved': { status: 302, headers: { location: '/docs/guide.html' }, body: '' },
    '/moved-out': { status: 302, headers: { location: 'http://10.0.0.1/admin' }, body: '' },
    '/loop': { status: 301, headers: { location: '/loop' }, body: '' },
    '/error.html': { status: 503, headers: { server: 'internalserverzz/1.0' }, body: 'internalbodyzz' },
    '/text.txt': { headers: { 'content-type': 'text/x-internalzz' }, body: 'x' },
  });
  other = await startPageServer({ '/secret.html': { body: page('<p>othersecretzz</p>') } });
  site.pages.set('/moved-other-port', { status: 302, headers: { location: `${other.origin}/secret.html` }, body: '' });
  site.pages.set('/moved-localhost', { status: 302, headers: { location: `http://localhost:${new URL(other.origin).port}/secret.html` }, body: '' });
  // The test site is on loopback: only it (host and port) may be reached at a non-public address.
  const crawlAllowPrivate = [new URL(site.origin).host];
  service = await startService({ crawlTimeoutMs: 5_000, crawlAllowPrivate });
  slow = await startService({ crawlTimeoutMs: 200, crawlAllowPrivate });
});

afterAll(async () => {
  releaseGate();
  await service.close();
  await slow.close();
  service.remove();
  slow.remove();
  await site.close();
  await other.close();
});

function crawl(target: TestService, url: string, auth: string | null = basicAuth('demo', 'demo-secret'), key = 'demo'): Promise<Response> {
  return sendJson(target, 'POST', '/crawler', { action: 'FETCH', indexPublicKey: key, url }, auth);
}

async function statusOf(target: TestService, id: string): Promise<DocumentStatus> {
  const response = await sendJson(target, 'GET', `/v1/indices/demo/documents/${id}`);
  expect(response.status).toBe(200);
  return (await response.json()) as DocumentStatus;
}

/** Crawls `path` and waits (bounded) until it is no longer PENDING. */
async function crawled(path: string, target = service): Promise<DocumentStatus> {
  const url = site.origin + path;
  const response = await crawl(target, url);
  expect(response.status).toBe(202);
  expect((await response.json()) as CrawlResponse).toEqual({ message: 'Scheduled', docId: md5(url) });
  return eventually(async () => {
    const status = await statusOf(target, md5(url));
    return status.status === 'PENDING' ? undefined : status;
  });
}

async function search(term: string, target = service): Promise<SearchResponse> {
  return (await getJson<SearchResponse>(target, '/v1/search/demo', [['term', term]])).body;
}

describe('POST /crawler', () => {
  it('fetches and indexes an HTML page: title, headings, content, description, image, language', async () => {
    const status = await crawled('/docs/guide.html');
    const id = md5(`${site.origin}/docs/guide.html`);
    expect(status).toMatchObject({ status: 'INDEXED', docId: id, content: { href: `/v1/indices/demo/documents/${id}/content` } });
    expect(status.lastFetched).toMatch(/\.\d{3}Z$/);

    const found = await search('sprocketgear');
    expect(found.total_hits).toBe(1);
    const hit = found.hits[0]!;
    expect(hit).toMatchObject({
      id,
      url: `${site.origin}/docs/guide.html`,
      title: 'Widget guide | Example',
      meta_description: 'How to fit a widget in five minutes.',
      document_type: 'html',
      ts: '2024-02-03T04:05:06',
    });
    expect(hit.images.main).toBe(`${site.origin}/img/guide.png`);
    expect(hit.categories).toEqual(['0x127.0.0.1', '1xdocs', 'doctype_html']);
    expect(hit.highlight).toContain('<em>sprocketgear</em>');
    expect((await search('screwdriver')).total_hits).toBe(1);
    for (const boilerplate of ['headerwordzz', 'navwordzz', 'footerwordzz', 'asidewordzz', 'rolewordzz', 'scriptwordzz']) {
      expect((await search(boilerplate)).total_hits, boilerplate).toBe(0);
    }

    const answer = await sendJson(service, 'GET', `/v1/indices/demo/documents/${id}/content`);
    const content = (await answer.json()) as DocumentContent;
    expect(content).toMatchObject({
      title: 'Widget guide | Example',
      h1: 'Fitting a widget',
      h2: 'Tools you need',
      language: 'en-gb',
      documentDate: '2024-02-03T04:05:06.000Z',
      hiddenKeywords: null,
    });
    expect(content.mainContent).toBe('Fitting a widget Turn the sprocketgear clockwise until it clicks. Tools you need A screwdriver and patience.');
  });

  it('leaves boilerplate out of pages without a <main>', async () => {
    const status = await crawled('/plain.html');
    expect(status.status).toBe('INDEXED');
    const answer = await sendJson(service, 'GET', `/v1/indices/demo/documents/${md5(`${site.origin}/plain.html`)}/content`);
    const content = (await answer.json()) as DocumentContent;
    expect(content).toMatchObject({ title: 'Plain', h1: 'Plain page', h2: 'Second', language: '' });
    expect(content.mainContent).toBe('Plain page Only plaincontentzz here. Second More.');
    expect((await search('plaincontentzz')).total_hits).toBe(1);
    expect((await search('plainnavzz')).total_hits).toBe(0);
  });

  it('reports a page with the same main content as a duplicate of the first', async () => {
    await crawled('/docs/guide.html');
    const copy = await crawled('/docs/copy.html');
    expect(copy.status).toBe('INDEXED');
    expect(copy.duplicateOf).toEqual({ href: `/v1/indices/demo/documents/${md5(`${site.origin}/docs/guide.html`)}` });
  });

  it('is PENDING while queued, then INDEXED', async () => {
    const url = `${site.origin}/gate.html`;
    expect((await crawl(service, url)).status).toBe(202);
    const pending = await statusOf(service, md5(url));
    expect(pending).toMatchObject({ status: 'PENDING', lastFetched: null });
    expect(pending.content).toBeUndefined();
    releaseGate();
    const done = await eventually(async () => {
      const status = await statusOf(service, md5(url));
      return status.status === 'PENDING' ? undefined : status;
    });
    expect(done.status).toBe('INDEXED');
    expect((await search('gatewordzz')).total_hits).toBe(1);
  });

  it('follows redirects on allowed hosts, indexing under the URL asked for', async () => {
    const status = await crawled('/moved');
    expect(status.status).toBe('INDEXED');
    const found = await search('sprocketgear');
    expect(found.hits.map((h) => h.url)).toContain(`${site.origin}/moved`);
  });

  it('indexes PDF and Word documents with their text, title and document type', async () => {
    expect((await crawled('/docs/manual.pdf')).status).toBe('INDEXED');
    expect((await search('pdfsprocketzz')).hits[0]).toMatchObject({
      title: 'Widget manual',
      document_type: 'pdf',
      categories: ['0x127.0.0.1', '1xdocs', 'doctype_pdf'],
    });
    expect((await crawled('/docs/guide.docx')).status).toBe('INDEXED');
    expect((await search('docxboltzz')).hits[0]).toMatchObject({ title: 'Docx guide', document_type: 'docx' });
  });

  it('marks noindex pages EXCLUDED and takes them out of the index', async () => {
    expect(await crawled('/noindex.html')).toMatchObject({ status: 'EXCLUDED', statusInfo: expect.stringContaining('noindex') });
    expect((await search('noindexwordzz')).total_hits).toBe(0);
    expect(await crawled('/header-noindex.html')).toMatchObject({ status: 'EXCLUDED', statusInfo: expect.stringContaining('X-Robots-Tag') });
    expect((await search('headerrobotszz')).total_hits).toBe(0);

    expect((await crawled('/flip.html')).status).toBe('INDEXED');
    expect((await search('flipwordzz')).total_hits).toBe(1);
    site.pages.set('/flip.html', { body: page('<p>flipwordzz</p>', '<meta name="robots" content="noindex">') });
    const flipped = await crawled('/flip.html');
    expect(flipped.status).toBe('EXCLUDED');
    expect(flipped.content).toBeUndefined();
    expect((await search('flipwordzz')).total_hits).toBe(0);
  });

  it('marks failed fetches ERROR with the reason', async () => {
    expect(await crawled('/gone.html')).toMatchObject({ status: 'ERROR', statusInfo: 'the page answered with an error' });
    expect(await crawled('/file.pdf')).toMatchObject({ status: 'ERROR', statusInfo: expect.stringContaining('PDF') });
    expect(await crawled('/big.html')).toMatchObject({ status: 'ERROR', statusInfo: expect.stringContaining('the page is too large') });
    expect(await crawled('/moved-out')).toMatchObject({ status: 'ERROR', statusInfo: 'the page redirects to a URL that may not be crawled' });
    expect(await crawled('/loop')).toMatchObject({ status: 'ERROR', statusInfo: expect.stringContaining('redirects') });
    const error = await crawled('/gone.html');
    expect(error.lastFetched).toMatch(/Z$/);
    const content = await sendJson(service, 'GET', `/v1/indices/demo/documents/${md5(`${site.origin}/gone.html`)}/content`);
    expect(content.status).toBe(404);
    // The owner's list of recent errors has them, the one fetched last first.
    const errors = await getJson<DocumentStatusList>(service, '/v2/indices/demo/statuses', [['status', 'ERROR']], {
      headers: { authorization: basicAuth('demo', 'demo-secret') },
    });
    expect(errors.status).toBe(200);
    expect(errors.body.statuses[0]).toMatchObject({ docId: md5(`${site.origin}/gone.html`), url: `${site.origin}/gone.html`, status: 'ERROR' });
    expect(errors.body.statuses.map((s) => s.url)).toEqual(
      expect.arrayContaining(['/file.pdf', '/big.html', '/moved-out', '/loop'].map((path) => site.origin + path)),
    );
  });

  it('says what went wrong without repeating what the far side answered', async () => {
    const statuses = [await crawled('/error.html'), await crawled('/text.txt')];
    expect(statuses.map((s) => s.statusInfo)).toEqual([
      'the page answered with an error',
      'the page is not HTML or a document this service reads (PDF, Word, PowerPoint, Excel)',
    ]);
    for (const { statusInfo } of statuses) expect(statusInfo).not.toMatch(/503|internal|zz|\d{4,5}/);
  });

  it('refuses a redirect to another port of an allowed private host, before connecting', async () => {
    for (const path of ['/moved-other-port', '/moved-localhost']) {
      const status = await crawled(path);
      expect(status).toMatchObject({ status: 'ERROR', statusInfo: 'the page redirects to a URL that may not be crawled' });
      expect(status.statusInfo).not.toContain(new URL(other.origin).port);
    }
    expect(other.requests).toEqual([]);
    expect((await search('othersecretzz')).total_hits).toBe(0);
  });

  it('gives up on a page slower than the timeout', async () => {
    expect(await crawled('/slow.html', slow)).toMatchObject({ status: 'ERROR', statusInfo: 'the page did not answer within 200 ms' });
  });
});

describe('POST /crawler refusals', () => {
  async function refused(response: Response, status: number): Promise<ApiErrorBody['error']> {
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    return ((await response.json()) as ApiErrorBody).error;
  }

  it('refuses non-HTTP URLs and addresses that are not public, scheduling nothing', async () => {
    const port = new URL(site.origin).port;
    const urls = [
      'file:///etc/passwd',
      'ftp://127.0.0.1/x',
      'not a url',
      'http://192.168.1.1/',
      `http://user:pw@127.0.0.1:${port}/`,
      'http://169.254.169.254/latest/meta-data/',
      'http://0.0.0.0:8838/secret',
      'http://2130706433/',
      'http://0x7f.1/',
      'http://127.1/x',
      'http://[::ffff:127.0.0.1]/',
      'http://[::1]/',
      'http://localhost/',
      'http://localhost./',
      // The allowed private host on another port, and loopback at another address.
      `http://127.0.0.1:${Number(port) + 1}/`,
      `http://[::1]:${port}/`,
    ];
    for (const url of urls) {
      const error = await refused(await crawl(service, url), 400);
      expect(error, url).toMatchObject({ code: 'invalid_body', parameter: 'url' });
      expect((await statusOf(service, md5(url))).status).toBe('UNKNOWN');
    }
    const metadata = await refused(await crawl(service, 'http://169.254.169.254/latest/meta-data/'), 400);
    expect(metadata.message).toBe('url cannot be crawled: the address is not public');
  });

  it('does not widen what may be crawled to the hosts of the index documents', async () => {
    const open = await startService({});
    try {
      await putJson(open, '/v2/indices/demo/documents:batch', {
        documents: [
          { url: `${site.origin}/x`, title: 'x' },
          { url: 'http://0.0.0.0:8838/x', title: 'y' },
        ],
      });
      const asked = site.requests.length;
      for (const url of [`${site.origin}/docs/guide.html`, 'http://0.0.0.0:8838/secret']) {
        expect((await refused(await crawl(open, url), 400)).message).toBe('url cannot be crawled: the address is not public');
      }
      expect(site.requests.length).toBe(asked);
    } finally {
      await open.close();
      open.remove();
    }
  });

  it('takes a configured allow-list of hosts and host:port', async () => {
    const port = Number(new URL(site.origin).port);
    const strict = await startService({ crawlAllowHosts: ['www.example.com', 'docs.example.com:8443'], crawlAllowPrivate: [`127.0.0.1:${port}`] });
    try {
      const asked = site.requests.length;
      const offList = await refused(await crawl(strict, 'https://elsewhere.example.org/page'), 400);
      expect(offList.message).toBe("url cannot be crawled: host 'elsewhere.example.org' is not on the crawl allow-list");
      expect((await refused(await crawl(strict, 'https://docs.example.com/page'), 400)).message).toContain("'docs.example.com'");
      expect((await refused(await crawl(strict, `http://127.0.0.1:${port + 1}/`), 400)).message).toContain('not on the crawl allow-list');
      expect(site.requests.length).toBe(asked);
      // A private host:port is allowed by itself, list or no list.
      expect((await crawl(strict, `${site.origin}/docs/guide.html?strict`)).status).toBe(202);
    } finally {
      await strict.close();
      strict.remove();
    }
    await expect(startService({ crawlAllowHosts: ['http://x.com/'] })).rejects.toThrow(/crawlAllowHosts entry 'http:\/\/x.com\/'/);
    await expect(startService({ crawlAllowPrivate: ['x.com:99999'] })).rejects.toThrow(/crawlAllowPrivate entry/);
  });

  it('needs the index key and secret, matching indexPublicKey', async () => {
    const url = `${site.origin}/docs/guide.html?auth`;
    for (const auth of [null, basicAuth('demo', 'wrong'), basicAuth('nope', 'x'), 'Bearer demo-secret']) {
      const response = await crawl(service, url, auth);
      expect((await refused(response, 401)).code).toBe('unauthorized');
      expect(response.headers.get('www-authenticate')).toBe('Basic realm="site-search"');
    }
    const otherKey = await refused(await crawl(service, url, basicAuth('demo', 'demo-secret'), 'other'), 401);
    expect(otherKey.message).toContain("'other'");
    expect((await statusOf(service, md5(url))).status).toBe('UNKNOWN');
  });

  it('refuses malformed JSON, other content types, a wrong action and missing fields', async () => {
    const auth = basicAuth('demo', 'demo-secret');
    const post = (body: string, type = 'application/json'): Promise<Response> =>
      fetch(`${service.baseUrl}/crawler`, { method: 'POST', headers: { authorization: auth, 'content-type': type }, body });
    expect((await refused(await post('{"action": "FETCH",'), 400)).code).toBe('invalid_body');
    expect((await refused(await post('{}', 'text/plain'), 415)).code).toBe('unsupported_media_type');
    const action = await refused(await post(JSON.stringify({ action: 'DELETE', indexPublicKey: 'demo', url: `${site.origin}/x` })), 400);
    expect(action.parameter).toBe('action');
    const missing = await refused(await post(JSON.stringify({ action: 'FETCH', indexPublicKey: 'demo' })), 400);
    expect(missing.parameter).toBe('url');
    const big = await refused(await post(JSON.stringify({ action: 'FETCH', indexPublicKey: 'demo', url: `http://127.0.0.1/${'a'.repeat(1_000_000)}` })), 413);
    expect(big.code).toBe('payload_too_large');
  });
});
