/**
 * Which engine a service runs on: SQLite files in the data folder, or the engine that
 * takes the scheme of `databaseUrl` (`--database-url`, SITE_SEARCH_DATABASE_URL, the
 * config file's `databaseUrl`). An engine joins by adding its schemes to
 * DATABASE_ENGINES, loaded only when a URL names it.
 */
import type { EngineChoice } from './engineFactory.ts';
import { sqliteEngines } from './sqliteFactory.ts';

/** Engines by URL scheme (without the colon, lower case): a function of the URL. */
const DATABASE_ENGINES: Record<string, (databaseUrl: string) => Promise<EngineChoice>> = {};

/** The URL's scheme, lower case; '' when it has none. */
export function urlScheme(url: string): string {
  return /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase() ?? '';
}

/** The engine for a database URL; SQLite files in the data folder for null. Rejects a URL no engine takes, saying which schemes are known. */
export async function engineFor(databaseUrl: string | null): Promise<EngineChoice> {
  if (databaseUrl === null) return sqliteEngines;
  const scheme = urlScheme(databaseUrl);
  const engine = DATABASE_ENGINES[scheme];
  if (engine === undefined) {
    const known = Object.keys(DATABASE_ENGINES);
    throw new Error(
      `databaseUrl: no engine takes '${scheme === '' ? databaseUrl : `${scheme}:`}' URLs (${known.length === 0 ? 'this build has none' : `known: ${known.map((k) => `${k}:`).join(', ')}`}); leave it out to keep the indices in the data folder`,
    );
  }
  return engine(databaseUrl);
}
