import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPage, retryAfter, type FetchLimits, type FetchOutcome } from './fetchPage.ts';

interface Answer {
  status?: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

let server: Server;
let origin: string;
const asked: IncomingHttpHeaders[] = [];
const answers: Record<string, (headers: IncomingHttpHeaders) => Answer> = {
  '/page': () => ({
    headers: {
      'content-type': 'text/html; charset=iso-8859-1',
      'content-language': 'de',
      'last-modified': 'Tue, 01 Dec 2026 10:00:00 GMT',
      etag: '"v1"',
      'x-robots-tag': 'noarchive',
    },
    body: Buffer.from('<p>Gr\u00fc\u00dfe</p>', 'latin1'),
  }),
  '/meta-charset': () => ({ headers: { 'content-type': 'text/html' }, body: Buffer.from('<meta charset="windows-1252"><p>caf\u00e9</p>', 'latin1') }),
  '/cached': (headers) =>
    headers['if-none-match'] === '"v1"' || headers['if-modified-since'] !== undefined ? { status: 304, headers: { etag: '"v1"' } } : { body: '<p>fresh</p>' },
  '/a': () => ({ status: 301, headers: { location: '/b' } }),
  '/b': () => ({ status: 302, headers: { location: '/page' } }),
  '/loop1': () => ({ status: 302, headers: { location: '/loop2' } }),
  '/loop2': () => ({ status: 302, headers: { location: '/loop1' } }),
  '/gone': () => ({ status: 410 }),
  '/busy': () => ({ status: 503, headers: { 'retry-after': '120' } }),
  '/limited': () => ({ status: 429, headers: { 'retry-after': 'Sun, 06 Dec 2026 12:00:30 GMT' } }),
  '/forbidden': () => ({ status: 403 }),
  '/report.pdf': () => ({ headers: { 'content-type': 'application/pdf' }, body: '%PDF-1.4' }),
  '/download/report.docx': () => ({ headers: { 'content-type': 'application/octet-stream' }, body: 'PK' }),
  '/robots.txt': () => ({ headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nDisallow: /x' }),
};

beforeAll(async () => {
  server = createServer((request, response) => {
    asked.push(request.headers);
    const answer = answers[request.url ?? '']?.(request.headers) ?? { status: 404 };
    response.writeHead(answer.status ?? 200, { 'content-type': 'text/html; charset=utf-8', ...answer.headers }).end(answer.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('no address');
  origin = `http://127.0.0.1:${address.port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const dispatcher = new Agent();
function fetchIt(path: string, more: Partial<FetchLimits> = {}): Promise<FetchOutcome> {
  return fetchPage(new URL(path, origin), {
    timeoutMs: 5_000,
    maxBytes: 1_000_000,
    maxRedirects: 5,
    refusal: () => null,
    dispatcher,
    stop: new AbortController().signal,
    ...more,
  });
}

describe('fetchPage', () => {
  it('returns the bytes, media type, headers and the text of an HTML page in its charset', async () => {
    const outcome = await fetchIt('/page', { userAgent: 'test-crawler (+https://example.com/bot)' });
    expect(outcome).toMatchObject({
      ok: true,
      status: 200,
      contentType: 'text/html',
      html: '<p>Gr\u00fc\u00dfe</p>',
      robots: 'noarchive',
      redirects: [],
      headers: { contentLanguage: 'de', lastModified: 'Tue, 01 Dec 2026 10:00:00 GMT', etag: '"v1"', robots: 'noarchive', charset: 'iso-8859-1' },
    });
    expect(asked.at(-1)?.['user-agent']).toBe('test-crawler (+https://example.com/bot)');
    const sniffed = await fetchIt('/meta-charset');
    expect(sniffed.ok && sniffed.html).toContain('caf\u00e9');
  });

  it('records the redirects followed, and names a redirect loop', async () => {
    const outcome = await fetchIt('/a');
    expect(outcome.ok && [outcome.url.pathname, outcome.redirects.map((u) => u.pathname)]).toEqual(['/page', ['/a', '/b']]);
    expect(await fetchIt('/loop1')).toMatchObject({ ok: false, kind: 'error', failure: 'redirect loop', reason: 'the page redirects in a loop' });
  });

  it('sends conditional headers and reports 304 as not modified, with no body', async () => {
    const outcome = await fetchIt('/cached', { ifNoneMatch: '"v1"' });
    expect(outcome).toMatchObject({ ok: true, status: 304, html: '' });
    expect(outcome.ok && outcome.body.length).toBe(0);
    expect(asked.at(-1)?.['if-none-match']).toBe('"v1"');
    expect(await fetchIt('/cached', { ifModifiedSince: 'Tue, 01 Dec 2026 10:00:00 GMT' })).toMatchObject({ status: 304 });
    expect(await fetchIt('/cached')).toMatchObject({ status: 200, html: '<p>fresh</p>' });
  });

  it('tells a page gone from one to try again later, with the wait asked for', async () => {
    expect(await fetchIt('/gone')).toMatchObject({ ok: false, kind: 'gone', status: 410, failure: 'not found' });
    expect(await fetchIt('/nowhere')).toMatchObject({ ok: false, kind: 'gone', status: 404 });
    expect(await fetchIt('/busy')).toMatchObject({ ok: false, kind: 'retry', status: 503, retryAfterMs: 120_000, failure: 'server error' });
    const now = () => Date.parse('2026-12-06T12:00:00Z');
    expect(await fetchIt('/limited', { now })).toMatchObject({ ok: false, kind: 'retry', status: 429, retryAfterMs: 30_000 });
    expect(await fetchIt('/forbidden')).toMatchObject({ ok: false, kind: 'error', status: 403 });
    expect(retryAfter('soon', now)).toBeNull();
  });

  it('reads documents as pages, anything with accept any, and refuses other types for a page', async () => {
    expect(await fetchIt('/report.pdf')).toMatchObject({ ok: true, contentType: 'application/pdf', html: '' });
    expect(await fetchIt('/download/report.docx')).toMatchObject({ ok: true, contentType: 'application/octet-stream' });
    expect(await fetchIt('/robots.txt')).toMatchObject({ ok: false, kind: 'unsupported', failure: 'unsupported type' });
    const robots = await fetchIt('/robots.txt', { accept: 'any' });
    expect(robots.ok && robots.body.toString()).toBe('User-agent: *\nDisallow: /x');
    expect(asked.at(-1)?.accept).toBe('*/*');
  });

  it('keeps its size limit', async () => {
    expect(await fetchIt('/page', { maxBytes: 4 })).toMatchObject({ ok: false, failure: 'too large' });
  });
});
