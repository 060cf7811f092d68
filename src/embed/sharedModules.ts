/**
 * What the script-tag file lends `site-search.more.js`, the part it loads only when
 * needed: the modules that part imports, by the specifier or the project file it
 * imports them by, with the names it uses. That part runs on the script's one Preact,
 * its signals and its client. `shared.ts` puts these on the page for it, and
 * vite.config.ts turns each such import in it into a read of them instead of a copy.
 * A name missing here fails that part's build.
 */
export const SHARED_MODULES: Readonly<Record<string, readonly string[]>> = {
  preact: ['Fragment', 'h', 'render'],
  'preact/hooks': ['useEffect'],
  '@preact/signals-core': ['signal'],
  'src/ui/messages.ts': ['en'],
  'src/ui/Thumbnail.tsx': ['Thumbnail'],
  'src/core/safeUrl.ts': ['displayUrl', 'safeLinkUrl', 'safeText'],
  'src/client/createClient.ts': ['createClient'],
  'src/client/hosts.ts': ['hostFor'],
};

/** The `Symbol.for` key of the object they are lent on. */
export const SHARED_KEY = 'site-search-shared';
