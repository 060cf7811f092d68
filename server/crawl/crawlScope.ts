// Which URLs a crawl may follow: the owner's include and exclude globs, or without include
// the part of the site the crawl started in.
import { normalizeEscapes } from './normalizeUrl.ts';
import { urlGlob, type UrlGlob } from './urlGlob.ts';

/** Where a URL stands for one crawl. The strings are the API's exclusion reasons. */
export type ScopeVerdict = 'in' | 'out of scope' | 'excluded by pattern';

/**
 * The scope of a crawl, over whole normalised URLs (see normalizeUrl). `include` and `exclude`
 * are globs: `**` any characters, `*` any but `/`, `?` one character; their scheme and host are
 * read as a URL spells them (lower case, punycode, no default port). A URL an exclude glob
 * matches is 'excluded by pattern', whatever else holds. With include globs, the URLs one
 * matches are 'in'. Without, a URL is 'in' when it stands on the host (and port) of a start URL,
 * http or https alike (`www.` is another host), under that start URL's folder: a start of
 * https://h/guide/intro.html takes in https://h/guide/**. A crawl from sitemaps alone passes
 * the sitemaps' URLs as `start`, as the sitemap protocol scopes a sitemap to its folder.
 */
export function crawlScope(start: readonly URL[], include: readonly string[], exclude: readonly string[]): (url: URL) => ScopeVerdict {
  const excluded = exclude.map(glob);
  const included = include.map(glob);
  // The start URLs' paths escaped as normalised URLs' are, so that /%7Euser/ takes in /~user/page.
  const folders = start.filter(isHttp).map((url) => {
    const path = normalizeEscapes(url.pathname);
    return { host: url.host, folder: path.slice(0, path.lastIndexOf('/') + 1) };
  });
  return (url) => {
    if (!isHttp(url)) return 'out of scope';
    const href = url.href;
    if (excluded.some((matches) => matches(href))) return 'excluded by pattern';
    if (included.length > 0) return included.some((matches) => matches(href)) ? 'in' : 'out of scope';
    return folders.some(({ host, folder }) => url.host === host && url.pathname.startsWith(folder)) ? 'in' : 'out of scope';
  };
}

const isHttp = (url: URL): boolean => url.protocol === 'http:' || url.protocol === 'https:';

/** A glob, its leading `scheme://host` spelled as URL spells it when it holds no glob character. */
function glob(pattern: string): UrlGlob {
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#\\*]*(?=\/|$)/i.exec(pattern)?.[0];
  if (origin === undefined) return urlGlob(pattern);
  let spelled = origin.toLowerCase();
  try {
    spelled = new URL(`${origin}/`).origin;
  } catch {
    // Not a URL's origin (a glob in it, a typo): compare as written, in lower case.
  }
  return urlGlob(spelled + pattern.slice(origin.length));
}
