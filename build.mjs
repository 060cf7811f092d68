// `npm run build`: the package's three outputs, each in a folder of its own: the npm entry
// points (`vite build`, dist/lib), the script-tag files (`vite build --mode embed`,
// dist/embed) and the type declarations (tsc, dist/types). The declarations, which take
// tsc the longest and one core, are made while the two Vite builds run one after the other,
// so the build takes about the longer of the two, not their sum.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

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
const results = await Promise.allSettled([
  (async () => {
    await run(vite, ['build']);
    await run(vite, ['build', '--mode', 'embed']);
  })(),
  run(bin('typescript', 'bin', 'tsc'), ['-p', 'tsconfig.build.json']),
]);
for (const result of results) {
  if (result.status === 'rejected') {
    console.error(`build: ${result.reason instanceof Error ? result.reason.message : result.reason}`);
    process.exitCode = 1;
  }
}
