import { isIP } from 'node:net';
import { isPublicAddress } from './publicAddress.ts';

/** One allow-list entry: a host, and the one port it is limited to (null: any port). */
export interface HostRule {
  host: string;
  port: number | null;
}

/** What the crawler may reach, from the config's `crawlAllowHosts` and `crawlAllowPrivate`. */
export interface CrawlAccess {
  /** null: any host, as long as its addresses are public. */
  hosts: readonly HostRule[] | null;
  /** Hosts that may be reached although their addresses are not public (an intranet, a test server). */
  privateHosts: readonly HostRule[];
}

/**
 * Allow-list entries, checked and normalised: `host` or `host:port`, the host as a name,
 * an IPv4 address or a bracketed IPv6 address, spelled as `URL.hostname` would spell it
 * (so `0x7f.1` and `127.0.0.1` are one entry). Throws an Error naming a bad entry.
 */
export function hostRules(entries: readonly string[], setting: string): HostRule[] {
  return entries.map((entry) => {
    const rule = parseRule(entry);
    if (rule === null) {
      throw new Error(`${setting} entry '${entry}' must be a host or host:port such as docs.example.com or 10.0.0.5:8080, without scheme or path`);
    }
    return rule;
  });
}

function parseRule(entry: string): HostRule | null {
  const match = /^(\[[^\]]*\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(entry.trim());
  if (match === null) return null;
  let parsed: URL;
  try {
    parsed = new URL(`http://${match[1]}/`);
  } catch {
    return null;
  }
  // URL drops what it cannot hold as a host (a path, a query): the entry had more than a host.
  if (parsed.pathname !== '/' || parsed.search !== '' || parsed.hash !== '' || parsed.username !== '' || parsed.port !== '') return null;
  const port = match[2] === undefined ? null : Number(match[2]);
  if (port !== null && (port < 1 || port > 65535)) return null;
  return { host: bareHost(parsed.hostname), port };
}

/**
 * Why the crawler may not fetch `url`, or null when it may, as far as the URL alone
 * tells: http(s) only, no credentials, on the allow-list when there is one, and an
 * address written in the URL must be public unless the host is allowed private
 * addresses. Names are resolved at connection time, where `guardedDispatcher` checks
 * each address actually connected to.
 */
export function crawlRefusal(url: URL, access: CrawlAccess): string | null {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return `only http and https URLs are crawled, not ${url.protocol.replace(/:$/, '')}`;
  }
  if (url.username !== '' || url.password !== '') return 'URLs with credentials are not crawled';
  const host = bareHost(url.hostname);
  const port = portOf(url);
  if (matches(access.privateHosts, host, port)) return null;
  if (access.hosts !== null && !matches(access.hosts, host, port)) return `host '${url.host}' is not on the crawl allow-list`;
  if (isIP(host) !== 0 && !isPublicAddress(host)) return 'the address is not public';
  if (host === 'localhost' || host.endsWith('.localhost')) return 'the address is not public';
  return null;
}

/** Whether `host` (as `bareHost` gives it) on `port` may be reached at a non-public address. */
export function allowsPrivate(access: CrawlAccess, host: string, port: number): boolean {
  return matches(access.privateHosts, bareHost(host), port);
}

function matches(rules: readonly HostRule[], host: string, port: number): boolean {
  return rules.some((rule) => rule.host === host && (rule.port === null || rule.port === port));
}

/** The port a URL connects to. */
export function portOf(url: URL): number {
  if (url.port !== '') return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

/** A host as matched and resolved: without IPv6 brackets, without the trailing dot of a fully qualified name, lower case. */
export function bareHost(hostname: string): string {
  const host = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return host.replace(/\.$/, '').toLowerCase();
}
