/**
 * A number column tested against the bounds of a range, as SQL both engines read: one
 * test per bound given, `?` for each value, the values in the same order. Range facets
 * (`from` inclusive, `to` exclusive) and range filters (`gt`, `lt`, both exclusive) build
 * their conditions from it.
 */
export function numberBounds(column: string, bounds: ReadonlyArray<readonly ['>' | '>=' | '<', number | undefined]>): { tests: string[]; params: number[] } {
  const tests: string[] = [];
  const params: number[] = [];
  for (const [op, value] of bounds) {
    if (value === undefined) continue;
    tests.push(`${column} ${op} ?`);
    params.push(value);
  }
  return { tests, params };
}
