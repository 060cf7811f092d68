// The npm entries in Node, where there is no DOM: importing them must not throw (a
// server-rendered app imports the package before any browser is near), and the client
// searches over real HTTP.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';

describe('the package in Node', () => {
  it('imports every entry without a DOM', async () => {
    expect(typeof document).toBe('undefined');
    const [entry, client, core] = await Promise.all([import('./index.ts'), import('./client/index.ts'), import('./core/index.ts')]);
    expect(typeof entry.mount).toBe('function');
    expect(typeof client.createClient).toBe('function');
    expect(typeof core.createSearchController).toBe('function');
  });

  it('signs a user token with the server entry, never part of the browser bundle', async () => {
    const { signUserToken } = await import('./node/index.ts');
    const token = await signUserToken({ id: 'user-7', secret: 's', expires: new Date(Date.UTC(2030, 0, 1)), now: Date.UTC(2029, 0, 1) });
    expect(token).toMatch(/^user-7\.1893456000\.[A-Za-z0-9_-]{43}$/);
  });

  it('searches with the client', async () => {
    const server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ total: 0, hits: [], facets: {}, asked: `${url.pathname} ${url.searchParams.get('term')}` }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { createClient } = await import('./client/index.ts');
      const { port } = server.address() as AddressInfo;
      const response = await createClient({ siteKey: 'demo', baseUrl: `http://127.0.0.1:${port}` }).search({ term: 'grid' });
      expect((response as unknown as { asked: string }).asked).toBe('/v1/search/demo grid');
    } finally {
      server.close();
    }
  });
});
