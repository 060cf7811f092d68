import { describe, expect, it } from 'vitest';
import { nameRunsFrom } from './nameRuns.ts';

describe('nameRunsFrom: the runs past a cut a typed name may stand in', () => {
  it('keeps the punctuated runs that end past the cut, whole when the cut falls inside one, once each', () => {
    const text = 'os.path early words str.split() and str.split() then a-b --';
    const cut = text.indexOf('plit');
    expect(nameRunsFrom(text, cut)).toBe('str.split() a-b');
  });

  it('is empty for a text no longer than the cut', () => {
    expect(nameRunsFrom('os.path.join', 12)).toBe('');
  });
});
