import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { csvDocument } from './csvDocument.ts';
import { elementStarts, formatOf, readRecords, type FileRecord } from './readRecords.ts';

const dir = mkdtempSync(join(tmpdir(), 'site-search-records-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function records(name: string, text: string, afterLine = 0): Promise<FileRecord[]> {
  const file = join(dir, name);
  writeFileSync(file, text);
  const out: FileRecord[] = [];
  for await (const record of readRecords(file, formatOf(file, undefined), afterLine, csvDocument).records) out.push(record);
  return out;
}

describe('readRecords', () => {
  it('numbers NDJSON lines, skipping blank ones and those already done', async () => {
    expect(await records('a.ndjson', '{"id":"1"}\n\n{"id":"2"}\n{oops\n')).toEqual([
      { line: 1, value: { id: '1' } },
      { line: 3, value: { id: '2' } },
      { line: 4, error: expect.stringMatching(/^not valid JSON/) },
    ]);
    expect((await records('b.ndjson', '{"id":"1"}\n{"id":"2"}\n', 1)).map((r) => r.line)).toEqual([2]);
  });

  it('gives the line where each element of a JSON array starts', async () => {
    const text = '[\n  {"id": "1", "t": "a ] } \\" ["},\n  {\n    "id": "2"\n  },\n  3\n]';
    expect((await records('c.json', text)).map((r) => r.line)).toEqual([2, 3, 6]);
    expect(elementStarts('{"documents": [1, [2], {"a": [3]}]}').length).toBe(3);
  });

  it('turns CSV rows into documents with typed custom fields', async () => {
    const csv = 'id,title,custom_fields.price:integer,custom_fields.tags:list,custom_fields.city\n1,"A, quoted",12,a|b,\n2,B,x,c,Bern\n';
    expect(await records('d.csv', csv)).toEqual([
      { line: 2, value: { id: '1', title: 'A, quoted', custom_fields: { price: 12, tags: ['a', 'b'] } } },
      { line: 3, error: "custom_fields.price must be an integer (got 'x')" },
    ]);
  });

  it('tells the format from the extension or refuses to guess', () => {
    expect(formatOf('x.jsonl', undefined)).toBe('ndjson');
    expect(formatOf('x.txt', 'csv')).toBe('csv');
    expect(() => formatOf('x.txt', undefined)).toThrow(/--format/);
  });
});
