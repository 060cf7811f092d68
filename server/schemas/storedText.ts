import Type, { type TRefineAdd, type TString, type TStringOptions } from 'typebox';
import { storedTextProblem } from '../../src/client/fieldRules.ts';

export { NO_NUL } from './storedTextPattern.ts';

/** A string the service stores as sent, the same on every engine: no NUL, no lone surrogate. */
export function StoredText(options: TStringOptions = {}): TRefineAdd<TString> {
  return Type.Refine(
    Type.String(options),
    (text) => storedTextProblem(text) === null,
    (text) => storedTextProblem(text) ?? '',
  );
}
