/**
 * The service's own administration (an addition of the reference service): the index
 * API the admin key authorises, and the sessions the console signs in with.
 */

/** Body of `POST /v2/indices`. */
export interface CreateIndexRequest {
  /** 1 to 64 letters, digits, `_` or `-`. */
  publicKey: string;
}

/** 201 answer of `POST /v2/indices`: the secret is answered this once and kept nowhere. */
export interface CreateIndexResponse {
  publicKey: string;
  secret: string;
}

/** An index as `GET /v2/indices` lists it: never its secret. */
export interface ListedIndex {
  publicKey: string;
  /** `config`: from the config file, which alone changes it; `api`: made through the index API. */
  source: 'config' | 'api';
  /** Documents in the index. */
  documents: number;
}

/** 200 answer of `GET /v2/indices`. */
export interface IndexListResponse {
  indices: ListedIndex[];
}

/** 200 answer of `POST /v2/indices/{key}/secret`: the new secret; the old one no longer works. */
export interface RotateSecretResponse {
  secret: string;
}

/** 200 answer of `DELETE /v2/indices/{key}?confirm={key}`. */
export interface DeleteIndexResponse {
  publicKey: string;
  deleted: true;
}

/** Body of `POST /v2/session`: an index's key and secret, or the admin key. */
export type SignInRequest = { key: string; secret: string } | { adminKey: string };

/** Who a session is signed in as. */
export type SessionIdentity = { kind: 'admin' } | { kind: 'index'; publicKey: string };

/** 200 answer of `POST /v2/session` and `GET /v2/session`. */
export interface SessionResponse {
  identity: SessionIdentity;
  /** Sent back in `X-CSRF-Token` with every call made with the session cookie that changes anything. */
  csrfToken: string;
  /** The indices this session may act on: one for an index's secret, all for the admin key. */
  indices: Array<{ publicKey: string }>;
  /** When the session ends, epoch milliseconds. */
  expiresAt: number;
}
