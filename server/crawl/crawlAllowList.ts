import type { SearchIndex } from '../indices.ts';

/** Loopback names as `URL.hostname` spells them. */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The configured allow-list, checked: host names only (no scheme, port or path), in the
 * spelling `URL.hostname` gives. Throws an Error naming a bad entry.
 */
export function allowedHosts(hosts: readonly string[]): Set<string> {
  return new Set(
    hosts.map((host) => {
      let parsed: URL | null = null;
      try {
        parsed = new URL(`http://${host}/`);
      } catch {
        // reported below
      }
      if (parsed === null || parsed.hostname !== host.toLowerCase() || parsed.port !== '' || host === '') {
        throw new Error(`crawl allow-list entry '${host}' must be a host name such as www.example.com, without scheme or port`);
      }
      return parsed.hostname;
    }),
  );
}

/**
 * Why the crawler may not fetch `url` for `index`, or null when it may: only http(s),
 * and only hosts on the allow-list, so that a crawl request cannot reach internal
 * services. Without a configured list, the hosts of the index's own documents and
 * loopback are allowed.
 */
export async function crawlRefusal(url: URL, index: SearchIndex, configured: ReadonlySet<string> | null): Promise<string | null> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return `only http and https URLs are crawled, not ${url.protocol.replace(/:$/, '')}`;
  }
  if (url.username !== '' || url.password !== '') return 'URLs with credentials are not crawled';
  const host = url.hostname;
  if (configured !== null) {
    return configured.has(host) ? null : `host '${host}' is not on the crawl allow-list`;
  }
  if (LOOPBACK.has(host)) return null;
  return (await index.engine.hasHost(host))
    ? null
    : `host '${host}' is not on the crawl allow-list (by default: the hosts of the index's documents, and loopback)`;
}
