import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetch } from 'undici';
import { startPageServer, type PageServer } from '../testing/pageServer.ts';
import { hostRules, type CrawlAccess } from './crawlAllowList.ts';
import { guardedDispatcher, publicLookup, type ResolveAll } from './guardedDispatcher.ts';

/** Name resolution from a table, so no name is ever looked up for real. */
function stubResolve(table: Record<string, string[]>): ResolveAll & { asked: string[] } {
  const asked: string[] = [];
  const resolve = (hostname: string, callback: (error: Error | null, addresses: LookupAddress[]) => void): void => {
    asked.push(hostname);
    const addresses = table[hostname];
    if (addresses === undefined) callback(Object.assign(new Error(`not found ${hostname}`), { code: 'ENOTFOUND' }), []);
    else
      callback(
        null,
        addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
      );
  };
  return Object.assign(resolve, { asked });
}

function lookupResult(resolve: ResolveAll, hostname: string, all: boolean) {
  return new Promise<{ error: Error | null; address: unknown }>((done) =>
    publicLookup(resolve, false)(hostname, { all }, (error, address) => done({ error, address })),
  );
}

let site: PageServer;
let port: number;
beforeAll(async () => {
  site = await startPageServer({ '/page.html': { body: '<p>loopbackpagezz</p>' } });
  port = Number(new URL(site.origin).port);
});
afterAll(() => site.close());

describe('publicLookup', () => {
  it('refuses a name when any of its addresses is not public', async () => {
    const resolve = stubResolve({
      'rebind.test': ['127.0.0.1'],
      'mixed.test': ['93.184.215.14', '10.0.0.7'],
      'mapped.test': ['::ffff:169.254.169.254'],
      'v6.test': ['::1'],
      'public.test': ['93.184.215.14', '2606:4700::1111'],
    });
    for (const name of ['rebind.test', 'mixed.test', 'mapped.test', 'v6.test']) {
      const { error } = await lookupResult(resolve, name, true);
      expect(error, name).toMatchObject({ code: 'ERR_CRAWL_ADDRESS_NOT_PUBLIC' });
    }
    expect(await lookupResult(resolve, 'public.test', false)).toEqual({ error: null, address: '93.184.215.14' });
    expect((await lookupResult(resolve, 'public.test', true)).address).toHaveLength(2);
  });
});

describe('guardedDispatcher', () => {
  const fetchWith = async (access: CrawlAccess, resolve: ResolveAll, url: string) => {
    const dispatcher = guardedDispatcher(access, resolve);
    try {
      const response = await fetch(url, { dispatcher });
      return { status: response.status, text: await response.text() };
    } catch (error) {
      return { error: (error as Error).cause };
    } finally {
      await dispatcher.close();
    }
  };

  it('refuses, before connecting, a name that resolves to loopback', async () => {
    const resolve = stubResolve({ 'intranet.test': ['127.0.0.1'] });
    const asked = site.requests.length;
    const result = await fetchWith({ hosts: null, privateHosts: [] }, resolve, `http://intranet.test:${port}/page.html`);
    expect(result.error).toMatchObject({ code: 'ERR_CRAWL_ADDRESS_NOT_PUBLIC' });
    expect(resolve.asked).toEqual(['intranet.test']);
    expect(site.requests.length).toBe(asked);
  });

  it('refuses an address literal that is not public even when nothing checked the URL first', async () => {
    const resolve = stubResolve({});
    const asked = site.requests.length;
    for (const url of [`${site.origin}/page.html`, `http://[::ffff:127.0.0.1]:${port}/page.html`, `http://0x7f.1:${port}/page.html`]) {
      expect((await fetchWith({ hosts: null, privateHosts: [] }, resolve, url)).error, url).toMatchObject({ code: 'ERR_CRAWL_ADDRESS_NOT_PUBLIC' });
    }
    expect(site.requests.length).toBe(asked);
    expect(resolve.asked).toEqual([]);
  });

  it('connects to a private address only for the host and port allowed', async () => {
    const resolve = stubResolve({ 'intranet.test': ['127.0.0.1'] });
    const access: CrawlAccess = { hosts: null, privateHosts: hostRules([`intranet.test:${port}`, `127.0.0.1:${port}`], 'crawlAllowPrivate') };
    expect(await fetchWith(access, resolve, `http://intranet.test:${port}/page.html`)).toEqual({ status: 200, text: '<p>loopbackpagezz</p>' });
    expect(await fetchWith(access, resolve, `${site.origin}/page.html`)).toMatchObject({ status: 200 });
    const otherPort = { hosts: null, privateHosts: hostRules([`intranet.test:${port + 1}`], 'crawlAllowPrivate') };
    expect((await fetchWith(otherPort, resolve, `http://intranet.test:${port}/page.html`)).error).toMatchObject({ code: 'ERR_CRAWL_ADDRESS_NOT_PUBLIC' });
  });
});
