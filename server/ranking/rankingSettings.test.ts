import { describe, expect, it } from 'vitest';
import { DEFAULT_RANKING_RULES } from './rankCandidates.ts';
import { checkRankingConfig, resolveRankingSettings } from './rankingSettings.ts';

describe('ranking settings', () => {
  it('puts a custom ranking before bm25', () => {
    const { rules } = resolveRankingSettings({ customRanking: ['desc(custom_fields.popularity)'] });
    expect(rules.slice(-2)).toEqual(['desc(custom_fields.popularity)', 'bm25']);
    expect(resolveRankingSettings().rules).toEqual(DEFAULT_RANKING_RULES);
  });

  it('folds stop words and synonyms', () => {
    const { words } = resolveRankingSettings({ stopWords: ['The'], synonyms: [['JS', 'JavaScript']] });
    expect([...words.stopWords]).toEqual(['the']);
    expect(words.synonyms.get('js')).toEqual([['javascript']]);
  });

  it('names what is wrong in a config file', () => {
    expect(() => checkRankingConfig({ rules: ['words', 'magic'] }, 'indices[0].ranking')).toThrow(/indices\[0\]\.ranking\.rules\[1\] must be one of .*typo/);
    expect(() => checkRankingConfig({ rules: ['words', 'words'] }, 'r')).toThrow(/lists 'words' twice/);
    expect(() => checkRankingConfig({ customRanking: ['typo'] }, 'r')).toThrow(/customRanking takes asc/);
    expect(() => checkRankingConfig({ synonyms: [['alone']] }, 'r')).toThrow(/r\.synonyms\[0\] must be/);
    expect(() => checkRankingConfig({ stopWords: 'the' }, 'r')).toThrow(/r\.stopWords must be an array/);
    expect(() => checkRankingConfig({ typoTolerance: true }, 'r')).toThrow(/unknown key 'typoTolerance'/);
    expect(checkRankingConfig({ synonyms: [{ from: 'rounded corners', to: ['border radius'] }] }, 'r')).toEqual({
      synonyms: [{ from: 'rounded corners', to: ['border radius'] }],
    });
  });
});
