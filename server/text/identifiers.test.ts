import { describe, expect, it } from 'vitest';
import { hasInnerCase, identifierParts } from './identifiers.ts';

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
