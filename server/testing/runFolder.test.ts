import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RUN_MARK_VARIABLE } from './leftoverProcesses.ts';
import { removeRunFolder, testFolder } from './runFolder.ts';

const runMark = process.env[RUN_MARK_VARIABLE];
afterEach(() => {
  if (runMark === undefined) delete process.env[RUN_MARK_VARIABLE];
  else process.env[RUN_MARK_VARIABLE] = runMark;
});

describe("a test run's temporary folders", () => {
  it('are made in one folder per run, which goes with all they hold', () => {
    process.env[RUN_MARK_VARIABLE] = 'folder-test';
    const [a, b] = [testFolder('site-search-x-'), testFolder('site-search-x-')];
    expect(a).not.toBe(b);
    expect(dirname(a)).toBe(dirname(b));
    expect(dirname(a)).toMatch(/site-search-run-folder-test$/);
    writeFileSync(join(a, 'data'), 'left behind');
    removeRunFolder('folder-test');
    expect(existsSync(a) || existsSync(b) || existsSync(dirname(a))).toBe(false);
  });
});
