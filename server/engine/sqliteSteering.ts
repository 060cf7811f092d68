/** The owner's data (rules, settings) of an SQLite index: its table, reads and writes. */
import type { SteeringEntry, SteeringKind, SteeringPage, SteeringSnapshot } from './engine.ts';
import type { StatementCache } from '../storage/statementCache.ts';

/** The `meta` key of the owner data's version, bumped in the transaction of every write of it. */
export const STEERING_VERSION_KEY = 'steering_version';

/** The DDL of the owner's data (applied with the rest of the index's schema, sqliteSchema.ts). */
export const STEERING_DDL = `
  -- What the site owner stores to steer searches: query rules (kind 'rule', by rule id)
  -- and the index settings (kind 'settings', id ''); body is the JSON as written.
  CREATE TABLE IF NOT EXISTS steering (
    kind TEXT NOT NULL,
    id TEXT NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (kind, id)
  ) WITHOUT ROWID;
`;

export function steeringVersion(statements: StatementCache): string {
  return (statements.get(`SELECT value FROM meta WHERE key = '${STEERING_VERSION_KEY}'`).pluck().get() as string | undefined) ?? '0';
}

/** The whole owner data, or null when its version is still `since`. */
export function steeringSnapshot(statements: StatementCache, since: string | null): SteeringSnapshot | null {
  const version = steeringVersion(statements);
  if (version === since) return null;
  const entries = statements.get('SELECT kind, id, body FROM steering ORDER BY kind, id').all() as SteeringEntry[];
  return { version, entries };
}

export function listSteering(statements: StatementCache, kind: SteeringKind, page?: SteeringPage): Array<{ id: string; body: string }> {
  if (page === undefined) return statements.get('SELECT id, body FROM steering WHERE kind = ? ORDER BY id').all(kind) as Array<{ id: string; body: string }>;
  return statements.get('SELECT id, body FROM steering WHERE kind = ? AND id > ? ORDER BY id LIMIT ?').all(kind, page.after ?? '', page.limit) as Array<{
    id: string;
    body: string;
  }>;
}

export function steeringSize(statements: StatementCache, kind: SteeringKind): { count: number; bytes: number } {
  return statements.get('SELECT count(*) AS count, coalesce(sum(length(CAST(body AS BLOB))), 0) AS bytes FROM steering WHERE kind = ?').get(kind) as {
    count: number;
    bytes: number;
  };
}

export function getSteering(statements: StatementCache, kind: SteeringKind, id: string): string | null {
  return (statements.get('SELECT body FROM steering WHERE kind = ? AND id = ?').pluck().get(kind, id) as string | undefined) ?? null;
}

/** Writes an entry (null body: removes it) and bumps the version; the caller's transaction holds both. Whether a row changed. */
export function writeSteering(statements: StatementCache, kind: SteeringKind, id: string, body: string | null): boolean {
  const changed =
    body === null
      ? statements.get('DELETE FROM steering WHERE kind = ? AND id = ?').run(kind, id).changes > 0
      : statements.get('INSERT INTO steering (kind, id, body) VALUES (?, ?, ?) ON CONFLICT (kind, id) DO UPDATE SET body = excluded.body').run(kind, id, body)
          .changes > 0;
  if (changed) {
    statements
      .get(
        `INSERT INTO meta (key, value) VALUES ('${STEERING_VERSION_KEY}', '1')
         ON CONFLICT (key) DO UPDATE SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT)`,
      )
      .run();
  }
  return changed;
}
