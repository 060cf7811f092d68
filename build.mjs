// `npm run build`: the package's three outputs, each in a folder of its own: the npm entry
// points (`vite build`, dist/lib), the script-tag files (`vite build --mode embed`,
// dist/embed) and the type declarations (tsc, dist/types). The declarations, which take
// tsc the longest and one core, are made while the two Vite builds run one after the other,
// so the build takes about the longer of the two, not their sum. Skipped when nothing it is
// built from changed since the last build (freshBuild.mjs): the browser stage and the
// packages' stage of one `npm test` both call it. `node build.mjs --force` builds anyway.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { freshBuild } from './freshBuild.mjs';

const here = import.meta.dirname;
const bin = (...path) => join(here, 'node_modules', ...path);

/** Runs a Node script of a dependency, its output shown; resolves once it exits with 0. */
function run(script, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { cwd: here, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} ended with ${signal ?? `code ${code}`}`))));
  });
}

const vite = bin('vite', 'bin', 'vite.js');

/** The three outputs at once; rejects naming each part that failed. */
async function buildAll() {
  const results = await Promise.allSettled([
    (async () => {
      await run(vite, ['build']);
      await run(vite, ['build', '--mode', 'embed']);
    })(),
    run(bin('typescript', 'bin', 'tsc'), ['-p', 'tsconfig.build.json']),
  ]);
  const failed = results.filter((result) => result.status === 'rejected').map(({ reason }) => (reason instanceof Error ? reason.message : String(reason)));
  if (failed.length > 0) throw new Error(failed.join('; '));
}

try {
  await freshBuild({
    name: 'widget',
    // The widget's sources and everything that says how they are built.
    inputs: ['src', 'vite.config.ts', 'tsconfig.json', 'tsconfig.build.json', 'package.json', 'package-lock.json', 'build.mjs', 'freshBuild.mjs'],
    outputs: ['dist/lib', 'dist/embed', 'dist/types'],
    force: process.argv.includes('--force'),
    build: buildAll,
  });
} catch (error) {
  console.error(`build: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
}
