import { describe, expect, it } from 'vitest';
import { SYNONYMS_PER_QUERY_MAX, type QueryPlan } from './queryPlan.ts';
import { resolveWordRules, SYNONYMS_PER_WORD_MAX } from './wordRules.ts';
import { testPlan } from '../testing/testPlan.ts';

/** Each slot's alternatives as `kind:words` (`*` for a prefix). */
function shape(plan: QueryPlan): string[][] {
  return plan.slots.map((slot) => slot.alternatives.map((a) => `${a.kind}:${a.words.join(' ')}${a.prefix ? '*' : ''}`));
}

const INDEX = ['setTimeout', 'WebSocket', 'websocket', 'localStorage', 'sockets', 'socket', 'font size', 'fetch', 'fetches', 'promise', 'flexbox'];

describe('planQuery', () => {
  it('lets the last word be a prefix only when a longer word starts with it', () => {
    expect(shape(testPlan('fet', INDEX))).toEqual([['exact:fet*']]);
    expect(shape(testPlan('promise', INDEX))).toEqual([['exact:promise']]);
    expect(shape(testPlan('f', INDEX))).toEqual([['exact:f']]);
  });

  it('joins neighbouring words the index holds as one word', () => {
    expect(shape(testPlan('set timeout', INDEX, { prefixLast: false }))).toEqual([
      ['exact:set', 'join:settimeout'],
      ['exact:timeout', 'join:settimeout'],
    ]);
    // While the last word is typed, the joined word is a prefix too.
    expect(shape(testPlan('set timeout', INDEX))[1]).toEqual(['exact:timeout', 'join:settimeout*']);
    expect(shape(testPlan('local stor', INDEX))).toEqual([
      ['exact:local', 'join:localstor*'],
      ['exact:stor', 'join:localstor*'],
    ]);
  });

  it('joins into a singular or plural form the index holds', () => {
    const plan = shape(testPlan('web sockets', INDEX));
    expect(plan[0]).toContain('join:websocket');
    expect(plan[1]).toEqual(['exact:sockets', 'join:websocket', 'form:socket']);
  });

  it('adds singular and plural forms the index holds', () => {
    expect(shape(testPlan('fetch api', ['fetch', 'fetches', 'api']))[0]).toEqual(['exact:fetch', 'form:fetches']);
    expect(shape(testPlan('sockets x', INDEX))[0]).toEqual(['exact:sockets', 'form:socket']);
  });

  it('splits a word the index lacks into two it holds', () => {
    expect(shape(testPlan('fontsize', INDEX))).toEqual([['exact:fontsize', 'split:font size']]);
  });

  it('corrects typos of words nothing else matches (fuzzy auto), every word with fuzzy all, none when off', () => {
    expect(shape(testPlan('promse', INDEX))).toEqual([['exact:promse', 'typo:promise']]);
    expect(shape(testPlan('socket', ['socket', 'rocket'], { fuzzy: 'all', prefixLast: false }))).toEqual([['exact:socket', 'typo:rocket']]);
    expect(shape(testPlan('socket', ['socket', 'rocket'], { prefixLast: false }))).toEqual([['exact:socket']]);
    expect(shape(testPlan('flexbx', INDEX, { fuzzy: 'off' }))).toEqual([['exact:flexbx']]);
    expect(testPlan('flexbx', INDEX).slots[0]!.alternatives[1]).toMatchObject({ words: ['flexbox'], typos: 1, kind: 'typo' });
  });

  it('corrects words by the index typo settings: lengths for one and two typos, words never corrected', () => {
    const index = ['promise', 'promises', 'socket', 'rocket', 'cat'];
    const fuzzy = { fuzzy: 'all', prefixLast: false } as const;
    // Two typos from 8 letters by default; from 6 when the settings say so.
    expect(shape(testPlan('prmise', index, fuzzy))[0]).toEqual(['exact:prmise', 'typo:promise']);
    expect(shape(testPlan('prmise', index, fuzzy, { typos: { minWordLengthForTwoTypos: 6 } }))[0]).toEqual(['exact:prmise', 'typo:promise', 'typo:promises']);
    // One typo from 4 letters by default; none below 7 when the settings say so.
    expect(shape(testPlan('socket', index, fuzzy, { typos: { minWordLengthForOneTypo: 7, minWordLengthForTwoTypos: 8 } }))[0]).toEqual(['exact:socket']);
    expect(shape(testPlan('cot', index, fuzzy))[0]).toEqual(['exact:cot']);
    expect(shape(testPlan('cot', index, fuzzy, { typos: { minWordLengthForOneTypo: 3 } }))[0]).toEqual(['exact:cot', 'typo:cat']);
    // A word never corrected keeps only its own forms; the others are still corrected.
    expect(shape(testPlan('socket prmise', index, fuzzy, { typos: { disableOnWords: ['Socket'] } }))).toEqual([
      ['exact:socket'],
      ['exact:prmise', 'typo:promise'],
    ]);
  });

  it('drops stop words among other words, and keeps a query of stop words whole', () => {
    const plan = testPlan('how to use the fetch api', [...INDEX, 'use', 'api']);
    expect(plan.slots.map((slot) => slot.stop)).toEqual([true, true, false, true, false, false]);
    expect(testPlan('how to', INDEX).slots.map((slot) => slot.stop)).toEqual([false, false]);
    expect(testPlan('how to fetch', INDEX, {}, { stopWords: [] }).slots.some((slot) => slot.stop)).toBe(false);
  });

  it('adds synonyms, one-way and two-way, and phrases for several words', () => {
    const settings = { synonyms: [['js', 'javascript'], { from: 'rounded corners', to: ['border radius'] }] };
    expect(shape(testPlan('js x', INDEX, {}, settings))[0]).toEqual(['exact:js', 'synonym:javascript']);
    expect(shape(testPlan('javascript x', INDEX, {}, settings))[0]).toEqual(['exact:javascript', 'synonym:js']);
    const corners = testPlan('rounded corners', INDEX, { prefixLast: false }, settings);
    expect(shape(corners)).toEqual([
      ['exact:rounded', 'synonym:border radius'],
      ['exact:corners', 'synonym:border radius'],
    ]);
    expect(shape(testPlan('border radius', INDEX, { prefixLast: false }, settings))[0]).toEqual(['exact:border']);
  });

  it('matches any word with defaultOperator or, with or without fuzzy', () => {
    expect(testPlan('a b', INDEX, { operator: 'or' }).operator).toBe('or');
    expect(testPlan('a b', INDEX, { operator: 'or', fuzzy: 'off' }).operator).toBe('or');
  });

  it('caps the synonyms of a word and of a query, however dense the list', () => {
    // 100 overlapping groups of 100 words: w0 shares a group with every other word.
    const synonyms = Array.from({ length: 100 }, (_, g) => Array.from({ length: 100 }, (_, k) => `w${(g + k) % 150}`));
    const rules = resolveWordRules({ synonyms });
    expect(rules.synonyms.get('w0')).toHaveLength(SYNONYMS_PER_WORD_MAX);
    const query = Array.from({ length: 20 }, (_, k) => `w${k}`).join(' ');
    const plan = testPlan(query, INDEX, { prefixLast: false }, { synonyms });
    const synonymAlternatives = new Set(plan.slots.flatMap((slot) => slot.alternatives.filter((a) => a.kind === 'synonym').map((a) => a.words.join(' '))));
    expect(plan.slots.flatMap((slot) => slot.alternatives.filter((a) => a.kind === 'synonym')).length).toBeLessThanOrEqual(SYNONYMS_PER_QUERY_MAX);
    expect(synonymAlternatives.size).toBeGreaterThan(0);
  });
});
