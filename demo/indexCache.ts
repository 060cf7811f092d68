/**
 * The demo's data folder as it stands once the corpus is indexed, kept in
 * `.cache/demo-index/` between fresh starts: indexing 8,000 documents through the batch
 * endpoint takes about 10 s on a quiet machine and about a minute on a loaded one, at every
 * `npm start -- --fresh` and every browser-test run. The folder is the same for the same
 * documents, service sources and installed packages, so those name it; anything else
 * changed indexes afresh. Events are not kept: they are generated against the day of the start.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';

const FOLDER = '.cache/demo-index';
/** What the folder's contents follow from, besides the documents: the service's code and the packages. */
const SOURCES = ['server', 'src/client'];
const LOCKFILE = 'package-lock.json';
/** A running service's own files: never copied. */
const PROCESS_FILES = new Set(['service.lock', 'service.pid']);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.(test|d)\.tsx?$/.test(file) && !/(^|\/)(dist|node_modules)\//.test(file))
    .map((file) => join(folder, file))
    .sort();
}

/** A hash of the documents and everything that decides how they are stored. */
function indexKey(documents: unknown): string {
  const hash = createHash('sha256').update(JSON.stringify(documents));
  for (const file of SOURCES.flatMap(sourceFiles)) hash.update(file).update(readFileSync(file));
  if (existsSync(LOCKFILE)) hash.update(readFileSync(LOCKFILE));
  return hash.digest('hex').slice(0, 16);
}

export interface IndexCache {
  /** Copies the kept folder into `dataDir` (which must not exist yet); false when none is kept. */
  restoreInto(dataDir: string): boolean;
  /** Keeps `dataDir`, whose service is closed, for the next start. */
  keep(dataDir: string): void;
}

/** The cache, in `folder`, for the data folder that `documents` (every index's, in order) make. */
export function indexCache(documents: unknown, folder = FOLDER): IndexCache {
  const key = indexKey(documents);
  const kept = join(folder, key);
  const copy = (from: string, to: string) => cpSync(from, to, { recursive: true, filter: (file) => !PROCESS_FILES.has(relative(from, file)) });
  return {
    restoreInto(dataDir) {
      if (!existsSync(kept)) return false;
      try {
        copy(kept, dataDir);
        return true;
      } catch {
        // Removed meanwhile by a start of other sources: index afresh.
        rmSync(dataDir, { recursive: true, force: true });
        return false;
      }
    },
    keep(dataDir) {
      mkdirSync(folder, { recursive: true });
      // One folder kept: those of older sources would never be read again. Copies of this
      // one under way (`<key>.<pid>`, another start's) are left alone.
      for (const old of readdirSync(folder)) if (old !== key && !old.startsWith(`${key}.`)) rmSync(join(folder, old), { recursive: true, force: true });
      // Copied whole or not at all: two starts at once must not read half a folder.
      const partial = `${kept}.${process.pid}`;
      copy(dataDir, partial);
      try {
        renameSync(partial, kept);
      } catch {
        // Another start kept the same folder meanwhile.
        rmSync(partial, { recursive: true, force: true });
      }
    },
  };
}
