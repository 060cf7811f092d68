import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { indexCache } from './indexCache.ts';

const folder = mkdtempSync(join(tmpdir(), 'site-search-index-cache-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A data folder as a running service leaves it: databases, and its lock and pid files. */
function dataFolder(name: string, content: string): string {
  const dataDir = join(folder, name);
  mkdirSync(join(dataDir, 'indices'), { recursive: true });
  writeFileSync(join(dataDir, 'indices', 'demo.sqlite'), content);
  writeFileSync(join(dataDir, 'service.lock'), '');
  writeFileSync(join(dataDir, 'service.pid'), '1');
  return dataDir;
}

describe('indexCache', () => {
  const cacheDir = join(folder, 'cache');

  it('gives back the folder kept for the same documents, without the service’s lock and pid', () => {
    const cache = indexCache([{ id: 'a' }], cacheDir);
    const restored = join(folder, 'restored');
    expect(cache.restoreInto(restored)).toBe(false);
    expect(existsSync(restored)).toBe(false);

    cache.keep(dataFolder('indexed', 'the index'));
    expect(indexCache([{ id: 'a' }], cacheDir).restoreInto(restored)).toBe(true);
    expect(readFileSync(join(restored, 'indices', 'demo.sqlite'), 'utf8')).toBe('the index');
    expect(readdirSync(restored).sort()).toEqual(['indices']);
  });

  it('keeps nothing for other documents, and one folder only', () => {
    const other = indexCache([{ id: 'b' }], cacheDir);
    expect(other.restoreInto(join(folder, 'other'))).toBe(false);
    other.keep(dataFolder('indexed-b', 'another index'));
    expect(readdirSync(cacheDir)).toHaveLength(1);
    expect(indexCache([{ id: 'a' }], cacheDir).restoreInto(join(folder, 'again'))).toBe(false);
  });
});
