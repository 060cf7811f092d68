import { readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** What `index --resume` needs: which file, as it was, and the last line the service acknowledged. */
export interface ResumeState {
  file: string;
  size: number;
  mtimeMs: number;
  /** Every record up to this line was acknowledged (or skipped). */
  line: number;
  indexed: number;
  skipped: Array<{ line: number; reason: string }>;
}

/** The state file beside the input, unless `--state` names another. */
export function stateFileFor(file: string, flag: string | undefined): string {
  return flag ?? `${file}.site-search-state.json`;
}

export function readState(path: string): ResumeState | null {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as ResumeState;
  } catch {
    return null;
  }
}

/** A fresh state for `file`, recording its size and time so a resume notices an edited file. */
export function newState(file: string): ResumeState {
  const stat = statSync(file);
  return { file: resolve(file), size: stat.size, mtimeMs: stat.mtimeMs, line: 0, indexed: 0, skipped: [] };
}

/** Whether `state` was written for this file. It may have been edited since: fixing a bad line and resuming is the point. */
export function sameFile(state: ResumeState, file: string): boolean {
  return state.file === resolve(file);
}

/** Writes through a temp file and a rename, so a kill mid-write leaves the old state whole. */
export function writeState(path: string, state: ResumeState): void {
  writeFileSync(`${path}.tmp`, JSON.stringify(state));
  renameSync(`${path}.tmp`, path);
}

export function removeState(path: string): void {
  rmSync(path, { force: true });
}
