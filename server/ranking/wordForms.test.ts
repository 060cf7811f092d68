import { describe, expect, it } from 'vitest';
import { numberForms, wordFormKey } from './wordForms.ts';

describe('numberForms', () => {
  it('gives the singular of plurals', () => {
    expect(numberForms('sockets')).toContain('socket');
    expect(numberForms('properties')).toContain('property');
    expect(numberForms('classes')).toContain('class');
    expect(numberForms('caches')).toContain('cache');
    expect(numberForms('boxes')).toContain('box');
  });

  it('gives the plural of singulars', () => {
    expect(numberForms('socket')).toEqual(['sockets']);
    expect(numberForms('property')).toEqual(['properties']);
    expect(numberForms('class')).toEqual(['classes']);
    expect(numberForms('radius')).toEqual(['radiuses']);
  });

  it('leaves short words, numbers and codes alone', () => {
    expect(numberForms('is')).toEqual([]);
    expect(numberForms('h1')).toEqual([]);
    expect(numberForms('2d')).toEqual([]);
  });
});

describe('wordFormKey', () => {
  it('gives singular and plural forms one key, and leaves other words as they are', () => {
    const same = [
      ['login', 'logins'],
      ['box', 'boxes'],
      ['cache', 'caches'],
      ['category', 'categories'],
      ['class', 'classes'],
      ['status', 'statuses'],
    ];
    for (const [one, other] of same) expect(wordFormKey(one!)).toBe(wordFormKey(other!));
    expect(wordFormKey('class')).toBe('class');
    expect(wordFormKey('login')).not.toBe(wordFormKey('logon'));
    expect(wordFormKey('2fa')).toBe('2fa');
  });
});
