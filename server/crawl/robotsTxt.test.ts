import { describe, expect, it } from 'vitest';
import { ALLOW_ALL, parseRobotsTxt, ROBOTS_MAX_BYTES, ROBOTS_MAX_CRAWL_DELAY_MS } from './robotsTxt.ts';

const UA = 'SiteSearchBot/1.0 (+https://owner.example/crawler)';
const allows = (text: string, path: string, userAgent = UA): boolean => parseRobotsTxt(text, userAgent).allows(new URL(path, 'https://site.example'));

describe('parseRobotsTxt', () => {
  it('follows the group naming the product token, matched without case, and else the * group', () => {
    const text = ['User-agent: *', 'Disallow: /', '', 'User-agent: OtherBot', 'Disallow: /other', '', 'user-agent: sitesearchbot', 'Disallow: /private'].join(
      '\n',
    );
    expect(allows(text, '/page')).toBe(true);
    expect(allows(text, '/private/x')).toBe(false);
    expect(allows(text, '/other')).toBe(true);
    expect(allows(text, '/page', 'UnknownBot/2')).toBe(false);
    expect(allows(text, '/page', 'SITESEARCHBOT')).toBe(true);
  });

  it('reads consecutive User-agent lines as one group, and joins the groups naming the same token', () => {
    const text = [
      'User-agent: a',
      'User-agent: SiteSearchBot',
      'Disallow: /x',
      'User-agent: b',
      'Disallow: /y',
      'User-agent: sitesearchbot',
      'Disallow: /z',
    ].join('\n');
    expect([allows(text, '/x'), allows(text, '/y'), allows(text, '/z'), allows(text, '/w')]).toEqual([false, true, false, true]);
  });

  it('takes the longest matching rule, an Allow winning a tie', () => {
    const text = ['User-agent: *', 'Disallow: /docs', 'Allow: /docs/public', 'Disallow: /docs/public/secret', 'Allow: /same', 'Disallow: /same'].join('\n');
    expect(allows(text, '/docs/a')).toBe(false);
    expect(allows(text, '/docs/public/a')).toBe(true);
    expect(allows(text, '/docs/public/secret.html')).toBe(false);
    expect(allows(text, '/same')).toBe(true);
    expect(allows(text, '/elsewhere')).toBe(true);
  });

  it('matches * as any characters and $ as the end, over the path and query', () => {
    const text = ['User-agent: *', 'Disallow: /*.pdf$', 'Disallow: /search?*q=', 'Disallow: /a*b', 'Disallow: /exact$'].join('\n');
    expect(allows(text, '/files/report.pdf')).toBe(false);
    expect(allows(text, '/files/report.pdf?download=1')).toBe(true);
    expect(allows(text, '/search?lang=en&q=x')).toBe(false);
    expect(allows(text, '/search')).toBe(true);
    expect(allows(text, '/a/long/way/b')).toBe(false);
    expect(allows(text, '/exact')).toBe(false);
    expect(allows(text, '/exactly')).toBe(true);
  });

  it('compares percent-encoding normalised: case of escapes, unreserved characters decoded, others encoded', () => {
    const text = ['User-agent: *', 'Disallow: /%7euser', 'Disallow: /caf%c3%a9', 'Disallow: /ünï', 'Disallow: /a%2fb'].join('\n');
    expect(allows(text, '/~user/page')).toBe(false);
    expect(allows(text, '/%7Euser/page')).toBe(false);
    expect(allows(text, '/café')).toBe(false);
    expect(allows(text, '/%C3%BCn%C3%AF')).toBe(false);
    expect(allows(text, '/a%2Fb')).toBe(false);
    expect(allows(text, '/a/b')).toBe(true);
  });

  it('allows everything with an empty Disallow, no group for us, or no rules', () => {
    expect(allows('User-agent: *\nDisallow:\n', '/x')).toBe(true);
    expect(allows('User-agent: OtherBot\nDisallow: /\n', '/x')).toBe(true);
    expect(allows('', '/x')).toBe(true);
  });

  it('always allows /robots.txt itself', () => {
    expect(allows('User-agent: *\nDisallow: /\n', '/robots.txt')).toBe(true);
  });

  it('skips garbage lines, comments, rules before any group and a byte-order mark', () => {
    const text = '\uFEFFDisallow: /before\nUser-agent: * # everyone\nthis line means nothing\n<html>\nDisallow: /private # not here\n:::\nDisallow /nocolon\n';
    expect(allows(text, '/before')).toBe(true);
    expect(allows(text, '/private')).toBe(false);
    expect(allows(text, '/nocolon')).toBe(true);
    expect(allows('<html><body>Not found</body></html>', '/x')).toBe(true);
  });

  it("reads the group's Crawl-delay in milliseconds, fractional seconds allowed, bounded, null when absent or nonsense", () => {
    expect(parseRobotsTxt('User-agent: *\nCrawl-delay: 1.5\n', UA).crawlDelayMs).toBe(1500);
    expect(parseRobotsTxt('User-agent: *\nCrawl-delay: 86400\n', UA).crawlDelayMs).toBe(ROBOTS_MAX_CRAWL_DELAY_MS);
    expect(parseRobotsTxt('User-agent: *\nCrawl-delay: soon\n', UA).crawlDelayMs).toBeNull();
    expect(parseRobotsTxt('User-agent: *\nCrawl-delay: -3\n', UA).crawlDelayMs).toBeNull();
    expect(parseRobotsTxt('User-agent: *\nDisallow: /x\n', UA).crawlDelayMs).toBeNull();
    // Our own group has none, so the * group's delay is not ours.
    expect(parseRobotsTxt('User-agent: *\nCrawl-delay: 5\n\nUser-agent: SiteSearchBot\nCrawl-delay: 2\n', UA).crawlDelayMs).toBe(2000);
    expect(parseRobotsTxt('User-agent: *\nCrawl-delay: 5\n\nUser-agent: SiteSearchBot\nDisallow: /x\n', UA).crawlDelayMs).toBeNull();
  });

  it('lists the Sitemap lines wherever they stand, absolute http(s) URLs only, each once', () => {
    const text = [
      'Sitemap: https://site.example/sitemap.xml',
      'User-agent: *',
      'Disallow: /x',
      'sitemap: https://site.example/news.xml.gz',
      'Sitemap: /relative.xml',
      'Sitemap: ftp://site.example/s.xml',
      'Sitemap: https://site.example/sitemap.xml',
    ].join('\n');
    expect(parseRobotsTxt(text, UA).sitemaps).toEqual(['https://site.example/sitemap.xml', 'https://site.example/news.xml.gz']);
  });

  it('reads no byte past ROBOTS_MAX_BYTES, nor the line cut there', () => {
    const head = 'User-agent: *\nDisallow: /early\n';
    const filler = `# ${'x'.repeat(ROBOTS_MAX_BYTES - head.length - 30)}\n`;
    const cut = `${head}${filler}Disallow: /private-area-cut-in-two\nDisallow: /late\n${'#'.repeat(10 * 1024 * 1024)}\n`;
    expect(Buffer.byteLength(head + filler)).toBeLessThan(ROBOTS_MAX_BYTES);
    const rules = parseRobotsTxt(cut, UA);
    const at = (path: string): boolean => rules.allows(new URL(path, 'https://site.example'));
    expect(at('/early')).toBe(false);
    expect(at('/private-area-cu')).toBe(true);
    expect(at('/late')).toBe(true);
  });

  it('matches a hostile pattern of stars quickly enough to check every URL', () => {
    const text = `User-agent: *\nDisallow: /${'*'.repeat(400_000)}a$\n`;
    expect(allows(text, `/${'b'.repeat(1900)}`)).toBe(true);
    expect(allows(text, `/${'b'.repeat(1900)}a`)).toBe(false);
  });
});

describe('ALLOW_ALL', () => {
  it('allows every URL, with no delay and no sitemaps', () => {
    expect(ALLOW_ALL.allows(new URL('https://site.example/anything'))).toBe(true);
    expect(ALLOW_ALL.crawlDelayMs).toBeNull();
    expect(ALLOW_ALL.sitemaps).toEqual([]);
  });
});
