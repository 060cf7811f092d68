import type pg from 'pg';
import { connectPool, inTransaction } from '../storage/postgresPool.ts';
import { migratePostgres } from '../storage/postgresMigrations.ts';
import type { DatabaseTimeouts } from '../storage/databaseTimeouts.ts';
import { identityText, type CatalogIndex, type CatalogSession, type ServiceCatalog } from './catalog.ts';
import { postgresCatalogTables } from './migrations/postgres/0001-catalog.ts';
import { indexOf, SESSION_ROW_MAX_MS, sessionOf, type IndexRow, type SessionRow } from './sqliteCatalog.ts';

/**
 * The catalog in a schema of the database (`schema`): every node reads the secrets and
 * sessions from it on each request, so a rotation or a sign-out holds on all of them at once.
 */
export class PostgresCatalog implements ServiceCatalog {
  private constructor(private readonly pool: pg.Pool) {}

  static async open(url: string, schema: string, timeouts: DatabaseTimeouts): Promise<PostgresCatalog> {
    const pool = connectPool(url, schema, 4, {}, timeouts);
    try {
      const client = await pool.connect();
      try {
        await migratePostgres(client, schema, 'migrations', [postgresCatalogTables]);
      } finally {
        client.release();
      }
      return new PostgresCatalog(pool);
    } catch (error) {
      await pool.end();
      throw error;
    }
  }

  async indices(): Promise<CatalogIndex[]> {
    return (await this.pool.query<IndexRow>('SELECT * FROM api_index ORDER BY public_key')).rows.map(indexOf);
  }

  async index(publicKey: string): Promise<CatalogIndex | null> {
    const { rows } = await this.pool.query<IndexRow>('SELECT * FROM api_index WHERE public_key = $1', [publicKey]);
    return rows[0] === undefined ? null : indexOf(rows[0]);
  }

  async addIndex(index: CatalogIndex): Promise<boolean> {
    const { rowCount } = await this.pool.query('INSERT INTO api_index (public_key, secret_hash, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
      index.publicKey,
      index.secretHash,
      index.createdAt,
    ]);
    return rowCount === 1;
  }

  async setSecret(publicKey: string, secretHash: string): Promise<boolean> {
    return (await this.pool.query('UPDATE api_index SET secret_hash = $1 WHERE public_key = $2', [secretHash, publicKey])).rowCount === 1;
  }

  async removeIndex(publicKey: string): Promise<boolean> {
    return inTransaction(this.pool, async (client) => {
      await client.query('DELETE FROM session WHERE identity = $1', [identityText({ kind: 'index', publicKey })]);
      return (await client.query('DELETE FROM api_index WHERE public_key = $1', [publicKey])).rowCount === 1;
    });
  }

  async signingKey(): Promise<string> {
    return (await this.pool.query<{ key: string }>('SELECT key FROM signing_key WHERE id = 1')).rows[0]!.key;
  }

  async addSession(session: CatalogSession): Promise<void> {
    await this.pool.query('DELETE FROM session WHERE expires_at <= $1', [session.expiresAt - SESSION_ROW_MAX_MS]);
    await this.pool.query('INSERT INTO session (id, identity, csrf_token, expires_at) VALUES ($1, $2, $3, $4)', [
      session.id,
      identityText(session.identity),
      session.csrfToken,
      session.expiresAt,
    ]);
  }

  async session(id: string, now: number): Promise<CatalogSession | null> {
    const { rows } = await this.pool.query<SessionRow>('SELECT * FROM session WHERE id = $1 AND expires_at > $2', [id, now]);
    return rows[0] === undefined ? null : sessionOf(rows[0]);
  }

  async removeSession(id: string): Promise<void> {
    await this.pool.query('DELETE FROM session WHERE id = $1', [id]);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
