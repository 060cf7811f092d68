/** The owner's data (rules, settings) of a PostgreSQL index: reads and writes (its table is in postgresSchema.ts). */
import type { PgQueryable } from '../storage/postgresCancel.ts';
import { inTransaction } from '../storage/postgresPool.ts';
import type pg from 'pg';
import type { CustomFieldType, IndexReader, SearchQuery, Steering, SteeringEntry, SteeringKind, SteeringSnapshot } from './engine.ts';
import { allOf, numbered, pgConditions } from './postgresWhere.ts';

const VERSION_KEY = 'steering_version';

/**
 * The version, and every entry when it differs from $1, in one statement: when nothing
 * changed one row with null entry columns comes back.
 */
const SNAPSHOT_SQL = `SELECT v.value AS version, s.kind, s.id, s.body
  FROM (SELECT coalesce((SELECT value FROM meta WHERE key = '${VERSION_KEY}'), '0') AS value) AS v
  LEFT JOIN steering AS s ON v.value IS DISTINCT FROM $1
  ORDER BY s.kind, s.id`;

const BUMP_SQL = `INSERT INTO meta (key, value) VALUES ('${VERSION_KEY}', '1')
  ON CONFLICT (key) DO UPDATE SET value = (meta.value::bigint + 1)::text`;

/** The whole owner data, or null when its version is still `since`. */
export async function readSteering(client: PgQueryable, since: string | null): Promise<SteeringSnapshot | null> {
  const { rows } = await client.query<{ version: string; kind: SteeringKind | null; id: string | null; body: string | null }>({
    name: 'steering',
    text: SNAPSHOT_SQL,
    values: [since],
  });
  const version = rows[0]?.version ?? '0';
  if (version === since) return null;
  const entries = rows.flatMap((r): SteeringEntry[] => (r.kind === null ? [] : [{ kind: r.kind, id: r.id!, body: r.body! }]));
  return { version, entries };
}

/**
 * Remembers the owner data's version a search last read, so that searches do not ask for
 * it: its version comes back with the field facts, at most a second old (the words
 * lookup reads them, in the same round trip), and a version other than the one known
 * makes the next search read the owner data again, as does a write through this node.
 * A write through another node so applies within about a second.
 */
export class SteeringVersionCheck {
  private known: string | null = null;

  async read(client: PgQueryable, since: string | null): Promise<SteeringSnapshot | null> {
    if (since !== null && this.known === since) return null;
    const snapshot = await readSteering(client, since);
    this.known = snapshot?.version ?? since;
    return snapshot;
  }

  /** The version read with the field facts. */
  seen(version: string): void {
    if (this.known !== null && this.known !== version) this.known = null;
  }

  forget(): void {
    this.known = null;
  }
}

/** The writes and listings of the owner's data, on the primary's pool; `written` runs after each commit that changed something. */
export function postgresSteering(pool: pg.Pool, written: () => void): Steering {
  const write = async (kind: SteeringKind, id: string, body: string | null): Promise<boolean> => {
    const changed = await inTransaction(
      pool,
      async (client) => {
        const { rowCount } =
          body === null
            ? await client.query('DELETE FROM steering WHERE kind = $1 AND id = $2', [kind, id])
            : await client.query('INSERT INTO steering (kind, id, body) VALUES ($1, $2, $3) ON CONFLICT (kind, id) DO UPDATE SET body = excluded.body', [
                kind,
                id,
                body,
              ]);
        return (rowCount ?? 0) > 0;
      },
      // The version is bumped in the same transaction as the change it announces.
      (done) => (done ? `${BUMP_SQL}; COMMIT` : 'COMMIT'),
    );
    if (changed) written();
    return changed;
  };
  return {
    // Ids in byte order, as SQLite keeps them, whatever the database's collation.
    list: async (kind, page) =>
      (
        await pool.query<{ id: string; body: string }>(
          page === undefined
            ? 'SELECT id, body FROM steering WHERE kind = $1 ORDER BY id COLLATE "C"'
            : 'SELECT id, body FROM steering WHERE kind = $1 AND id COLLATE "C" > $2 ORDER BY id COLLATE "C" LIMIT $3',
          page === undefined ? [kind] : [kind, page.after ?? '', page.limit],
        )
      ).rows,
    size: async (kind) => {
      const row = (
        await pool.query<{ count: string; bytes: string }>(
          'SELECT count(*) AS count, coalesce(sum(octet_length(body)), 0) AS bytes FROM steering WHERE kind = $1',
          [kind],
        )
      ).rows[0]!;
      return { count: Number(row.count), bytes: Number(row.bytes) };
    },
    get: async (kind, id) => (await pool.query<{ body: string }>('SELECT body FROM steering WHERE kind = $1 AND id = $2', [kind, id])).rows[0]?.body ?? null,
    put: async (kind, id, body) => {
      await write(kind, id, body);
    },
    remove: (kind, id) => write(kind, id, null),
  };
}

/** IndexReader.passing on PostgreSQL: the documents among these that pass the query's conditions other than its words. */
export async function passingDocuments(
  client: PgQueryable,
  fieldTypes: ReadonlyMap<string, CustomFieldType>,
  documents: Parameters<IndexReader['passing']>[0],
  query: SearchQuery,
): Promise<Array<{ id: string; rowid: number }>> {
  const [test, values] = 'ids' in documents ? ['d.id = ANY(?::text[])', documents.ids] : ['d.rowid = ANY(?::bigint[])', documents.rowids];
  if (values.length === 0) return [];
  const where = allOf([{ sql: test, params: [values] }, ...pgConditions(query, fieldTypes)]);
  const { rows } = await client.query<{ id: string; rowid: string | number }>(
    `SELECT d.id, d.rowid FROM docs d WHERE ${numbered(where.sql)}`,
    where.params as unknown[],
  );
  return rows.map((r) => ({ id: r.id, rowid: Number(r.rowid) }));
}
