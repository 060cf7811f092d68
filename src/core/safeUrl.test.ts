import { describe, expect, it } from 'vitest';
import { b64ImageSrc, displayUrl, safeImageSrc, safeLinkUrl } from './safeUrl.ts';

// The first bytes of each type, as base64.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const JPEG = '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8U';
const GIF = 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
const WEBP = btoa('RIFF\x1a\x00\x00\x00WEBPVP8L\x0d\x00\x00\x00');
const AVIF = btoa('\x00\x00\x00\x1cftypavif\x00\x00\x00\x00');
const SVG = btoa('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
const WAV = btoa('RIFF\x1a\x00\x00\x00WAVEfmt ');

describe('safeLinkUrl', () => {
  it('keeps http and https URLs, normalised', () => {
    expect(safeLinkUrl('https://developer.mozilla.org/en-US/docs/Web/CSS/grid')).toBe('https://developer.mozilla.org/en-US/docs/Web/CSS/grid');
    expect(safeLinkUrl('  HTTP://Example.com  ')).toBe('http://example.com/');
  });

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0001javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.com/',
    '//evil.example/',
    '/relative/path',
    'not a url',
    '',
  ])('rejects %j', (url) => {
    expect(safeLinkUrl(url)).toBeNull();
  });

  it('rejects non-strings', () => {
    expect(safeLinkUrl(null)).toBeNull();
    expect(safeLinkUrl(undefined)).toBeNull();
  });
});

describe('safeImageSrc', () => {
  it('keeps http(s) and raster data URLs', () => {
    expect(safeImageSrc('https://example.com/a.png')).toBe('https://example.com/a.png');
    expect(safeImageSrc(`data:image/png;base64,${PNG}`)).toBe(`data:image/png;base64,${PNG}`);
    expect(safeImageSrc(`data:image/webp;base64,${WEBP}`)).toBe(`data:image/webp;base64,${WEBP}`);
  });

  it.each([
    `data:image/svg+xml;base64,${SVG}`,
    'data:image/svg+xml,<svg onload=alert(1)>',
    'data:text/html;base64,PHNjcmlwdD4=',
    'data:image/png,rawbytes',
    'data:image/png;base64,<script>',
    'javascript:alert(1)',
    'blob:https://example.com/uuid',
  ])('rejects %j', (src) => {
    expect(safeImageSrc(src)).toBeNull();
  });
});

describe('b64ImageSrc', () => {
  it.each([
    [PNG, 'png'],
    [JPEG, 'jpeg'],
    [GIF, 'gif'],
    [WEBP, 'webp'],
    [AVIF, 'avif'],
  ])('sniffs plain base64 %#', (b64, type) => {
    expect(b64ImageSrc(b64)).toBe(`data:image/${type};base64,${b64}`);
  });

  it('keeps a safe data URL as it is', () => {
    expect(b64ImageSrc(`data:image/gif;base64,${GIF}`)).toBe(`data:image/gif;base64,${GIF}`);
  });

  it('accepts base64 wrapped over lines', () => {
    expect(b64ImageSrc(`${PNG.slice(0, 20)}\n${PNG.slice(20)}`)).toBe(`data:image/png;base64,${PNG}`);
  });

  it.each([
    ['svg as base64', SVG],
    ['svg data URL', `data:image/svg+xml;base64,${SVG}`],
    ['a wav file', WAV],
    ['text that is not base64', 'hello world!'],
    ['base64 with a quote', `${PNG}"onerror="alert(1)`],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['empty', ''],
    ['null', null],
  ])('rejects %s', (_name, value) => {
    expect(b64ImageSrc(value)).toBeNull();
  });
});

describe('displayUrl', () => {
  it('drops the protocol, www and the trailing slash', () => {
    expect(displayUrl('https://www.example.com/docs/css/')).toBe('example.com/docs/css');
    expect(displayUrl('https://example.com/')).toBe('example.com');
    expect(displayUrl('http://example.com:8080/a?b=c#d')).toBe('example.com:8080/a');
  });

  it('decodes escapes for reading', () => {
    expect(displayUrl('https://example.com/caf%C3%A9')).toBe('example.com/café');
  });

  it('drops bidi controls that could disguise the path', () => {
    expect(displayUrl('https://example.com/%E2%80%AEfdp.exe')).toBe('example.com/fdp.exe');
  });

  it('cuts long URLs with an ellipsis', () => {
    const text = displayUrl(`https://example.com/${'a'.repeat(100)}`, 30);
    expect(text).toHaveLength(30);
    expect(text.endsWith('…')).toBe(true);
    expect(text.startsWith('example.com/aaa')).toBe(true);
  });

  it('shows what is not a URL as text', () => {
    expect(displayUrl('not a url')).toBe('not a url');
    expect(displayUrl(null)).toBe('');
  });
});
