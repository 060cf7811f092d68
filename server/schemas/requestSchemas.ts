/**
 * Building blocks of the request schemas (the routes' own and the search query string's).
 * Each route declares its path, query and body in TypeBox: the one schema is both what
 * Fastify validates (its 400s name the parameter) and, through the type provider, the
 * type the handler reads.
 */
import Type, { type Static, type TSchema, type TUnsafe } from 'typebox';

/** The pattern of integers that must be written in decimal digits. */
const DECIMAL_DIGITS = '^[0-9]+$';

/** The `{key}` path parameter of every endpoint. */
export const KeyParams = Type.Object({ key: Type.String({ minLength: 1 }) });
export type KeyParams = Static<typeof KeyParams>;

/** A property the schema fills in with its `default` when it is absent: optional in the request, always there for the handler. */
export function Defaulted<T extends TSchema>(schema: T): T {
  return Type.Optional(schema) as unknown as T;
}

/**
 * An integer parameter written as plain decimal digits. The schema's type coercion alone
 * would take anything Number() reads (`1e2`, `0x10`, ` 1`): the string is checked
 * first, then coerced and checked as an integer in range. Absent, it is `byDefault`.
 */
export function DecimalInteger(minimum: number, maximum: number, byDefault: number): TUnsafe<number> {
  return Defaulted(
    Type.Unsafe<number>({
      allOf: [
        { type: 'string', pattern: DECIMAL_DIGITS, errorMessage: 'must be an integer written in decimal digits' },
        { type: 'integer', minimum, maximum },
      ],
      default: byDefault,
    }),
  );
}

/** One of a few strings, as a JSON Schema `enum` (its 400 lists them). */
export function OneOf<const T extends string[]>(...values: T): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ type: 'string', enum: values });
}
