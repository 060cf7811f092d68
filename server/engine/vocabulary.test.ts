import { describe, expect, it } from 'vitest';
import { fuzzyDistance, isVocabularyWord } from '../ranking/fuzzyDistance.ts';
import { Vocabulary } from './vocabulary.ts';

describe('Vocabulary', () => {
  it('finds words within the distance for the word length, closest first', () => {
    const vocabulary = new Vocabulary(['widget', 'widgets', 'gadget', 'midget', 'kubernetes', 'kubernetes', 'width']);
    expect(vocabulary.size).toBe(6);
    const near = (word: string, limit: number) => vocabulary.near(word, fuzzyDistance(word.length), limit).map((n) => n.word);
    expect(near('widgit', 10)).toEqual(['widget']);
    expect(near('widht', 10)).toEqual(['width']);
    expect(near('kubernets', 10)).toEqual(['kubernetes']);
    expect(near('wid', 10)).toEqual([]);
    expect(near('widget', 1)).toHaveLength(1);
    expect(vocabulary.near('widgit', 1, 10)).toEqual([{ word: 'widget', distance: 1 }]);
  });

  it('grows the distance with the word', () => {
    expect(fuzzyDistance(3)).toBe(0);
    expect(fuzzyDistance(4)).toBe(1);
    expect(fuzzyDistance(7)).toBe(1);
    expect(fuzzyDistance(8)).toBe(2);
  });

  it('keeps words and names ending in a number, not numbers or codes', () => {
    expect(isVocabularyWord('widget')).toBe(true);
    expect(isVocabularyWord('ab')).toBe(false);
    expect(isVocabularyWord('h264')).toBe(false);
    expect(isVocabularyWord('2024')).toBe(false);
    expect(isVocabularyWord('a1b2c3')).toBe(false);
    expect(isVocabularyWord('sqlite3')).toBe(true);
    expect(isVocabularyWord('base64')).toBe(true);
  });
});
