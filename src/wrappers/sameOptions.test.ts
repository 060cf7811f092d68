import { describe, expect, it } from 'vitest';
import { en } from '../ui/messages.ts';
import { sameOptions } from './sameOptions.ts';

describe('sameOptions', () => {
  it('takes new arrays and objects with the same values as the same', () => {
    const a = { siteKey: 'demo', facets: [{ field: 'area', label: 'Area' }], url: { prefix: 'p_' } };
    expect(sameOptions(a, { siteKey: 'demo', facets: [{ field: 'area', label: 'Area' }], url: { prefix: 'p_' } })).toBe(true);
  });

  it('sees a value changed, added or removed, at any depth', () => {
    const a = { siteKey: 'demo', facets: [{ field: 'area', label: 'Area' }] };
    expect(sameOptions(a, { siteKey: 'demo', facets: [{ field: 'area', label: 'Areas' }] })).toBe(false);
    expect(
      sameOptions(a, {
        siteKey: 'demo',
        facets: [
          { field: 'area', label: 'Area' },
          { field: 'status', label: 'Status' },
        ],
      }),
    ).toBe(false);
    expect(sameOptions(a, { siteKey: 'demo' })).toBe(false);
    expect(sameOptions({ url: true }, { url: { prefix: '' } })).toBe(false);
    expect(sameOptions({ limit: 10 }, { limit: '10' })).toBe(false);
  });

  it('takes an option set to undefined as one left out', () => {
    expect(sameOptions({ siteKey: 'demo', limit: undefined }, { siteKey: 'demo' })).toBe(true);
  });

  it('compares functions by identity, and words by what they read through to', () => {
    const f = () => null;
    expect(sameOptions({ transform: f }, { transform: f })).toBe(true);
    expect(sameOptions({ transform: f }, { transform: () => null })).toBe(false);
    expect(sameOptions({ messages: Object.create(en) }, { messages: Object.create(en) })).toBe(true);
    expect(sameOptions({ messages: Object.create(en) }, { messages: Object.create({ ...en }) })).toBe(false);
  });
});
