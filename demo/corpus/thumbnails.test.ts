// @vitest-environment jsdom
// jsdom's DOMParser is a real XML parser: malformed SVG yields a <parsererror>.
import { crc32, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { thumbnailB64, thumbnailName, thumbnailSvg } from './thumbnails.ts';

function parseSvg(svg: string): Document {
  return new DOMParser().parseFromString(svg, 'image/svg+xml');
}

/** The chunks of a PNG, each checked against its CRC. */
function pngChunks(png: Buffer): Array<{ type: string; data: Buffer }> {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const chunks: Array<{ type: string; data: Buffer }> = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    expect(png.readUInt32BE(at + 8 + length), `${type} CRC`).toBe(crc32(png.subarray(at + 4, at + 8 + length)));
    chunks.push({ type, data });
    at += 12 + length;
  }
  return chunks;
}

describe('thumbnailName', () => {
  it('makes a URL-safe slug of area and feature, splitting camel case', () => {
    expect(thumbnailName('api', 'HTMLElement')).toBe('api-html-element');
    expect(thumbnailName('css', 'grid-template-areas')).toBe('css-grid-template-areas');
    expect(thumbnailName('javascript', '@@species')).toBe('javascript-species');
    expect(thumbnailName('api', '')).toBe('api');
    expect(thumbnailName('html', `a${'Very'.repeat(30)}`)).toMatch(/^[a-z0-9-]{1,60}$/);
  });

  it('gives a member a card of its own, within the 80 characters the demo serves', () => {
    expect(thumbnailName('api', 'HTMLElement', 'offsetWidth')).toBe('api-html-element--offset-width');
    expect(thumbnailName('api', 'HTMLElement', 'HTMLElement')).toBe('api-html-element');
    expect(thumbnailName('css', 'display', 'flex')).toBe('css-display--flex');
    expect(thumbnailName('api', 'Very'.repeat(30), 'Long'.repeat(30))).toMatch(/^[a-z0-9-]{1,80}$/);
  });
});

describe('thumbnailSvg', () => {
  it('draws a square SVG that parses as XML, with a monogram and no script', () => {
    const svg = thumbnailSvg('api-html-element');
    const doc = parseSvg(svg);
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    const root = doc.documentElement;
    expect(root.tagName).toBe('svg');
    expect(root.getAttribute('width')).toBe(root.getAttribute('height'));
    expect(root.getAttribute('viewBox')).toBe('0 0 160 160');
    expect([...root.getElementsByTagName('text')].map((t) => t.textContent)).toContain('HE');
    expect(svg).not.toMatch(/<script|on[a-z]+=|href=|@import|url\((?!#)/i);
  });

  it("shows a member's initials, so that the members of one interface differ", () => {
    const monograms = ['offset-width', 'attach-internals', 'access-key'].map(
      (member) => [...parseSvg(thumbnailSvg(`api-html-element--${member}`)).getElementsByTagName('text')].map((t) => t.textContent)[0],
    );
    expect(monograms).toEqual(['OW', 'AI', 'AK']);
    expect(thumbnailB64('api-html-element--offset-width')).not.toBe(thumbnailB64('api-html-element--access-key'));
  });

  it('reduces a hostile name to safe text', () => {
    const hostile = `"><script>alert(1)</script><foreignObject onload='x'>&amp;`;
    const svg = thumbnailSvg(hostile);
    expect(svg).not.toMatch(/<script|<foreignObject|\son[a-z]+=/i);
    const doc = parseSvg(svg);
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    const elements = [...doc.getElementsByTagName('*')];
    expect(new Set(elements.map((e) => e.tagName))).toEqual(
      new Set(['svg', 'style', 'defs', 'linearGradient', 'stop', 'clipPath', 'rect', 'g', 'circle', 'text']),
    );
    expect(elements.flatMap((e) => e.getAttributeNames()).filter((a) => a.startsWith('on'))).toEqual([]);
    expect(doc.documentElement.getAttribute('aria-label')).not.toContain('<');
  });

  it("turns dark where it is shown dark: a deep card of the area's ink, light letters", () => {
    const doc = parseSvg(thumbnailSvg('css-display'));
    const style = doc.getElementsByTagName('style')[0]?.textContent ?? '';
    const dark = /@media \(prefers-color-scheme: dark\)\{\.from\{stop-color:(#[0-9a-f]{6})\}\.to\{stop-color:(#[0-9a-f]{6})\}\.ink\{fill:(#[0-9a-f]{6})\}/.exec(
      style,
    );
    expect(dark).not.toBeNull();
    const light = (hex: string) => [1, 3, 5].reduce((sum, i) => sum + Number.parseInt(hex.slice(i, i + 2), 16), 0) / 3;
    expect(light(dark![1]!)).toBeLessThan(80);
    expect(light(dark![2]!)).toBeLessThan(80);
    expect(light(dark![3]!)).toBeGreaterThan(200);
    // Every painted part takes them: the gradient's stops, the monogram and label, the decoration.
    expect(doc.querySelectorAll('stop.from, stop.to')).toHaveLength(2);
    expect(doc.querySelectorAll('text.ink')).toHaveLength(2);
  });

  it('is deterministic and colored by area', () => {
    expect(thumbnailSvg('css-display')).toBe(thumbnailSvg('css-display'));
    const fill = (svg: string) => /stop-color="(#[0-9a-f]{6})"/.exec(svg)?.[1];
    expect(fill(thumbnailSvg('css-display'))).toBe(fill(thumbnailSvg('css-grid')));
    expect(fill(thumbnailSvg('css-display'))).not.toBe(fill(thumbnailSvg('api-display')));
  });
});

describe('thumbnailB64', () => {
  it('is plain base64 of a 16x16 RGB PNG that inflates to the right size', () => {
    const b64 = thumbnailB64('api-html-element');
    expect(b64).not.toMatch(/^data:/);
    expect(b64).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const chunks = pngChunks(Buffer.from(b64, 'base64'));
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    const header = chunks[0]?.data ?? Buffer.alloc(0);
    expect(header.readUInt32BE(0)).toBe(16);
    expect(header.readUInt32BE(4)).toBe(16);
    expect([header[8], header[9]]).toEqual([8, 2]);
    const raw = inflateSync(chunks[1]?.data ?? Buffer.alloc(0));
    expect(raw.length).toBe(16 * (1 + 16 * 3));
  });

  it('shares the SVG background colors and draws the monogram in ink', () => {
    const raw = inflateSync(pngChunks(Buffer.from(thumbnailB64('css-display'), 'base64'))[1]?.data ?? Buffer.alloc(0));
    const pixel = (x: number, y: number) => {
      const at = y * 49 + 1 + x * 3;
      return `#${[raw[at], raw[at + 1], raw[at + 2]].map((v) => (v ?? 0).toString(16).padStart(2, '0')).join('')}`;
    };
    const svg = thumbnailSvg('css-display');
    const [from, to] = [...svg.matchAll(/stop-color="(#[0-9a-f]{6})"/g)].map((m) => m[1]);
    const ink = /<text[^>]*fill="(#[0-9a-f]{6})"/.exec(svg)?.[1];
    const colors = new Set(Array.from({ length: 256 }, (_, i) => pixel(i % 16, Math.floor(i / 16))));
    expect(colors).toContain(ink);
    // Corners away from the decoration circle keep the gradient's end colors.
    expect([pixel(0, 0), pixel(15, 15)].some((c) => c === from || c === to)).toBe(true);
  });

  it('differs between names', () => {
    expect(thumbnailB64('api-url')).not.toBe(thumbnailB64('css-url'));
    expect(thumbnailB64('api-url')).toBe(thumbnailB64('api-url'));
  });
});
