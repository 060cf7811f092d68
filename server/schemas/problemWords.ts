/**
 * The one wording of schema problems, for every 400 a schema gives: the values the service
 * checks itself (schemaProblems.ts, TypeBox) and the query strings, paths and bodies
 * Fastify checks against a route's schema (errors.ts, Ajv). Both validators report a
 * JSON Schema keyword, where in the value and where in the schema; a problem names its
 * field as the API names it (`custom_fields.price`, `documents[3].url`), then says what
 * is wrong, in the schema's own words (`errorMessage`) where it has them. Loads no schema
 * library: error answers are built on reader threads too.
 */

/** What is wrong with a value: the field at fault (empty for the value itself) and why. */
export interface SchemaProblem {
  field: string;
  message: string;
}

export interface SchemaWords {
  /** Names the value itself (`a document`, `the event`). */
  subject: string;
  /** A field the schema does not know, given its path. @default unknown field '<name>' */
  unknown: (field: string, name: string) => string;
  /** Whether the field came as a repeated query parameter: its array is then a count of times given. */
  repeated?: (field: string) => boolean;
}

/**
 * One failure as a validator reports it. `schemaPath` points at the schema that failed
 * (a pointer such as `#/properties/limit`), not at its keyword; `params` are the keyword's,
 * in TypeBox's names (`requiredProperties`, `additionalProperties` as lists).
 */
export interface ValidationIssue {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: object;
  message?: string | undefined;
}

/**
 * The errors worth reporting. A union that fails reports each branch; only the branch
 * of the value's own type says something useful (`id` too long, not "not a number"), so
 * that one is kept when there is exactly one, else the union's own error. Summaries of
 * errors reported one by one (property names, extra properties) are dropped.
 */
const NOT_THIS_BRANCH = new Set(['type', 'const', 'enum']);

export function relevant<T extends ValidationIssue>(errors: readonly T[]): T[] {
  const dropped = new Set<T>();
  for (const union of errors.filter((e) => e.keyword === 'anyOf')) {
    // One schema can fail at several places (each custom field): the union's place only.
    const inside = errors.filter((e) => e.schemaPath.startsWith(`${union.schemaPath}/anyOf/`) && `${e.instancePath}/`.startsWith(`${union.instancePath}/`));
    const branches = new Map<string, T[]>();
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

/** The problems one issue stands for (a `required` issue may name several missing fields). */
export function problemsOf(schema: unknown, issue: ValidationIssue, words: SchemaWords): SchemaProblem[] {
  const params = issue.params as Record<string, unknown>;
  const field = fieldOf(issue.instancePath);
  const name = field === '' ? words.subject : field;
  const own = schemaAt(schema, issue.schemaPath)?.errorMessage;
  switch (issue.keyword) {
    case 'required':
      return (params.requiredProperties as string[]).map((property) => {
        const missing = joinField(field, property);
        return { field: missing, message: `${missing} is required` };
      });
    case 'additionalProperties':
      return (params.additionalProperties as string[]).map((property) => {
        const unknown = joinField(field, property);
        return { field: unknown, message: words.unknown(unknown, property) };
      });
    case '~refine':
      return [{ field, message: `${name} ${String(params.message)}` }];
  }
  // A property name that breaks its pattern (`custom_fields.a b`): the name's own schema words it.
  if (issue.keyword === 'pattern' && issue.schemaPath.endsWith('/propertyNames')) {
    return [{ field, message: `${name} ${typeof own === 'string' ? own : 'is not an allowed name'}` }];
  }
  const repeated = words.repeated?.(field) === true;
  // A parameter given twice arrives as a list where one value is expected, whatever the value's own words.
  if (repeated && issue.keyword === 'type') return [{ field, message: `${name} must be given only once` }];
  if (typeof own === 'string') return [{ field, message: `${name} ${own}` }];
  return [{ field, message: `${name} ${plainWords(issue.keyword, params, repeated) ?? issue.message ?? 'is invalid'}` }];
}

/** The words after the field's name, by JSON Schema keyword; undefined: the validator's own. */
function plainWords(keyword: string, params: Record<string, unknown>, repeated: boolean): string | undefined {
  const limit = String(params.limit);
  switch (keyword) {
    case 'type':
      return `must be ${[params.type as string | string[]].flat().map(typeWords).join(' or ')}`;
    case 'minLength':
      return params.limit === 1 ? 'must not be empty' : `must have at least ${limit} characters`;
    case 'maxLength':
      return `must have at most ${limit} characters`;
    case 'minimum':
      return `must be at least ${limit}`;
    case 'maximum':
      return `must be at most ${limit}`;
    case 'maxItems':
      return repeated ? `may be given at most ${limit} times` : `may have at most ${limit} values`;
    case 'minItems':
      return params.limit === 1 ? 'must not be empty' : `must have at least ${limit} values`;
    case 'maxProperties':
      return `may have at most ${limit} fields`;
    case 'enum':
      return `must be one of: ${(params.allowedValues as unknown[]).map(String).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify(params.allowedValue)}`;
    case 'anyOf':
      return 'is none of the forms it may take';
    default:
      return undefined;
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
function schemaAt(schema: unknown, pointer: string): Record<string, unknown> | undefined {
  let node: unknown = schema;
  for (const part of pointer.split('/').slice(1)) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part.replaceAll('~1', '/').replaceAll('~0', '~')];
  }
  return typeof node === 'object' && node !== null ? (node as Record<string, unknown>) : undefined;
}
