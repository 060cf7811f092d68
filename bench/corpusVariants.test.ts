import { describe, expect, it } from 'vitest';
import type { IndexDocument } from '../src/client/types.ts';
import { corpusVariants } from './corpusVariants.ts';

const base: IndexDocument[] = [
  { id: 'a', url: 'https://docs.example.com/grid', title: 'Grid layout', main_content: 'The grid layout places items in rows and columns of a container.' },
  { id: 'b', url: 'https://docs.example.com/fetch#x', title: 'Fetch', main_content: 'Fetch sends requests over the network and reads the responses.' },
];

describe('corpusVariants', () => {
  it('starts with the base documents unchanged', () => {
    const corpus = corpusVariants(base, 10);
    expect(corpus.slice(0, 2)).toEqual(base);
  });
  it('gives every document its own id and url', () => {
    const documents = corpusVariants(base, 50).slice(0, 50);
    expect(new Set(documents.map((d) => d.id)).size).toBe(50);
    expect(new Set(documents.map((d) => d.url)).size).toBe(50);
    expect(documents[3]!.url).toBe('https://docs.example.com/v1/fetch#x');
  });
  it('is the same on every run', () => {
    expect(corpusVariants(base, 40).slice(20, 40)).toEqual(corpusVariants(base, 40).slice(20, 40));
    expect(corpusVariants(base, 40).at(33)).toEqual(corpusVariants(base, 40).slice(33, 34)[0]);
  });
  it('changes some words of the variants', () => {
    const documents = corpusVariants(base, 400).slice(2, 400);
    expect(documents.some((d) => d.main_content !== base[0]!.main_content && d.main_content !== base[1]!.main_content)).toBe(true);
  });
  it('has exactly size documents', () => {
    const corpus = corpusVariants(base, 5);
    expect(corpus.slice(0, 99)).toHaveLength(5);
    expect(() => corpus.at(5)).toThrow(RangeError);
  });
});
