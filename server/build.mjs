// `npm run build -w server`: compiles the service and the site-search command to
// JavaScript in dist/ (with the client modules they share from ../src/client), builds the
// console's pages (Vite, at build time only), copies the
// worker threads' plain-JavaScript files beside their modules, and makes the bins runnable.
// Skipped when nothing it is built from changed since the last build (../freshBuild.mjs):
// the benchmarks call it before each run, and `npm pack -w site-search-server` too.
// `node server/build.mjs --force` builds anyway.
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, cpSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freshBuild } from '../freshBuild.mjs';
import { buildConsole } from './console/buildConsole.mjs';

const here = import.meta.dirname;
const repo = join(here, '..');

/** The worker threads' plain-JavaScript files, from this folder; they are copied, not compiled. Those of the tests (testing/) stay out. */
const workerFiles = () =>
  readdirSync(here, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.mjs') && f !== 'build.mjs' && !/^(dist|node_modules|testing)\//.test(f));

/** Compiles with tsc; resolves to the repository's files it read (its dependencies' are in the lock file). */
function compile() {
  let listed;
  try {
    listed = execFileSync(process.execPath, [join(repo, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(here, 'tsconfig.build.json'), '--listFiles'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
  } catch (error) {
    // tsc reports its errors on stdout, among the files it listed.
    process.stdout.write(String(error.stdout ?? '').replace(/^\/.*\n/gm, ''));
    throw new Error('tsc found errors', { cause: error });
  }
  return listed
    .split('\n')
    .filter((file) => file.startsWith('/') && !file.includes('/node_modules/'))
    .map((file) => relative(repo, file));
}

/** Builds the service unless its build is fresh; resolves to whether it built. */
export async function buildServer({ force = false, log = console.log } = {}) {
  // The console first: its pages are an input of this build, which copies them.
  await buildConsole({ force, log });
  return freshBuild({
    name: 'server',
    // What says how it is built, the files it copies; the modules tsc read come from its list.
    inputs: [
      'server/build.mjs',
      'server/tsconfig.build.json',
      'server/package.json',
      'tsconfig.json',
      'package-lock.json',
      'freshBuild.mjs',
      'server/console/static',
      ...workerFiles().map((file) => join('server', file)),
    ],
    outputs: ['server/dist'],
    force,
    log,
    build: async () => {
      rmSync(join(here, 'dist'), { recursive: true, force: true });
      const read = compile();
      for (const file of workerFiles()) {
        const to = join(here, 'dist', 'server', file);
        mkdirSync(dirname(to), { recursive: true });
        copyFileSync(join(here, file), to);
      }
      // The console's pages, beside its compiled module (console/consoleRoutes.ts).
      cpSync(join(here, 'console', 'static'), join(here, 'dist', 'server', 'console', 'static'), { recursive: true });
      for (const bin of ['dist/server/main.js', 'dist/server/cli/main.js']) chmodSync(join(here, bin), 0o755);
      return read;
    },
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const started = Date.now();
    const built = await buildServer({ force: process.argv.includes('--force') });
    if (built) console.log(`server: built in ${Date.now() - started} ms`);
  } catch (error) {
    console.error(`build: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  }
}
