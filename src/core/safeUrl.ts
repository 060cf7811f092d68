// Raster types only: an SVG can carry script and is never accepted as a data URL.
const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp|avif);base64,[A-Za-z0-9+/]+={0,2}$/i;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
// The first bytes of each raster type, as they read in base64: `\x89PNG`, `\xff\xd8\xff`,
// `GIF8`, `RIFF....WEBP` and `....ftypavif` (`.` stands for the bytes a length fills).
const SIGNATURES: Array<[string, RegExp]> = [
  ['png', /^iVBOR/],
  ['jpeg', /^\/9j\//],
  ['gif', /^R0lGO/],
  ['webp', /^UklGR.{6}XRUJQ/],
  ['avif', /^.{8}eXBhdmlm/],
];

// Bidi controls.
const BIDI = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The text trimmed if it is a string, else empty: only strings reach the DOM, whatever a misbehaving API sends. */
export function safeText(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** The value as an absolute URL, or null. */
export function parseUrl(value: unknown): URL | null {
  try {
    return new URL(safeText(value));
  } catch {
    return null;
  }
}

/** The URL, normalised, if it is an absolute `http:` or `https:` URL; else null. `url`: the value already parsed. */
export function safeLinkUrl(value: string | null | undefined, url = parseUrl(value)): string | null {
  // The URL parser strips the tabs, newlines and leading control characters that
  // are used to disguise `java\tscript:`, so the protocol check below sees the truth.
  return url && /^https?:$/.test(url.protocol) ? url.href : null;
}

/** The URL if it may be an image source: `http:`, `https:` or a base64 raster `data:image/*`. */
export function safeImageSrc(value: string | null | undefined): string | null {
  const text = safeText(value);
  return /^data:/i.test(text) ? (DATA_IMAGE.test(text) ? text : null) : safeLinkUrl(text);
}

/**
 * A data URL for `images.main_b64`: kept when it already is a safe `data:image/*` URL,
 * built from plain base64 when its first bytes show a known raster type; else null.
 */
export function b64ImageSrc(value: string | null | undefined): string | null {
  const text = safeText(value);
  // Base64 wrapped at 76 columns is still base64.
  const b64 = text.replace(/\s+/g, '');
  const type = BASE64.test(b64) && SIGNATURES.find(([, head]) => head.test(b64))?.[0];
  return /^data:/i.test(text) ? safeImageSrc(text) : type ? `data:image/${type};base64,${b64}` : null;
}

/**
 * A short readable form of a URL for a result: host and path without the protocol,
 * `www.` or a trailing slash, percent-escapes decoded, cut with an ellipsis past `max`.
 * `url`: the value already parsed.
 */
export function displayUrl(value: string | null | undefined, max = 60, url = parseUrl(value)): string {
  let text = safeText(value);
  if (url) {
    const path = readable(url.pathname, decodeURI);
    text = url.host.replace(/^www\./, '') + (path === '/' ? '' : path.replace(/\/$/, ''));
  }
  // Not an absolute URL: shown as text, shortened like the rest.
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * The part of a page a URL points to, its fragment decoded without the `#` (`sticky` of
 * `…/position#sticky`), or empty: what tells a page's sections apart, as `displayUrl` leaves it out.
 */
export function urlSection(url: URL | null): string {
  return readable(url?.hash.slice(1) ?? '', decodeURIComponent);
}

/**
 * A part of a URL decoded (as it came when an escape is malformed), without bidi controls:
 * decoded, it could otherwise reorder how the rest of the URL reads.
 */
function readable(part: string, decode: (text: string) => string): string {
  try {
    return decode(part).replace(BIDI, '');
  } catch {
    return part;
  }
}
