/**
 * `site-search settings get` prints the index's settings as JSON (ranking, personalization
 * impact, suggestion settings); `site-search settings set JSON|FILE` changes the fields
 * the JSON object gives (grouped settings field by field) and prints every setting in effect.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { IndexSettingsPatch } from '../../src/client/types.ts';
import { CONNECTION_OPTIONS, connect, type ConnectionFlags } from './connection.ts';
import type { Io } from './io.ts';
import { UsageError } from './UsageError.ts';

const USAGE = `usage: site-search settings get | settings set JSON|FILE (e.g. '{"synonyms": [["js", "javascript"]]}' or '{"suggestions": {"blockedWords": ["lime"]}}')`;

export async function settingsCommand(args: string[], io: Io, log: (line: string) => void): Promise<void> {
  const { values, positionals } = parseArgs({ args, options: CONNECTION_OPTIONS, allowPositionals: true, strict: true });
  const [action, source, ...extra] = positionals;
  if (extra.length > 0 || (action === 'get' && source !== undefined) || (action === 'set' && source === undefined) || (action !== 'get' && action !== 'set')) {
    throw new UsageError(USAGE);
  }
  const client = connect(values as ConnectionFlags, io.env, { needsSecret: true, log });
  const settings = action === 'get' ? await client.settings.get() : await client.settings.update(await readPatch(source!));
  io.stdout.write(JSON.stringify(settings, null, 2) + '\n');
}

/** The JSON object given on the command line, or in the file it names. */
async function readPatch(source: string): Promise<IndexSettingsPatch> {
  const inline = source.trimStart().startsWith('{');
  let text = source;
  if (!inline) {
    try {
      text = await readFile(source, 'utf8');
    } catch {
      throw new UsageError(`settings set takes a JSON object or a file holding one; '${source}' is neither`);
    }
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UsageError(`${inline ? 'the settings' : source} must be JSON, e.g. '{"stopWords": []}'`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new UsageError(`${inline ? 'the settings' : source} must hold a JSON object`);
  return value as IndexSettingsPatch;
}
