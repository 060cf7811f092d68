/**
 * The service as users run it: `site-search-server`, compiled to JavaScript in
 * `server/dist` by `npm run build:server`, on Node alone. The benchmark runs that build
 * first, which is skipped when nothing it is built from has changed (freshBuild.mjs keeps
 * a hash of its inputs and outputs), so that its figures are of the code as it is.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/** The compiled `site-search-server` bin, relative to the repository. */
export const SERVER_MAIN = join('server', 'dist', 'server', 'main.js');

const checked = new Set<string>();

/** The path of the compiled bin in `repo`, built first unless its build is fresh (checked once a process). */
export function serverMain(repo: string, log: (line: string) => void = () => {}): string {
  const main = join(repo, SERVER_MAIN);
  if (checked.has(main)) return main;
  const said = execFileSync(process.execPath, [join(repo, 'server', 'build.mjs')], { cwd: repo, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  for (const line of said.split('\n')) if (line.trim() !== '') log(line);
  checked.add(main);
  return main;
}
