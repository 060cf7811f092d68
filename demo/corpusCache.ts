/**
 * The demo corpus, kept in `.cache/demo-corpus/` between starts: building it reads MDN's
 * compatibility data and takes 13 s on a quiet machine (~50 s on a loaded one), at every
 * `npm start -- --fresh` and every browser-test run. The corpus is the same for the same
 * builder sources, installed data packages and options (demo/corpus/build.ts), so those
 * name the file; anything else changed builds it afresh.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IndexDocument } from '../src/client/types.ts';
import { buildCorpus, type BuildCorpusOptions } from './corpus/build.ts';

const FOLDER = '.cache/demo-corpus';
const SOURCES = 'demo/corpus';
/** The packages the builder reads its data from. */
const DATA_PACKAGES = ['@mdn/browser-compat-data', '@vscode/web-custom-data', 'typescript'];

/** A hash of everything the corpus is built from. */
function corpusKey(options: BuildCorpusOptions): string {
  const hash = createHash('sha256').update(JSON.stringify(options));
  for (const file of readdirSync(SOURCES).sort()) {
    if (file.endsWith('.ts') && !file.endsWith('.test.ts')) hash.update(file).update(readFileSync(join(SOURCES, file)));
  }
  for (const name of DATA_PACKAGES) {
    // Read from the path: not every one exports its package.json.
    const { version } = JSON.parse(readFileSync(join('node_modules', name, 'package.json'), 'utf8')) as { version: string };
    hash.update(`${name}@${version}`);
  }
  return hash.digest('hex').slice(0, 16);
}

/** The corpus from the cache, or built and then kept; says which. */
export function cachedCorpus(options: BuildCorpusOptions): { documents: IndexDocument[]; cached: boolean } {
  const file = join(FOLDER, `${corpusKey(options)}.json`);
  try {
    return { documents: JSON.parse(readFileSync(file, 'utf8')) as IndexDocument[], cached: true };
  } catch {
    const documents = buildCorpus(options);
    mkdirSync(FOLDER, { recursive: true });
    // One corpus kept: those of older sources would never be read again.
    for (const old of readdirSync(FOLDER)) rmSync(join(FOLDER, old), { force: true });
    // Written whole or not at all: two starts at once must not read half a file.
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, JSON.stringify(documents));
    renameSync(partial, file);
    return { documents, cached: false };
  }
}
