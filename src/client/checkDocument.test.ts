import { describe, expect, it } from 'vitest';
import { checkDocument as validateDocument } from './validateDocuments.ts';

describe('checkDocument', () => {
  it('refuses a lone surrogate in the url, whose md5 would name another url than the one stored', () => {
    const checked = validateDocument({ url: 'https://example.com/\ud800page', title: 'Page' });
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.problems[0]).toEqual({ field: 'url', message: 'url holds a lone surrogate (\\uD800): not well-formed Unicode' });
  });

  it('refuses a lone surrogate in any text field, and takes pairs', () => {
    expect(validateDocument({ id: 'a', title: 'x\udfff' })).toMatchObject({ ok: false, problems: [{ field: 'title' }] });
    expect(validateDocument({ id: 'a\ud83d', title: 'x' })).toMatchObject({ ok: false, problems: [{ field: 'id' }] });
    const paired = validateDocument({ url: 'https://example.com/\ud83d\ude00', title: 'Smile \ud83d\ude00' });
    expect(paired.ok).toBe(true);
  });

  it('refuses NUL in ids and text, which the service does not store', () => {
    expect(validateDocument({ id: 'a\u0000b' })).toEqual({
      ok: false,
      problems: [{ field: 'id', message: 'id holds NUL (\\u0000), which the service does not store' }],
    });
    expect(validateDocument({ id: 'a', custom_fields: { brand: ['x', '\u0000'] } })).toMatchObject({ ok: false, problems: [{ field: 'custom_fields.brand' }] });
  });
});
