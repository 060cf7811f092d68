import { describe, expect, it } from 'vitest';
import { completeFromTitle } from './titleCompletion.ts';
import { foldedWords } from './words.ts';

const complete = (title: string, term: string) => completeFromTitle(title, foldedWords(term));

describe('completeFromTitle', () => {
  it('completes the last typed word to the end of the title word, in the title case', () => {
    expect(complete('fetch', 'fetc')).toMatchObject({ completion: 'fetch', added: 1, gap: 0, wholePart: true });
    expect(complete('FetchEvent', 'fetc')).toMatchObject({ completion: 'FetchEvent', added: 6 });
    expect(complete('Café Crème at Home', 'CAFE')).toMatchObject({ completion: 'Café', added: 0 });
    expect(complete('HTMLImageElement.fetchPriority', 'fetchp')).toMatchObject({ completion: 'fetchPriority' });
  });

  it('finds the typed words in order only', () => {
    expect(complete('Array.prototype.filter()', 'fil array')).toBeNull();
    expect(complete('Widget API Reference', 'widget zebra')).toBeNull();
  });

  it('matches typed words that are apart in the title and joins them with a space', () => {
    expect(complete('Array.prototype.filter()', 'array fil')).toMatchObject({ completion: 'Array filter', gap: 1, wholePart: false });
    expect(complete('JSON.prototype.parse()', 'json parse')).toMatchObject({ completion: 'JSON parse', added: 0, gap: 1 });
  });

  it('keeps the title form of words next to each other, so an identifier stays whole', () => {
    expect(complete('Promise.all()', 'promise a')).toMatchObject({ completion: 'Promise.all', gap: 0, wholePart: true });
    expect(complete('Promise.allSettled()', 'promise.a')).toMatchObject({ completion: 'Promise.allSettled' });
    expect(complete('JSON.parse()', 'json parse')).toMatchObject({ completion: 'JSON.parse' });
    expect(complete('CSS property: border-radius', 'border ra')).toMatchObject({ completion: 'border-radius', wholePart: true });
    expect(complete('Search Widget Guide', 'search wid')).toMatchObject({ completion: 'Search Widget' });
  });

  it('reads several typed words as the parts of one identifier', () => {
    expect(complete('setTimeout', 'set timeout')).toMatchObject({ completion: 'setTimeout', added: 0, wholePart: true });
    expect(complete('IntersectionObserver', 'intersection obs')).toMatchObject({ completion: 'IntersectionObserver', added: 5 });
    expect(complete('HTMLDialogElement.showModal()', 'html dialog')).toMatchObject({ completion: 'HTMLDialogElement' });
    expect(complete('WebGL2RenderingContext', 'webgl2 rend')).toMatchObject({ completion: 'WebGL2RenderingContext' });
    // Only at the parts' boundaries, and from the identifier's start.
    expect(complete('setTimeout', 'se ttimeout')).toBeNull();
    expect(complete('HTMLDialogElement', 'dialog element')).toBeNull();
  });

  it('takes the occurrence with the fewest words between the typed ones', () => {
    expect(complete('Array of filters: the array filter method', 'array fil')).toMatchObject({ completion: 'array filter', gap: 0 });
  });

  it('does not join words apart across parts of a title', () => {
    expect(complete('CSS property: cursor › s-resize', 'css s')).toBeNull();
    // Next to each other across a separator, they are one thing typed in a row.
    expect(complete('HTML element: <dialog> › open', 'dialog open')).toMatchObject({ completion: 'dialog open', wholePart: false });
  });

  it('leaves markup and labels out of completions', () => {
    expect(complete('HTML element: <dialog> › open', 'dialo')).toEqual({
      completion: 'dialog',
      added: 1,
      gap: 0,
      wholePart: true,
      identifier: null,
      phrase: null,
    });
    expect(complete('CSS property: grid', 'gri')).toMatchObject({ completion: 'grid', wholePart: true });
    // A label is a completion when it is what was typed.
    expect(complete('CSS property: grid', 'css prop')).toMatchObject({ completion: 'CSS property', wholePart: true });
  });

  it('offers the identifier a completion starts, to its end', () => {
    expect(complete('CSS property: grid-template-columns › auto', 'gri')).toMatchObject({
      completion: 'grid',
      identifier: 'grid-template-columns',
    });
    expect(complete('FetchEvent.respondWith() › resource url', 'fetc')).toMatchObject({ identifier: 'FetchEvent.respondWith' });
    expect(complete('Array.prototype.filter()', 'array fil')).toMatchObject({ identifier: null });
    expect(complete('setTimeout.code_param_enforces_trusted_types_and_more_words_than_anyone_types', 'settim')).toMatchObject({
      identifier: null,
    });
  });

  it('looks at the first 40 words of a title only', () => {
    const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');
    expect(complete(`${words(38)} › Widget Guide`, 'widget')).toMatchObject({ phrase: 'Widget Guide' });
    // Guide is the 41st word: Widget does not end its part as far as anyone looked.
    expect(complete(`${words(39)} › Widget Guide`, 'widget')).toMatchObject({ completion: 'Widget', phrase: null });
    expect(complete(`${words(40)} Widget`, 'widget')).toBeNull();
  });

  it('offers the phrase a completion starts when it runs to the end of its part', () => {
    expect(complete('Widget API Reference', 'wid')).toMatchObject({ completion: 'Widget', phrase: 'Widget API Reference' });
    expect(complete('CSS at-rule: @media › grid media feature', 'gri')).toMatchObject({ phrase: 'grid media feature' });
    // Not from inside a part, nor past brackets.
    expect(complete('CSS property: align-self › Supported in grid layout', 'gri')).toMatchObject({ phrase: null });
    expect(complete('AbortSignal: timeout() static method', 'timeo')).toMatchObject({ completion: 'timeout', phrase: null });
  });
});
