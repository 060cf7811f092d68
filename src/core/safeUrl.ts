// Raster types only: an SVG can carry script and is never accepted as a data URL.
const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp|avif);base64,[A-Za-z0-9+/]+={0,2}$/i;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The text trimmed if it is a string, else empty: only strings reach the DOM, whatever a misbehaving API sends. */
export function safeText(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** The URL, normalised, if it is an absolute `http:` or `https:` URL; else null. */
export function safeLinkUrl(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  let url: URL;
  try {
    // The URL parser strips the tabs, newlines and leading control characters that
    // are used to disguise `java\tscript:`, so the protocol check below sees the truth.
    url = new URL(value.trim());
  } catch {
    return null;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
}

/** The URL if it may be an image source: `http:`, `https:` or a base64 raster `data:image/*`. */
export function safeImageSrc(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (/^data:/i.test(trimmed)) return DATA_IMAGE.test(trimmed) ? trimmed : null;
  return safeLinkUrl(trimmed);
}

/** The image type from the first bytes of base64 data, as its MIME subtype. */
function sniffImageType(b64: string): string | null {
  let head: string;
  try {
    // 16 base64 characters are the first 12 bytes: enough for every signature below.
    head = atob(b64.slice(0, 16));
  } catch {
    return null;
  }
  if (head.startsWith('\x89PNG')) return 'png';
  if (head.startsWith('\xff\xd8\xff')) return 'jpeg';
  if (head.startsWith('GIF8')) return 'gif';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'webp';
  if (head.slice(4, 12) === 'ftypavif') return 'avif';
  return null;
}

/**
 * A data URL for `images.main_b64`: kept when it already is a safe `data:image/*` URL,
 * built from plain base64 when its first bytes show a known raster type; else null.
 */
export function b64ImageSrc(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (/^data:/i.test(trimmed)) return DATA_IMAGE.test(trimmed) ? trimmed : null;
  // Base64 wrapped at 76 columns is still base64.
  const b64 = trimmed.replace(/\s+/g, '');
  if (!BASE64.test(b64)) return null;
  const type = sniffImageType(b64);
  return type ? `data:image/${type};base64,${b64}` : null;
}

/**
 * A short readable form of a URL for a result: host and path without the protocol,
 * `www.` or a trailing slash, percent-escapes decoded, cut with an ellipsis past `max`.
 */
export function displayUrl(value: string | null | undefined, max = 60): string {
  if (typeof value !== 'string') return '';
  const trimmed = value.trim();
  let text = trimmed;
  try {
    const url = new URL(trimmed);
    let path = url.pathname;
    try {
      // Bidi controls are dropped so a decoded path cannot reorder how the host reads.
      path = decodeURI(path).replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
    } catch {
      // A malformed escape: show the path as it came.
    }
    text = url.host.replace(/^www\./, '') + (path === '/' ? '' : path.replace(/\/$/, ''));
  } catch {
    // Not an absolute URL: show it as text, shortened like the rest.
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
