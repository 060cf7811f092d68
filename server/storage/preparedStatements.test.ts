import { describe, expect, it } from 'vitest';
import { preparedName } from './preparedStatements.ts';

describe('statements a connection keeps prepared', () => {
  it('name one text alike on a connection, and each text apart', () => {
    const connection = {};
    const name = preparedName(connection, 'SELECT 1');
    expect(name).toMatch(/^p_/);
    expect(preparedName(connection, 'SELECT 1')).toBe(name);
    expect(preparedName({}, 'SELECT 1')).toBe(name);
    expect(preparedName(connection, 'SELECT 2')).not.toBe(name);
  });

  it('are at most 64 a connection: past them a text runs unnamed, while those kept stay named', () => {
    const connection = {};
    const names = Array.from({ length: 64 }, (_, i) => preparedName(connection, `SELECT ${i}`));
    expect(names.every((name) => name !== undefined)).toBe(true);
    expect(preparedName(connection, 'SELECT 64')).toBeUndefined();
    expect(preparedName(connection, 'SELECT 3')).toBe(names[3]);
    // Another connection keeps its own.
    expect(preparedName({}, 'SELECT 64')).toBeDefined();
  });
});
