/**
 * Signed user tokens for personal results (an addition of the reference service), made
 * by the site's server, never in a browser: the secret must not reach a page.
 *
 * A token is `<id>.<expiry>.<signature>`: the user's id as the site knows it (not an
 * e-mail address: the token travels in URLs and logs), the Unix second after which the
 * service refuses it, and base64url HMAC-SHA-256 of `<id>.<expiry>` under the index's
 * user token key. That key is derived from the index secret (HMAC-SHA-256 over
 * USER_TOKEN_KEY_LABEL, keyed by the secret's SHA-256) rather than the secret itself, so
 * that a signature is never a value the secret makes for another purpose, and a site may
 * give the web tier that signs tokens the derived key alone (`userTokenKey`), not the
 * secret that writes the index. The SHA-256 step is what lets the service verify tokens
 * of an index made through its index API, whose secret it keeps only as that hash.
 *
 * Web Crypto only, so it runs in Node 20 and later, Deno, Bun and edge workers alike.
 */

/** What the key is derived for; changing it voids every token. */
export const USER_TOKEN_KEY_LABEL = 'site-search user token key v1';
/** The id inside a token: 1-64 characters. */
export const USER_ID_MAX_CHARS = 64;

export interface SignUserTokenOptions {
  /** The user's id as the site knows it, 1-64 characters; not an e-mail address or anything else personal. */
  id: string;
  /** The index secret, or the key `userTokenKey` derived from it (hex). */
  secret?: string;
  key?: string;
  /** When the token stops being taken: a Date, or seconds from now. @default 3600 seconds */
  expires?: Date | number;
  /** Now, in ms since the epoch (tests). @default Date.now() */
  now?: number;
}

const encoder = new TextEncoder();

async function hmac(key: Uint8Array, text: string): Promise<Uint8Array> {
  const imported = await crypto.subtle.importKey('raw', key as BufferSource, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', imported, encoder.encode(text)));
}

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function fromHex(text: string): Uint8Array {
  if (!/^(?:[0-9a-f]{2})+$/i.test(text)) throw new TypeError('a user token key is hex digits');
  return Uint8Array.from(text.match(/../g)!, (pair) => parseInt(pair, 16));
}

/** The index's user token key (hex), derived from its secret: what a web tier needs to sign tokens, without the secret. */
export async function userTokenKey(secret: string): Promise<string> {
  const secretHash = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(secret)));
  return hex(await hmac(secretHash, USER_TOKEN_KEY_LABEL));
}

/** A signed `userToken` for the widget's `userToken` option (or `data-user-token`). */
export async function signUserToken(options: SignUserTokenOptions): Promise<string> {
  const { id } = options;
  if (typeof id !== 'string' || id.length === 0 || id.length > USER_ID_MAX_CHARS) throw new TypeError(`a user id has 1 to ${USER_ID_MAX_CHARS} characters`);
  if ([...id].some((char) => char < ' ' || char === '\u007f')) throw new TypeError('a user id has no control characters');
  if (/@/.test(id)) throw new TypeError('a user id must not be an e-mail address: the token travels in URLs and logs; use an opaque id');
  const key = options.key !== undefined ? fromHex(options.key) : options.secret !== undefined ? fromHex(await userTokenKey(options.secret)) : null;
  if (key === null) throw new TypeError('signUserToken needs the index secret or its user token key');
  const now = options.now ?? Date.now();
  const expires = options.expires ?? 3600;
  const expiry = Math.floor((expires instanceof Date ? expires.getTime() : now + expires * 1000) / 1000);
  if (!Number.isSafeInteger(expiry) || expiry * 1000 <= now) throw new TypeError('a user token expires in the future');
  const signed = `${id}.${expiry}`;
  return `${signed}.${base64url(await hmac(key, signed))}`;
}
