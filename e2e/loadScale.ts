import { availableParallelism, loadavg } from 'node:os';

/**
 * How much slower than a quiet machine this run may be: 1 plus the load already on the
 * machine per core when the run starts (the suite's own load is in the base timeouts).
 * Measured once by the runner and handed to its workers through the environment, so
 * every worker budgets alike; `E2E_TIMEOUT_SCALE` sets it by hand. Capped, so a test
 * that hangs still fails.
 */
export function loadScale(): number {
  const given = Number(process.env.E2E_TIMEOUT_SCALE);
  if (given > 0) return given;
  const measured = 1 + loadavg()[0]! / availableParallelism();
  const scale = Math.min(6, Math.round(measured * 10) / 10);
  process.env.E2E_TIMEOUT_SCALE = String(scale);
  return scale;
}

/** A time budget in ms for a quiet machine, stretched by the load: for `test.setTimeout` and explicit waits. */
export const scaled = (ms: number): number => Math.round(ms * loadScale());
