import { describe, expect, it } from 'vitest';
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
