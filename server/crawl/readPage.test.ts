import { describe, expect, it } from 'vitest';
import { blockHash, readPage } from './readPage.ts';

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

  it('keeps h1–h3 headings as a field and each section with its anchor and its text', () => {
    const page = readPage(
      `<body><nav><h2>Menu</h2></nav><main><h1 id="top">Built-in Types<a class="headerlink" href="#top">¶</a></h1><p>Intro.</p>
       <section id="dict"><h2>Mapping Types — dict<a href="#dict">¶</a></h2><p>A mapping object.</p><h4>Note</h4><p>Keys hash.</p></section>
       <div id="page"><p>Before.</p><h3>No anchor</h3><p>Plain.</p></div>
       <h2><a name="old"></a>Named</h2><p>${'word '.repeat(400)}</p><h3><img alt=""></h3><p>After an empty heading.</p></main></body>`,
      base,
    );
    expect(page.headings).toBe('Built-in Types\nMapping Types — dict\nNo anchor\nNamed');
    expect(page.sections.map(({ title, anchor }) => ({ title, anchor }))).toEqual([
      { title: 'Built-in Types', anchor: 'top' },
      { title: 'Mapping Types — dict', anchor: 'dict' },
      // The div's id marks where the div begins, above the heading: not the heading's anchor.
      { title: 'No anchor', anchor: null },
      { title: 'Named', anchor: 'old' },
    ]);
    expect(page.sections[0]!.text).toBe('Intro.');
    // An h4 is part of its section's text, which runs to the next h1–h3.
    expect(page.sections[1]!.text).toBe('A mapping object. Note Keys hash. Before.');
    expect(page.sections[3]!.text.length).toBeLessThanOrEqual(800);
    expect(page.sections[3]!.text).toMatch(/^word word/);
    // The whole content is still the page's text, headings included.
    expect(page.mainContent).toContain('Mapping Types — dict¶ A mapping object.');
  });

  it('adds the terms a page defines to its headings: a dt by its id when that is a name, else by its short text', () => {
    const page = readPage(
      `<body><main><h1>Built-in Types</h1><dl class="py method"><dt class="sig" id="dict.get"><span>get</span>(<em>key</em>)<a href="#dict.get">¶</a></dt>
       <dd><p>Return the value.</p><dl><dt id="dict.get.nested">nested</dt><dd></dd></dl></dd></dl>
       <dl class="glossary"><dt id="term-decorator">decorator<a href="#term-decorator">¶</a></dt><dd>A function.</dd>
       <dt>${'long '.repeat(30)}</dt><dd>Too long to be a term.</dd><dt id="dict.get">get</dt></dl></main>
       <nav><dl><dt id="menu">Menu</dt></dl></nav></body>`,
      base,
    );
    expect(page.headings).toBe('Built-in Types\ndict.get\ndict.get.nested\ndecorator');
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

  it('finds links, frames and rel=next against <base>, leaving out nofollow links and other schemes', () => {
    const page = readPage(
      `<head><base href="https://example.com/other/"><link rel="next" href="p2.html"><link rel="stylesheet" href="s.css">
       <link rel="canonical" href="/docs/page"><link rel="alternate" hreflang="de" href="https://example.de/seite">
       <link rel="alternate" hreflang="x-default" href="/"><link rel="alternate" type="application/rss+xml" href="/feed"></head>
       <body><nav><a href="a.html">A</a></nav><a href="a.html#top">again</a><a rel="nofollow ugc" href="/spam">x</a>
       <a href="mailto:x@example.com">m</a><a href="javascript:void 0">j</a><a href="http://[bad">bad</a><a>none</a>
       <iframe src="//cdn.example.com/embed"></iframe><map><area href="/area"></map></body>`,
      base,
    );
    expect(page.links).toEqual([
      'https://example.com/other/p2.html',
      'https://example.com/other/a.html',
      'https://example.com/other/a.html#top',
      'https://cdn.example.com/embed',
      'https://example.com/area',
    ]);
    expect(page.canonical).toBe('https://example.com/docs/page');
    expect(page.alternates).toEqual([
      { lang: 'de', href: 'https://example.de/seite' },
      { lang: 'x-default', href: 'https://example.com/' },
    ]);
    expect(page.nofollow).toBe(false);
    const frames = readPage('<frameset><frame src="left.html"><frame src="right.html"></frameset>', base);
    expect(frames.links).toEqual(['https://example.com/docs/left.html', 'https://example.com/docs/right.html']);
    const closed = readPage('<meta name="robots" content="noindex,nofollow"><a href="/x">x</a>', base);
    expect([closed.links, closed.nofollow, closed.canonical]).toEqual([[], true, null]);
  });

  it('reads dates from meta tags and JSON-LD', () => {
    const page = readPage(
      `<head><script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"WebSite"},
       {"@type":"Article","datePublished":"2023-04-05","dateModified":"2023-06-07T08:00:00Z"}]}</script>
       <script type="application/ld+json">{broken</script></head>`,
      base,
    );
    expect([page.published, page.modified]).toEqual(['2023-04-05', '2023-06-07T08:00:00Z']);
    const meta = readPage(
      '<meta property="article:published_time" content="2022-01-01"><meta property="article:modified_time" content="2022-02-02"><script type="application/ld+json">{"datePublished":"2000-01-01"}</script>',
      base,
    );
    expect([meta.published, meta.modified]).toEqual(['2022-01-01', '2022-02-02']);
  });

  it("honours the owner's markup: ignored elements, the parts to index, custom fields", () => {
    const page = readPage(
      `<head><meta name="addsearch-custom-field" content="category=guides"><meta name="addsearch-custom-field" content="rating=4.5">
       <meta name="addsearch-custom-field" content="pages=12"><meta name="addsearch-custom-field" content="tag=a">
       <meta name="addsearch-custom-field" content="tag=b"><meta name="addsearch-custom-field" content="sku=0042" data-type="text">
       <meta name="addsearch-custom-field" content="noequals"><meta name="addsearch-custom-field" content="x = y = z"></head>
       <body><div>outside</div><div data-site-search-body><p>first part</p><p data-site-search-ignore>ignored</p>
       <div data-site-search-body>nested</div></div><p>between</p><section data-site-search-body>second part</section></body>`,
      base,
    );
    expect(page.mainContent).toBe('first part nested second part');
    expect(page.customFields).toEqual({ category: 'guides', rating: 4.5, pages: 12, tag: ['a', 'b'], sku: '0042', x: 'y = z' });
    expect(readPage('<main><p>kept</p><div data-site-search-ignore="">dropped</div></main>', base).mainContent).toBe('kept');
  });

  it('cuts the content into blocks: paragraphs, items, rows, headings and the text runs of divs', () => {
    const page = readPage(
      `<body><div>Run one <b>bold</b><p>Para</p>run two</div><ul><li>Item <a>link</a></li></ul>
       <table><tr><td>Prev</td><td>Up</td><td>Home</td><td>Next</td></tr><tr><th>A</th><td><p>B</p></td></tr></table>
       <h2>Heading</h2><pre>code  here</pre></body>`,
      base,
    );
    expect(page.blocks.map((b) => b.text)).toEqual(['Run one bold', 'Para', 'run two', 'Item link', 'Prev Up Home Next', 'A', 'B', 'Heading', 'code here']);
    expect(page.mainContent).toBe(page.blocks.map((b) => b.text).join(' '));
    expect(page.documentType).toBe('html');
    // Folded: case, accents, punctuation and numbers do not part blocks.
    expect(blockHash('Page 3 of 30 — Café')).toBe(blockHash('page 4 of 31 cafe'));
    expect(blockHash('Prev Up Home Next')).not.toBe(blockHash('Prev Up Home'));
  });
});
