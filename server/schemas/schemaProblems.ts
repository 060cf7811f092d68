/**
 * Checks a value against a TypeBox schema (compiled once) and says what is wrong in
 * plain words, each problem naming its field as the API names it (`custom_fields.price`,
 * `documents[3].url`). A schema may word its own problem with `errorMessage`: the words
 * after the field's name (`must be a language code such as en`); a refinement's message
 * is read the same way. TypeBox keeps the first 8 errors of a value (its guard against
 * values built to make checking slow), so a value with many problems reports its first few.
 */
import type { TLocalizedValidationError } from 'typebox/error';
import { Compile } from 'typebox/compile';
import type { Static, TSchema } from 'typebox';

/** What is wrong with a value: the field at fault (empty for the value itself) and why. */
export interface SchemaProblem {
  field: string;
  message: string;
}

/** A compiled check: the problems of a value, in the schema's order; none when it is valid. */
export interface SchemaCheck<T extends TSchema> {
  problems(value: unknown): SchemaProblem[];
  /** Narrows a value that has no problems. */
  check(value: unknown): value is Static<T>;
}

export interface SchemaWords {
  /** Names the value itself (`a document`, `the event`). */
  subject: string;
  /** A field the schema does not know, given its path. @default unknown field '<name>' */
  unknown: (field: string, name: string) => string;
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
    for (const problem of wordsFor(schema, error, words)) {
      const key = `${problem.field}\n${problem.message}`;
      if (!seen.has(key)) problems.push(problem);
      seen.add(key);
    }
  }
  return problems;
}

/**
 * The errors worth reporting. A union that fails reports each branch; only the branch
 * of the value's own type says something useful (`id` too long, not "not a number"), so
 * that one is kept when there is exactly one, else the union's own error. Summaries of
 * errors reported one by one (property names, extra properties) are dropped.
 */
const NOT_THIS_BRANCH = new Set(['type', 'const', 'enum']);

function relevant(errors: readonly TLocalizedValidationError[]): TLocalizedValidationError[] {
  const dropped = new Set<TLocalizedValidationError>();
  for (const union of errors.filter((e) => e.keyword === 'anyOf')) {
    // One schema can fail at several places (each custom field): the union's place only.
    const inside = errors.filter((e) => e.schemaPath.startsWith(`${union.schemaPath}/anyOf/`) && `${e.instancePath}/`.startsWith(`${union.instancePath}/`));
    const branches = new Map<string, TLocalizedValidationError[]>();
    for (const error of inside) {
      const branch = error.schemaPath.slice(union.schemaPath.length).split('/').slice(0, 3).join('/');
      branches.set(branch, [...(branches.get(branch) ?? []), error]);
    }
    // A branch whose only complaint is the value's type (or that it is not the branch's one value) is not the value's branch.
    const ofItsType = [...branches.values()].filter((list) => !list.every((e) => NOT_THIS_BRANCH.has(e.keyword) && e.instancePath === union.instancePath));
    if (ofItsType.length === 1) {
      dropped.add(union);
      for (const error of inside) if (!ofItsType[0]!.includes(error)) dropped.add(error);
    } else {
      for (const error of inside) dropped.add(error);
    }
  }
  // A value of the wrong type is that only: 0.5 for a count from 1 is not an integer, full stop.
  const wrongType = new Set(errors.filter((e) => e.keyword === 'type').map((e) => `${e.schemaPath} ${e.instancePath}`));
  return errors.filter(
    (e) =>
      !dropped.has(e) &&
      e.keyword !== 'propertyNames' &&
      !(e.keyword === 'boolean' && e.schemaPath.endsWith('/additionalProperties')) &&
      (e.keyword === 'type' || !wrongType.has(`${e.schemaPath} ${e.instancePath}`)),
  );
}

function wordsFor(schema: TSchema, error: TLocalizedValidationError, words: SchemaWords): SchemaProblem[] {
  const field = fieldOf(error.instancePath);
  const name = field === '' ? words.subject : field;
  const own = schemaAt(schema, error.schemaPath)?.errorMessage;
  switch (error.keyword) {
    case 'required':
      return error.params.requiredProperties.map((property) => {
        const missing = joinField(field, property);
        return { field: missing, message: `${missing} is required` };
      });
    case 'additionalProperties':
      return error.params.additionalProperties.map((property) => {
        const unknown = joinField(field, property);
        return { field: unknown, message: words.unknown(unknown, property) };
      });
    case '~refine':
      return [{ field, message: `${name} ${error.params.message}` }];
  }
  // A property name that breaks its pattern (`custom_fields.a b`): the name's own schema words it.
  if (error.keyword === 'pattern' && error.schemaPath.endsWith('/propertyNames')) {
    return [{ field, message: `${name} ${typeof own === 'string' ? own : 'is not an allowed name'}` }];
  }
  return [{ field, message: `${name} ${typeof own === 'string' ? own : plainWords(error)}` }];
}

/** The words after the field's name, by JSON Schema keyword. */
function plainWords(error: TLocalizedValidationError): string {
  switch (error.keyword) {
    case 'type':
      return `must be ${[error.params.type].flat().map(typeWords).join(' or ')}`;
    case 'minLength':
      return error.params.limit === 1 ? 'must not be empty' : `must have at least ${error.params.limit} characters`;
    case 'maxLength':
      return `must have at most ${error.params.limit} characters`;
    case 'minimum':
      return `must be at least ${String(error.params.limit)}`;
    case 'maximum':
      return `must be at most ${String(error.params.limit)}`;
    case 'maxItems':
      return `may have at most ${error.params.limit} values`;
    case 'minItems':
      return error.params.limit === 1 ? 'must not be empty' : `must have at least ${error.params.limit} values`;
    case 'maxProperties':
      return `may have at most ${error.params.limit} fields`;
    case 'enum':
      return `must be one of: ${error.params.allowedValues.map(String).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify(error.params.allowedValue)}`;
    case 'anyOf':
      return 'is none of the forms it may take';
    default:
      return error.message;
  }
}

function typeWords(type: string): string {
  switch (type) {
    case 'integer':
      return 'an integer';
    case 'object':
      return 'an object';
    case 'array':
      return 'an array';
    case 'boolean':
      return 'true or false';
    default:
      return `a ${type}`;
  }
}

/** `/documents/3/url` → `documents[3].url`. */
function fieldOf(instancePath: string): string {
  return instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce(joinField, '');
}

function joinField(path: string, part: string): string {
  if (/^\d+$/.test(part)) return `${path}[${part}]`;
  return path === '' ? part : `${path}.${part}`;
}

/** The schema at a JSON pointer such as `#/properties/id`. */
function schemaAt(schema: TSchema, pointer: string): Record<string, unknown> | undefined {
  let node: unknown = schema;
  for (const part of pointer.split('/').slice(1)) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part.replaceAll('~1', '/').replaceAll('~0', '~')];
  }
  return typeof node === 'object' && node !== null ? (node as Record<string, unknown>) : undefined;
}
