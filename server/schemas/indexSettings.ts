/**
 * An index's settings as TypeBox schemas: what the config file's `indices[].ranking`,
 * `indices[].suggestions` and `indices[].personalization.impact` and the body of
 * `PATCH /v2/indices/{key}/settings` may hold, so both refuse the same values with the
 * same words, naming the field at fault.
 */
import Type, { type Static } from 'typebox';
import type { IndexSettingsPatch } from '../../src/client/types.ts';
import { DEFAULT_RANKING_RULES, isRankingRule } from '../ranking/rankCandidates.ts';
import { STORED_MAX_LENGTH } from '../text/vocabularyWord.ts';
import { CrawlSchedulePatch, SCHEDULE_FIELDS } from './crawlSchedule.ts';
import { schemaCheck, type SchemaProblem } from './schemaProblems.ts';

/** Shorter words have too many near neighbours to correct, and the engines keep no near-word lists for them. */
export const TYPO_MIN_WORD_LENGTH = 3;
/** Past the longest word the engines keep for corrections, a length turns corrections off. */
export const TYPO_MAX_WORD_LENGTH = STORED_MAX_LENGTH + 1;
/** Far beyond what a site uses, short of what would slow every search down. */
const SYNONYMS_MAX = 10_000;
const WORDS_MAX = 1_000;
const WORD_MAX_CHARS = 100;

const KNOWN_RULES = `${DEFAULT_RANKING_RULES.join(', ')}, asc(custom_fields.NAME), desc(custom_fields.NAME)`;

const Word = Type.String({ minLength: 1, maxLength: WORD_MAX_CHARS, pattern: '\\S', errorMessage: `must be a word of 1 to ${WORD_MAX_CHARS} characters` });
const Words = Type.Array(Word, { maxItems: WORDS_MAX, errorMessage: `must be an array of at most ${WORDS_MAX} words` });

const Rule = Type.Refine(Type.String(), isRankingRule, () => `must be one of ${KNOWN_RULES}`);
const CustomRule = Type.Refine(
  Type.String(),
  (rule) => isRankingRule(rule) && rule.includes('('),
  () => 'must be asc(custom_fields.NAME) or desc(custom_fields.NAME)',
);

/** A list of rules, each named once. */
function RuleList<T extends typeof Rule | typeof CustomRule>(rule: T) {
  return Type.Refine(
    Type.Array(rule, { maxItems: 100, errorMessage: `must be an array of rules (${KNOWN_RULES})` }),
    // Refinements may see a value that failed its type: only a list can repeat itself.
    (rules: unknown) => !Array.isArray(rules) || new Set(rules).size === rules.length,
    (rules: unknown) => `lists '${String((rules as unknown[]).find((r, i) => (rules as unknown[]).indexOf(r) !== i))}' twice`,
  );
}

const SYNONYM_PROBLEM = 'must be ["word", "other word", ...] (two-way) or {"from": "word", "to": ["other"]} (one-way)';
const Synonym = Type.Union(
  [
    Type.Array(Word, { minItems: 2, maxItems: 100 }),
    Type.Object({ from: Word, to: Type.Array(Word, { minItems: 1, maxItems: 100 }) }, { additionalProperties: false }),
  ],
  { errorMessage: SYNONYM_PROBLEM },
);

const WordLength = Type.Integer({
  minimum: TYPO_MIN_WORD_LENGTH,
  maximum: TYPO_MAX_WORD_LENGTH,
  errorMessage: `must be an integer from ${TYPO_MIN_WORD_LENGTH} to ${TYPO_MAX_WORD_LENGTH}`,
});

export const TypoSettingsPatch = Type.Object(
  {
    minWordLengthForOneTypo: Type.Optional(WordLength),
    minWordLengthForTwoTypos: Type.Optional(WordLength),
    disableOnWords: Type.Optional(Words),
  },
  { additionalProperties: false, errorMessage: 'must be an object (minWordLengthForOneTypo, minWordLengthForTwoTypos, disableOnWords)' },
);

const RANKING_FIELDS = {
  rules: Type.Optional(RuleList(Rule)),
  customRanking: Type.Optional(RuleList(CustomRule)),
  synonyms: Type.Optional(Type.Array(Synonym, { maxItems: SYNONYMS_MAX, errorMessage: `must be an array of at most ${SYNONYMS_MAX} entries` })),
  stopWords: Type.Optional(Words),
  typos: Type.Optional(TypoSettingsPatch),
};

/** The ranking settings (the config file's `ranking`): each field given replaces the one before it (typo settings field by field). */
export const RankingSettingsPatch = Type.Object(RANKING_FIELDS, {
  additionalProperties: false,
  errorMessage: 'must be a JSON object (rules, customRanking, synonyms, stopWords, typos)',
});

/** How many distinct sessions or addresses a learned suggestion or fix needs. */
export const LearnedCount = Type.Integer({ minimum: 1, maximum: 1_000_000, errorMessage: 'must be an integer from 1 to 1000000' });

/** How far a user's profile moves their results; the config file's `personalization` adds the settings of what profiles keep. */
export const PERSONALIZATION_IMPACT = {
  impact: Type.Optional(Type.Integer({ minimum: 0, maximum: 100, errorMessage: 'must be an integer from 0 to 100' })),
};

/** When a searched keyword is suggested to everyone, and words never suggested (the config file's `suggestions` too). */
export const SuggestionSettingsPatch = Type.Object(
  { minSessions: Type.Optional(LearnedCount), minAddresses: Type.Optional(LearnedCount), blockedWords: Type.Optional(Words) },
  { additionalProperties: false, errorMessage: 'must be an object (minSessions, minAddresses, blockedWords)' },
);

const GROUP_FIELDS: Record<string, string> = {
  typos: 'minWordLengthForOneTypo, minWordLengthForTwoTypos, disableOnWords',
  personalization: 'impact',
  suggestions: 'minSessions, minAddresses, blockedWords',
  crawlSchedule: SCHEDULE_FIELDS,
};
const TOP_FIELDS = 'rules, customRanking, synonyms, stopWords, typos, personalization, suggestions, crawlSchedule';

/** The body of `PATCH /v2/indices/{key}/settings`: each field given replaces the one before it (grouped settings field by field). */
export const SettingsPatch = Type.Object(
  {
    ...RANKING_FIELDS,
    personalization: Type.Optional(
      Type.Object(PERSONALIZATION_IMPACT, { additionalProperties: false, errorMessage: `must be an object (${GROUP_FIELDS.personalization})` }),
    ),
    suggestions: Type.Optional(SuggestionSettingsPatch),
    crawlSchedule: Type.Optional(CrawlSchedulePatch),
  },
  { additionalProperties: false, errorMessage: `must be a JSON object (${TOP_FIELDS})` },
);
export type SettingsPatch = Static<typeof SettingsPatch> & IndexSettingsPatch;
export type RankingSettingsPatch = Static<typeof RankingSettingsPatch> & Omit<IndexSettingsPatch, 'personalization' | 'suggestions'>;

const check = schemaCheck(SettingsPatch, 'the settings', {
  unknown: (field, name) => {
    const group = GROUP_FIELDS[field.split('.')[0]!];
    return `unknown setting '${field.includes('.') ? field : name}' (${field.includes('.') && group !== undefined ? group : TOP_FIELDS})`;
  },
});

/** What is wrong with settings, each problem naming its field (`typos.disableOnWords[2]`); none when they are valid. */
export function settingsProblems(value: unknown): SchemaProblem[] {
  return check.problems(value);
}

/**
 * What the typo settings cannot say field by field: two typos only for words at least as
 * long as those that take one. `given` names the fields the caller wrote, so the
 * problem names one of them.
 */
export function typoLengthsProblem(
  typos: { minWordLengthForOneTypo: number; minWordLengthForTwoTypos: number },
  given: Partial<Record<string, unknown>> = {},
): SchemaProblem | null {
  if (typos.minWordLengthForTwoTypos >= typos.minWordLengthForOneTypo) return null;
  const field =
    given.minWordLengthForTwoTypos === undefined && given.minWordLengthForOneTypo !== undefined
      ? 'typos.minWordLengthForOneTypo'
      : 'typos.minWordLengthForTwoTypos';
  return {
    field,
    message: `${field} must not be below typos.minWordLengthForOneTypo (now ${typos.minWordLengthForOneTypo} for one typo, ${typos.minWordLengthForTwoTypos} for two)`,
  };
}
