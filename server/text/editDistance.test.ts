import { describe, expect, it } from 'vitest';
import { boundedEditDistance } from './editDistance.ts';

describe('boundedEditDistance', () => {
  it('counts insertions, deletions, substitutions and swaps', () => {
    expect(boundedEditDistance('widget', 'widget', 2)).toBe(0);
    expect(boundedEditDistance('widget', 'widgit', 2)).toBe(1);
    expect(boundedEditDistance('widget', 'widgets', 2)).toBe(1);
    expect(boundedEditDistance('widget', 'wdget', 2)).toBe(1);
    expect(boundedEditDistance('widget', 'wdiget', 2)).toBe(1);
    expect(boundedEditDistance('kubernetes', 'kubernets', 2)).toBe(1);
    expect(boundedEditDistance('deployment', 'deplymnet', 2)).toBe(2);
  });

  it('stops at max + 1', () => {
    expect(boundedEditDistance('widget', 'gadget', 1)).toBe(2);
    expect(boundedEditDistance('a', 'abcdef', 2)).toBe(3);
    expect(boundedEditDistance('completely', 'different', 2)).toBe(3);
  });

  it('handles words longer than its buffers', () => {
    const long = 'x'.repeat(200);
    expect(boundedEditDistance(long, `${long}y`, 1)).toBe(1);
  });
});
