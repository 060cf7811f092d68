// robots.txt (RFC 9309) for the crawler. The matching is robots-parser's: a small MIT library
// without dependencies that follows the reference parser's longest-match algorithm, still
// maintained. What it leaves to its caller is done here: the size cut, the product token,
// the RFC's percent-decoding of unreserved characters, a bound on Crawl-delay, and rules
// that hold for any origin (one robots.txt is fetched per host, so the host is the caller's).
import robotsParser from 'robots-parser';
import { normalizeEscapes } from './normalizeUrl.ts';

/** What one host's robots.txt says to this crawler. */
export interface RobotsRules {
  /** Whether the URL's path and query may be fetched (its origin is the caller's to match). */
  allows(url: URL): boolean;
  /** The group's `Crawl-delay` in milliseconds, bounded by ROBOTS_MAX_CRAWL_DELAY_MS; null when none is given. */
  crawlDelayMs: number | null;
  /** The absolute http(s) URLs of the `Sitemap:` lines, wherever they stand, each once. */
  sitemaps: string[];
}

/** The bytes of a robots.txt that are read: 500 KiB, the least the standard asks a crawler to read. */
export const ROBOTS_MAX_BYTES = 500 * 1024;

/** The longest Crawl-delay honoured: a site asking for more is crawled at this pace rather than not at all. */
export const ROBOTS_MAX_CRAWL_DELAY_MS = 60_000;

/** What a missing robots.txt (or one answered 4xx) says: everything may be fetched. */
export const ALLOW_ALL: RobotsRules = Object.freeze({ allows: () => true, crawlDelayMs: null, sitemaps: [] });

// The library ties rules to the origin of the robots.txt; ours hold for the host they were fetched from.
const ORIGIN = 'http://robots.invalid';

/**
 * Reads a robots.txt for the crawler whose product token starts `userAgent` (`SiteSearchBot`
 * or `SiteSearchBot/1.0 (+https://…)`): the groups naming that token, matched without case,
 * else the `*` group. A path is allowed unless the longest matching rule is a Disallow; an
 * Allow as long wins. Lines that are not `field: value` are skipped; bytes past
 * ROBOTS_MAX_BYTES are not read.
 */
export function parseRobotsTxt(text: string, userAgent: string): RobotsRules {
  const token = productToken(userAgent);
  const robots = robotsParser(`${ORIGIN}/robots.txt`, prepare(text));
  const delay = robots.getCrawlDelay(token);
  const sitemaps = new Set<string>();
  for (const line of robots.getSitemaps()) {
    if (/^https?:\/\//i.test(line) && URL.canParse(line)) sitemaps.add(line);
  }
  return {
    allows(url: URL): boolean {
      // The standard keeps /robots.txt itself always allowed.
      if (url.pathname === '/robots.txt') return true;
      return robots.isAllowed(ORIGIN + normalizeEscapes(url.pathname + url.search), token) !== false;
    },
    crawlDelayMs: delay !== undefined && Number.isFinite(delay) && delay > 0 ? Math.min(Math.round(delay * 1000), ROBOTS_MAX_CRAWL_DELAY_MS) : null,
    sitemaps: [...sitemaps],
  };
}

/** The product token: the leading letters, `_` and `-` the standard allows in one (`SiteSearchBot/1.0` → `sitesearchbot`). */
function productToken(userAgent: string): string {
  return /^[A-Za-z_-]+/.exec(userAgent.trim())?.[0].toLowerCase() ?? '*';
}

function prepare(text: string): string {
  let kept = text;
  if (Buffer.byteLength(text) > ROBOTS_MAX_BYTES) {
    // Each character is one byte or more, so the first ROBOTS_MAX_BYTES characters hold the bytes read.
    kept = Buffer.from(text.slice(0, ROBOTS_MAX_BYTES)).subarray(0, ROBOTS_MAX_BYTES).toString('utf8');
    // A line cut in two could read as another rule (`Disallow: /private` as `Disallow: /pri`): drop it.
    kept = kept.slice(0, Math.max(0, kept.lastIndexOf('\n'), kept.lastIndexOf('\r')));
  }
  // RFC 9309 compares unreserved characters unescaped (`/%7Ea` is `/~a`), in patterns as in paths.
  return (
    normalizeEscapes(kept.replace(/^\uFEFF/, ''))
      // `**` matches as `*` does; collapsing keeps a hostile pattern from costing more per URL.
      .replace(/\*{2,}/g, '*')
  );
}
