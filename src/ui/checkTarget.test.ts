// @vitest-environment jsdom
import { expect, it } from 'vitest';
import { checkTarget } from './checkTarget.ts';
import { mountRecommendations } from './mountRecommendations.tsx';

it('says which call was handed no element, and what it got', () => {
  expect(() => checkTarget(document.createElement('div'), 'mount')).not.toThrow();
  expect(() => checkTarget(null, 'mount')).toThrow(new TypeError('Site Search: mount() needs an element to render into, received null.'));
  expect(() =>
    mountRecommendations('#row' as unknown as Element, { siteKey: 'k', baseUrl: 'https://api.test', configurationKey: 'related', itemId: 'a' }),
  ).toThrow('Site Search: mountRecommendations() needs an element to render into, received #row.');
});
