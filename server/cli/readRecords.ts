import { createReadStream, readFileSync, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parse as parseCsv } from 'csv-parse';
import { UsageError } from './UsageError.ts';

export type FileFormat = 'json' | 'ndjson' | 'csv';

/** One record of an input file: its line, and its value or why it could not be read. */
export type FileRecord = { line: number; value: unknown; error?: undefined } | { line: number; value?: undefined; error: string };

/** A record source with the bytes read so far, for progress. */
export interface RecordReader {
  totalBytes: number;
  bytesRead(): number;
  records: AsyncGenerator<FileRecord>;
}

/** The format from `--format`, else from the file's extension. */
export function formatOf(file: string, flag: string | undefined): FileFormat {
  const format = flag ?? (/\.(ndjson|jsonl)$/i.test(file) ? 'ndjson' : /\.csv$/i.test(file) ? 'csv' : /\.json$/i.test(file) ? 'json' : undefined);
  if (format === 'json' || format === 'ndjson' || format === 'csv') return format;
  throw new UsageError(`cannot tell the format of ${file}: pass --format json, ndjson or csv`);
}

/**
 * Reads the records of a JSON array, NDJSON or CSV file, streaming NDJSON and CSV.
 * Records on lines up to `afterLine` are skipped (for `--resume`).
 */
export function readRecords(file: string, format: FileFormat, afterLine = 0, csvRecord: (row: Record<string, string>) => unknown = (r) => r): RecordReader {
  let totalBytes: number;
  try {
    totalBytes = statSync(file).size;
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  if (format === 'json') {
    let done = 0;
    return { totalBytes, bytesRead: () => done, records: jsonRecords(file, afterLine, (n) => (done = n)) };
  }
  const stream = createReadStream(file);
  return {
    totalBytes,
    bytesRead: () => stream.bytesRead,
    records: format === 'ndjson' ? ndjsonRecords(stream, afterLine) : csvRecords(stream, afterLine, csvRecord),
  };
}

async function* ndjsonRecords(stream: NodeJS.ReadableStream, afterLine: number): AsyncGenerator<FileRecord> {
  let line = 0;
  for await (const text of createInterface({ input: stream, crlfDelay: Infinity })) {
    line++;
    if (line <= afterLine || text.trim() === '') continue;
    try {
      yield { line, value: JSON.parse(text) };
    } catch (error) {
      yield { line, error: `not valid JSON (${(error as Error).message})` };
    }
  }
}

async function* csvRecords(stream: NodeJS.ReadableStream, afterLine: number, toRecord: (row: Record<string, string>) => unknown): AsyncGenerator<FileRecord> {
  const parser = stream.pipe(parseCsv({ columns: true, bom: true, skip_empty_lines: true, info: true }));
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
      if (info.lines <= afterLine) continue;
      try {
        yield { line: info.lines, value: toRecord(record) };
      } catch (error) {
        yield { line: info.lines, error: (error as Error).message };
      }
    }
  } catch (error) {
    const { lines } = error as { lines?: number };
    yield { line: lines ?? 0, error: `not valid CSV (${(error as Error).message})` };
  }
}

async function* jsonRecords(file: string, afterLine: number, progress: (bytes: number) => void): AsyncGenerator<FileRecord> {
  const text = readFileSync(file, 'utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    yield { line: 1, error: `not valid JSON (${(error as Error).message})` };
    return;
  }
  const items = Array.isArray(parsed)
    ? parsed
    : ((parsed as { documents?: unknown; events?: unknown } | null)?.documents ?? (parsed as { events?: unknown } | null)?.events);
  if (!Array.isArray(items)) {
    yield { line: 1, error: 'a JSON file must hold an array (or an object with a "documents" or "events" array)' };
    return;
  }
  const starts = elementStarts(text);
  const lineAt = lineCounter(text);
  for (let i = 0; i < items.length; i++) {
    const offset = starts[i] ?? 0;
    const line = lineAt(offset);
    progress(Math.round(((i + 1) / items.length) * text.length));
    if (line <= afterLine) continue;
    yield { line, value: items[i] };
  }
}

/** Offsets where the elements of the first array in `text` begin, for line numbers. */
export function elementStarts(text: string): number[] {
  const starts: number[] = [];
  let depth = 0;
  let inString = false;
  let expectValue = false;
  let open = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (open < 0) {
      // Until the first array opens (it may sit in a {"documents": [...]} wrapper).
      if (c === '"') inString = true;
      else if (c === '[') {
        open = i;
        depth = 1;
        expectValue = true;
      }
      continue;
    }
    if (c === ' ' || c === '\n' || c === '\r' || c === '\t') continue;
    if (depth === 1 && expectValue && c !== ']') {
      starts.push(i);
      expectValue = false;
    }
    if (c === '"') inString = true;
    else if (c === '[' || c === '{') depth++;
    else if (c === ']' || c === '}') {
      if (--depth === 0) break;
    } else if (c === ',' && depth === 1) expectValue = true;
  }
  return starts;
}

function lineCounter(text: string): (offset: number) => number {
  let line = 1;
  let at = 0;
  return (offset) => {
    for (; at < offset; at++) if (text.charCodeAt(at) === 10) line++;
    return line;
  };
}
