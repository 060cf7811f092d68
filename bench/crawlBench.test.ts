import { describe, expect, it } from 'vitest';
import { requestKinds } from './crawlBench.ts';
import { CrawlSite } from './crawlSite/site.ts';

const ORIGIN = 'http://127.0.0.1:8000';

describe('the crawl benchmark', () => {
  it('tells what each request to the site was for', () => {
    const site = new CrawlSite({ pages: 600 });
    const article = site.pages.find((p) => p.kind === 'article' && !site.flaky(p))!;
    const flaky = site.pages.find((p) => site.flaky(p))!;
    const section = site.pages.find((p) => p.kind === 'section')!;
    const kinds = requestKinds(site, ORIGIN, [
      ['/robots.txt', 1],
      ['/sitemap.xml', 1],
      ['/sitemaps/articles-1.xml.gz', 1],
      ['/', 1],
      ['/index.html', 1],
      [`${section.path}index.html`, 1],
      [article.path, 2],
      [`${article.path}?ref=related`, 1],
      [flaky.path, 2],
      ['/old/b', 1],
      ['/moved/b', 1],
      [`/print${article.path}`, 1],
      ['/private/member-aa.html', 1],
      ['/gone/x.html', 1],
    ]);
    expect(kinds).toEqual({
      'robots.txt': 1,
      sitemaps: 2,
      'canonical pages, once': 3,
      'canonical pages, again': 1,
      'again after a 503': 1,
      'other URLs of a canonical page': 3,
      'redirects (301)': 2,
      'print versions (canonical elsewhere)': 1,
      'disallowed by robots.txt': 1,
      'not found (404)': 1,
    });
  });
});
