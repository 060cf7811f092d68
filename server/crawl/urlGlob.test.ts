import { describe, expect, it } from 'vitest';
import { urlGlob } from './urlGlob.ts';

describe('urlGlob', () => {
  it('matches ** over any characters, slashes included', () => {
    const glob = urlGlob('https://docs.example.com/guide/**');
    expect(glob('https://docs.example.com/guide/')).toBe(true);
    expect(glob('https://docs.example.com/guide/a/b/c.html?x=1')).toBe(true);
    expect(glob('https://docs.example.com/guides/')).toBe(false);
    expect(urlGlob('**/print/**')('https://h.example/a/print/page')).toBe(true);
    expect(urlGlob('**/print/**')('https://h.example/a/printer/page')).toBe(false);
    expect(urlGlob('https://h.example/gu**')('https://h.example/guide/deep/page')).toBe(true);
  });

  it('matches * over any characters but /', () => {
    const glob = urlGlob('https://h.example/*/index');
    expect(glob('https://h.example/en/index')).toBe(true);
    expect(glob('https://h.example//index')).toBe(true);
    expect(glob('https://h.example/en/us/index')).toBe(false);
    expect(urlGlob('*.pdf')('report.pdf')).toBe(true);
    expect(urlGlob('*.pdf')('files/report.pdf')).toBe(false);
  });

  it('matches ? as one character, a ? of a query included', () => {
    expect(urlGlob('https://h.example/p?ge')('https://h.example/page')).toBe(true);
    expect(urlGlob('https://h.example/p?ge')('https://h.example/pge')).toBe(false);
    expect(urlGlob('https://h.example/search?q=*')('https://h.example/search?q=x')).toBe(true);
  });

  it('anchors the whole text and takes every other character literally, \\ escaping a special one', () => {
    expect(urlGlob('https://h.example/a')('https://h.example/a/b')).toBe(false);
    expect(urlGlob('https://h.example/(a)[b]{c}+!.^$|')('https://h.example/(a)[b]{c}+!.^$|')).toBe(true);
    expect(urlGlob('https://h.example/a.b')('https://h.example/axb')).toBe(false);
    expect(urlGlob('a\\*b')('a*b')).toBe(true);
    expect(urlGlob('a\\*b')('axb')).toBe(false);
  });

  it('reads runs of stars and stars beside ** as one **', () => {
    expect(urlGlob('a*/**')('abc/def/g')).toBe(true);
    expect(urlGlob('a****z')('a/b/z')).toBe(true);
    expect(urlGlob('a*****z')('a/b/z')).toBe(true);
    expect(urlGlob('a***z')('a/b/y')).toBe(false);
    expect(urlGlob('**')('')).toBe(true);
    expect(urlGlob('*')('a/b')).toBe(false);
  });

  it('folds case only when asked', () => {
    expect(urlGlob('utm_*')('UTM_source')).toBe(false);
    expect(urlGlob('utm_*', { ignoreCase: true })('UTM_source')).toBe(true);
  });

  it('matches many stars against a long URL without backtracking', () => {
    const glob = urlGlob(`${'*a'.repeat(500)}**b`);
    expect(glob('a'.repeat(2000))).toBe(false);
    expect(urlGlob(`${'**a'.repeat(500)}b`)('a'.repeat(2000))).toBe(false);
    expect(urlGlob(`${'**a'.repeat(500)}b`)(`${'a'.repeat(2000)}b`)).toBe(true);
  });
});
