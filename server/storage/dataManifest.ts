import { closeSync, existsSync, fsyncSync, openSync, readdirSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** What a data folder holds of each index: its documents database, its events database. */
export type DataPart = 'indices' | 'events';

const PARTS: readonly DataPart[] = ['indices', 'events'];
const MANIFEST = 'manifest.json';

/**
 * What a data folder holds, in `manifest.json` at its top: the indices whose database
 * (`indices/KEY.sqlite`) and whose events database (`events/KEY.sqlite`) were created
 * here. Written when a database is first made, so a file gone missing later (or the
 * whole `indices/` or `events/` folder) is told apart from one that was never there;
 * without it, a lost file would silently come back empty. It lies outside the folders
 * it guards; a data folder that is gone entirely (a volume that did not mount) takes it
 * along, which `requireData` is for.
 */
export class DataManifest {
  readonly file: string;
  private readonly held: Record<DataPart, Set<string>>;

  /**
   * Reads the manifest of `dataDir`. A folder from before it was kept gets one listing
   * the database files it holds (and the indices its older `indices/manifest.json` lists),
   * saved unless `save` is false (a check that only reads).
   */
  constructor(dataDir: string, { save = true }: { save?: boolean } = {}) {
    this.file = join(dataDir, MANIFEST);
    const text = readIfThere(this.file);
    if (text !== null) {
      const parsed = parseManifest(text);
      if (parsed === null) {
        throw new Error(
          `${this.file} is damaged: it should hold {"indices": ["key", ...], "events": ["key", ...]}, what this data folder holds. Fix it by hand, or delete it to list the database files now in ${dataDir}`,
        );
      }
      this.held = { indices: new Set(parsed.indices), events: new Set(parsed.events) };
      return;
    }
    const older = parseManifest(readIfThere(join(dataDir, 'indices', MANIFEST)) ?? '{}');
    this.held = {
      indices: new Set([...(older?.indices ?? []), ...databaseFiles(join(dataDir, 'indices'))]),
      events: new Set(databaseFiles(join(dataDir, 'events'))),
    };
    if (save && (this.held.indices.size > 0 || this.held.events.size > 0)) this.save();
  }

  /** Whether the folder is known to this service: it has a manifest. */
  static existsIn(dataDir: string): boolean {
    return existsSync(join(dataDir, MANIFEST));
  }

  /** Whether the database of `part` for the index was created in this folder before. */
  has(part: DataPart, publicKey: string): boolean {
    return this.held[part].has(publicKey);
  }

  /** Records a newly created database; durable before it returns. */
  add(part: DataPart, publicKey: string): void {
    if (this.held[part].has(publicKey)) return;
    this.held[part].add(publicKey);
    this.save();
  }

  /** Forgets a database deleted on purpose (an index deleted through the API); durable before it returns. */
  remove(part: DataPart, publicKey: string): void {
    if (this.held[part].delete(publicKey)) this.save();
  }

  /** Written whole to a temporary file, synced, then renamed over: never half written. */
  private save(): void {
    const temporary = `${this.file}.tmp`;
    const text = `${JSON.stringify(Object.fromEntries(PARTS.map((part) => [part, [...this.held[part]].sort()])), null, 2)}\n`;
    const fd = openSync(temporary, 'w');
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, this.file);
  }
}

function readIfThere(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new Error(`cannot read ${file}: ${(error as Error).message}`, { cause: error });
  }
}

function databaseFiles(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.sqlite'))
    .map((name) => name.slice(0, -'.sqlite'.length));
}

function parseManifest(text: string): Record<DataPart, string[]> | null {
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const record = value as Record<string, unknown>;
    const lists = PARTS.map((part) => record[part] ?? []);
    if (!lists.every((list) => Array.isArray(list) && list.every((key) => typeof key === 'string'))) return null;
    return { indices: lists[0] as string[], events: lists[1] as string[] };
  } catch {
    return null;
  }
}
