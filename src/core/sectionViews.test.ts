import { describe, expect, it } from 'vitest';
import type { SearchHit } from '../client/types.ts';
import { sectionViews } from './sectionViews.ts';

const hit = (sections: unknown) => ({ id: 'p', url: 'https://docs.example.com/p', sections }) as unknown as SearchHit;

describe('sectionViews', () => {
  it('reads each section: its heading, its link and its passage with the marks parsed', () => {
    expect(sectionViews(hit([{ title: ' Mapping types ', url: 'https://docs.example.com/p#dict', highlight: 'a <em>dict</em> &lt;b&gt;' }]))).toEqual([
      {
        title: 'Mapping types',
        href: 'https://docs.example.com/p#dict',
        passage: [
          { text: 'a ', em: false },
          { text: 'dict', em: true },
          { text: ' <b>', em: false },
        ],
      },
    ]);
  });

  it('has none for a hit without sections, or with something else in their place', () => {
    expect(sectionViews(hit(undefined))).toEqual([]);
    expect(sectionViews(hit('<img onerror=x>'))).toEqual([]);
    expect(sectionViews(hit({ 0: { title: 'a', url: 'https://x.example/' } }))).toEqual([]);
  });

  it('leaves out a section whose URL is no web address or that has no heading, and keeps to 3', () => {
    const ok = (n: number) => ({ title: `S${n}`, url: `https://docs.example.com/p#s${n}`, highlight: '' });
    const views = sectionViews(
      hit([
        null,
        7,
        { title: 'Script', url: 'javascript:alert(1)//#x', highlight: '' },
        { title: 'Tabbed', url: 'java\tscript:alert(1)', highlight: '' },
        { title: 'Data', url: 'data:text/html,<script>1</script>', highlight: '' },
        { title: '', url: 'https://docs.example.com/p#empty', highlight: '' },
        { title: 3, url: { href: 'https://x.example/' } },
      ]),
    );
    expect(views).toEqual([]);
    expect(sectionViews(hit([ok(1), ok(2), ok(3), ok(4)])).map((s) => s.title)).toEqual(['S1', 'S2', 'S3']);
    expect(sectionViews(hit([{ title: 'T', url: 'https://docs.example.com/p#a', highlight: 5 }]))[0]!.passage).toEqual([]);
  });
});
