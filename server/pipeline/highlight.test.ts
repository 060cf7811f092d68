import { describe, expect, it } from 'vitest';
import { testPlan } from '../testing/testPlan.ts';
import { highlight, highlightTerms, highlightTitle } from './highlight.ts';

const terms = (exact: string[], prefixes: string[] = []) => ({ exact: new Set(exact), prefixes });

describe('highlight', () => {
  it('wraps matched words and escapes everything else', () => {
    expect(highlight('Tom & <b>Jerry</b> say "hi"', terms(['jerry']))).toBe('Tom &amp; &lt;b&gt;<em>Jerry</em>&lt;/b&gt; say &quot;hi&quot;');
  });

  it('matches prefixes and folded words', () => {
    expect(highlight('Widgets and WIDGETRY, café', terms(['cafe'], ['widget']))).toBe('<em>Widgets</em> and <em>WIDGETRY</em>, <em>café</em>');
  });

  it('finds a late first match past words it skips, folded, in parts and begun, as when reading every word', () => {
    const filler = 'plain words — ¶ '.repeat(2000);
    expect(highlight(`${filler}the setTimeout call`, terms(['timeout']))).toMatch(/….*set<em>Timeout<\/em> call$/);
    expect(highlight(`${filler}an ÉLÉMENT here`, terms(['element']))).toMatch(/<em>ÉLÉMENT<\/em> here$/);
    expect(highlight(`${filler}a nai\u0308ve one`, terms(['naive']))).toMatch(/<em>nai\u0308ve<\/em> one$/);
    expect(highlight(`${filler}İstanbul Widgets`, terms([], ['widget']))).toMatch(/<em>Widgets<\/em>$/);
    // Past the scanned range a match is not looked for: the start is shown.
    expect(highlight(`${'word '.repeat(25_000)}target`, terms(['target']))).toMatch(/^word word .*…$/);
  });

  it('without a match, shows the start of the content', () => {
    const text = `${'word '.repeat(100)}end`;
    const result = highlight(text, terms(['absent']));
    expect(result.startsWith('word word')).toBe(true);
    expect(result.endsWith('…')).toBe(true);
    expect(result.length).toBeLessThanOrEqual(201);
  });

  it('centres on the first match of a long text and collapses whitespace', () => {
    const text = `${'a\n\n '.repeat(300)}needle here ${'b '.repeat(300)}`;
    const result = highlight(text, terms(['needle']));
    expect(result).toMatch(/^…a a a/);
    expect(result).toContain('<em>needle</em> here');
    expect(result).not.toMatch(/\s\s|\n/);
  });

  it('marks the parts of an identifier that match, as the ranking counts them', () => {
    expect(highlight('Call setTimeout() or settimeout', terms(['timeout']))).toBe('Call set<em>Timeout</em>() or settimeout');
    expect(highlight('document.getElementById(id)', terms(['getelement', 'id']))).toBe('document.<em>getElement</em>ById(<em>id</em>)');
    expect(highlight('getElementsByTagName', terms(['by', 'tag'], ['nam']))).toBe('getElementsByTag<em>Name</em>');
  });

  it('is empty for empty content', () => {
    expect(highlight('', terms(['x']))).toBe('');
  });
});

describe('highlightTitle', () => {
  it('marks the stop words the title names beside a query word, as the ranking counts them', () => {
    const from = highlightTerms(testPlan('array from', ['Array.from()']));
    expect(highlightTitle('Array.from()', from)).toBe('<em>Array</em>.<em>from</em>()');
    const at = highlightTerms(testPlan('string at', ['String.prototype.at()']));
    expect(highlightTitle('String.prototype.at()', at)).toBe('<em>String</em>.prototype.<em>at</em>()');
    expect(highlightTitle('At a glance: String', at)).toBe('At a glance: <em>String</em>');
    const center = highlightTerms(testPlan('how to center a div', ['center', 'div']));
    expect(highlightTitle('Div in the center: how to do it', center)).toBe('<em>Div</em> in the <em>center</em>: how to do it');
    expect(highlightTitle('How to center a div', center)).toBe('How <em>to</em> <em>center</em> <em>a</em> <em>div</em>');
  });

  it('marks a completion as far as typed, and escapes the rest', () => {
    const glob = highlightTerms(testPlan('glob', ['global']));
    expect(highlightTitle('fetch() <global> function', glob)).toBe('fetch() &lt;<em>glob</em>al&gt; function');
  });
});

describe('highlightTerms', () => {
  it('takes every alternative of the plan, the last typed word as a prefix', () => {
    const plan = testPlan('colour setimeout fet', ['color', 'settimeout', 'fetch']);
    const { exact, prefixes } = highlightTerms(plan);
    expect([...exact].sort()).toEqual(expect.arrayContaining(['colour', 'setimeout', 'settimeout']));
    expect(prefixes).toContain('fet');
    expect(highlight('Use setTimeout to fetch', { exact, prefixes })).toBe('Use <em>setTimeout</em> to <em>fetch</em>');
  });

  it('leaves out the stop words of a query with other words', () => {
    const center = highlightTerms(testPlan('how to center a div', ['center', 'div']));
    expect(highlight('How to use a grid to center a div', center)).toBe('How to use a grid to <em>center</em> a <em>div</em>');
    const from = highlightTerms(testPlan('array from', ['array', 'from']));
    expect(highlight('Creates an array from an iterable', from)).toBe('Creates an <em>array</em> from an iterable');
  });

  it('keeps stop words when the query has nothing else', () => {
    expect(highlight('How to do it', highlightTerms(testPlan('how to', ['how', 'to'], { prefixLast: false })))).toBe('<em>How</em> <em>to</em> do it');
  });

  it('tells a title that holds every searched word, in any form the ranking counts', () => {
    const { title } = highlightTerms(testPlan('set timeout', ['setTimeout()', 'timeouts']));
    expect(title?.('setTimeout()').match).toBe(true);
    expect(title?.('Timeouts').match).toBe(false);
    expect(highlightTerms(testPlan('', [])).title?.('anything').match).toBe(false);
  });

  it('is empty for the plan of every document', () => {
    expect(highlightTerms(testPlan('', []))).toMatchObject({ exact: new Set(), prefixes: [] });
  });
});
