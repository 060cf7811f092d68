import { storedTextProblem } from '../../src/client/fieldRules.ts';

/**
 * The pattern of query parameters that reach storage: no NUL (see `storedTextProblem`).
 * Apart from the schemas so that what reads it loads no schema library.
 */
export const NO_NUL_PATTERN = '^[^\\u0000]*$';

/** A string schema's options that refuse NUL, with the words of its 400 (see problemWords.ts). */
export const NO_NUL = { pattern: NO_NUL_PATTERN, errorMessage: storedTextProblem('\u0000')! } as const;
