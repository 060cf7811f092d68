import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { Agent, buildConnector } from 'undici';
import { allowsPrivate, type CrawlAccess } from './crawlAllowList.ts';
import { isPublicAddress } from './publicAddress.ts';

/** Name resolution as the crawler asks for it: every address of a name (`dns.lookup` with `all`). */
export type ResolveAll = (hostname: string, callback: (error: Error | null, addresses: LookupAddress[]) => void) => void;

/** A connection the crawler refused because the address it would reach is not public. */
export class AddressRefused extends Error {
  readonly code = 'ERR_CRAWL_ADDRESS_NOT_PUBLIC';
  constructor() {
    super('the address is not public');
  }
}

const systemResolve: ResolveAll = (hostname, callback) => dnsLookup(hostname, { all: true, verbatim: true }, callback);

/**
 * The crawler's connections: every address is checked when the socket is opened, the
 * address checked being the address connected to, so a name that resolves to a public
 * address for the allow-list check and to an internal one a moment later (DNS
 * rebinding) is still refused. Hosts in `access.privateHosts` may reach any address.
 */
export function guardedDispatcher(access: CrawlAccess, resolve: ResolveAll = systemResolve): Agent {
  const connector: buildConnector.connector = (options, callback) => {
    const port = options.port === '' ? (options.protocol === 'https:' ? 443 : 80) : Number(options.port);
    const anyAddress = allowsPrivate(access, options.hostname, port);
    // An address literal is connected to without a lookup, so it is checked here.
    if (!anyAddress && isIP(options.hostname) !== 0 && !isPublicAddress(options.hostname)) {
      callback(new AddressRefused(), null);
      return;
    }
    buildConnector({ lookup: publicLookup(resolve, anyAddress) })(options, callback);
  };
  return new Agent({ connect: connector });
}

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for `net.connect`: resolves with `resolve` and refuses the whole name when
 * any of its addresses is not public (unless `anyAddress`), so no fallback to a second
 * address can reach an internal one.
 */
export function publicLookup(resolve: ResolveAll, anyAddress: boolean) {
  return (hostname: string, options: { all?: boolean; family?: number | string }, callback: LookupCallback): void => {
    resolve(hostname, (error, found) => {
      if (error !== null) return callback(error, []);
      const wanted = options.family === 4 || options.family === 6 ? found.filter((a) => a.family === options.family) : found;
      if (wanted.length === 0) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), []);
      if (!anyAddress && !found.every((a) => isPublicAddress(a.address))) return callback(new AddressRefused(), []);
      if (options.all === true) return callback(null, wanted);
      callback(null, wanted[0]!.address, wanted[0]!.family);
    });
  };
}
