import { documentType } from './documentType.ts';

/**
 * The categories collected from a URL: `0x<domain>`, `1x<segment>`, `2x<segment>`, ...
 * for the folders of its path (the page's own name is not a level), then
 * `doctype_<type>`.
 */
export function urlCategories(url: string | null): string[] {
  const parsed = parseUrl(url);
  const categories: string[] = [];
  if (parsed !== null) {
    if (parsed.hostname !== '') categories.push(`0x${parsed.hostname}`);
    const segments = parsed.pathname.split('/').slice(1, -1);
    let level = 1;
    for (const segment of segments) {
      if (segment === '') continue;
      categories.push(`${level}x${decodeSegment(segment)}`);
      level++;
    }
  }
  categories.push(`doctype_${documentType(parsed)}`);
  return categories;
}

/** A URL object, or null for a missing or unparsable URL. */
export function parseUrl(url: string | null): URL | null {
  if (url === null) return null;
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
