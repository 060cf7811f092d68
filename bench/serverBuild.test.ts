import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_MAIN, serverBuildIsStale } from './serverBuild.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** Writes `file` in `repo`, dated `secondsAgo` before now. */
function write(repo: string, file: string, secondsAgo: number): void {
  const path = join(repo, file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, '');
  const when = Date.now() / 1000 - secondsAgo;
  utimesSync(path, when, when);
}

describe('serverBuildIsStale', () => {
  it('is stale without a build, or when a source of it is newer; not for a newer test file', () => {
    const repo = mkdtempSync(join(tmpdir(), 'site-search-build-'));
    folders.push(repo);
    write(repo, 'tsconfig.json', 100);
    write(repo, 'server/main.ts', 100);
    write(repo, 'src/client/createClient.ts', 100);
    expect(serverBuildIsStale(repo)).toBe(true);

    write(repo, SERVER_MAIN, 50);
    expect(serverBuildIsStale(repo)).toBe(false);
    write(repo, 'server/main.test.ts', 10);
    write(repo, 'server/testing/service.ts', 10);
    write(repo, 'server/dist/server/app.js', 10);
    write(repo, 'src/ui/Widget.tsx', 10);
    expect(serverBuildIsStale(repo)).toBe(false);

    write(repo, 'server/engine/engine.ts', 10);
    expect(serverBuildIsStale(repo)).toBe(true);
    write(repo, SERVER_MAIN, 5);
    write(repo, 'src/client/types.ts', 1);
    expect(serverBuildIsStale(repo)).toBe(true);
  });
});
