import { createIndexClient, type IndexClient } from '../../src/client/createIndexClient.ts';
import type { SearchApiError } from '../../src/client/errors.ts';
import { UsageError } from './UsageError.ts';

/** The flags every command takes for reaching the service. */
export const CONNECTION_OPTIONS = {
  url: { type: 'string' },
  key: { type: 'string' },
  secret: { type: 'string' },
  retries: { type: 'string' },
  timeout: { type: 'string' },
} as const;

export interface ConnectionFlags {
  url?: string | undefined;
  key?: string | undefined;
  secret?: string | undefined;
  retries?: string | undefined;
  timeout?: string | undefined;
}

/** The API host, site key and secret, from flags or else `SITE_SEARCH_URL`, `SITE_SEARCH_KEY`, `SITE_SEARCH_SECRET`. */
export function connect(flags: ConnectionFlags, env: NodeJS.ProcessEnv, options: { needsSecret: boolean; log: (line: string) => void }): IndexClient {
  const baseUrl = flags.url ?? env.SITE_SEARCH_URL;
  const siteKey = flags.key ?? env.SITE_SEARCH_KEY;
  const secret = flags.secret ?? env.SITE_SEARCH_SECRET;
  if (!baseUrl) throw new UsageError('the API host is missing: pass --url or set SITE_SEARCH_URL');
  if (!siteKey) throw new UsageError('the site key is missing: pass --key or set SITE_SEARCH_KEY');
  if (options.needsSecret && !secret) throw new UsageError('the secret key is missing: set SITE_SEARCH_SECRET (or pass --secret, which shows in ps)');
  const retries = count('--retries', flags.retries, 5);
  const timeoutMs = count('--timeout', flags.timeout, 60) * 1000;
  return createIndexClient({
    baseUrl,
    siteKey,
    // Public calls need no secret; a placeholder keeps the one factory for every command.
    secret: secret || '-',
    retries,
    timeoutMs,
    // A batch job may wait out a whole rate-limit window (15 minutes by default).
    maxRetryDelayMs: 15 * 60_000,
    onRetry: ({ attempt, delayMs, error }) => options.log(`retrying in ${Math.ceil(delayMs / 1000)} s (attempt ${attempt}): ${describe(error)}`),
  });
}

function describe(error: SearchApiError): string {
  return error.status === 429 ? 'the service asked to slow down (429)' : error.message;
}

/** A whole number from a flag, or the default. */
export function count(flag: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text)) throw new UsageError(`${flag} must be a whole number (got '${text}')`);
  return Number(text);
}
