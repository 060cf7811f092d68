/**
 * The generated site served on loopback (Node's http), counting every request by its path
 * and query, so the benchmark can tell how many fetches a crawl took per page and whether
 * it asked for a URL robots.txt forbids, and the bytes of the bodies it sent. Each 200 has
 * an ETag (of its body), and a request that sends it back answers 304, as a static
 * server does. A test can make pages answer a transient 503 (`setUnavailable`).
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { CrawlSite } from './site.ts';

export interface SiteServer {
  origin: string;
  /** Requests so far, by path and query as sent. */
  requests(): ReadonlyMap<string, number>;
  /** All requests so far. */
  total(): number;
  /** Bytes of the bodies sent so far. */
  bytes(): number;
  /** Requests answered 304 so far. */
  notModified(): number;
  /** Pages (by path) that answer 503 with `Retry-After: 0` until set again; null: none. Never robots.txt nor a sitemap. */
  setUnavailable(unavailable: ((path: string) => boolean) | null): void;
  close(): Promise<void>;
}

export async function serveSite(site: CrawlSite): Promise<SiteServer> {
  const counts = new Map<string, number>();
  let total = 0;
  let bytes = 0;
  let notModified = 0;
  let sitemaps: Map<string, Buffer> | null = null;
  let sitemapsVersion = site.version;
  let unavailable: ((path: string) => boolean) | null = null;
  let origin = '';
  const server: Server = createServer((request, response) => {
    const target = request.url ?? '/';
    const before = counts.get(target) ?? 0;
    counts.set(target, before + 1);
    total++;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const path = target.split('?')[0]!;
    if (sitemaps === null || sitemapsVersion !== site.version) {
      sitemaps = site.sitemapFiles(origin);
      sitemapsVersion = site.version;
    }
    const sitemap = sitemaps.get(path);
    const answer =
      sitemap === undefined
        ? path !== '/robots.txt' && unavailable?.(path) === true
          ? { status: 503, headers: { 'retry-after': '0', 'content-type': 'text/plain' }, body: Buffer.from('busy, try again'), delayMs: 0 }
          : site.answer(origin, target, before)
        : {
            status: 200,
            headers: { 'content-type': path.endsWith('.gz') ? 'application/gzip' : 'application/xml' },
            body: sitemap,
            delayMs: 0,
          };
    const send = () => {
      if (response.destroyed) return;
      const etag = answer.status === 200 ? `"${createHash('sha1').update(answer.body).digest('base64url')}"` : undefined;
      if (etag !== undefined && request.headers['if-none-match'] === etag) {
        notModified++;
        response.writeHead(304, { etag }).end();
        return;
      }
      response.writeHead(answer.status, { ...answer.headers, ...(etag !== undefined && { etag }), 'content-length': String(answer.body.length) });
      if (request.method !== 'HEAD') bytes += answer.body.length;
      response.end(request.method === 'HEAD' ? undefined : answer.body);
    };
    if (answer.delayMs > 0) setTimeout(send, answer.delayMs);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
  return {
    origin,
    requests: () => counts,
    total: () => total,
    bytes: () => bytes,
    notModified: () => notModified,
    setUnavailable: (predicate) => {
      unavailable = predicate;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
