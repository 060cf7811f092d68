import { describe, expect, it } from 'vitest';
import { resultsPageUrl } from './resultsPageUrl.ts';

describe('resultsPageUrl', () => {
  const base = 'https://example.com/docs/intro?x=1';

  it('puts the term in `q`, keeping the parameters the page has', () => {
    expect(resultsPageUrl('/search?lang=en', 'promise all', base)).toBe('https://example.com/search?lang=en&q=promise+all');
    expect(resultsPageUrl('/search?q=old', 'a&b', base)).toBe('https://example.com/search?q=a%26b');
  });

  it('fills `{query}` where the page wants it, encoded', () => {
    expect(resultsPageUrl('https://example.com/find/{query}', 'a/b c', base)).toBe('https://example.com/find/a%2Fb%20c');
  });
});
