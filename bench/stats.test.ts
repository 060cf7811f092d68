import { describe, expect, it } from 'vitest';
import { count, median, ms, percentile, ratio, table, verdict } from './stats.ts';

describe('percentile', () => {
  it('uses the nearest rank', () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(samples, 50)).toBe(50);
    expect(percentile(samples, 95)).toBe(95);
    expect(percentile(samples, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
  });
  it('is NaN without samples', () => expect(percentile([], 50)).toBeNaN());
  it('leaves the samples in their order', () => {
    const samples = [3, 1, 2];
    expect(median(samples)).toBe(2);
    expect(samples).toEqual([3, 1, 2]);
  });
});

describe('table', () => {
  it('renders a markdown table with figures right-aligned', () => {
    expect(table(['a', 'b', 'c'], [['1', '2', '3']])).toBe('| a | b | c |\n| --- | ---: | ---: |\n| 1 | 2 | 3 |');
    expect(table(['a', 'b', 'c'], [['1', '2', '3']], 2).split('\n')[1]).toBe('| --- | --- | ---: |');
  });
});

describe('formatting', () => {
  it('writes milliseconds with sensible precision', () => {
    expect(ms(1.234)).toBe('1.23');
    expect(ms(12.34)).toBe('12.3');
    expect(ms(Number.NaN)).toBe('–');
  });
  it('writes ratios of their figure to ours', () => {
    expect(ratio(75, 15)).toBe('5.0×');
    expect(ratio(Number.NaN, 15)).toBe('–');
    expect(ratio(10, 0)).toBe('–');
    expect(ratio(1.15, 23.45)).toBe('0.05×');
  });
  it('says whether a target is met', () => {
    expect(verdict(1.2, 1.5, '')).toBe('met (≤ 1.5)');
    expect(verdict(1.6, 1.5, '')).toBe('**missed** (≤ 1.5)');
    expect(verdict(50, 50, 'ms', '<')).toBe('**missed** (< 50 ms)');
    expect(verdict(49.9, 50, 'ms', '<')).toBe('met (< 50 ms)');
    expect(verdict(0, 0, '')).toBe('met (= 0)');
    expect(verdict(0.8, 0.75, '', '>=')).toBe('met (≥ 0.75)');
    expect(verdict(0.74, 0.75, '', '>=')).toBe('**missed** (≥ 0.75)');
    expect(verdict(Number.NaN, 0.75, '', '>=')).toBe('not measured (target ≥ 0.75)');
    expect(verdict(Number.NaN, 50, 'ms', '<')).toBe('not measured (target < 50 ms)');
  });
  it('groups thousands', () => expect(count(100000)).toBe('100,000'));
});
