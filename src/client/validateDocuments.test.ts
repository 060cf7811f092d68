import { describe, expect, it } from 'vitest';
import { SearchApiError } from './errors.ts';
import { checkBatch, documentProblem } from './validateDocuments.ts';

describe('custom field types across a batch', () => {
  it('takes a whole number before a fraction as a double written without its fraction', () => {
    // The demo corpus sends support_score 1 and then 0.5; JSON has no 1.0.
    expect(() =>
      checkBatch([
        { id: 'a', custom_fields: { score: 1 } },
        { id: 'b', custom_fields: { score: 0.5 } },
        { id: 'c', custom_fields: { score: 2 } },
      ]),
    ).not.toThrow();
  });

  it('refuses text after a number and a number after text, naming the field', () => {
    for (const [first, second] of [
      [3, 'three'],
      ['three', 3],
      [['a'], 1.5],
    ] as const) {
      const error = (() => {
        try {
          checkBatch([
            { id: 'a', custom_fields: { f: first } },
            { id: 'b', custom_fields: { f: second } },
          ]);
        } catch (e) {
          return e;
        }
        return null;
      })();
      expect(error).toBeInstanceOf(SearchApiError);
      expect(String((error as SearchApiError).parameter)).toContain('custom_fields.f');
    }
  });

  it('widens a known integer field to double only for a valid document', () => {
    const types = new Map([['n', 'integer' as const]]);
    expect(documentProblem({ id: 'x', custom_fields: { n: 0.5, bad: {} as unknown as string } }, types)).not.toBeNull();
    expect(types.get('n')).toBe('integer');
    expect(documentProblem({ id: 'y', custom_fields: { n: 0.5 } }, types)).toBeNull();
    expect(types.get('n')).toBe('double');
  });
});
