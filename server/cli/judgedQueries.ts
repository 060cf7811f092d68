import type { FileFormat } from './readRecords.ts';
import { readRecords } from './readRecords.ts';
import { UsageError } from './UsageError.ts';

/** A query and the documents a good answer has near the top: ids, or URLs (`http:`/`https:`). */
export interface JudgedQuery {
  query: string;
  wanted: string[];
  /** Where it stands in the file, for messages: `line 4`, or `entry 2 at line 5` in a JSON array. */
  where: string;
}

/**
 * Reads a file of judged queries: a JSON array (or NDJSON) of `{"query", "wanted": [...]}`,
 * or CSV with the columns `query,wanted` and `|` between the wanted ids or URLs. The
 * whole file is checked first; the first bad entry stops it with a `UsageError` that
 * names its line (and its place in a JSON array).
 */
export async function readJudgedQueries(file: string, format: FileFormat): Promise<JudgedQuery[]> {
  const reader = readRecords(file, format, 0, (row) => {
    if (!('query' in row) || !('wanted' in row)) throw new Error('a CSV file of judged queries needs a header line with the columns query and wanted');
    return { query: row.query, wanted: row.wanted!.split('|') };
  });
  const judged: JudgedQuery[] = [];
  let entry = 0;
  for await (const record of reader.records) {
    entry++;
    const where = format === 'json' ? `entry ${entry} at line ${record.line}` : `line ${record.line}`;
    if (record.error !== undefined) throw new UsageError(`${file}, ${where}: ${record.error}`);
    const problem = judgedQueryProblem(record.value);
    if (problem !== null) throw new UsageError(`${file}, ${where}: ${problem}`);
    const { query, wanted } = record.value as { query: string; wanted: string | string[] };
    judged.push({ query: query.trim(), wanted: (typeof wanted === 'string' ? [wanted] : wanted).map((w) => w.trim()), where });
  }
  if (judged.length === 0) throw new UsageError(`${file} has no judged queries`);
  return judged;
}

/** Why a parsed entry is no judged query, or null when it is one. */
export function judgedQueryProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'an entry must be an object with a query and the wanted ids or URLs';
  const { query, wanted } = value as { query?: unknown; wanted?: unknown };
  if (typeof query !== 'string' || query.trim() === '') return 'the query must be a non-empty string';
  const list = typeof wanted === 'string' ? [wanted] : wanted;
  if (!Array.isArray(list) || list.length === 0) return 'wanted must list at least one id or URL';
  if (!list.every((w): w is string => typeof w === 'string' && w.trim() !== '')) return 'each wanted id or URL must be a non-empty string';
  return null;
}
