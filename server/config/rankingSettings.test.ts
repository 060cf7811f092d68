import { describe, expect, it } from 'vitest';
import { parseConfigFile } from './configFile.ts';
import { settingsProblems } from '../schemas/indexSettings.ts';
import { DEFAULT_RANKING_RULES } from '../ranking/rankCandidates.ts';
import { configuredSettings, fullSettings, overlaySettings, parseStoredSettings, resolveRankingSettings } from './rankingSettings.ts';
import { ENGLISH_STOP_WORDS } from '../ranking/wordRules.ts';

describe('ranking settings', () => {
  it('puts a custom ranking before bm25', () => {
    const { rules } = resolveRankingSettings({ customRanking: ['desc(custom_fields.popularity)'] });
    expect(rules.slice(-2)).toEqual(['desc(custom_fields.popularity)', 'bm25']);
    expect(resolveRankingSettings().rules).toEqual(DEFAULT_RANKING_RULES);
  });

  it('folds stop words, synonyms and words never corrected', () => {
    const { words } = resolveRankingSettings({ stopWords: ['The'], synonyms: [['JS', 'JavaScript']], typos: { disableOnWords: ['Kubernetes'] } });
    expect([...words.stopWords]).toEqual(['the']);
    expect(words.synonyms.get('js')).toEqual([['javascript']]);
    expect([...words.typos.never]).toEqual(['kubernetes']);
    expect(words.typos).toMatchObject({ minWordLengthForOneTypo: 4, minWordLengthForTwoTypos: 8 });
  });

  it('lays stored settings over the config file, field by field, typo settings each alone', () => {
    const config = { stopWords: ['a'], synonyms: [['js', 'javascript']], typos: { minWordLengthForOneTypo: 5, disableOnWords: ['api'] } };
    const merged = overlaySettings(config, { stopWords: [], typos: { minWordLengthForTwoTypos: 9 } });
    expect(merged).toEqual({
      stopWords: [],
      synonyms: [['js', 'javascript']],
      typos: { minWordLengthForOneTypo: 5, minWordLengthForTwoTypos: 9, disableOnWords: ['api'] },
    });
    expect(fullSettings(merged)).toEqual({
      rules: DEFAULT_RANKING_RULES,
      customRanking: [],
      synonyms: [['js', 'javascript']],
      stopWords: [],
      typos: { minWordLengthForOneTypo: 5, minWordLengthForTwoTypos: 9, disableOnWords: ['api'] },
    });
    expect(fullSettings({}).stopWords).toEqual(ENGLISH_STOP_WORDS);
  });

  it("starts from the config file's suggestions and personalization impact, and lays stored ones over them field by field", () => {
    const config = configuredSettings({
      ranking: { stopWords: [] },
      suggestions: { minSessions: 2, blockedWords: ['lime'] },
      personalization: { impact: 30, fields: ['level'] },
    });
    expect(config).toEqual({ stopWords: [], suggestions: { minSessions: 2, blockedWords: ['lime'] }, personalization: { impact: 30 } });
    const merged = overlaySettings(config, { suggestions: { minAddresses: 1 }, personalization: { impact: 0 } });
    expect(merged.suggestions).toEqual({ minSessions: 2, minAddresses: 1, blockedWords: ['lime'] });
    expect(merged.personalization).toEqual({ impact: 0 });
  });

  it('reads a stored body that is not a JSON object as none', () => {
    expect(parseStoredSettings('{"stopWords": ["x"]}')).toEqual({ stopWords: ['x'] });
    expect(parseStoredSettings('[]')).toEqual({});
    expect(parseStoredSettings('not json')).toEqual({});
    expect(parseStoredSettings(null)).toEqual({});
  });
});

describe('the settings schema', () => {
  const problem = (value: unknown) => settingsProblems(value)[0];

  it('names what is wrong, field by field', () => {
    expect(problem({ rules: ['words', 'magic'] })).toMatchObject({ field: 'rules[1]', message: expect.stringMatching(/^rules\[1\] must be one of .*typo/) });
    expect(problem({ rules: ['words', 'words'] })).toMatchObject({ field: 'rules', message: "rules lists 'words' twice" });
    expect(problem({ customRanking: ['typo'] })).toMatchObject({ field: 'customRanking[0]', message: expect.stringMatching(/must be asc\(custom_fields/) });
    expect(problem({ synonyms: [['alone']] })).toMatchObject({ field: 'synonyms[0]', message: 'synonyms[0] must have at least 2 values' });
    expect(problem({ synonyms: [3] })).toMatchObject({ field: 'synonyms[0]', message: expect.stringMatching(/^synonyms\[0\] must be \["word"/) });
    expect(problem({ stopWords: 'the' })).toMatchObject({ field: 'stopWords', message: expect.stringMatching(/^stopWords must be an array/) });
    expect(problem({ stopWords: ['  '] })).toMatchObject({ field: 'stopWords[0]' });
    expect(problem({ typoTolerance: true })).toMatchObject({ field: 'typoTolerance', message: expect.stringMatching(/unknown setting 'typoTolerance'/) });
    expect(problem({ typos: { minWordLengthForOneTypo: 2 } })).toMatchObject({
      field: 'typos.minWordLengthForOneTypo',
      message: expect.stringMatching(/from 3 to 31/),
    });
    expect(problem({ typos: { minWordLengthForTwoTypos: 4.5 } })).toMatchObject({ field: 'typos.minWordLengthForTwoTypos' });
    expect(problem({ typos: { oneTypo: 4 } })).toMatchObject({ field: 'typos.oneTypo' });
    expect(problem([])).toMatchObject({ field: '' });
    expect(problem({ personalization: { impact: 101 } })).toMatchObject({
      field: 'personalization.impact',
      message: 'personalization.impact must be an integer from 0 to 100',
    });
    expect(problem({ personalization: { fields: ['level'] } })).toMatchObject({
      field: 'personalization.fields',
      message: "unknown setting 'personalization.fields' (impact)",
    });
    expect(problem({ suggestions: { minSessions: 0 } })).toMatchObject({
      field: 'suggestions.minSessions',
      message: expect.stringMatching(/from 1 to 1000000/),
    });
    expect(problem({ suggestions: { blockedWords: [''] } })).toMatchObject({ field: 'suggestions.blockedWords[0]' });
    expect(problem({ suggestions: 'none' })).toMatchObject({ field: 'suggestions', message: expect.stringMatching(/minSessions, minAddresses, blockedWords/) });
    expect(settingsProblems({ synonyms: [{ from: 'rounded corners', to: ['border radius'] }], typos: { disableOnWords: [] } })).toEqual([]);
  });

  it('refuses the same values in the config file, and typo lengths the wrong way round', () => {
    const config = (ranking: unknown) => () => parseConfigFile({ indices: [{ publicKey: 'a', secret: 's', ranking }] });
    expect(config({ rules: ['words', 'words'] })).toThrow(/indices\[0\]\.ranking\.rules lists 'words' twice/);
    expect(config({ typos: { minWordLengthForOneTypo: 9 } })).toThrow(/indices\[0\]\.ranking\.typos\.minWordLengthForOneTypo must not be below/);
    expect(config({ typos: { minWordLengthForOneTypo: 5, minWordLengthForTwoTypos: 6 } })).not.toThrow();
  });
});
