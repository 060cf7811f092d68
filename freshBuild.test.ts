import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { freshBuild } from './freshBuild.mjs';

let folder: string;
let name: string;
let builds: number;

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'fresh-build-'));
  mkdirSync(join(folder, 'src'));
  writeFileSync(join(folder, 'src', 'a.ts'), 'a');
  writeFileSync(join(folder, 'shared.ts'), 'shared');
  name = `test-${process.pid}-${folder.slice(-6)}`;
  builds = 0;
});

afterEach(() => {
  rmSync(folder, { recursive: true, force: true });
  rmSync(join('.cache', 'builds', `${name}.json`), { force: true });
});

/** A build of src/ into out/, which also reads shared.ts, as a bundler's module would. */
const run = () =>
  freshBuild({
    name,
    inputs: [join(folder, 'src')],
    outputs: [join(folder, 'out')],
    log: () => {},
    build: async () => {
      builds += 1;
      mkdirSync(join(folder, 'out'), { recursive: true });
      writeFileSync(join(folder, 'out', 'bundle.js'), `build ${builds}`);
      return [join(folder, 'shared.ts')];
    },
  });

test('a second call with nothing changed reuses the build', async () => {
  expect(await run()).toBe(true);
  expect(await run()).toBe(false);
  expect(builds).toBe(1);
});

test('an input changed, added or a module the build reported changed builds again', async () => {
  await run();
  writeFileSync(join(folder, 'src', 'a.ts'), 'a, edited');
  expect(await run()).toBe(true);
  writeFileSync(join(folder, 'src', 'b.ts'), 'b');
  expect(await run()).toBe(true);
  writeFileSync(join(folder, 'shared.ts'), 'shared, edited');
  expect(await run()).toBe(true);
  expect(await run()).toBe(false);
  expect(builds).toBe(4);
});

test('a test beside the sources is no input', async () => {
  await run();
  writeFileSync(join(folder, 'src', 'a.test.ts'), 'a test');
  expect(await run()).toBe(false);
});

test('an output removed or changed builds again', async () => {
  await run();
  writeFileSync(join(folder, 'out', 'bundle.js'), 'changed by hand');
  expect(await run()).toBe(true);
  rmSync(join(folder, 'out'), { recursive: true });
  expect(await run()).toBe(true);
  expect(builds).toBe(3);
});

test('a different VITE_ variable builds again', async () => {
  await run();
  process.env.VITE_FRESH_BUILD_TEST = 'x';
  try {
    expect(await run()).toBe(true);
  } finally {
    delete process.env.VITE_FRESH_BUILD_TEST;
  }
});
