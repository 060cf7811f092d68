import { describe, expect, it } from 'vitest';
import { parseHighlight } from './parseHighlight.ts';

const em = (text: string) => ({ text, em: true });
const plain = (text: string) => ({ text, em: false });

describe('parseHighlight', () => {
  it('splits matched terms from the rest', () => {
    expect(parseHighlight('The <em>grid</em> layout and <em>grid</em>-area')).toEqual([
      plain('The '),
      em('grid'),
      plain(' layout and '),
      em('grid'),
      plain('-area'),
    ]);
  });

  it('returns no parts for empty, null or undefined', () => {
    expect(parseHighlight('')).toEqual([]);
    expect(parseHighlight(null)).toEqual([]);
    expect(parseHighlight(undefined)).toEqual([]);
  });

  it('accepts <em> in any case and with attributes, which are ignored', () => {
    expect(parseHighlight('a<EM>b</Em>c<em class="x" onclick="alert(1)">d</em >')).toEqual([plain('a'), em('b'), plain('c'), em('d')]);
  });

  it('decodes the common entities', () => {
    expect(parseHighlight('&lt;div&gt; &amp; &quot;q&quot; &#39;s&#39; &apos; &#x41;&#66;&nbsp;')).toEqual([plain("<div> & \"q\" 's' ' AB\u00a0")]);
  });

  it('decodes entities inside emphasis', () => {
    expect(parseHighlight('<em>&lt;input&gt;</em>')).toEqual([em('<input>')]);
  });

  it('never turns escaped markup into emphasis', () => {
    expect(parseHighlight('&lt;em&gt;not em&lt;/em&gt;')).toEqual([plain('<em>not em</em>')]);
    expect(parseHighlight('&#60;em&#62;x')).toEqual([plain('<em>x')]);
  });

  it('decodes only once: a double-escaped entity stays an entity', () => {
    expect(parseHighlight('&amp;lt;script&amp;gt;')).toEqual([plain('&lt;script&gt;')]);
  });

  it('keeps unknown entities and bare ampersands as they are', () => {
    expect(parseHighlight('AT&T &copy; &bogus; &#;')).toEqual([plain('AT&T &copy; &bogus; &#;')]);
  });

  it('replaces invalid code points with U+FFFD', () => {
    expect(parseHighlight('&#0;&#xD800;&#x110000;')).toEqual([plain('\ufffd\ufffd\ufffd')]);
  });

  it('keeps <script> as literal text', () => {
    expect(parseHighlight('<script>alert(1)</script>')).toEqual([plain('<script>alert(1)</script>')]);
  });

  it('keeps <img onerror> as literal text', () => {
    expect(parseHighlight('x <img src=x onerror=alert(1)> <em>y</em>')).toEqual([plain('x <img src=x onerror=alert(1)> '), em('y')]);
  });

  it('keeps javascript: links as literal text', () => {
    expect(parseHighlight('<a href="javascript:alert(1)">click</a>')).toEqual([plain('<a href="javascript:alert(1)">click</a>')]);
  });

  it('does not mistake tags that start with "em" for <em>', () => {
    expect(parseHighlight('<embed src=x><emoji>a</emoji>')).toEqual([plain('<embed src=x><emoji>a</emoji>')]);
  });

  it('emphasises to the end when <em> is never closed', () => {
    expect(parseHighlight('a <em>b c')).toEqual([plain('a '), em('b c')]);
  });

  it('ignores a stray closing </em>', () => {
    expect(parseHighlight('a</em>b<em>c</em>')).toEqual([plain('ab'), em('c')]);
  });

  it('handles nested <em><em> by depth', () => {
    expect(parseHighlight('<em><em>a</em>b</em>c')).toEqual([em('ab'), plain('c')]);
  });

  it('treats <em/> as nothing', () => {
    expect(parseHighlight('a<em/>b')).toEqual([plain('ab')]);
  });

  it('merges neighbours and drops empty emphasis', () => {
    expect(parseHighlight('a<em></em>b<em>c</em><em>d</em>')).toEqual([plain('ab'), em('cd')]);
  });

  it('keeps a broken tag from swallowing text: "<em" without ">"', () => {
    expect(parseHighlight('a <em b <em>c</em>')).toEqual([plain('a <em b '), em('c')]);
  });

  it('keeps a lone "<" and "<" in comparisons', () => {
    expect(parseHighlight('1 < 2 and <em>3</em> <')).toEqual([plain('1 < 2 and '), em('3'), plain(' <')]);
  });

  it('treats hostile mixtures as text around emphasis, never as other markup', () => {
    const hostile = '<em><svg/onload=alert(1)></em><iframe srcdoc="<script>x</script>"><!-- c --><![CDATA[y]]>&lt;img src=x onerror=alert(2)&gt;';
    const parts = parseHighlight(hostile);
    expect(parts).toEqual([em('<svg/onload=alert(1)>'), plain('<iframe srcdoc="<script>x</script>"><!-- c --><![CDATA[y]]><img src=x onerror=alert(2)>')]);
    for (const part of parts) expect(Object.keys(part).sort()).toEqual(['em', 'text']);
  });

  it('is fast enough on pathological input (no catastrophic backtracking)', () => {
    const input = '<em' + ' a'.repeat(20_000) + '<'.repeat(20_000);
    const parts = parseHighlight(input);
    expect(parts.map((p) => p.text).join('')).toBe(input);
  });
});
