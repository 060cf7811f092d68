import { describe, expect, it } from 'vitest';
import { testPlan } from '../ranking/testPlan.ts';
import { highlight, highlightTerms, highlightTitle } from './highlight.ts';

const terms = (exact: string[], prefixes: string[] = []) => ({ exact: new Set(exact), prefixes });

describe('highlight', () => {
  it('wraps matched words and escapes everything else', () => {
    expect(highlight('Tom & <b>Jerry</b> say "hi"', terms(['jerry']))).toBe('Tom &amp; &lt;b&gt;<em>Jerry</em>&lt;/b&gt; say &quot;hi&quot;');
  });

  it('matches prefixes and folded words', () => {
    expect(highlight('Widgets and WIDGETRY, café', terms(['cafe'], ['widget']))).toBe('<em>Widgets</em> and <em>WIDGETRY</em>, <em>café</em>');
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
  it('marks the whole title, stop words only where the title names them with a query word', () => {
    const at = highlightTerms(testPlan('string at', ['String.prototype.at()']));
    expect(highlightTitle('String.prototype.at()', at)).toBe('<em>String</em>.prototype.<em>at</em>()');
    expect(highlightTitle('At a glance: String', at)).toBe('At a glance: <em>String</em>');
    const center = highlightTerms(testPlan('how to center a div', ['center', 'div']));
    expect(highlightTitle('How to center a div', center)).toBe('How <em>to</em> <em>center</em> <em>a</em> <em>div</em>');
    expect(highlightTitle('A div: how to place it in the center', center)).toBe('A <em>div</em>: how to place it in the <em>center</em>');
    expect(highlightTitle('<b>div</b> & co', center)).toBe('&lt;b&gt;<em>div</em>&lt;/b&gt; &amp; co');
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

  it('marks stop words only where they continue the typed phrase', () => {
    const plan = testPlan('how to center a div', ['center', 'div']);
    const terms = highlightTerms(plan);
    expect(highlight('Use a grid to center a div: a div is a block, to a centre', terms)).toBe(
      'Use a grid <em>to</em> <em>center</em> <em>a</em> <em>div</em>: a <em>div</em> is a block, to a centre',
    );
    expect(highlight('How a div gets to the center', terms)).toBe('How a <em>div</em> gets to the <em>center</em>');
  });

  it('marks a stop word that names a method with the word before it', () => {
    const terms = highlightTerms(testPlan('array from', ['array', 'from']));
    expect(highlight('Array.from() creates an array; from a list too', terms)).toBe(
      '<em>Array</em>.<em>from</em>() creates an <em>array</em>; from a list too',
    );
  });

  it('marks stop words when the query has nothing else', () => {
    expect(highlight('How to do it', highlightTerms(testPlan('how to', ['how', 'to'], { prefixLast: false })))).toBe('<em>How</em> <em>to</em> do it');
  });

  it('tells a title that holds every searched word, in any form the ranking counts', () => {
    const { titleMatch } = highlightTerms(testPlan('set timeout', ['setTimeout()', 'timeouts']));
    expect(titleMatch?.('setTimeout()')).toBe(true);
    expect(titleMatch?.('Timeouts')).toBe(false);
    expect(highlightTerms(testPlan('', [])).titleMatch?.('anything')).toBe(false);
  });

  it('is empty for the plan of every document', () => {
    expect(highlightTerms(testPlan('', []))).toMatchObject({ exact: new Set(), prefixes: [], stops: [] });
  });
});
