import { describe, expect, it } from 'vitest';
import { readPage } from './readPage.ts';

const base = new URL('https://example.com/docs/page.html');

describe('readPage', () => {
  it('reads broken markup as a browser would', () => {
    const page = readPage('<title>Broken</title><p>First <b>bold<p>Second</div></span>', base);
    expect(page.title).toBe('Broken');
    expect(page.mainContent).toBe('First bold Second');
  });

  it('falls back to the first h1 for a missing title, and keeps words of adjacent blocks apart', () => {
    const page = readPage('<body><h1>Main heading</h1><div>one</div><div>two</div><ul><li>a</li><li>b</li></ul></body>', base);
    expect(page.title).toBe('Main heading');
    expect(page.mainContent).toBe('Main heading one two a b');
  });

  it('leaves out hidden elements, scripts, templates and landmarks of boilerplate', () => {
    const page = readPage(
      `<body><p>kept</p><p hidden>hiddenattr</p><div aria-hidden="true">ariahidden</div><template>tpl</template>
       <div role="banner">banner</div><div role="complementary">aside</div><script>code()</script><p>also kept</p></body>`,
      base,
    );
    expect(page.mainContent).toBe('kept also kept');
  });

  it('keeps the header of an article, not the header of the page', () => {
    const page = readPage('<body><header>Site</header><article><header><h1>Post</h1></header><p>Text</p></article></body>', base);
    expect(page.mainContent).toBe('Post Text');
    expect(page.h1).toBe('Post');
  });

  it('resolves og:image against the page and reads robots and dates', () => {
    const page = readPage(
      `<html lang="pt-BR"><head><meta property="og:image" content="../img/a.png"><meta name="ROBOTS" content="NONE">
       <meta name="date" content="2020-01-02"><meta name="description" content="  "></head><body></body></html>`,
      base,
    );
    expect(page.image).toBe('https://example.com/img/a.png');
    expect(page.noindex).toBe(true);
    expect(page.language).toBe('pt-BR');
    expect(page.published).toBe('2020-01-02');
    expect(page.metaDescription).toBeNull();
    expect(readPage('<meta name="robots" content="index, nofollow">', base).noindex).toBe(false);
  });

  it('reads a page of 150,000 sibling elements and one nested 100,000 deep without overflowing the stack', () => {
    const wide = readPage(`<title>Wide</title><body><nav>navzz</nav>${'<p>a</p>'.repeat(150_000)}<p>widezz</p></body>`, base);
    expect(wide.mainContent.endsWith('a a widezz')).toBe(true);
    expect(wide.mainContent).not.toContain('navzz');
    const deep = readPage(
      `<body><aside>${'<div><span>'.repeat(50_000)}hiddenzz</aside>${'<section><div>'.repeat(50_000)}<h1>Deep</h1><header>deepzz</header></body>`,
      base,
    );
    expect(deep.mainContent).toBe('Deep deepzz');
    expect(deep.h1).toBe('Deep');
  });
});
