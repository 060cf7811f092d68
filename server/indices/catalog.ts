/**
 * What the service keeps of itself beside its indices: the indices made through the
 * index API (their keys and their secrets' hashes), the key session cookies are signed
 * with, and the sessions signed in. SQLite keeps it in a file of the data folder
 * (sqliteCatalog.ts); PostgreSQL in a schema of the database, so every node reads the
 * same secrets and sessions at once (postgresCatalog.ts).
 */
import type { SessionIdentity } from '../../src/client/types.ts';

export type { SessionIdentity };

/** An index made through the API. */
export interface CatalogIndex {
  publicKey: string;
  /** SHA-256 of the secret, hex: the secret itself is answered once and kept nowhere. */
  secretHash: string;
  createdAt: number;
}

/** A session signed in (POST /v2/session). */
export interface CatalogSession {
  /** Random, the cookie's value (signed). */
  id: string;
  identity: SessionIdentity;
  /** The token state-changing calls made with the cookie send in `X-CSRF-Token`. */
  csrfToken: string;
  /** Milliseconds since the epoch, by the app's clock. */
  expiresAt: number;
}

export interface ServiceCatalog {
  /** Every index made through the API, by key. */
  indices(): Promise<CatalogIndex[]>;
  index(publicKey: string): Promise<CatalogIndex | null>;
  /** False when the key is taken. */
  addIndex(index: CatalogIndex): Promise<boolean>;
  /** False when there is no such index. */
  setSecret(publicKey: string, secretHash: string): Promise<boolean>;
  /** Removes the index and the sessions signed in with its secret; false when there was none. */
  removeIndex(publicKey: string): Promise<boolean>;
  /** The key cookies are signed with, made once. */
  signingKey(): Promise<string>;
  addSession(session: CatalogSession): Promise<void>;
  /** The session, unless it is gone or expired at `now`. */
  session(id: string, now: number): Promise<CatalogSession | null>;
  removeSession(id: string): Promise<void>;
  close(): Promise<void>;
}

/** The identity as one column's text. */
export function identityText(identity: SessionIdentity): string {
  return identity.kind === 'admin' ? 'admin' : `index:${identity.publicKey}`;
}

export function identityOf(text: string): SessionIdentity {
  return text === 'admin' ? { kind: 'admin' } : { kind: 'index', publicKey: text.slice('index:'.length) };
}
