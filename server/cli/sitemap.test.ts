import { describe, expect, it } from 'vitest';
import { parseSitemap } from './sitemap.ts';

describe('parseSitemap', () => {
  it('reads the pages of a urlset, one or many, with entities decoded', () => {
    const one = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://a.example/?x=1&amp;y=2</loc></url></urlset>';
    expect(parseSitemap(one)).toEqual({ pages: ['https://a.example/?x=1&y=2'], sitemaps: [] });
    const two = '<?xml version="1.0"?><urlset><url><loc>https://a.example/1</loc></url><url><loc>https://a.example/2</loc></url></urlset>';
    expect(parseSitemap(two).pages).toEqual(['https://a.example/1', 'https://a.example/2']);
  });

  it('reads the sitemaps of an index, and refuses other XML', () => {
    expect(parseSitemap('<sitemapindex><sitemap><loc>https://a.example/s1.xml</loc></sitemap></sitemapindex>')).toEqual({
      pages: [],
      sitemaps: ['https://a.example/s1.xml'],
    });
    expect(parseSitemap('<urlset></urlset>')).toEqual({ pages: [], sitemaps: [] });
    expect(() => parseSitemap('<html><body>404</body></html>')).toThrow(/not a sitemap/);
  });
});
