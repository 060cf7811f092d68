import { describe, expect, it } from 'vitest';
import type { CustomFieldType } from './engine.ts';
import { assignFieldTypes } from './fieldTypes.ts';
import { fieldValues } from './fieldValues.ts';

describe('custom field values, as every engine indexes them', () => {
  const types = new Map<string, CustomFieldType>([
    ['tags', 'text'],
    ['price', 'double'],
    ['code', 'text'],
  ]);

  it('gives each distinct value its text, number and folded form', () => {
    const { values, multiValued } = fieldValues({ customFields: { tags: ['Thé', 'Thé', 'café'], price: 4, code: '-12.5' } }, (f) => types.get(f));
    expect(values).toEqual([
      { field: 'tags', text: 'Thé', num: null, fold: 'the' },
      { field: 'tags', text: 'café', num: null, fold: 'cafe' },
      { field: 'price', text: '4', num: 4, fold: '4' },
      { field: 'code', text: '-12.5', num: -12.5, fold: '-12.5' },
    ]);
    expect(multiValued).toEqual(['tags']);
  });

  it('counts an array of one repeated value as one value', () => {
    expect(fieldValues({ customFields: { tags: ['a', 'a'] } }, (f) => types.get(f))).toEqual({
      values: [{ field: 'tags', text: 'a', num: null, fold: 'a' }],
      multiValued: [],
    });
  });
});

describe('custom field types', () => {
  const doc = (customFields: Record<string, string | number | string[]>) => ({ customFields }) as Parameters<typeof assignFieldTypes>[0][number];

  it('takes a new field type from its first value, in document order', () => {
    const { added, conflicts } = assignFieldTypes([doc({ size: 3 }), doc({ size: 4, name: 'x' })], new Map());
    expect([...added]).toEqual([
      ['size', 'integer'],
      ['name', 'text'],
    ]);
    expect(conflicts).toEqual([]);
  });

  it('lets a double field take whole numbers, not an integer field fractions', () => {
    expect(assignFieldTypes([doc({ size: 3 }), doc({ size: 4.5 })], new Map()).conflicts).toEqual([
      { position: 1, field: 'size', fieldType: 'integer', valueType: 'double' },
    ]);
  });

  it('reports a value of another type than the stored one, with its position', () => {
    const known = new Map<string, CustomFieldType>([['size', 'double']]);
    expect(assignFieldTypes([doc({ size: 2 }), doc({ size: 'big' })], known).conflicts).toEqual([
      { position: 1, field: 'size', fieldType: 'double', valueType: 'text' },
    ]);
  });
});
