import type { IndexClient } from '../../src/client/createIndexClient.ts';
import { SearchApiError } from '../../src/client/errors.ts';
import { BODY_MAX_BYTES } from '../../src/client/limits.ts';
import type { IndexDocument } from '../../src/client/types.ts';
import { byteLength, documentProblem, type CustomFieldType } from '../../src/client/validateDocuments.ts';
import { csvDocument } from './csvDocument.ts';
import type { Progress } from './progress.ts';
import { readRecords, type FileFormat } from './readRecords.ts';
import { UsageError } from './UsageError.ts';
import { newState, readState, removeState, sameFile, stateFileFor, writeState, type ResumeState } from './resumeState.ts';

export interface IndexFileOptions {
  file: string;
  format: FileFormat;
  skipInvalid: boolean;
  resume: boolean;
  stateFile: string | undefined;
  /** Most documents per batch, besides the byte limit. */
  batchSize: number;
  client: IndexClient;
  progress: Progress;
}

/** A document that stops the run: its line and why. */
export class InvalidDocumentError extends Error {
  override name = 'InvalidDocumentError';
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`line ${line}: ${reason}`);
  }
}

/** Room for `{"documents":[` and `]}` and some headroom under the API's limit. */
const MAX_BATCH_BYTES = BODY_MAX_BYTES - 1024;

interface Pending {
  line: number;
  doc: IndexDocument;
}

/**
 * Indexes the documents of a file in batches under 1,000,000 bytes. Each document is
 * checked before sending; the service's refusal of a document is mapped back to its
 * line. After each acknowledged batch the state file records the last line, so
 * `--resume` carries on from there. Returns the state at the end.
 */
export async function indexFile(options: IndexFileOptions): Promise<ResumeState> {
  const { file, client, progress } = options;
  const statePath = stateFileFor(file, options.stateFile);
  let state = newState(file);
  const previous = readState(statePath);
  if (options.resume) {
    if (previous === null) progress.log(`no interrupted run recorded in ${statePath}: starting from the first line`);
    else if (!sameFile(previous, file)) throw new UsageError(`${statePath} records a run of ${previous.file}, not of ${file}`);
    else {
      state = previous;
      progress.log(`resuming after line ${state.line.toLocaleString('en')} (${state.indexed.toLocaleString('en')} documents already indexed)`);
    }
  } else if (previous !== null && sameFile(previous, file)) {
    progress.log(`an earlier run stopped after line ${previous.line}; starting over (pass --resume to continue it)`);
  }

  const reader = readRecords(file, options.format, state.line, csvDocument);
  const types = new Map<string, CustomFieldType>();
  let pending: Pending[] = [];
  let pendingBytes = 0;

  const reject = (line: number, reason: string): void => {
    if (!options.skipInvalid) throw new InvalidDocumentError(line, reason);
    state.skipped.push({ line, reason });
    progress.log(`skipped line ${line}: ${reason}`);
  };

  const flush = async (lastLine: number): Promise<void> => {
    let batch = pending;
    pending = [];
    pendingBytes = 0;
    while (batch.length > 0) {
      try {
        await client.indexBatch(batch.map((p) => p.doc));
        state.indexed += batch.length;
        break;
      } catch (error) {
        const refused = refusedPositions(error);
        if (refused.size === 0) throw error;
        // Map the service's positions back to lines; skip them or stop at the first.
        for (const [position, reason] of [...refused].sort((a, b) => a[0] - b[0])) reject(batch[position]!.line, reason);
        batch = batch.filter((_, i) => !refused.has(i));
      }
    }
    state.line = lastLine;
    writeState(statePath, state);
    progress.update(state.indexed, reader.bytesRead() / Math.max(reader.totalBytes, 1));
  };

  let lastLine = state.line;
  for await (const record of reader.records) {
    if (record.error !== undefined) {
      if (!options.skipInvalid && pending.length > 0) await flush(lastLine);
      reject(record.line, record.error);
      lastLine = record.line;
      continue;
    }
    const problem = documentProblem(record.value, types);
    if (problem !== null) {
      // Send what came before, so a fixed file resumes right at this line.
      if (!options.skipInvalid && pending.length > 0) await flush(lastLine);
      reject(record.line, problem.field ? `${problem.message} (field ${problem.field})` : problem.message);
      lastLine = record.line;
      continue;
    }
    const doc = record.value as IndexDocument;
    const bytes = byteLength(JSON.stringify(doc)) + 1;
    if (pending.length > 0 && (pendingBytes + bytes > MAX_BATCH_BYTES || pending.length >= options.batchSize)) await flush(lastLine);
    pending.push({ line: record.line, doc });
    pendingBytes += bytes;
    lastLine = record.line;
  }
  if (pending.length > 0) await flush(lastLine);
  // Done: nothing left to resume.
  removeState(statePath);
  return state;
}

/** Positions (in the batch) and reasons of the documents a 400 names. */
function refusedPositions(error: unknown): Map<number, string> {
  const refused = new Map<number, string>();
  if (!(error instanceof SearchApiError) || error.status !== 400) return refused;
  for (const detail of error.body?.error.errors ?? []) {
    if (detail.position !== undefined && !refused.has(detail.position)) refused.set(detail.position, detail.message);
  }
  return refused;
}
