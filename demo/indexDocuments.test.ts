import { describe, expect, it } from 'vitest';
import { batches } from './indexDocuments.ts';

describe('batches', () => {
  const docs = Array.from({ length: 50 }, (_, i) => ({ id: String(i), main_content: 'x'.repeat(1000) }));

  it('keeps every body under the byte limit and every document once, in order', () => {
    const parts = [...batches(docs, 10_000)];
    expect(parts.length).toBeGreaterThan(5);
    for (const part of parts) expect(Buffer.byteLength(JSON.stringify({ documents: part }))).toBeLessThanOrEqual(10_000);
    expect(parts.flat().map((d) => d.id)).toEqual(docs.map((d) => d.id));
  });

  it('sends a document larger than the limit alone rather than dropping it', () => {
    const parts = [...batches([{ id: 'big', main_content: 'y'.repeat(5000) }, { id: 'small' }], 1000)];
    expect(parts.map((p) => p.map((d) => d.id))).toEqual([['big'], ['small']]);
  });

  it('makes no batch of nothing', () => {
    expect([...batches([])]).toEqual([]);
  });
});
