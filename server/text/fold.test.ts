import { describe, expect, it } from 'vitest';
import { fold } from './fold.ts';

/** Folding the long way, which fold skips where it gives lower case. */
function foldedWhole(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

describe('fold', () => {
  it('takes accents away and lowers the case', () => {
    expect(fold('Crème Brûlée')).toBe('creme brulee');
    expect(fold('getElementById')).toBe('getelementbyid');
  });

  it('gives what the long way gives for every character beside ASCII words', () => {
    const differ: string[] = [];
    for (let code = 0x80; code <= 0x10ffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const text = `Ab ${String.fromCodePoint(code)}Cd`;
      if (fold(text) !== foldedWhole(text)) differ.push(code.toString(16));
    }
    expect(differ).toEqual([]);
  });

  it('lowers the case only of ASCII words among typographic marks, which stay as they are', () => {
    expect(fold('Built-in Types¶ — “str.split”')).toBe('built-in types¶ — “str.split”');
    expect(fold('a ≠ B')).toBe(foldedWhole('a ≠ B'));
  });
});
