import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { IndexDocument } from '../../../src/client/types.ts';
import type { BenchDocument } from '../types.ts';

/**
 * Imports a package installed in `folder` (outside the repository, so a bare import from
 * here cannot find it): a one-line module written into the folder resolves it there.
 * The caller states the shape it uses.
 */
export async function loadPackage(folder: string, name: string): Promise<unknown> {
  const file = join(folder, `load-${name.replace(/[^a-z0-9]+/gi, '-')}.mjs`);
  writeFileSync(file, `export * as ns from '${name}';\n`);
  const loaded = (await import(pathToFileURL(file).href)) as { ns: unknown };
  return loaded.ns;
}

/** What the other engines index: the address, the title and the main text. */
export function plainDocuments(docs: readonly IndexDocument[]): BenchDocument[] {
  return docs.map((d) => ({ url: d.url ?? '', title: d.title ?? '', text: d.main_content ?? '' }));
}
