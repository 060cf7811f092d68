/**
 * Statements a connection keeps prepared, by name: PostgreSQL then parses one once per
 * connection, and may plan it once (after five executions it keeps a generic plan when
 * that costs no more than planning each time). node-postgres prepares a named statement
 * on first use and never forgets it, so each connection takes at most PREPARED_MAX.
 */
import { createHash } from 'node:crypto';

const PREPARED_MAX = 64;

const preparedOn = new WeakMap<object, Set<string>>();

/** The name `text` is prepared under on `connection`, or undefined once it holds PREPARED_MAX others. */
export function preparedName(connection: object, text: string): string | undefined {
  const name = `p_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
  let names = preparedOn.get(connection);
  if (names === undefined) preparedOn.set(connection, (names = new Set()));
  if (names.has(name)) return name;
  if (names.size >= PREPARED_MAX) return undefined;
  names.add(name);
  return name;
}
