import { createHmac, randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import { isIPv4, isIPv6 } from 'node:net';

/**
 * The address a client is counted under: an IPv4 address as it is, an IPv6 address by
 * its /64 network (or a wider `prefix`). One IPv6 subscriber is usually given a whole
 * /64, so counting single IPv6 addresses would let one machine pose as billions of visitors.
 */
export function clientAddress(ip: string, prefix: 48 | 64 = 64): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped !== null) return mapped[1]!;
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head === '' ? [] : head.split(':');
  const right = ip.includes('::') && tail !== '' ? tail.split(':') : [];
  // An embedded IPv4 tail (::1.2.3.4) lies in the low 64 bits: it never reaches the prefix.
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, prefix / 16)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/${prefix}`;
}

/**
 * The group an address is counted in where one party might hold many addresses: an
 * IPv4 address by its /24, an IPv6 address by its /48 (what one subscriber or one
 * cloud tenant is commonly given).
 */
export function addressGroup(ip: string): string {
  const address = clientAddress(ip, 48);
  const v4 = /^(\d+\.\d+\.\d+)\.\d+$/.exec(address);
  return v4 === null ? address : `${v4[1]!}.0/24`;
}

const KEY_BYTES = 32;
/** The IPv6 network one voter may hold. */
const VOTER_PREFIX = 48;

/**
 * Hashes client addresses with a key of the data folder: the stored hash tells one
 * client from another, but cannot be turned back into an address (not even by trying
 * all 2^32 IPv4 addresses) without the key file, and means nothing in another folder.
 */
export class ClientHasher {
  private readonly key: Buffer;

  /**
   * Reads the key from `file`, first creating it with a random key (readable by the
   * owner alone); or takes a key kept elsewhere (`newKey`), such as in a database that
   * several service processes share, so each counts a client as the same client.
   */
  constructor(source: string | { key: Uint8Array }) {
    if (typeof source === 'string') this.key = readOrCreateKey(source);
    else if (source.key.length === KEY_BYTES) this.key = Buffer.from(source.key);
    else throw new Error(`a client address key has ${KEY_BYTES} bytes, not ${source.key.length}`);
  }

  /** The key, for a thread of the same process that hashes as this one does (`new ClientHasher(hasher.shared())`). */
  shared(): { key: Uint8Array } {
    return { key: new Uint8Array(this.key) };
  }

  /** A new random key, to keep for good: a new key makes every client a new client. */
  static newKey(): Buffer {
    return randomBytes(KEY_BYTES);
  }

  /**
   * 128 bits of HMAC-SHA-256 of the client's address, as hex. IPv6 counts by its /48
   * network here (see clientAddress): many subscribers are given a /48 or a /56, whose
   * /64s would each pass for another voter.
   */
  hash(ip: string): string {
    return createHmac('sha256', this.key).update(clientAddress(ip, VOTER_PREFIX)).digest('hex').slice(0, 32);
  }

  /**
   * 128 bits of HMAC-SHA-256 of the client's address group (see addressGroup: IPv4 /24,
   * IPv6 /48), as hex: click votes count groups. The prefix keeps groups and addresses apart.
   */
  hashGroup(ip: string): string {
    return createHmac('sha256', this.key)
      .update(`address-group\0${addressGroup(ip)}`)
      .digest('hex')
      .slice(0, 32);
  }

  /**
   * 128 bits of HMAC-SHA-256 of a user token (personal results), as hex: a stored
   * profile names nobody without the key. The prefix keeps tokens and addresses apart.
   */
  hashUserToken(token: string): string {
    return createHmac('sha256', this.key).update(`user-token\0${token}`).digest('hex').slice(0, 32);
  }
}

function readOrCreateKey(file: string): Buffer {
  try {
    const fd = openSync(file, 'wx', 0o600);
    try {
      writeSync(fd, ClientHasher.newKey().toString('hex'));
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
      throw new Error(`cannot create the client address key ${file}: ${(error as Error).message}`, { cause: error });
    }
  }
  const text = readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-f]{64}$/.test(text)) {
    throw new Error(`the client address key ${file} is damaged (64 hex digits expected); delete it to start counting clients afresh`);
  }
  return Buffer.from(text, 'hex');
}
