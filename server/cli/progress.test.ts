import { describe, expect, it } from 'vitest';
import { createProgress } from './progress.ts';

function sink(isTTY: boolean) {
  const writes: string[] = [];
  return { isTTY, writes, write: (text: string) => writes.push(text) };
}

describe('createProgress', () => {
  it('prints plain lines with count, rate and time left at most once a second when not a terminal', () => {
    let now = 0;
    const out = sink(false);
    const progress = createProgress('indexed', out, () => now);
    now = 2000;
    progress.update(1000, 0.25);
    now = 2500;
    progress.update(1200, 0.3); // too soon: dropped
    now = 4000;
    progress.update(2000, 0.5);
    progress.finish(4000);
    expect(out.writes).toEqual([
      'indexed 1,000, 500/s, 25%, about 6 s left\n',
      'indexed 2,000, 500/s, 50%, about 4 s left\n',
      'indexed 4,000, 1,000/s, 100%\n',
    ]);
  });

  it('redraws one bar in place on a terminal', () => {
    let now = 0;
    const out = sink(true);
    const progress = createProgress('sent', out, () => now);
    now = 1000;
    progress.update(10, 0.5);
    expect(out.writes[0]).toBe('\r\x1b[2K[############............] sent 10, 10/s, 50%, about 1 s left');
    progress.log('note');
    expect(out.writes[1]).toBe('\r\x1b[2Knote\n');
  });
});
