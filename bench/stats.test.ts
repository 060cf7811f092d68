import { describe, expect, it } from 'vitest';
import { percentile, table } from './stats.ts';

describe('percentile', () => {
  it('uses the nearest rank', () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(samples, 50)).toBe(50);
    expect(percentile(samples, 95)).toBe(95);
    expect(percentile(samples, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
  });
  it('is NaN without samples', () => expect(percentile([], 50)).toBeNaN());
});

describe('table', () => {
  it('renders a markdown table', () => {
    expect(table(['a', 'b'], [['1', '2']])).toBe('| a | b |\n| --- | --- |\n| 1 | 2 |');
  });
});
