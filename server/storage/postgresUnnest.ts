import type pg from 'pg';

/** A column rows are inserted into as one array: its name in the table and its SQL type. */
export type UnnestColumn = readonly [name: string, type: string];

/**
 * Inserts rows given column by column (`values[i]` holds every row's value of
 * `columns[i]`) in one statement however many, `INSERT … SELECT * FROM unnest(…)`, then
 * `tail` (an ON CONFLICT clause, a RETURNING list); the rows RETURNING answers. The
 * batch writes of the PostgreSQL engine and event store both go through it.
 */
export async function insertColumns<R extends pg.QueryResultRow>(
  client: pg.ClientBase,
  table: string,
  columns: readonly UnnestColumn[],
  values: ReadonlyArray<readonly unknown[]>,
  tail = '',
): Promise<R[]> {
  const { rows } = await client.query<R>(
    `INSERT INTO ${table} (${columns.map(([name]) => name).join(', ')})
     SELECT * FROM unnest(${columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ')}) ${tail}`,
    values as unknown[],
  );
  return rows;
}
