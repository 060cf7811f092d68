import Type, { type TRefineAdd, type TString, type TStringOptions } from 'typebox';
import { storedTextProblem } from '../../src/client/fieldRules.ts';

/** The pattern of query parameters that reach storage: no NUL (see `storedTextProblem`). */
export const NO_NUL_PATTERN = '^[^\\u0000]*$';

/** A string the service stores as sent, the same on every engine: no NUL, no lone surrogate. */
export function StoredText(options: TStringOptions = {}): TRefineAdd<TString> {
  return Type.Refine(
    Type.String(options),
    (text) => storedTextProblem(text) === null,
    (text) => storedTextProblem(text) ?? '',
  );
}
