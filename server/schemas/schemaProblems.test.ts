import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { schemaCheck } from './schemaProblems.ts';

const Thing = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 3 }),
    size: Type.Optional(Type.Integer({ minimum: 1 })),
    code: Type.Optional(Type.String({ pattern: '^[a-z]+$', errorMessage: 'must be lower-case letters' })),
    value: Type.Optional(
      Type.Union([Type.String({ maxLength: 2 }), Type.Number(), Type.Array(Type.String())], { errorMessage: 'must be text, a number or a list of text' }),
    ),
    parts: Type.Optional(Type.Object({ a: Type.Optional(Type.Number()) }, { additionalProperties: false })),
  },
  { additionalProperties: false, errorMessage: 'must be an object' },
);
const check = schemaCheck(Thing, 'the thing');

describe('schemaCheck', () => {
  it('names the field at fault in plain words', () => {
    expect(check.problems({ name: 'ok' })).toEqual([]);
    expect(check.problems(5)).toEqual([{ field: '', message: 'the thing must be an object' }]);
    expect(check.problems({})).toEqual([{ field: 'name', message: 'name is required' }]);
    expect(check.problems({ name: '' })).toEqual([{ field: 'name', message: 'name must not be empty' }]);
    expect(check.problems({ name: 'long' })).toEqual([{ field: 'name', message: 'name must have at most 3 characters' }]);
    expect(check.problems({ name: 'a', size: 0.5 })).toEqual([{ field: 'size', message: 'size must be an integer' }]);
    expect(check.problems({ name: 'a', code: 'A' })).toEqual([{ field: 'code', message: 'code must be lower-case letters' }]);
    expect(check.problems({ name: 'a', colour: 1 })).toEqual([{ field: 'colour', message: "unknown field 'colour'" }]);
    expect(check.problems({ name: 'a', parts: { b: 1 } })).toEqual([{ field: 'parts.b', message: "unknown field 'b'" }]);
  });

  it('reports the branch of a union that the value’s type picks, else the union', () => {
    expect(check.problems({ name: 'a', value: 'abc' })).toEqual([{ field: 'value', message: 'value must have at most 2 characters' }]);
    expect(check.problems({ name: 'a', value: ['a', 1] })).toEqual([{ field: 'value[1]', message: 'value[1] must be a string' }]);
    expect(check.problems({ name: 'a', value: true })).toEqual([{ field: 'value', message: 'value must be text, a number or a list of text' }]);
  });

  it('words unknown fields as asked', () => {
    const words = schemaCheck(Thing, 'the thing', { unknown: (field) => `no such key '${field}'` });
    expect(words.problems({ name: 'a', parts: { b: 1 } })).toEqual([{ field: 'parts.b', message: "no such key 'parts.b'" }]);
  });
});
