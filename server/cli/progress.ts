/** A progress display on stderr: a redrawn bar on a terminal, plain lines otherwise (logs, CI). */
export interface Progress {
  /** `done` items so far; `fraction` of the work (0-1) when known, for the bar and the time left. */
  update(done: number, fraction: number | undefined): void;
  /** A message on its own line, above the bar. */
  log(line: string): void;
  /** The final state, then a newline. */
  finish(done: number): void;
}

const WIDTH = 24;
const PLAIN_EVERY_MS = 1000;
const BAR_EVERY_MS = 100;

export function createProgress(label: string, stream: { isTTY?: boolean; write(text: string): unknown }, now: () => number = Date.now): Progress {
  const started = now();
  const tty = stream.isTTY === true;
  let last = -Infinity;
  let drawn = false;

  const text = (done: number, fraction: number | undefined): string => {
    const seconds = Math.max((now() - started) / 1000, 0.001);
    const rate = Math.round(done / seconds);
    const parts = [`${label} ${done.toLocaleString('en')}`, `${rate.toLocaleString('en')}/s`];
    if (fraction !== undefined && fraction > 0) {
      const left = Math.max(0, Math.round(seconds * (1 / Math.min(fraction, 1) - 1)));
      parts.push(`${Math.round(fraction * 100)}%`, `about ${clock(left)} left`);
    }
    const bar = fraction === undefined ? '' : `[${'#'.repeat(Math.round(Math.min(fraction, 1) * WIDTH)).padEnd(WIDTH, '.')}] `;
    return (tty ? bar : '') + parts.join(', ');
  };

  return {
    update(done, fraction) {
      const t = now();
      if (t - last < (tty ? BAR_EVERY_MS : PLAIN_EVERY_MS)) return;
      last = t;
      if (tty) {
        stream.write(`\r\x1b[2K${text(done, fraction)}`);
        drawn = true;
      } else stream.write(`${text(done, fraction)}\n`);
    },
    log(line) {
      stream.write(tty && drawn ? `\r\x1b[2K${line}\n` : `${line}\n`);
      drawn = false;
      last = -Infinity;
    },
    finish(done) {
      stream.write(`${tty ? '\r\x1b[2K' : ''}${text(done, 1).replace(/, about .* left$/, '')}\n`);
    },
  };
}

function clock(seconds: number): string {
  const m = Math.floor(seconds / 60);
  return m > 0 ? `${m} min ${seconds % 60} s` : `${seconds} s`;
}
