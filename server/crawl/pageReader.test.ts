import { describe, expect, it } from 'vitest';
import { makeDocx, makePdf } from '../testing/documentFixtures.ts';
import { PageReader } from './pageReader.ts';

const base = new URL('https://example.com/docs/');

describe('PageReader', () => {
  it('reads pages on its threads, one after another on the same thread', async () => {
    const reader = new PageReader({ threads: 1, timeoutMs: 30_000, maxHeapMb: 512 });
    try {
      const pages = await Promise.all([
        reader.read('<title>One</title><main><p>first</p></main>', base),
        reader.read('<html lang="fr"><title>Two</title><body><nav>x</nav><p>second</p></body></html>', base),
      ]);
      expect(pages.map((p) => [p.title, p.mainContent, p.language])).toEqual([
        ['One', 'first', null],
        ['Two', 'second', 'fr'],
      ]);
      // 150,000 siblings: no stack overflow on the thread either.
      const wide = await reader.read(`<body>${'<p>a</p>'.repeat(150_000)}<p>endzz</p></body>`, base);
      expect(wide.mainContent.endsWith('a endzz')).toBe(true);
    } finally {
      await reader.close();
    }
  });

  it('ends a thread that reads past its deadline, and reads the next page on a new one', async () => {
    const reader = new PageReader({ threads: 1, timeoutMs: 200, maxHeapMb: 512 });
    try {
      await expect(reader.read(`<body>${'<div><p>slow</p></div>'.repeat(300_000)}</body>`, base)).rejects.toMatchObject({
        reason: 'the page took too long to read',
      });
      expect((await reader.read('<p>after</p>', base)).mainContent).toBe('after');
    } finally {
      await reader.close();
    }
    await expect(reader.read('<p>closed</p>', base)).rejects.toMatchObject({ reason: 'the service stopped before the page was read' });
  });
});

describe('PageReader.readFetched', () => {
  it('reads HTML bytes in their charset, with the language and date of the headers when the page has none', async () => {
    const reader = new PageReader({ threads: 1, timeoutMs: 30_000, maxHeapMb: 512 });
    try {
      const headers = { contentLanguage: 'de-CH, en', lastModified: 'Tue, 01 Dec 2026 10:00:00 GMT', etag: null, robots: null, charset: 'iso-8859-1' };
      const page = await reader.readFetched(Buffer.from('<p>Gr\u00fc\u00dfe</p>', 'latin1'), 'text/html', base, headers);
      expect([page.mainContent, page.language, page.modified]).toEqual(['Gr\u00fc\u00dfe', 'de-CH', '2026-12-01T10:00:00.000Z']);
      const own = await reader.readFetched(
        Buffer.from('<html lang="fr"><meta property="article:modified_time" content="2020-01-01"><p>x</p>'),
        'text/html',
        base,
        headers,
      );
      expect([own.language, own.modified]).toEqual(['fr', '2020-01-01']);
    } finally {
      await reader.close();
    }
  });
});

describe('PageReader documents', () => {
  it('reads PDF and DOCX documents on its threads, and reads on after a broken one', async () => {
    const reader = new PageReader({ threads: 1, timeoutMs: 30_000, maxHeapMb: 512 });
    try {
      const pdf = await reader.readFetched(makePdf(['pdfwordzz inside'], { title: 'Manual' }), 'application/pdf', new URL('https://example.com/m.pdf'));
      expect(pdf).toMatchObject({ title: 'Manual', mainContent: 'pdfwordzz inside', documentType: 'pdf' });
      await expect(reader.readFetched(Buffer.from('%PDF-1.4\n'), 'application/pdf', new URL('https://example.com/b.pdf'))).rejects.toMatchObject({
        reason: 'the PDF document is broken and could not be read',
      });
      const docx = makeDocx([{ heading: 'Guide' }, 'docxwordzz']);
      const read = await reader.readFetched(docx, 'application/octet-stream', new URL('https://example.com/guide.docx'));
      expect(read).toMatchObject({ title: 'Guide', mainContent: 'Guide docxwordzz', documentType: 'docx' });
      await expect(reader.readFetched(Buffer.from('x'), 'text/plain', base)).rejects.toMatchObject({
        reason: 'the page is not HTML or a document this service reads',
      });
    } finally {
      await reader.close();
    }
  });

  it('ends a thread that reads a document past the deadline', async () => {
    const reader = new PageReader({ threads: 1, timeoutMs: 50, maxHeapMb: 512 });
    try {
      const pages = Array.from({ length: 4_000 }, (_, n) => `page ${n} ${'text '.repeat(20)}`);
      await expect(reader.readFetched(makePdf(pages), 'application/pdf', new URL('https://example.com/long.pdf'))).rejects.toMatchObject({
        reason: 'the page took too long to read',
      });
    } finally {
      await reader.close();
    }
  });
});
