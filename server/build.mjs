// `npm run build -w server`: compiles the service and the site-search command to
// JavaScript in dist/ (with the client modules they share from ../src/client), builds the
// console's pages (Vite, at build time only), copies the
// worker threads' plain-JavaScript files beside their modules, and makes the bins runnable.
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, cpSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { buildConsole } from './console/buildConsole.mjs';

const here = import.meta.dirname;
rmSync(join(here, 'dist'), { recursive: true, force: true });
execFileSync(process.execPath, [join(here, '..', 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(here, 'tsconfig.build.json')], { stdio: 'inherit' });
const workerFiles = readdirSync(here, { recursive: true, encoding: 'utf8' }).filter(
  (f) => f.endsWith('.mjs') && f !== 'build.mjs' && !/^(dist|node_modules)\//.test(f),
);
for (const file of workerFiles) {
  const to = join(here, 'dist', 'server', file);
  mkdirSync(dirname(to), { recursive: true });
  copyFileSync(join(here, file), to);
}
// The console's pages, built by Vite (console/vite.config.ts) unless an earlier build from
// the same files is there (console/buildConsole.mjs), then copied beside its compiled module (console/consoleRoutes.ts).
await buildConsole();
cpSync(join(here, 'console', 'static'), join(here, 'dist', 'server', 'console', 'static'), { recursive: true });
for (const bin of ['dist/server/main.js', 'dist/server/cli/main.js']) chmodSync(join(here, bin), 0o755);
