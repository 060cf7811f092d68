import { describe, expect, it } from 'vitest';
import type { SearchHit } from '../../../src/client/types.ts';
import { conditionMatches, placeRule } from './rulePreview.ts';

const hit = (id: string): SearchHit => ({
  id,
  url: `https://example.com/${id}`,
  title: id.toUpperCase(),
  meta_description: null,
  meta_categories: null,
  custom_fields: {},
  highlight: '',
  ts: '2026-01-01T00:00:00',
  categories: [],
  document_type: 'html',
  images: { main: null, capture: null },
  score: 1,
});
const hits = ['a', 'b', 'c', 'd', 'e'].map(hit);
const ids = (rows: Array<{ id: string }>) => rows.map((r) => r.id);

describe('placeRule', () => {
  it('hides, places pins and promotions at their positions, and fills the rest in order', () => {
    const { rows, hidden } = placeRule(
      hits,
      {
        pins: [{ id: 'd', position: 1, document: { title: 'D', url: null } }],
        hide: ['b'],
        promotions: [{ title: 'Course', url: 'https://example.com/course', position: 3 }],
      },
      10,
    );
    expect(ids(rows)).toEqual(['d', 'a', 'promotion:0', 'c', 'e']);
    expect(rows.map((r) => r.kind)).toEqual(['pinned', 'organic', 'promotion', 'organic', 'organic']);
    expect(ids(hidden)).toEqual(['b']);
  });

  it('gives a pin the position first; a promotion for the same one takes the next', () => {
    const { rows } = placeRule(
      hits,
      { pins: [{ id: 'x', position: 2, document: { title: 'X', url: null } }], hide: [], promotions: [{ title: 'P', url: 'https://p', position: 2 }] },
      4,
    );
    expect(ids(rows)).toEqual(['a', 'x', 'promotion:0', 'b']);
  });

  it('moves a pin beyond the results up to the end of them, and leaves out one not in the index', () => {
    const { rows, missing } = placeRule(
      hits.slice(0, 2),
      {
        pins: [
          { id: 'far', position: 9, document: { title: 'Far', url: null } },
          { id: 'gone', position: 1, document: null },
        ],
        hide: [],
        promotions: [],
      },
      10,
    );
    expect(ids(rows)).toEqual(['a', 'b', 'far']);
    expect(missing).toEqual(['gone']);
  });
});

describe('conditionMatches', () => {
  it('reads the query folded, word by word, for each anchoring', () => {
    expect(conditionMatches({ pattern: 'Login', anchoring: 'is' }, ' login ')).toBe(true);
    expect(conditionMatches({ pattern: 'login', anchoring: 'is' }, 'login page')).toBe(false);
    expect(conditionMatches({ pattern: 'grid', anchoring: 'startsWith' }, 'Grid layout')).toBe(true);
    expect(conditionMatches({ pattern: 'layout', anchoring: 'endsWith' }, 'grid layout')).toBe(true);
    expect(conditionMatches({ pattern: 'cafe menu', anchoring: 'contains' }, 'the café menu today')).toBe(true);
    expect(conditionMatches({ pattern: 'grid', anchoring: 'contains' }, 'gridded')).toBe(false);
    expect(conditionMatches({ pattern: '', anchoring: 'is' }, '*')).toBe(true);
  });

  it('never claims a condition with a filter, as the preview searches without one', () => {
    expect(conditionMatches({ pattern: 'grid', anchoring: 'is', filters: { category: '1xcss' } }, 'grid')).toBe(false);
  });
});
