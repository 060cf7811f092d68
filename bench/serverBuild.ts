/**
 * The service as users run it: `site-search-server`, compiled to JavaScript in
 * `server/dist` by `npm run build:server`, on Node alone. The benchmark builds it when
 * any of its sources is newer than the build, so that its figures are of the code as it is.
 */
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The compiled `site-search-server` bin, relative to the repository. */
export const SERVER_MAIN = join('server', 'dist', 'server', 'main.js');

/** What the build compiles: the service and the client modules it shares with the widget. */
const SOURCES = [join('server'), join('src', 'client'), 'tsconfig.json', join('server', 'tsconfig.build.json')];
/** What the build leaves out. */
const SKIP = (name: string) => name === 'dist' || name === 'node_modules' || name === 'testing' || name.endsWith('.test.ts');

function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path)) if (!SKIP(entry)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

/** Whether the compiled bin in `repo` is missing or older than any of its sources. */
export function serverBuildIsStale(repo: string): boolean {
  const main = join(repo, SERVER_MAIN);
  const built = existsSync(main) ? statSync(main).mtimeMs : 0;
  return built === 0 || SOURCES.some((source) => existsSync(join(repo, source)) && newest(join(repo, source)) > built);
}

const checked = new Set<string>();

/** The path of the compiled bin in `repo`, built first when it is stale (checked once a process). */
export function serverMain(repo: string, log: (line: string) => void = () => {}): string {
  const main = join(repo, SERVER_MAIN);
  if (checked.has(main)) return main;
  if (serverBuildIsStale(repo)) {
    log('building the service (npm run build:server)');
    execSync('npm run build:server', { cwd: repo, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  checked.add(main);
  return main;
}
