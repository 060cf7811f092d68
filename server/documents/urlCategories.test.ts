import { describe, expect, it } from 'vitest';
import { documentType } from './documentType.ts';
import { urlCategories } from './urlCategories.ts';

describe('urlCategories', () => {
  it('collects the domain, the folders of the path and the file type', () => {
    expect(urlCategories('https://www.example.com/docs/guide/intro.html')).toEqual(['0xwww.example.com', '1xdocs', '2xguide', 'doctype_html']);
    expect(urlCategories('https://example.com/files/Report%20Q1.PDF?x=1')).toEqual(['0xexample.com', '1xfiles', 'doctype_pdf']);
    expect(urlCategories('https://example.com/a//b/')).toEqual(['0xexample.com', '1xa', '2xb', 'doctype_html']);
    expect(urlCategories('https://example.com')).toEqual(['0xexample.com', 'doctype_html']);
    expect(urlCategories(null)).toEqual(['doctype_html']);
  });

  it('types documents by extension', () => {
    for (const type of ['pdf', 'doc', 'docx', 'ppt', 'pptx', 'xlsx'] as const) {
      expect(documentType(new URL(`https://e.com/f.${type}`))).toBe(type);
    }
    expect(documentType(new URL('https://e.com/f.xls'))).toBe('html');
    expect(documentType(new URL('https://e.com/pdf/'))).toBe('html');
  });
});
