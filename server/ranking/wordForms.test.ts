import { describe, expect, it } from 'vitest';
import { hasInnerCase, identifierParts, numberForms, wordFormKey } from './wordForms.ts';

describe('identifierParts', () => {
  it('splits camel case, acronyms and digits', () => {
    expect(identifierParts('setTimeout')).toEqual(['set', 'timeout']);
    expect(identifierParts('localStorage')).toEqual(['local', 'storage']);
    expect(identifierParts('HTMLDialogElement')).toEqual(['html', 'dialog', 'element']);
    expect(identifierParts('WebGL2RenderingContext')).toEqual(['web', 'gl', '2', 'rendering', 'context']);
    expect(identifierParts('WebSocket')).toEqual(['web', 'socket']);
  });

  it('leaves plain words whole', () => {
    expect(identifierParts('fetch')).toEqual(['fetch']);
    expect(identifierParts('FETCH')).toEqual(['fetch']);
    expect(identifierParts('Promise')).toEqual(['promise']);
  });

  it('tells cheaply whether a word has parts', () => {
    expect(hasInnerCase('setTimeout')).toBe(true);
    expect(hasInnerCase('HTMLElement')).toBe(true);
    expect(hasInnerCase('Promise')).toBe(false);
    expect(hasInnerCase('fetch')).toBe(false);
    expect(hasInnerCase('CSS')).toBe(false);
  });
});

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
