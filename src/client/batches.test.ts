import { describe, expect, it } from 'vitest';
import { batches } from './batches.ts';

describe('batches', () => {
  it('keeps each wrapped body under the limit, counting UTF-8 bytes, and every item once in order', () => {
    const items = Array.from({ length: 40 }, (_, i) => ({ id: String(i), text: 'é'.repeat(300) }));
    const parts = [...batches(items, 5000)];
    expect(parts.length).toBeGreaterThan(5);
    for (const part of parts) expect(new TextEncoder().encode(JSON.stringify({ documents: part })).length).toBeLessThanOrEqual(5000);
    expect(parts.flat()).toEqual(items);
  });

  it('also caps the number of items per batch', () => {
    expect([...batches([1, 2, 3, 4, 5], 1_000_000, 2)]).toEqual([[1, 2], [3, 4], [5]]);
  });
});
