// One page, one URL: the forms of a URL that name the same page are folded into one, so
// the crawl fetches it once and indexes it as one document. The WHATWG URL parser already
// lower-cases scheme and host, spells an IDN host in punycode, drops default ports and
// resolves dot segments; the rest is done here.
import { urlGlob, type UrlGlob } from './urlGlob.ts';

export interface UrlRules {
  /** Parameters that do not change the page, as globs over their names, without case (`utm_*`, `ref`). */
  ignoreParams: readonly string[];
}

/** The limits past which a URL is taken for a crawler trap. */
export interface TrapLimits {
  /** @default 2000 */
  maxLength?: number;
  /** Path segments. @default 20 */
  maxDepth?: number;
  /** Query parameters. @default 10 */
  maxParams?: number;
  /** How many times one path segment may stand in the path: /a/b/a/b/a/b and /calendar/2026/2026/2026 are traps. @default 2 */
  maxRepeats?: number;
}

export const TRAP_LIMITS: Required<TrapLimits> = Object.freeze({ maxLength: 2000, maxDepth: 20, maxParams: 10, maxRepeats: 2 });

/** The file names a server answers for its folder. */
const INDEX_FILE = /\/index\.(?:html?|php)$/;

/** Unreserved characters written as %XX, which RFC 3986 says are the characters themselves. */
const ENCODED_UNRESERVED = /%(3[0-9]|4[1-9a-f]|5[0-9a]|6[1-9a-f]|7[0-9a]|2d|2e|5f|7e)/gi;

const compiledGlobs = new WeakMap<readonly string[], UrlGlob[]>();

/**
 * One page, one URL: `reference` resolved against `base`, absolute http(s), fragment dropped,
 * scheme and host lower case (an IDN host in punycode), default port dropped, dot segments
 * resolved, `/index.html` (and index.htm, index.php) to its folder, percent-escapes in upper
 * case and unreserved characters unescaped, ignored parameters dropped, the rest sorted by
 * name (the values of a repeated name keep their order), an empty query dropped.
 * null when the reference is not a URL or not http(s) (mailto:, javascript:, data:, ftp:…).
 */
export function normalizeUrl(reference: string, base: URL | string | undefined, rules: UrlRules): URL | null {
  let url: URL;
  try {
    url = new URL(reference, base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.hash = '';
  url.pathname = normalizeEscapes(url.pathname).replace(INDEX_FILE, '/');
  const ignored = ignoreGlobs(rules.ignoreParams);
  const params = queryParams(url.search)
    .filter((param) => !ignored.some((glob) => glob(param.name)))
    .map((param) => ({ raw: normalizeEscapes(param.raw), key: normalizeEscapes(param.rawName) }))
    // Array.prototype.sort is stable: the values of a repeated name keep their order.
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  url.search = params.length === 0 ? '' : `?${params.map((param) => param.raw).join('&')}`;
  return url;
}

/** Why `url` looks like a crawler trap (too long, too deep, too many parameters, a path segment repeated), or null. */
export function trapReason(url: URL, limits: TrapLimits = {}): string | null {
  const { maxLength, maxDepth, maxParams, maxRepeats } = { ...TRAP_LIMITS, ...limits };
  if (url.href.length > maxLength) return `URL longer than ${maxLength} characters`;
  const segments = url.pathname.split('/').filter((segment) => segment !== '');
  if (segments.length > maxDepth) return `path deeper than ${maxDepth} segments`;
  if (queryParams(url.search).length > maxParams) return `more than ${maxParams} parameters`;
  const counts = new Map<string, number>();
  for (const segment of segments) {
    const count = (counts.get(segment) ?? 0) + 1;
    if (count > maxRepeats) return `path segment '${segment}' repeated ${count} times`;
    counts.set(segment, count);
  }
  return null;
}

interface QueryParam {
  /** The parameter as written, `name=value`. */
  raw: string;
  rawName: string;
  /** The name decoded, as the ignore globs see it. */
  name: string;
}

function queryParams(search: string): QueryParam[] {
  return search
    .slice(1)
    .split('&')
    .filter((raw) => raw !== '')
    .map((raw) => {
      const equals = raw.indexOf('=');
      const rawName = equals === -1 ? raw : raw.slice(0, equals);
      return { raw, rawName, name: decodeName(rawName) };
    });
}

function decodeName(rawName: string): string {
  try {
    return decodeURIComponent(rawName.replace(/\+/g, ' '));
  } catch {
    return rawName;
  }
}

/** Percent-escapes in upper case, and the unreserved characters (RFC 3986: letters, digits, `-._~`) unescaped, as they mean the same. */
export function normalizeEscapes(text: string): string {
  return text
    .replace(/%[0-9a-f]{2}/gi, (escape) => escape.toUpperCase())
    .replace(ENCODED_UNRESERVED, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function ignoreGlobs(patterns: readonly string[]): UrlGlob[] {
  let globs = compiledGlobs.get(patterns);
  if (globs === undefined) {
    globs = patterns.map((pattern) => urlGlob(pattern, { ignoreCase: true }));
    compiledGlobs.set(patterns, globs);
  }
  return globs;
}
