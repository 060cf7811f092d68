import { describe, expect, it } from 'vitest';
import { matchesWordStarts } from './wordStarts.ts';

const found = (query: string, texts: string[]) => texts.filter(matchesWordStarts(query));

describe('matchesWordStarts', () => {
  it('matches at the start of a word, never inside one', () => {
    const texts = ['grid-template-columns', 'template', 'Web Audio API', 'tabindex'];
    expect(found('temp', texts)).toEqual(['grid-template-columns', 'template']);
    expect(found('plate', texts)).toEqual([]);
    expect(found('aud', texts)).toEqual(['Web Audio API']);
  });

  it('ignores case and accents, in the query and in the text', () => {
    expect(found('zur', ['Zürich', 'Bern'])).toEqual(['Zürich']);
    expect(found('ÉCOLE', ['ecole primaire', 'collège'])).toEqual(['ecole primaire']);
  });

  it('wants every word of the query, in any order', () => {
    const texts = ['grid-template-columns', 'grid-area', 'column-count'];
    expect(found('col grid', texts)).toEqual(['grid-template-columns']);
    expect(found('grid-a', texts)).toEqual(['grid-area']);
  });

  it('starts words inside camel case', () => {
    expect(found('canvas', ['HTMLCanvasElement', 'OffscreenCanvas'])).toEqual(['HTMLCanvasElement', 'OffscreenCanvas']);
    expect(found('html', ['HTMLCanvasElement'])).toEqual(['HTMLCanvasElement']);
    expect(found('element', ['HTMLCanvasElement', 'elements'])).toEqual(['HTMLCanvasElement', 'elements']);
  });

  it('matches everything with an empty query or one of spaces', () => {
    expect(found('', ['a', 'b'])).toEqual(['a', 'b']);
    expect(found('  ', ['a'])).toEqual(['a']);
  });
});
