/**
 * Checks a value against a TypeBox schema (compiled once) and says what is wrong in
 * plain words, worded as every schema problem is (problemWords.ts), each naming its field
 * as the API names it (`custom_fields.price`, `documents[3].url`). A schema may word its
 * own problem with `errorMessage`: the words after the field's name (`must be a language
 * code such as en`); a refinement's message is read the same way. TypeBox keeps the first 8 errors of a value (its guard against
 * values built to make checking slow), so a value with many problems reports its first few.
 */
import type { TLocalizedValidationError } from 'typebox/error';
import { Compile } from 'typebox/compile';
import type { Static, TSchema } from 'typebox';
import { problemsOf, relevant, type SchemaProblem, type SchemaWords } from './problemWords.ts';

export type { SchemaProblem, SchemaWords };

/** A compiled check: the problems of a value, in the schema's order; none when it is valid. */
export interface SchemaCheck<T extends TSchema> {
  problems(value: unknown): SchemaProblem[];
  /** Narrows a value that has no problems. */
  check(value: unknown): value is Static<T>;
}

/** Compiles `schema`; `subject` names the value itself in messages. */
export function schemaCheck<T extends TSchema>(schema: T, subject: string, words: Partial<Omit<SchemaWords, 'subject'>> = {}): SchemaCheck<T> {
  const validator = Compile(schema);
  const all: SchemaWords = { subject, unknown: (_, name) => `unknown field '${name}'`, ...words };
  return {
    check: (value): value is Static<T> => validator.Check(value),
    problems: (value) => (validator.Check(value) ? [] : describe(schema, validator.Errors(value), all)),
  };
}

function describe(schema: TSchema, errors: readonly TLocalizedValidationError[], words: SchemaWords): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const seen = new Set<string>();
  for (const error of relevant(errors)) {
    for (const problem of problemsOf(schema, error, words)) {
      const key = `${problem.field}\n${problem.message}`;
      if (!seen.has(key)) problems.push(problem);
      seen.add(key);
    }
  }
  return problems;
}
