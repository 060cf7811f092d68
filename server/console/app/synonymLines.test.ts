import { describe, expect, it } from 'vitest';
import { linesOfSynonyms, stopWordsOfText, synonymsOfLines } from './synonymLines.ts';

describe('synonym lines', () => {
  it('read groups and one-way entries, and write them back the same', () => {
    const text = 'flexbox, flexible box\njs => javascript, ecmascript';
    const { synonyms, problems } = synonymsOfLines(`\n${text}\n\n`);
    expect(synonyms).toEqual([['flexbox', 'flexible box'], { from: 'js', to: ['javascript', 'ecmascript'] }]);
    expect(problems.size).toBe(0);
    expect(linesOfSynonyms(synonyms)).toBe(text);
  });

  it('name each line that is no entry, and keep the line of each entry', () => {
    const { problems, entryLines } = synonymsOfLines('grid\na, b\n => x\ny =>\na => b => c\nc, d');
    expect([...problems.keys()]).toEqual([1, 3, 4, 5]);
    expect(problems.get(1)).toBe('A group needs two or more words, separated by commas.');
    expect(entryLines).toEqual([2, 6]);
  });
});

describe('a malformed line', () => {
  it('is named, never rewritten and saved', () => {
    const { synonyms, problems } = synonymsOfLines('bad line with ==> arrows ,,\na -> b, c\nx, , y\nq => r,,s\nok, fine');
    expect([...problems.entries()]).toEqual([
      [1, 'A stray = or > : the one arrow is written =>, as in js => javascript.'],
      [2, 'A stray = or > : the one arrow is written =>, as in js => javascript.'],
      [3, 'An empty word between commas: remove the extra comma.'],
      [4, 'An empty word between commas: remove the extra comma.'],
    ]);
    expect(synonyms).toEqual([['ok', 'fine']]);
  });
});

describe('stopWordsOfText', () => {
  it('splits on spaces, commas and lines, once each', () => {
    expect(stopWordsOfText('the, of\nand  the\n')).toEqual(['the', 'of', 'and']);
  });
});
