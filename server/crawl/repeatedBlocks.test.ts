import { describe, expect, it } from 'vitest';
import { blockHash, readPage, type ContentBlock } from './readPage.ts';
import { RepeatedBlocks } from './repeatedBlocks.ts';

const block = (text: string): ContentBlock => ({ hash: blockHash(text), text });

/** Words drawn from a seeded sequence: each page has text of its own, the same at every run. */
function words(seed: number, count: number): string {
  const vocabulary = ['sprocket', 'gear', 'widget', 'install', 'server', 'index', 'query', 'token', 'field', 'crawl', 'bolt', 'lever', 'valve', 'page'];
  let state = seed;
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    out.push(`${vocabulary[state % vocabulary.length]}${(state >> 8) % 97}`);
  }
  return out.join(' ');
}

const NAV_TABLE = `<div class="navheader"><table width="100%">
  <tr><th colspan="3">The Widget Manual</th></tr>
  <tr><td><a href="prev.html">Prev</a></td><td>Part II. Fitting</td><td><a href="next.html">Next</a></td></tr>
  <tr><td><a href="/a">Installing</a> | <a href="/b">Configuring</a> | <a href="/c">Indexing</a> | <a href="/d">Searching</a></td></tr>
</table><hr></div>`;
const FOOTER = `<div class="navfooter"><hr><table width="100%">
  <tr><td><a href="prev.html">Prev</a></td><td><a href="up.html">Up</a></td><td><a href="/">Home</a></td><td><a href="next.html">Next</a></td></tr>
  <tr><td>Chapter 3. Before you start</td><td>Chapter 5. After you finish</td></tr>
</table></div><div class="legal">Copyright 2026 The Widget Project. All rights reserved. Cookie settings</div>`;
const BOILERPLATE = ['The Widget Manual', 'Part II. Fitting', 'Installing | Configuring', 'Prev Up Home Next', 'Before you start', 'All rights reserved'];

/** A page of the generated site: its own heading and paragraphs between the shared blocks. */
function sitePage(n: number): string {
  const paragraphs = Array.from({ length: 4 + (n % 5) }, (_, i) => `<p>${words(n * 100 + i, 40)}</p>`).join('');
  return `<html><head><title>Page ${n}</title></head><body>${NAV_TABLE}<div class="section"><h2>Section ${n}: ${words(n, 3)}</h2>${paragraphs}</div>${FOOTER}</body></html>`;
}

describe('RepeatedBlocks', () => {
  it('leaves the navigation table, footer and "Prev Up Home Next" of a site without landmarks out of its text', () => {
    const pages = Array.from({ length: 30 }, (_, n) => readPage(sitePage(n), new URL(`https://example.com/manual/p${n}.html`)));
    // Read alone, a page keeps all of its boilerplate: nothing marks it.
    expect(pages[0]!.mainContent).toContain('Prev Up Home Next');
    const repeated = new RepeatedBlocks();
    for (const page of pages) repeated.see(page.blocks);
    const kept = pages.map((page) => repeated.contentOf(page.blocks)).join(' ');
    const boilerplate = BOILERPLATE.reduce((sum, text) => sum + kept.split(text).length - 1, 0);
    expect(boilerplate).toBe(0);
    // Every page's own text is kept.
    for (const [n, page] of pages.entries()) expect(repeated.contentOf(page.blocks)).toContain(words(n * 100, 40));
  });

  it('keeps the boilerplate under 2% of the text when pages are judged as they come', () => {
    const repeated = new RepeatedBlocks();
    let keptChars = 0;
    let boilerplateChars = 0;
    for (let n = 0; n < 300; n++) {
      const page = readPage(sitePage(n), new URL(`https://example.com/manual/p${n}.html`));
      repeated.see(page.blocks);
      for (const b of page.blocks) {
        if (repeated.isRepeated(b.hash)) continue;
        keptChars += b.text.length + 1;
        if (BOILERPLATE.some((text) => b.text.includes(text))) boilerplateChars += b.text.length + 1;
      }
    }
    // Only the pages seen before `minPages` keep theirs.
    expect(boilerplateChars / keptChars).toBeLessThan(0.02);
  });

  it('judges nothing before minPages, then by share; each hash counts once a page', () => {
    const repeated = new RepeatedBlocks({ share: 0.5, minPages: 3 });
    const nav = block('Home | Docs | Blog');
    repeated.see([nav, nav, block('one')]);
    repeated.see([nav, block('two')]);
    expect(repeated.isRepeated(nav.hash)).toBe(false);
    repeated.see([block('three')]);
    expect(repeated.isRepeated(nav.hash)).toBe(true);
    expect(repeated.state()).toMatchObject({ pages: 3, counts: { [nav.hash]: 2 } });
    repeated.see([block('four')]);
    expect(repeated.isRepeated(nav.hash)).toBe(true); // 2 of 4
    repeated.see([block('five')]);
    expect(repeated.isRepeated(nav.hash)).toBe(false); // 2 of 5
    expect(repeated.contentOf([nav, block('own text')])).toBe('Home | Docs | Blog own text');
  });

  it('resumes from its state, and stays within its bound by forgetting the rarest hashes', () => {
    const repeated = new RepeatedBlocks({ maxHashes: 100, minPages: 2 });
    const nav = block('Prev Up Home Next');
    for (let n = 0; n < 1_000; n++) repeated.see([nav, block(`own text ${words(n, 5)}`)]);
    const state = repeated.state();
    expect(Object.keys(state.counts).length).toBeLessThanOrEqual(100);
    expect(state.counts[nav.hash]).toBe(1_000);
    const resumed = new RepeatedBlocks({}, JSON.parse(JSON.stringify(state)) as typeof state);
    expect(resumed.isRepeated(nav.hash)).toBe(true);
    expect(resumed.contentOf([nav, block('mine')])).toBe('mine');
  });
});
