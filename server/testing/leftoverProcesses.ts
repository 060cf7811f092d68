/**
 * Finds the processes a test run left running. The run puts a mark of its own in its
 * environment; every process it starts inherits it, the service a test spawned and that
 * process's children alike, and keeps it when its parent dies and init adopts it, which
 * a walk down the runner's process tree would miss. Linux only: it reads /proc.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** The variable that carries a run's mark. */
export const RUN_MARK_VARIABLE = 'SITE_SEARCH_TEST_RUN';

export interface MarkedProcess {
  pid: number;
  ppid: number;
  /** Its command line, arguments joined by spaces. */
  command: string;
}

/** Whether this system shows other processes' environments (/proc). */
export function canSeeProcesses(): boolean {
  return existsSync('/proc/self/environ');
}

/** The live processes whose environment carries `mark` (zombies are dead: left out). */
export function markedProcesses(mark: string): MarkedProcess[] {
  const needle = `\0${RUN_MARK_VARIABLE}=${mark}\0`;
  const found: MarkedProcess[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const pid = Number(name);
    try {
      // A leading NUL so that the first variable matches as the others do.
      if (!`\0${readFileSync(`/proc/${pid}/environ`, 'latin1')}`.includes(needle)) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
      // The command name in parentheses may hold spaces and parentheses: read after the last one.
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (state === 'Z' || state === 'X') continue;
      const command = readFileSync(`/proc/${pid}/cmdline`, 'latin1').split('\0').join(' ').trim();
      found.push({ pid, ppid: Number(ppid), command });
    } catch {
      // Gone since the listing, or not ours to read.
    }
  }
  return found;
}

/**
 * The marked processes other than the runner (`runnerPid`) and what runs for it: its
 * test workers (direct children running `workerScript`), and the esbuild service that
 * the TypeScript loader keeps beside the runner or a worker, which ends when its parent
 * does. Whatever else carries the mark, a test started.
 */
export function leftoverProcesses(mark: string, runnerPid: number, workerScript: RegExp): MarkedProcess[] {
  const marked = markedProcesses(mark);
  const workers = new Set(marked.filter((p) => p.ppid === runnerPid && workerScript.test(p.command)).map((p) => p.pid));
  const ownHelper = (p: MarkedProcess) => (p.ppid === runnerPid || workers.has(p.ppid)) && /\besbuild\b.* --service=/.test(p.command);
  return marked.filter((p) => p.pid !== runnerPid && !workers.has(p.pid) && !ownHelper(p));
}
