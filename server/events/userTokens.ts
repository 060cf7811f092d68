/**
 * Reading a `userToken` (see src/node/userToken.ts for how a site signs one): the id
 * inside when the signature is the index's and the token has not expired. Unsigned
 * tokens are taken as ids only where the index allows them (local use).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { USER_ID_MAX_CHARS, USER_TOKEN_KEY_LABEL } from '../../src/node/userToken.ts';

export type UserTokenReading = { ok: true; id: string } | { ok: false; message: string };

const SIGNED = /^(.+)\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/**
 * The index's user token key, derived from its secret's SHA-256 (hex, as the catalog keeps
 * an API-made index's secret) as src/node/userToken.ts derives it from the secret.
 */
export function userTokenKey(secretHash: string): Buffer {
  return createHmac('sha256', Buffer.from(secretHash, 'hex')).update(USER_TOKEN_KEY_LABEL).digest();
}

/** SHA-256 of a secret, hex: what userTokenKey is derived from. */
export function secretSha256(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/**
 * The user id a token names, as of `now` (ms since the epoch); `key` is the index's
 * (userTokenKey). With `allowUnsigned`, a token that is not a valid signed one names the
 * user of that very text.
 */
export function readUserToken(token: string, key: Buffer, allowUnsigned: boolean, now: number): UserTokenReading {
  const parts = SIGNED.exec(token);
  if (parts === null) {
    if (allowUnsigned && token.length <= USER_ID_MAX_CHARS) return { ok: true, id: token };
    return { ok: false, message: "userToken must be signed by the site's server: <id>.<expiry>.<signature> (see signUserToken)" };
  }
  const [, id = '', expiry = '', signature = ''] = parts;
  const expected = createHmac('sha256', key).update(`${id}.${expiry}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    if (allowUnsigned && token.length <= USER_ID_MAX_CHARS) return { ok: true, id: token };
    return { ok: false, message: "userToken has a signature this index did not make: sign it with this index's secret" };
  }
  if (Number(expiry) * 1000 <= now) return { ok: false, message: "userToken has expired: the site's server must sign a new one" };
  if (id.length > USER_ID_MAX_CHARS) return { ok: false, message: `the id inside userToken has more than ${USER_ID_MAX_CHARS} characters` };
  return { ok: true, id };
}
