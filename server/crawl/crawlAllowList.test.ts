import { describe, expect, it } from 'vitest';
import { crawlRefusal, hostRules, type CrawlAccess } from './crawlAllowList.ts';

describe('hostRules', () => {
  it('reads hosts and host:port, normalised as URL spells hosts', () => {
    expect(hostRules(['Docs.Example.com', 'docs.example.com:8443', '0x7f.1:8080', '[::1]:3000', '[0:0::1]', 'intranet.local.'], 'k')).toEqual([
      { host: 'docs.example.com', port: null },
      { host: 'docs.example.com', port: 8443 },
      { host: '127.0.0.1', port: 8080 },
      { host: '::1', port: 3000 },
      { host: '::1', port: null },
      { host: 'intranet.local', port: null },
    ]);
  });

  it('refuses entries with a scheme, path, credentials or bad port, naming the setting', () => {
    for (const entry of ['http://x.com/', 'x.com/a', 'u@x.com', 'x.com:0', 'x.com:65536', 'x.com:', '::1', '', 'x.com:80:80']) {
      expect(() => hostRules([entry], 'crawlAllowHosts'), entry).toThrow(`crawlAllowHosts entry '${entry}'`);
    }
  });
});

describe('crawlRefusal', () => {
  const access = (hosts: string[] | null, privateHosts: string[] = []): CrawlAccess => ({
    hosts: hosts === null ? null : hostRules(hosts, 'crawlAllowHosts'),
    privateHosts: hostRules(privateHosts, 'crawlAllowPrivate'),
  });

  it('limits a host:port entry to that port, the scheme default port included', () => {
    const list = access(['docs.example.com:8443', 'www.example.com:443', 'any.example.com']);
    expect(crawlRefusal(new URL('https://docs.example.com:8443/a'), list)).toBeNull();
    expect(crawlRefusal(new URL('https://docs.example.com/a'), list)).toBe("host 'docs.example.com' is not on the crawl allow-list");
    expect(crawlRefusal(new URL('https://www.example.com/a'), list)).toBeNull();
    expect(crawlRefusal(new URL('http://www.example.com/a'), list)).toBe("host 'www.example.com' is not on the crawl allow-list");
    expect(crawlRefusal(new URL('http://any.example.com:81/a'), list)).toBeNull();
    expect(crawlRefusal(new URL('http://any.example.com./a'), list)).toBeNull();
  });

  it('keeps the allow-list to public addresses unless a host is allowed private ones', () => {
    expect(crawlRefusal(new URL('http://127.0.0.1:8080/'), access(['127.0.0.1:8080']))).toBe('the address is not public');
    const intranet = access(['docs.example.com'], ['127.0.0.1:8080', 'intranet.local']);
    expect(crawlRefusal(new URL('http://127.0.0.1:8080/'), intranet)).toBeNull();
    expect(crawlRefusal(new URL('http://0x7f.1:8080/'), intranet)).toBeNull();
    expect(crawlRefusal(new URL('http://127.0.0.1:8081/'), intranet)).toBe("host '127.0.0.1:8081' is not on the crawl allow-list");
    expect(crawlRefusal(new URL('http://127.0.0.1:8081/'), access(null, ['127.0.0.1:8080']))).toBe('the address is not public');
    expect(crawlRefusal(new URL('http://intranet.local:9000/'), intranet)).toBeNull();
  });
});
