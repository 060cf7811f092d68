import { fetch, type Dispatcher, type Response } from 'undici';

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
}

/**
 * A failed fetch: `reason` is for the document status, which the index's owner reads,
 * so it says what went wrong without repeating what the far side answered or why a
 * connection failed (that would map internal networks); `detail` is for the log.
 */
export type FetchOutcome =
  { ok: true; url: URL; html: string; robots: string | null } | { ok: false; reason: string; kind: 'error' | 'unsupported' | 'stopped'; detail: string };

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/**
 * One answer for a host that is not found, does not answer, or resolves to an address
 * that is not public: told apart, they would say which internal names exist.
 */
export const UNREACHABLE = 'the page could not be fetched (its host was not found, did not answer, or is not public)';
const HTML_TYPES = /^(?:text\/html|application\/xhtml\+xml)\s*(?:;|$)/i;

/**
 * Fetches a page for the crawler: redirects are followed by hand so each hop is checked
 * again, the whole fetch (body included) has one deadline, and the body is read up to
 * `maxBytes`. Only HTML is read.
 */
export async function fetchPage(start: URL, limits: FetchLimits): Promise<FetchOutcome> {
  const deadline = AbortSignal.timeout(limits.timeoutMs);
  const signal = AbortSignal.any([deadline, limits.stop]);
  let url = start;
  try {
    for (let hop = 0; ; hop++) {
      const response = await fetch(url, {
        redirect: 'manual',
        signal,
        dispatcher: limits.dispatcher,
        headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1', 'user-agent': 'site-search-reference-crawler' },
      });
      if (REDIRECTS.has(response.status)) {
        await response.body?.cancel();
        const location = response.headers.get('location');
        if (hop >= limits.maxRedirects) return failure(`more than ${limits.maxRedirects} redirects`, `redirect ${hop + 1} to ${location}`);
        let next: URL | null = null;
        try {
          next = location === null ? null : new URL(location, url);
        } catch {
          // reported below
        }
        if (next === null) return failure('the page redirects to an invalid URL', `HTTP ${response.status} to ${location}`);
        const refusal = limits.refusal(next);
        if (refusal !== null) return failure('the page redirects to a URL that may not be crawled', `redirect to ${next.href}: ${refusal}`);
        url = next;
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        return failure('the page answered with an error', `HTTP ${response.status}`);
      }
      const type = response.headers.get('content-type') ?? '';
      if (!HTML_TYPES.test(type)) {
        await response.body?.cancel();
        return unsupported(type);
      }
      const tooLarge = `the page is too large (over ${limits.maxBytes} bytes)`;
      const length = Number(response.headers.get('content-length') ?? '0');
      if (length > limits.maxBytes) {
        await response.body?.cancel();
        return failure(tooLarge, `content-length ${length}`);
      }
      const bytes = await readCapped(response, limits.maxBytes);
      if (bytes === null) return failure(tooLarge, 'body over the limit');
      return { ok: true, url, html: decode(bytes, type), robots: response.headers.get('x-robots-tag') };
    }
  } catch (error) {
    if (limits.stop.aborted) return { ok: false, reason: 'the service stopped before the fetch ended', kind: 'stopped', detail: 'stopped' };
    if (deadline.aborted) return failure(`the page did not answer within ${limits.timeoutMs} ms`, 'timeout');
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    if (cause instanceof Error && 'code' in cause && cause.code === 'ERR_CRAWL_ADDRESS_NOT_PUBLIC') {
      return failure(UNREACHABLE, `${url.host} resolves to an address that is not public`);
    }
    return failure(UNREACHABLE, describe(cause));
  }
}

function failure(reason: string, detail: string): FetchOutcome {
  return { ok: false, reason, kind: 'error', detail };
}

function unsupported(type: string): FetchOutcome {
  const reason = /^application\/pdf/i.test(type)
    ? 'PDF documents are not indexed: this service reads HTML only (index PDFs through the indexing API)'
    : 'the page is not HTML: this service reads HTML only';
  return { ok: false, reason, kind: 'unsupported', detail: `content type ${type}` };
}

/** The body, or null once it grows past `max` bytes (the rest is not read). */
async function readCapped(response: Response, max: number): Promise<Uint8Array | null> {
  if (response.body === null) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function decode(bytes: Uint8Array, contentType: string): string {
  const charset = /charset\s*=\s*"?([\w-]+)/i.exec(contentType)?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

function describe(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : null;
  const message = error instanceof Error ? error.message : String(error);
  return code !== null && !message.includes(code) ? `${code} ${message}` : message;
}
