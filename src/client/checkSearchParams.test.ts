import { describe, expect, it } from 'vitest';
import { checkSearchParams } from './checkSearchParams.ts';

describe('checkSearchParams', () => {
  it('counts the words the service searches, however they are joined', () => {
    expect(() => checkSearchParams({ term: 'alph.'.repeat(20) })).not.toThrow();
    expect(() => checkSearchParams({ term: 'alph.'.repeat(21) })).toThrow(/at most 20 words \(got 21\)/);
    expect(() => checkSearchParams({ term: Array.from({ length: 21 }, (_, i) => `w${i}`).join(' ') })).toThrow(/20 words/);
    expect(() => checkSearchParams({ term: '- '.repeat(30) })).not.toThrow();
  });
});
