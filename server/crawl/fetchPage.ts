/** How a fetch may go: every limit the crawler keeps. */
export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /** Why a URL (the first or a redirect's target) may not be fetched, or null when it may. */
  refusal: (url: URL) => Promise<string | null>;
  /** Aborts the fetch when the service stops. */
  stop: AbortSignal;
}

export type FetchOutcome =
  | { ok: true; url: URL; html: string; robots: string | null }
  | { ok: false; reason: string; kind: 'error' | 'unsupported' | 'stopped' };

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const HTML_TYPES = /^(?:text\/html|application\/xhtml\+xml)\s*(?:;|$)/i;

/**
 * Fetches a page for the crawler with Node's fetch: redirects are followed by hand so
 * each hop is checked again, the whole fetch (body included) has one deadline, and the
 * body is read up to `maxBytes`. Only HTML is read.
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
        headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1', 'user-agent': 'site-search-reference-crawler' },
      });
      if (REDIRECTS.has(response.status)) {
        await response.body?.cancel();
        const location = response.headers.get('location');
        if (location === null) return failure(`HTTP ${response.status} redirect without a Location header`);
        if (hop >= limits.maxRedirects) return failure(`more than ${limits.maxRedirects} redirects`);
        let next: URL;
        try {
          next = new URL(location, url);
        } catch {
          return failure(`redirect to an invalid URL: ${location.slice(0, 200)}`);
        }
        const refusal = await limits.refusal(next);
        if (refusal !== null) return failure(`redirect to ${next.href} refused: ${refusal}`);
        url = next;
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        return failure(`the server answered HTTP ${response.status}`);
      }
      const type = response.headers.get('content-type') ?? '';
      if (!HTML_TYPES.test(type)) {
        await response.body?.cancel();
        return unsupported(type);
      }
      const length = Number(response.headers.get('content-length') ?? '0');
      if (length > limits.maxBytes) {
        await response.body?.cancel();
        return failure(`the page is larger than ${limits.maxBytes} bytes`);
      }
      const bytes = await readCapped(response, limits.maxBytes);
      if (bytes === null) return failure(`the page is larger than ${limits.maxBytes} bytes`);
      return { ok: true, url, html: decode(bytes, type), robots: response.headers.get('x-robots-tag') };
    }
  } catch (error) {
    if (limits.stop.aborted) return { ok: false, reason: 'the service stopped before the fetch ended', kind: 'stopped' };
    if (deadline.aborted) return failure(`no complete answer within ${limits.timeoutMs} ms`);
    return failure(`the fetch failed: ${describe(error)}`);
  }
}

function failure(reason: string): FetchOutcome {
  return { ok: false, reason, kind: 'error' };
}

function unsupported(type: string): FetchOutcome {
  const shown = type === '' ? 'no content type' : type.split(';', 1)[0]!.trim();
  const reason = /^application\/pdf/i.test(type)
    ? 'PDF documents are not indexed: this service reads HTML only (index PDFs through the indexing API)'
    : `unsupported content type ${shown}: this service reads HTML only`;
  return { ok: false, reason, kind: 'unsupported' };
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
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = typeof cause === 'object' && cause !== null && 'code' in cause ? String(cause.code) : null;
  const message = cause instanceof Error ? cause.message : String(cause);
  return code !== null && !message.includes(code) ? `${code} ${message}` : message;
}
