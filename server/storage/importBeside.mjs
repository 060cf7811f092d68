// How the worker threads load their TypeScript module. Plain JavaScript, so that a thread
// starts without a TypeScript loader: in the installed package the module is compiled
// JavaScript beside the worker; from the sources it is loaded through tsx.
import { existsSync } from 'node:fs';

/** The module `name` (no extension) in the folder of `base` (a worker's `import.meta.url`). */
export async function importBeside(name, base) {
  const compiled = new URL(`./${name}.js`, base);
  if (existsSync(compiled)) return import(compiled.href);
  const { tsImport } = await import('tsx/esm/api');
  return tsImport(`./${name}.ts`, base);
}
