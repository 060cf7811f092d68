import Type, { type Static } from 'typebox';
import { schemaCheck } from './schemaProblems.ts';
import { StoredText } from './storedText.ts';

/** Hidden keywords are a handful of words; this bounds what one document can add to the index. */
export const HIDDEN_KEYWORDS_MAX_CHARS = 10_000;

/** Body of `POST .../documents/{id}/content/hiddenKeywords` (API 4.8): space-delimited keywords. */
export const HiddenKeywordsBody = Type.Object({ hiddenKeywords: StoredText({ maxLength: HIDDEN_KEYWORDS_MAX_CHARS }) }, { additionalProperties: false });
export type HiddenKeywordsBody = Static<typeof HiddenKeywordsBody>;

export const hiddenKeywordsCheck = schemaCheck(HiddenKeywordsBody, 'the body');
