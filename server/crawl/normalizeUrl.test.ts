import { describe, expect, it } from 'vitest';
import { normalizeUrl, trapReason } from './normalizeUrl.ts';

const rules = { ignoreParams: ['utm_*', 'ref'] };
const norm = (reference: string, base?: string): string | undefined => normalizeUrl(reference, base, rules)?.href;

describe('normalizeUrl', () => {
  it('resolves a reference against its base, as a URL or a string', () => {
    expect(norm('../b/c.html', 'https://h.example/a/x/y.html')).toBe('https://h.example/a/b/c.html');
    expect(normalizeUrl('/p', new URL('https://h.example/a/'), rules)?.href).toBe('https://h.example/p');
    expect(norm('//other.example/p', 'https://h.example/')).toBe('https://other.example/p');
  });

  it('drops the fragment', () => {
    expect(norm('https://h.example/page#section')).toBe('https://h.example/page');
    expect(norm('#top', 'https://h.example/page?x=1')).toBe('https://h.example/page?x=1');
  });

  it('lower-cases scheme and host, not the path', () => {
    expect(norm('HTTPS://Docs.Example.COM/Guide/Intro')).toBe('https://docs.example.com/Guide/Intro');
  });

  it('drops default ports and keeps the others', () => {
    expect(norm('https://h.example:443/a')).toBe('https://h.example/a');
    expect(norm('http://h.example:80/a')).toBe('http://h.example/a');
    expect(norm('http://h.example:443/a')).toBe('http://h.example:443/a');
    expect(norm('https://h.example:8443/a')).toBe('https://h.example:8443/a');
  });

  it('resolves dot segments', () => {
    expect(norm('https://h.example/a/./b/../c/./d')).toBe('https://h.example/a/c/d');
    expect(norm('https://h.example/a/%2e%2E/b')).toBe('https://h.example/b');
  });

  it('takes index.html, index.htm and index.php to their folder', () => {
    expect(norm('https://h.example/index.html')).toBe('https://h.example/');
    expect(norm('https://h.example/guide/index.htm')).toBe('https://h.example/guide/');
    expect(norm('https://h.example/guide/index.php?page=2')).toBe('https://h.example/guide/?page=2');
    expect(norm('https://h.example/guide/myindex.html')).toBe('https://h.example/guide/myindex.html');
    expect(norm('https://h.example/index.html/more')).toBe('https://h.example/index.html/more');
  });

  it('leaves a path without trailing slash as it is: whether it is the folder only the server says', () => {
    expect(norm('https://h.example/guide')).toBe('https://h.example/guide');
    expect(norm('https://h.example/guide/')).toBe('https://h.example/guide/');
  });

  it('drops the ignored parameters by glob over their names, without case', () => {
    expect(norm('https://h.example/p?utm_source=x&id=3&UTM_Medium=y&ref=home&referrer=z')).toBe('https://h.example/p?id=3&referrer=z');
    expect(norm('https://h.example/p?utm%5Fsource=x&id=3')).toBe('https://h.example/p?id=3');
    expect(normalizeUrl('https://h.example/p?utm_source=x', undefined, { ignoreParams: [] })?.href).toBe('https://h.example/p?utm_source=x');
  });

  it('sorts the remaining parameters by name, the values of a repeated name in their order', () => {
    expect(norm('https://h.example/p?b=2&a=1&c')).toBe('https://h.example/p?a=1&b=2&c');
    expect(norm('https://h.example/p?tag=z&page=1&tag=a')).toBe('https://h.example/p?page=1&tag=z&tag=a');
  });

  it('drops an empty query and empty parameters', () => {
    expect(norm('https://h.example/p?')).toBe('https://h.example/p');
    expect(norm('https://h.example/p?&&')).toBe('https://h.example/p');
    expect(norm('https://h.example/p?utm_source=x')).toBe('https://h.example/p');
    expect(norm('https://h.example/p?b=1&&a=2&')).toBe('https://h.example/p?a=2&b=1');
  });

  it('writes percent-escapes in upper case and unescapes the unreserved characters', () => {
    expect(norm('https://h.example/caf%c3%a9?q=%e2%82%ac')).toBe('https://h.example/caf%C3%A9?q=%E2%82%AC');
    expect(norm('https://h.example/caf%C3%A9')).toBe(norm('https://h.example/café'));
    expect(norm('https://h.example/%7Euser/%41b?x=%2D')).toBe('https://h.example/~user/Ab?x=-');
    expect(norm('https://h.example/a%2Fb?x=%26')).toBe('https://h.example/a%2Fb?x=%26');
  });

  it('refuses what is not an http(s) URL', () => {
    for (const reference of ['mailto:someone@h.example', 'javascript:void(0)', 'data:text/html,hi', 'ftp://h.example/f', 'tel:+358123', 'file:///etc/passwd']) {
      expect(normalizeUrl(reference, 'https://h.example/', rules), reference).toBeNull();
    }
    expect(normalizeUrl('http://exa mple.com/', undefined, rules)).toBeNull();
    expect(normalizeUrl('/relative', undefined, rules)).toBeNull();
    expect(normalizeUrl('https://[::1', undefined, rules)).toBeNull();
  });

  it('spells an IDN host as the WHATWG URL parser does, in punycode', () => {
    expect(norm('https://Bücher.Example/ä')).toBe('https://xn--bcher-kva.example/%C3%A4');
    expect(norm('https://xn--bcher-kva.example/%C3%A4')).toBe(norm('https://bücher.example/ä'));
  });
});

describe('trapReason', () => {
  const url = (href: string): URL => new URL(href);

  it('takes an ordinary URL for no trap', () => {
    expect(trapReason(url('https://h.example/guide/2026/01/intro.html?page=2&lang=en'))).toBeNull();
    expect(trapReason(url('https://h.example/a/b/a/b'))).toBeNull();
  });

  it('refuses a URL longer than the limit, 2000 characters by default', () => {
    expect(trapReason(url(`https://h.example/${'x'.repeat(1982)}`))).toBeNull();
    expect(trapReason(url(`https://h.example/${'x'.repeat(1983)}`))).toBe('URL longer than 2000 characters');
    expect(trapReason(url('https://h.example/abcdef'), { maxLength: 20 })).toBe('URL longer than 20 characters');
  });

  it('refuses a path deeper than the limit, 20 segments by default', () => {
    const path = (n: number): string => Array.from({ length: n }, (_, i) => `s${i}`).join('/');
    expect(trapReason(url(`https://h.example/${path(20)}/`))).toBeNull();
    expect(trapReason(url(`https://h.example/${path(21)}`))).toBe('path deeper than 20 segments');
    expect(trapReason(url('https://h.example/a/b/c'), { maxDepth: 2 })).toBe('path deeper than 2 segments');
  });

  it('refuses more parameters than the limit, 10 by default', () => {
    const query = (n: number): string => Array.from({ length: n }, (_, i) => `p${i}=1`).join('&');
    expect(trapReason(url(`https://h.example/?${query(10)}`))).toBeNull();
    expect(trapReason(url(`https://h.example/?${query(11)}`))).toBe('more than 10 parameters');
    expect(trapReason(url('https://h.example/?a=1&b=2'), { maxParams: 1 })).toBe('more than 1 parameters');
  });

  it('refuses a path that repeats one segment a third time', () => {
    expect(trapReason(url('https://h.example/a/b/a/b/a/b/'))).toBe("path segment 'a' repeated 3 times");
    expect(trapReason(url('https://h.example/calendar/2026/2026/2026'))).toBe("path segment '2026' repeated 3 times");
    expect(trapReason(url('https://h.example/calendar/2026/2026/2026'), { maxRepeats: 3 })).toBeNull();
    expect(trapReason(url('https://h.example/x//y//z///'))).toBeNull();
  });
});
