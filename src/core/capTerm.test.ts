import { describe, expect, it } from 'vitest';
import { capTerm } from './capTerm.ts';

describe('capTerm', () => {
  it('trims and collapses whitespace', () => {
    expect(capTerm('  css   grid \n layout\t')).toBe('css grid layout');
    expect(capTerm('   ')).toBe('');
  });

  it('keeps at most 10 words', () => {
    expect(capTerm('1 2 3 4 5 6 7 8 9 10 11 12')).toBe('1 2 3 4 5 6 7 8 9 10');
  });

  it('counts words joined by punctuation one by one, as the service does', () => {
    expect(capTerm('alph.'.repeat(30))).toBe('alph.'.repeat(10));
    expect(capTerm('a-b c.d e/f g h i j k l')).toBe('a-b c.d e/f g h i j');
    expect(capTerm('c++ and c#')).toBe('c++ and c#');
  });

  it('keeps at most 150 characters, without a trailing space', () => {
    expect(capTerm('a'.repeat(200))).toHaveLength(150);
    const capped = capTerm(`${'a'.repeat(149)} bbbb`);
    expect(capped).toBe('a'.repeat(149));
  });

  it('does not cut an astral character in half', () => {
    const capped = capTerm(`${'a'.repeat(149)}😀`);
    expect(capped).toBe('a'.repeat(149));
  });
});
