import { describe, expect, it } from 'vitest';
import { crawlScope } from './crawlScope.ts';

const urls = (...hrefs: string[]): URL[] => hrefs.map((href) => new URL(href));
const verdict = (scope: (url: URL) => string, href: string): string => scope(new URL(href));

describe('crawlScope', () => {
  it("without include, takes in the start URL's host under its folder", () => {
    const scope = crawlScope(urls('https://docs.example.com/guide/intro.html'), [], []);
    expect(verdict(scope, 'https://docs.example.com/guide/intro.html')).toBe('in');
    expect(verdict(scope, 'https://docs.example.com/guide/')).toBe('in');
    expect(verdict(scope, 'https://docs.example.com/guide/deep/page.html?x=1')).toBe('in');
    expect(verdict(scope, 'https://docs.example.com/guides/')).toBe('out of scope');
    expect(verdict(scope, 'https://docs.example.com/guide')).toBe('out of scope');
    expect(verdict(scope, 'https://docs.example.com/')).toBe('out of scope');
    expect(verdict(scope, 'https://other.example.com/guide/intro.html')).toBe('out of scope');
  });

  it("reads the start URL's folder with its escapes normalised, as the URLs it is compared with are", () => {
    const scope = crawlScope(urls('https://h.example/%7euser/caf%c3%a9/'), [], []);
    expect(verdict(scope, 'https://h.example/~user/caf%C3%A9/page')).toBe('in');
  });

  it('takes in the whole host from a start at its root, http and https alike, www. as another host, the port as part of the host', () => {
    const scope = crawlScope(urls('https://example.com/', 'http://intranet.example:8080/wiki/'), [], []);
    expect(verdict(scope, 'https://example.com/any/page')).toBe('in');
    expect(verdict(scope, 'http://example.com/any/page')).toBe('in');
    expect(verdict(scope, 'https://www.example.com/any/page')).toBe('out of scope');
    expect(verdict(scope, 'https://example.com:8443/any/page')).toBe('out of scope');
    expect(verdict(scope, 'https://intranet.example:8080/wiki/Page')).toBe('in');
    expect(verdict(scope, 'http://intranet.example/wiki/Page')).toBe('out of scope');
  });

  it('takes a start without trailing slash to stand in the folder above it, as a link from it would resolve', () => {
    const scope = crawlScope(urls('https://h.example/docs/guide'), [], []);
    expect(verdict(scope, 'https://h.example/docs/other')).toBe('in');
    expect(verdict(scope, 'https://h.example/blog/')).toBe('out of scope');
  });

  it('with include globs, takes in what one of them matches and nothing else', () => {
    const scope = crawlScope(urls('https://docs.example.com/'), ['https://docs.example.com/guide/**', 'https://blog.example.com/*/index'], []);
    expect(verdict(scope, 'https://docs.example.com/guide/a/b.html')).toBe('in');
    expect(verdict(scope, 'https://docs.example.com/api/')).toBe('out of scope');
    expect(verdict(scope, 'https://blog.example.com/2026/index')).toBe('in');
    expect(verdict(scope, 'https://blog.example.com/2026/12/index')).toBe('out of scope');
  });

  it('lets exclude win over include and over the start folders', () => {
    const withInclude = crawlScope([], ['https://h.example/**'], ['**/print/**', 'https://h.example/*.pdf']);
    expect(verdict(withInclude, 'https://h.example/guide/print/page')).toBe('excluded by pattern');
    expect(verdict(withInclude, 'https://h.example/report.pdf')).toBe('excluded by pattern');
    expect(verdict(withInclude, 'https://h.example/docs/report.pdf')).toBe('in');
    const withoutInclude = crawlScope(urls('https://h.example/'), [], ['**?sort=*']);
    expect(verdict(withoutInclude, 'https://h.example/list?sort=date')).toBe('excluded by pattern');
    expect(verdict(withoutInclude, 'https://h.example/list?page=2')).toBe('in');
    expect(verdict(withoutInclude, 'https://elsewhere.example/print/x')).toBe('out of scope');
  });

  it('matches globs over the whole URL, query included, * stopping at /', () => {
    const scope = crawlScope([], ['https://h.example/*'], []);
    expect(verdict(scope, 'https://h.example/page?x=1')).toBe('in');
    expect(verdict(scope, 'https://h.example/a/b')).toBe('out of scope');
    expect(verdict(crawlScope([], ['https://h.example/p?ge'], []), 'https://h.example/page')).toBe('in');
  });

  it("reads a glob's scheme and host as a URL spells them", () => {
    const scope = crawlScope([], ['HTTPS://Docs.Example.COM:443/guide/**', 'https://bücher.example/**'], []);
    expect(verdict(scope, 'https://docs.example.com/guide/a')).toBe('in');
    expect(verdict(scope, 'https://bücher.example/a')).toBe('in');
    expect(verdict(scope, 'https://docs.example.com/Guide/a')).toBe('out of scope');
  });

  it('keeps non-http URLs out of scope', () => {
    expect(crawlScope([], ['**'], [])(new URL('ftp://h.example/file'))).toBe('out of scope');
    expect(crawlScope(urls('https://h.example/'), [], [])(new URL('mailto:a@h.example'))).toBe('out of scope');
  });

  it('takes nothing in without include globs or start URLs', () => {
    expect(verdict(crawlScope([], [], []), 'https://h.example/')).toBe('out of scope');
  });
});
