import { describe, expect, it } from 'vitest';
import { markTitle } from './markTitle.ts';
import { parseHighlight, type HighlightPart } from './parseHighlight.ts';

/** The parts as one string, emphasised runs in brackets. */
const show = (parts: HighlightPart[]) => parts.map((p) => (p.em ? `[${p.text}]` : p.text)).join('');
const mark = (title: string, term: string, highlight?: string) => show(markTitle(title, term, parseHighlight(highlight)));

describe('markTitle', () => {
  it('marks the words of the term, ignoring case and accents both ways', () => {
    expect(mark('Grid layout: grid-template', 'GRID')).toBe('[Grid] layout: [grid]-template');
    expect(mark('Résumé builder', 'resume')).toBe('[Résumé] builder');
    expect(mark('resume builder', 'RÉSUMÉ')).toBe('[resume] builder');
    // A decomposed accent stays with its letter.
    expect(mark('Re\u0301sume\u0301 builder', 'builder résumé')).toBe('[Re\u0301sume\u0301] [builder]');
  });

  it('marks the start of a longer word for the last word only, which may still be being typed', () => {
    expect(mark('fetch() global function', 'glob')).toBe('fetch() [glob]al function');
    expect(mark('Settings timeout', 'set time')).toBe('Settings [time]out');
    expect(mark('Settings timeout', 'time set')).toBe('[Set]tings timeout');
  });

  it('matches camel-case parts, and runs of them from the start of the word', () => {
    expect(mark('setTimeout()', 'timeout')).toBe('set[Timeout]()');
    expect(mark('setTimeout()', 'set timeout')).toBe('[setTimeout]()');
    expect(mark('setTimeout()', 'set')).toBe('[set]Timeout()');
    expect(mark('Document.getElementById()', 'element document')).toBe('[Document].get[Element]ById()');
    expect(mark('Document.getElementById()', 'getelement x')).toBe('Document.[getElement]ById()');
    expect(mark('HTMLElement: click event', 'html click')).toBe('[HTML]Element: [click] event');
    expect(mark('XMLHttpRequest', 'request')).toBe('XMLHttp[Request]');
    expect(mark('XMLHttpRequest', 'http zz')).toBe('XML[Http]Request');
    // Not inside a part: `settimeout` is one word, `Time` in `setTimeout` only while typed.
    expect(mark('settimeout', 'timeout')).toBe('settimeout');
    expect(mark('setTimeout', 'time x')).toBe('setTimeout');
    expect(mark('setTimeout', 'time')).toBe('set[Time]out');
  });

  it('marks the words the service marked in the passage: its corrections and word forms', () => {
    expect(mark('fetch() global function', 'fecth', 'Starts <em>fetching</em> with <em>fetch</em>()')).toBe('[fetch]() global function');
    expect(mark('Using the Fetch API', 'fetsh apy', 'the <em>Fetch</em> <em>API</em> provides')).toBe('Using the [Fetch] [API]');
    // Only what is emphasised counts; the rest of the passage does not.
    expect(mark('Using the Fetch API', 'zzz', 'Using the Fetch API <em>provides</em>')).toBe('Using the Fetch API');
    expect(mark('setTimeout()', 'x', 'calls <em>timeout</em> handlers')).toBe('set[Timeout]()');
  });

  it('keeps hostile titles and terms as literal text', () => {
    expect(mark('<script>alert(1)</script>', 'script')).toBe('<[script]>alert(1)</[script]>');
    expect(mark('Tom &amp; Jerry', 'amp')).toBe('Tom &[amp]; Jerry');
    expect(mark('Tom &amp; Jerry', '&amp;')).toBe('Tom &[amp]; Jerry');
    const metas = 'a.*+?()[]{}|^$\\ b';
    expect(mark(metas, '.*+?()[]{}|^$\\')).toBe(metas);
    expect(mark(metas, '.* b')).toBe('a.*+?()[]{}|^$\\ [b]');
    expect(mark('C++ vectors', 'c++')).toBe('[C]++ vectors');
    expect(mark('grid', 'grid', '<em><img src=x onerror=alert(1)></em>')).toBe('[grid]');
    expect(markTitle('<b>grid</b>', 'grid').map((p) => p.text)).toEqual(['<b>', 'grid', '</b>']);
  });

  it('leaves the title whole without words to mark, and gives nothing for an empty title', () => {
    expect(markTitle('Grid layout', '')).toEqual([{ text: 'Grid layout', em: false }]);
    expect(markTitle('Grid layout', '  ?! ')).toEqual([{ text: 'Grid layout', em: false }]);
    expect(markTitle('', 'grid')).toEqual([]);
  });

  it('keeps characters outside the basic plane whole', () => {
    expect(mark('😀 grid 𝒳', 'grid')).toBe('😀 [grid] 𝒳');
    expect(mark('한국어 문서', '한국')).toBe('[한국]어 문서');
  });

  it('marks very long titles, of many words or of one, and loses no character', () => {
    const many = `${'word '.repeat(20_000)}needle`;
    const parts = markTitle(many, 'needle');
    expect(parts.map((p) => p.text).join('')).toBe(many);
    expect(parts.filter((p) => p.em).map((p) => p.text)).toEqual(['needle']);

    const one = 'GetSet'.repeat(25_000);
    const camel = markTitle(one, 'get zz');
    expect(camel.map((p) => p.text).join('')).toBe(one);
    expect(camel.filter((p) => p.em).map((p) => p.text)).toEqual(Array(25_000).fill('Get'));
  });
});
