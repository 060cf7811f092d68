import { describe, expect, it } from 'vitest';
import type { RankedText } from '../engine/engine.ts';
import { personalAffinity } from './personalAffinity.ts';

const text = (url: string | null, customFields: RankedText['customFields'] = null): RankedText => ({
  rowid: 1,
  id: 'd',
  url,
  title: 't',
  content: '',
  cut: false,
  customFields,
});

describe('personal affinity', () => {
  // A user all of whose clicks were CSS pages of the site, half of them of level basic.
  const profile = new Map([
    ['c:0xdocs.test', 1],
    ['c:1xcss', 1],
    ['c:doctype_html', 1],
    ['f:level=basic', 0.5],
  ]);

  it("is the mean share of the user's clicks that had each of the document's categories, times the impact", () => {
    const personal = { profile, impact: 50, fields: [] };
    expect(personalAffinity(personal, text('https://docs.test/css/grid'))).toBeCloseTo(0.5, 9);
    // A section has its page's categories.
    expect(personalAffinity(personal, text('https://docs.test/css/grid#syntax'))).toBeCloseTo(0.5, 9);
    expect(personalAffinity(personal, text('https://docs.test/html/table'))).toBeCloseTo((2 / 3) * 0.5, 9);
    expect(personalAffinity(personal, text('https://other.test/js/map'))).toBeCloseTo((1 / 3) * 0.5, 9);
    expect(personalAffinity(null, text('https://docs.test/css/grid'))).toBe(0);
  });

  it('counts the values of the chosen custom fields too', () => {
    const personal = { profile, impact: 100, fields: ['level'] };
    expect(personalAffinity(personal, text('https://docs.test/css/grid', { level: 'basic' }))).toBeCloseTo(3.5 / 4, 9);
    expect(personalAffinity(personal, text('https://docs.test/css/grid', { level: 'expert' }))).toBeCloseTo(3 / 4, 9);
    expect(personalAffinity(personal, text('https://docs.test/css/grid'))).toBeCloseTo(1, 9);
  });
});
