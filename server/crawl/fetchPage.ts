import { fetch, type Dispatcher, type Response } from 'undici';
import { decodeHtml } from './decodeHtml.ts';
import { documentTypeOf } from './documentTypes.ts';

/** How a fetch may go: every limit the crawler keeps. */
export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /** Why a URL (the first or a redirect's target) may not be fetched, or null when it may. */
  refusal: (url: URL) => string | null;
  /** Opens the connections, checking each address connected to (guardedDispatcher.ts). */
  dispatcher: Dispatcher;
  /** Aborts the fetch when the service stops. */
  stop: AbortSignal;
  /** What may be read: 'page' (HTML and the document types indexed), 'any' (robots.txt, sitemaps). @default 'page' */
  accept?: 'page' | 'any';
  /** Conditional request headers for a recrawl: a page not changed answers 304, with no body. */
  ifNoneMatch?: string | null;
  ifModifiedSince?: string | null;
  /** The User-Agent sent. @default DEFAULT_USER_AGENT */
  userAgent?: string;
  /** Past `maxBytes`, keep the first `maxBytes` rather than fail: robots.txt, which the standard lets a crawler cut. @default false */
  truncate?: boolean;
  /** Milliseconds since the epoch, to read a Retry-After given as a date. @default Date.now */
  now?: () => number;
}

/** The answer's headers a crawl uses. */
export interface FetchedHeaders {
  contentLanguage: string | null;
  lastModified: string | null;
  etag: string | null;
  /** X-Robots-Tag. */
  robots: string | null;
  /** The charset of Content-Type, when it names one. */
  charset?: string | null;
}

/** The contract's failure reasons (CONTRACT.md), so a crawl job need not read `reason`. */
export type FetchFailure = 'not found' | 'server error' | 'timeout' | 'too large' | 'unsupported type' | 'blocked' | 'redirect loop' | 'unreadable';

/**
 * A fetch's outcome. A failure's `reason` is for the document status, which the index's
 * owner reads, so it says what went wrong without repeating what the far side answered or
 * why a connection failed (that would map internal networks); `detail` is for the log.
 * `kind`: 'gone' for 404 and 410, 'retry' for 5xx, 429 and timeouts (with the wait the
 * server asked for, from Retry-After, when it gave one).
 */
export type FetchOutcome =
  | {
      ok: true;
      /** After redirects. */
      url: URL;
      /** The URLs redirected from, the first the one asked for; [] without redirects. */
      redirects: URL[];
      /** 200 (or another 2xx), or 304 when not modified (the body then empty). */
      status: number;
      /** Media type, lower case, without parameters. */
      contentType: string;
      body: Buffer;
      headers: FetchedHeaders;
      /** The body as text for HTML, '' otherwise (what the one-page crawler reads). */
      html: string;
      /** X-Robots-Tag, as `headers.robots`. */
      robots: string | null;
    }
  | {
      ok: false;
      reason: string;
      kind: 'error' | 'unsupported' | 'stopped' | 'gone' | 'retry';
      failure?: FetchFailure;
      status?: number;
      retryAfterMs?: number;
      redirects?: URL[];
      detail: string;
    };

export const DEFAULT_USER_AGENT = 'site-search-reference-crawler';
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/**
 * One answer for a host that is not found, does not answer, or resolves to an address
 * that is not public: told apart, they would say which internal names exist.
 */
export const UNREACHABLE = 'the page could not be fetched (its host was not found, did not answer, or is not public)';
const ACCEPT_PAGE =
  'text/html,application/xhtml+xml;q=0.9,application/pdf;q=0.8,application/vnd.openxmlformats-officedocument.*;q=0.8,application/msword;q=0.5,*/*;q=0.1';

/**
 * Fetches a URL for the crawler: redirects are followed by hand so each hop is checked
 * again, the whole fetch (body included) has one deadline, and the body is read up to
 * `maxBytes`. With `accept: 'page'`, only HTML and the document types indexed are read.
 */
export async function fetchPage(start: URL, limits: FetchLimits): Promise<FetchOutcome> {
  const deadline = AbortSignal.timeout(limits.timeoutMs);
  const signal = AbortSignal.any([deadline, limits.stop]);
  const accept = limits.accept ?? 'page';
  const redirects: URL[] = [];
  let url = start;
  const failure = (
    reason: string,
    detail: string,
    failure: FetchFailure | undefined,
    more: Partial<Extract<FetchOutcome, { ok: false }>> = {},
  ): FetchOutcome => ({
    ok: false,
    reason,
    kind: 'error',
    ...(failure === undefined ? {} : { failure }),
    detail,
    ...(redirects.length > 0 ? { redirects: [...redirects] } : {}),
    ...more,
  });
  try {
    for (let hop = 0; ; hop++) {
      const headers: Record<string, string> = {
        accept: accept === 'page' ? ACCEPT_PAGE : '*/*',
        'user-agent': limits.userAgent ?? DEFAULT_USER_AGENT,
      };
      if (limits.ifNoneMatch != null) headers['if-none-match'] = limits.ifNoneMatch;
      if (limits.ifModifiedSince != null) headers['if-modified-since'] = limits.ifModifiedSince;
      const response = await fetch(url, { redirect: 'manual', signal, dispatcher: limits.dispatcher, headers });
      if (REDIRECTS.has(response.status)) {
        await response.body?.cancel();
        const location = response.headers.get('location');
        let next: URL | null = null;
        try {
          next = location === null ? null : new URL(location, url);
        } catch {
          // reported below
        }
        redirects.push(url);
        if (next !== null && (next.href === url.href || redirects.some((seen) => seen.href === next.href))) {
          return failure('the page redirects in a loop', `redirect ${hop + 1} to ${next.href}`, 'redirect loop');
        }
        if (hop >= limits.maxRedirects) return failure(`more than ${limits.maxRedirects} redirects`, `redirect ${hop + 1} to ${location}`, 'redirect loop');
        if (next === null) return failure('the page redirects to an invalid URL', `HTTP ${response.status} to ${location}`, 'unreadable');
        const refusal = limits.refusal(next);
        if (refusal !== null) return failure('the page redirects to a URL that may not be crawled', `redirect to ${next.href}: ${refusal}`, 'blocked');
        url = next;
        continue;
      }
      const fetched = fetchedHeaders(response);
      if (response.status === 304) {
        await response.body?.cancel();
        return {
          ok: true,
          url,
          redirects,
          status: 304,
          contentType: mediaType(response),
          body: Buffer.alloc(0),
          headers: fetched,
          html: '',
          robots: fetched.robots,
        };
      }
      if (!response.ok) {
        await response.body?.cancel();
        const status = response.status;
        const detail = `HTTP ${status}`;
        if (status === 404 || status === 410) return failure('the page answered with an error', detail, 'not found', { kind: 'gone', status });
        if (status >= 500 || status === 429) {
          const retryAfterMs = retryAfter(response.headers.get('retry-after'), limits.now ?? Date.now);
          return failure('the page answered with an error', detail, 'server error', {
            kind: 'retry',
            status,
            ...(retryAfterMs === null ? {} : { retryAfterMs }),
          });
        }
        // 401, 403 and the like: the page is there, but not for a crawler.
        return failure('the page answered with an error', detail, undefined, { status });
      }
      const contentType = mediaType(response);
      if (accept === 'page' && documentTypeOf(contentType, url) === null) {
        await response.body?.cancel();
        return { ...unsupported(contentType), ...(redirects.length > 0 ? { redirects: [...redirects] } : {}) };
      }
      const tooLarge = `the page is too large (over ${limits.maxBytes} bytes)`;
      const length = Number(response.headers.get('content-length') ?? '0');
      if (length > limits.maxBytes && limits.truncate !== true) {
        await response.body?.cancel();
        return failure(tooLarge, `content-length ${length}`, 'too large');
      }
      const bytes = await readCapped(response, limits.maxBytes, limits.truncate === true);
      if (bytes === null) return failure(tooLarge, 'body over the limit', 'too large');
      const html = documentTypeOf(contentType, url) === 'html' ? decodeHtml(bytes, fetched.charset ?? null) : '';
      return { ok: true, url, redirects, status: response.status, contentType, body: bytes, headers: fetched, html, robots: fetched.robots };
    }
  } catch (error) {
    if (limits.stop.aborted) return { ok: false, reason: 'the service stopped before the fetch ended', kind: 'stopped', detail: 'stopped' };
    if (deadline.aborted) return failure(`the page did not answer within ${limits.timeoutMs} ms`, 'timeout', 'timeout', { kind: 'retry' });
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    if (cause instanceof Error && 'code' in cause && cause.code === 'ERR_CRAWL_ADDRESS_NOT_PUBLIC') {
      return failure(UNREACHABLE, `${url.host} resolves to an address that is not public`, 'blocked');
    }
    return failure(UNREACHABLE, describe(cause), 'unreadable');
  }
}

function fetchedHeaders(response: Response): FetchedHeaders {
  const get = (name: string): string | null => {
    const value = response.headers.get(name)?.trim();
    return value === undefined || value === '' ? null : value;
  };
  return {
    contentLanguage: get('content-language'),
    lastModified: get('last-modified'),
    etag: get('etag'),
    robots: get('x-robots-tag'),
    charset: charsetOf(response.headers.get('content-type') ?? ''),
  };
}

function mediaType(response: Response): string {
  return (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

function charsetOf(contentType: string): string | null {
  return /charset\s*=\s*"?([\w-]+)/i.exec(contentType)?.[1] ?? null;
}

/** The wait Retry-After asks for (seconds, or an HTTP date), in ms; null when absent or not understood. */
export function retryAfter(value: string | null, now: () => number): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, date - now());
}

function unsupported(type: string): Extract<FetchOutcome, { ok: false }> {
  return {
    ok: false,
    reason: 'the page is not HTML or a document this service reads (PDF, Word, PowerPoint, Excel)',
    kind: 'unsupported',
    failure: 'unsupported type',
    detail: `content type ${type}`,
  };
}

/** The body, or null once it grows past `max` bytes (the rest is not read); with `truncate`, its first `max` bytes. */
async function readCapped(response: Response, max: number, truncate: boolean): Promise<Buffer | null> {
  if (response.body === null) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel();
      if (!truncate) return null;
      chunks.push(value.subarray(0, value.byteLength - (total - max)));
      break;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function describe(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : null;
  const message = error instanceof Error ? error.message : String(error);
  return code !== null && !message.includes(code) ? `${code} ${message}` : message;
}
