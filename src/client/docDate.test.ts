import { describe, expect, it } from 'vitest';
import { parseDocDate } from './docDate.ts';

describe('parseDocDate', () => {
  it('reads the three forms', () => {
    expect(parseDocDate('2024-03-01')).toBe(Date.UTC(2024, 2, 1));
    expect(parseDocDate('2024-03-01T10:20:30Z')).toBe(Date.UTC(2024, 2, 1, 10, 20, 30));
    expect(parseDocDate('2024-03-01T10:20:30.5Z')).toBe(Date.UTC(2024, 2, 1, 10, 20, 30, 500));
    expect(parseDocDate('2024-03-01T10:20+02:00')).toBe(Date.UTC(2024, 2, 1, 8, 20));
    expect(parseDocDate('2024-03-01T10:20:00-0530')).toBe(Date.UTC(2024, 2, 1, 15, 50));
    expect(parseDocDate('1700000000000')).toBe(1_700_000_000_000);
  });

  it('refuses anything else', () => {
    for (const text of [
      '',
      '2024-3-1',
      '2024-02-30',
      '2023-02-29',
      '2024-03-01T25:00:00Z',
      '2024-03-01T10:00:00',
      '01/03/2024',
      'yesterday',
      '1e12',
      '-5',
      '99999999999999999',
    ]) {
      expect(parseDocDate(text), text).toBeNull();
    }
  });
});
