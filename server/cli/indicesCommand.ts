/**
 * `site-search indices list|create KEY|rotate KEY|delete KEY --confirm KEY`: the service's
 * index API, with its admin key (`SITE_SEARCH_ADMIN_KEY`). Prints JSON; a new secret is
 * printed once, as the service answers it once.
 */
import { parseArgs } from 'node:util';
import { createAdminClient } from '../../src/client/createAdminClient.ts';
import { CONNECTION_OPTIONS, count, type ConnectionFlags } from './connection.ts';
import type { Io } from './io.ts';
import { UsageError } from './UsageError.ts';

const USAGE = 'usage: site-search indices list | indices create KEY | indices rotate KEY | indices delete KEY --confirm KEY';

export async function indicesCommand(args: string[], io: Io, log: (line: string) => void): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    options: { ...CONNECTION_OPTIONS, 'admin-key': { type: 'string' }, confirm: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  const [action, key, ...extra] = positionals;
  const needsKey = action === 'create' || action === 'rotate' || action === 'delete';
  if (extra.length > 0 || (action !== 'list' && !needsKey) || (needsKey ? key === undefined : key !== undefined)) throw new UsageError(USAGE);
  if (action === 'delete' && values.confirm !== key) {
    throw new UsageError(`deleting index '${key}' takes its documents and events for good: pass --confirm ${key} to go ahead`);
  }
  const flags = values as ConnectionFlags;
  const baseUrl = flags.url ?? io.env.SITE_SEARCH_URL;
  const adminKey = values['admin-key'] ?? io.env.SITE_SEARCH_ADMIN_KEY;
  if (!baseUrl) throw new UsageError('the API host is missing: pass --url or set SITE_SEARCH_URL');
  if (!adminKey) throw new UsageError('the admin key is missing: set SITE_SEARCH_ADMIN_KEY (or pass --admin-key, which shows in ps)');
  const client = createAdminClient({
    baseUrl,
    adminKey,
    retries: count('--retries', flags.retries, 5),
    timeoutMs: count('--timeout', flags.timeout, 60) * 1000,
    onRetry: ({ attempt, delayMs, error }) => log(`retrying in ${Math.ceil(delayMs / 1000)} s (attempt ${attempt}): ${error.message}`),
  });
  const print = (value: unknown) => void io.stdout.write(JSON.stringify(value, null, 2) + '\n');
  if (action === 'list') return print(await client.listIndices());
  if (action === 'create') {
    print(await client.createIndex(key!));
    log('keep the secret now: the service will not show it again (site-search indices rotate makes a new one)');
    return;
  }
  if (action === 'rotate') {
    print({ publicKey: key, ...(await client.rotateSecret(key!)) });
    log('the old secret no longer works');
    return;
  }
  print(await client.deleteIndex(key!));
}
