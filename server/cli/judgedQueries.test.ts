import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readJudgedQueries } from './judgedQueries.ts';

const dir = mkdtempSync(join(tmpdir(), 'site-search-judged-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe('readJudgedQueries', () => {
  it('reads JSON entries, a single wanted string included, with their places', async () => {
    const path = file('ok.json', '[{"query": " grid ", "wanted": "css-grid"},\n {"query": "flex", "wanted": ["a", "https://site.example/b"]}]');
    expect(await readJudgedQueries(path, 'json')).toEqual([
      { query: 'grid', wanted: ['css-grid'], where: 'entry 1 at line 1' },
      { query: 'flex', wanted: ['a', 'https://site.example/b'], where: 'entry 2 at line 2' },
    ]);
  });

  it('reads CSV with | between the wanted pages', async () => {
    const path = file('ok.csv', 'query,wanted\n"grid, css",css-grid|https://site.example/grid\n');
    expect(await readJudgedQueries(path, 'csv')).toEqual([{ query: 'grid, css', wanted: ['css-grid', 'https://site.example/grid'], where: 'line 2' }]);
  });

  it.each([
    ['no-array.json', 'json', '{"query": "x"}', 'entry 1 at line 1: a JSON file must hold an array'],
    ['broken.json', 'json', '[{"query": ', 'entry 1 at line 1: not valid JSON'],
    ['no-query.json', 'json', '[{"query": "a", "wanted": ["x"]},\n"b"]', 'entry 2 at line 2: an entry must be an object'],
    [
      'blank-wanted.ndjson',
      'ndjson',
      '{"query": "a", "wanted": ["x"]}\n{"query": "b", "wanted": ["x", " "]}\n',
      'line 2: each wanted id or URL must be a non-empty string',
    ],
    ['no-header.csv', 'csv', 'q,pages\ngrid,css-grid\n', 'line 2: a CSV file of judged queries needs a header line with the columns query and wanted'],
    ['empty-query.csv', 'csv', 'query,wanted\ngrid,css-grid\n,css-grid\n', 'line 3: the query must be a non-empty string'],
    ['ragged.csv', 'csv', 'query,wanted\ngrid,css-grid,extra\n', 'line 2: not valid CSV'],
    ['empty.json', 'json', '[]', 'has no judged queries'],
  ] as const)('names the bad entry of %s', async (name, format, text, message) => {
    const path = file(name, text);
    await expect(readJudgedQueries(path, format)).rejects.toThrow(message);
  });
});
