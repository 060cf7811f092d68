import { describe, expect, it } from 'vitest';
import { completeFromTitle } from '../text/titleCompletion.ts';
import { foldedWords } from '../text/words.ts';
import { byDocumentOrder, distinctSuggestions, documentSuggestions, exactCompletion, mixSearched, type RankedTitle } from './suggestionOrder.ts';

/** A title that matched `term`, as the engine ranks it: `rank` is bm25, lower is better. */
function matched(title: string, term: string, rank: number, rowid: number): RankedTitle {
  const completion = completeFromTitle(title, foldedWords(term));
  if (completion === null) throw new Error(`'${term}' is not in '${title}'`);
  return { completion, rank, titleLength: title.length, rowid };
}

const rowids = (titles: RankedTitle[]) => titles.map((title) => title.rowid);

describe('document order', () => {
  it('puts typed words next to each other before words apart, whatever bm25 says', () => {
    const apart = matched('Array.prototype.filter()', 'array fil', -9, 1);
    const together = matched('Array filter guide', 'array fil', -1, 2);
    expect(rowids([apart, together].sort(byDocumentOrder))).toEqual([2, 1]);
  });

  it('then ranks by bm25', () => {
    const worse = matched('Grid', 'gri', -1, 1);
    const better = matched('CSS property: grid-template-columns', 'gri', -2, 2);
    expect(rowids([worse, better].sort(byDocumentOrder))).toEqual([2, 1]);
  });

  it('then puts shorter titles first, then older documents', () => {
    const long = matched('CSS property: grid-template-columns', 'gri', -1, 1);
    const short = matched('CSS property: grid-area', 'gri', -1, 2);
    const shortNewer = matched('CSS property: grid-rows', 'gri', -1, 3);
    expect(rowids([shortNewer, long, short].sort(byDocumentOrder))).toEqual([2, 3, 1]);
  });
});

describe('exactCompletion', () => {
  it('is the completion that adds the fewest letters to what was typed', () => {
    const titles = [matched('FetchEvent', 'fetc', -3, 1), matched('HTMLImageElement.fetchPriority', 'fetc', -2, 2), matched('fetch', 'fetc', -1, 3)];
    expect(exactCompletion(titles, 'fetc')?.completion.completion).toBe('fetch');
  });

  it('prefers a whole title or part of one to a word inside a longer one', () => {
    const inside = matched('Window: fetch() method', 'fetc', -2, 1);
    const whole = matched('fetch', 'fetc', -1, 2);
    expect(exactCompletion([inside, whole], 'fetc')?.rowid).toBe(2);
  });

  it('then takes the better-ranked document', () => {
    const area = matched('CSS property: grid-area', 'gri', -2, 1);
    const row = matched('CSS property: grid-row', 'gri', -1, 2);
    expect(exactCompletion([area, row], 'gri')?.rowid).toBe(1);
    expect(exactCompletion([row, area], 'gri')?.rowid).toBe(2);
  });

  it('is not looked for after one or two letters', () => {
    const titles = [matched('CSSSkew.ax', 'a', 0, 1), matched('Attr', 'a', 0, 2)];
    expect(exactCompletion(titles, 'a')).toBeNull();
    expect(exactCompletion([matched('MLGraphBuilder.gru', 'gr', -1, 1)], 'gr')).toBeNull();
  });
});

describe('documentSuggestions', () => {
  it('gives the exact completion, then each document’s completion, then the identifiers and phrases they start', () => {
    const titles = [
      matched('FetchEvent.respondWith() › resource url', 'fetc', -3, 1),
      matched('Fetch guide for beginners', 'fetc', -2, 2),
      matched('HTMLImageElement.fetchPriority', 'fetc', -1, 3),
      matched('fetch', 'fetc', -1, 4),
    ];
    const exact = exactCompletion(titles, 'fetc');
    expect(documentSuggestions(titles, exact)).toEqual([
      'fetch',
      'FetchEvent',
      'Fetch',
      'fetchPriority',
      'fetch',
      'FetchEvent.respondWith',
      'Fetch guide for beginners',
    ]);
  });
});

describe('distinctSuggestions', () => {
  it('keeps near-duplicates once, in the first form and place', () => {
    expect(distinctSuggestions(['Promise.all', 'Promise.any', 'promise all', 'Promise.all()', 'PROMISE.ANY'], 10)).toEqual(['Promise.all', 'Promise.any']);
    expect(distinctSuggestions(['setTimeout', 'set timeout'], 10)).toEqual(['setTimeout']);
  });

  it('stops at size and skips values without words', () => {
    expect(distinctSuggestions(['--', 'grid', 'grid-area', 'grid-row'], 2)).toEqual(['grid', 'grid-area']);
  });
});

describe('mixSearched', () => {
  const fromDocuments = ['grid', 'grid-area', 'grid-row', 'grid-column', 'grid-template'];

  it('keeps the exact completion first, then lets searched keywords and documents take turns', () => {
    expect(mixSearched(fromDocuments, ['grid layout', 'grid gap'], 10)).toEqual([
      'grid',
      'grid layout',
      'grid-area',
      'grid gap',
      'grid-row',
      'grid-column',
      'grid-template',
    ]);
  });

  it('gives searched keywords at most half the places', () => {
    expect(mixSearched(fromDocuments, ['grid layout', 'grid gap', 'grid lines', 'grid areas'], 6)).toEqual([
      'grid',
      'grid layout',
      'grid-area',
      'grid gap',
      'grid-row',
      'grid lines',
    ]);
    expect(mixSearched([], ['grid layout', 'grid gap', 'grid lines'], 4)).toEqual(['grid layout', 'grid gap']);
  });

  it('shows a searched keyword the documents also suggest once, in the documents’ form, at the keyword’s place', () => {
    expect(mixSearched(['Promise', 'Promise.allSettled', 'Promise.any', 'Promise.all'], ['promise all'], 10)).toEqual([
      'Promise',
      'Promise.all',
      'Promise.allSettled',
      'Promise.any',
    ]);
    expect(mixSearched(fromDocuments, ['GRID', 'grid layout'], 4)).toEqual(['grid', 'grid layout', 'grid-area', 'grid-row']);
  });
});
