import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/** A page the test server answers with. */
export interface TestPage {
  status?: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Answers only once this resolves (a page still loading). */
  gate?: Promise<void>;
  /** Never answers (a page slower than any timeout). */
  hang?: boolean;
  /** What the path answers from the next request on (a page in passing trouble). */
  next?: TestPage;
}

/** A website on a loopback port for crawl tests; `pages` may change while it runs. */
export interface PageServer {
  origin: string;
  pages: Map<string, TestPage>;
  /** Paths asked for, in order. */
  requests: string[];
  /** Paths answered 304: their ETag was sent back in If-None-Match. */
  notModified: string[];
  close(): Promise<void>;
}

export async function startPageServer(pages: Record<string, TestPage>): Promise<PageServer> {
  const table = new Map(Object.entries(pages));
  const requests: string[] = [];
  const notModified: string[] = [];
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = request.url ?? '/';
    requests.push(path);
    const page = table.get(path);
    if (page === undefined) {
      response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
      return;
    }
    if (page.next !== undefined) table.set(path, page.next);
    if (page.hang === true) return;
    const etag = page.headers?.etag;
    if (etag !== undefined && request.headers['if-none-match'] === etag && (page.status ?? 200) === 200) {
      notModified.push(path);
      response.writeHead(304, { etag }).end();
      return;
    }
    const answer = (): void => {
      response.writeHead(page.status ?? 200, { 'content-type': 'text/html; charset=utf-8', ...page.headers }).end(page.body ?? '');
    };
    if (page.gate === undefined) answer();
    else void page.gate.then(answer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('no address');
  return {
    origin: `http://127.0.0.1:${address.port}`,
    pages: table,
    requests,
    notModified,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
