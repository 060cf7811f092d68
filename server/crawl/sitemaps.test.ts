import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readSitemap } from './sitemaps.ts';

const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const xml = (text: string): Buffer => Buffer.from(text, 'utf8');
const urlset = (entries: string[]): string => `<?xml version="1.0" encoding="UTF-8"?><urlset ${NS}>${entries.join('')}</urlset>`;

describe('readSitemap', () => {
  it('reads the pages of a urlset with their lastmod, entities and CDATA decoded, values kept as text', () => {
    const body = urlset([
      '<url><loc> https://a.example/?x=1&amp;y=2 </loc><lastmod>2026-11-30T10:00:00+00:00</lastmod><changefreq>daily</changefreq></url>',
      '<url><loc><![CDATA[https://a.example/b?p=1&q=2]]></loc></url>',
      '<url><loc>https://a.example/2026</loc><lastmod>2026</lastmod></url>',
    ]);
    expect(readSitemap(xml(body))).toEqual({
      kind: 'pages',
      pages: [
        { url: 'https://a.example/?x=1&y=2', lastmod: '2026-11-30T10:00:00+00:00' },
        { url: 'https://a.example/b?p=1&q=2', lastmod: null },
        { url: 'https://a.example/2026', lastmod: '2026' },
      ],
    });
  });

  it('skips entries without a loc, reads a prefixed namespace and extensions, and an empty urlset', () => {
    const body = `<sm:urlset xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"><sm:url><sm:loc>https://a.example/1</sm:loc><image:image><image:loc>https://a.example/i.png</image:loc></image:image></sm:url><sm:url><sm:loc> </sm:loc></sm:url><sm:url/></sm:urlset>`;
    expect(readSitemap(xml(body))).toEqual({ kind: 'pages', pages: [{ url: 'https://a.example/1', lastmod: null }] });
    expect(readSitemap(xml(`<urlset ${NS}></urlset>`))).toEqual({ kind: 'pages', pages: [] });
    expect(readSitemap(xml(`\uFEFF<urlset ${NS}/>`))).toEqual({ kind: 'pages', pages: [] });
  });

  it('reads the sitemaps of an index', () => {
    const body = `<sitemapindex ${NS}><sitemap><loc>https://a.example/s1.xml</loc><lastmod>2026-01-01</lastmod></sitemap><sitemap><loc>https://a.example/s2.xml.gz</loc></sitemap></sitemapindex>`;
    expect(readSitemap(xml(body))).toEqual({ kind: 'index', sitemaps: ['https://a.example/s1.xml', 'https://a.example/s2.xml.gz'] });
  });

  it('reads a text sitemap, one URL a line', () => {
    expect(readSitemap(xml('https://a.example/1\r\n\nhttps://a.example/2\n'))).toEqual({
      kind: 'pages',
      pages: [
        { url: 'https://a.example/1', lastmod: null },
        { url: 'https://a.example/2', lastmod: null },
      ],
    });
  });

  it('refuses what is not a sitemap, saying so', () => {
    for (const body of [
      '<html><body>Not found</body></html>',
      '<?xml version="1.0"?><rss><channel/></rss>',
      '',
      'Not found',
      'https://a.example/1\nthen some words',
    ]) {
      expect(() => readSitemap(xml(body)), body).toThrow(/^not a sitemap/);
    }
  });

  it('gunzips bytes that are gzip, whatever they were called', () => {
    const body = gzipSync(xml(urlset(['<url><loc>https://a.example/z</loc></url>'])));
    expect(readSitemap(body)).toEqual({ kind: 'pages', pages: [{ url: 'https://a.example/z', lastmod: null }] });
  });

  it('stops a gzip bomb at maxBytes unzipped, with a clear Error', () => {
    const bomb = gzipSync(Buffer.alloc(16 * 1024 * 1024, 0x20));
    expect(bomb.length).toBeLessThan(100 * 1024);
    expect(() => readSitemap(bomb, { maxBytes: 1024 * 1024 })).toThrow('sitemap larger than 1048576 bytes when unzipped');
    expect(() => readSitemap(gzipSync(xml(urlset([]))), { maxBytes: 20 })).toThrow('sitemap larger than 20 bytes when unzipped');
  });

  it('refuses broken gzip and a plain sitemap over maxBytes', () => {
    const broken = gzipSync(xml(urlset(['<url><loc>https://a.example/z</loc></url>']))).subarray(0, 30);
    expect(() => readSitemap(broken)).toThrow(/^sitemap is not valid gzip/);
    expect(() => readSitemap(xml(urlset([])), { maxBytes: 20 })).toThrow('sitemap larger than 20 bytes');
  });

  it('refuses more entries than maxEntries', () => {
    const entries = (n: number): string[] => Array.from({ length: n }, (_, i) => `<url><loc>https://a.example/${i}</loc></url>`);
    expect(readSitemap(xml(urlset(entries(3))), { maxEntries: 3 })).toMatchObject({ kind: 'pages' });
    expect(() => readSitemap(xml(urlset(entries(4))), { maxEntries: 3 })).toThrow('sitemap lists 4 entries, more than the 3 read');
    const index = `<sitemapindex ${NS}>${'<sitemap><loc>https://a.example/s.xml</loc></sitemap>'.repeat(3)}</sitemapindex>`;
    expect(() => readSitemap(xml(index), { maxEntries: 2 })).toThrow('sitemap lists 3 entries');
    expect(() => readSitemap(xml('https://a.example/1\nhttps://a.example/2\n'), { maxEntries: 1 })).toThrow('sitemap lists 2 entries');
  });

  it('expands no entity into another (no entity bomb)', () => {
    const lol = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">]><urlset ${NS}><url><loc>https://a.example/&lol2;</loc></url></urlset>`;
    const content = readSitemap(xml(lol));
    expect(content.kind === 'pages' ? content.pages[0]?.url.length : 0).toBeLessThan(100);
  });
});
