// Thumbnails for the demo corpus, drawn from a name alone so the demo server can render
// `/thumbs/<name>.svg` on request: a soft card colored by area with a bold monogram, and
// a 16x16 PNG of the same card for the inline `thumbnail_b64`.
import { encodePng } from './png.ts';
import { GLYPH_HEIGHT, GLYPH_WIDTH, glyphPixel } from './pixelFont.ts';

interface Palette {
  /** Background gradient, top left to bottom right. */
  from: string;
  to: string;
  /** Monogram and decoration. */
  ink: string;
  label: string;
}

const PALETTES: Record<string, Palette> = {
  api: { from: '#dbeafe', to: '#bfdbfe', ink: '#1e3a8a', label: 'WEB API' },
  css: { from: '#fce7f3', to: '#fbcfe8', ink: '#831843', label: 'CSS' },
  html: { from: '#ffedd5', to: '#fed7aa', ink: '#7c2d12', label: 'HTML' },
  http: { from: '#ccfbf1', to: '#99f6e4', ink: '#134e4a', label: 'HTTP' },
  javascript: { from: '#fef9c3', to: '#fde68a', ink: '#713f12', label: 'JAVASCRIPT' },
  manifests: { from: '#ecfccb', to: '#d9f99d', ink: '#365314', label: 'MANIFEST' },
  mathml: { from: '#fee2e2', to: '#fecaca', ink: '#7f1d1d', label: 'MATHML' },
  mediatypes: { from: '#f5f5f4', to: '#e7e5e4', ink: '#44403c', label: 'MEDIA TYPE' },
  svg: { from: '#dcfce7', to: '#bbf7d0', ink: '#14532d', label: 'SVG' },
  webassembly: { from: '#ede9fe', to: '#ddd6fe', ink: '#4c1d95', label: 'WEBASSEMBLY' },
  webdriver: { from: '#e2e8f0', to: '#cbd5e1', ink: '#1e293b', label: 'WEBDRIVER' },
  webextensions: { from: '#cffafe', to: '#a5f3fc', ink: '#164e63', label: 'EXTENSIONS' },
};
const DEFAULT_PALETTE: Palette = { from: '#f1f5f9', to: '#e2e8f0', ink: '#334155', label: 'WEB' };

const SIZE = 160;
const PNG_SIZE = 16;
const MAX_NAME = 60;
/** With a member: the owner's part and the member's, within the 80 characters the demo serves. */
const MAX_HEAD = 40;
const MAX_TAIL = 36;

/**
 * The thumbnail name of a feature: `<area>-<owner slug>`, and for a member of an owner
 * (`HTMLElement.offsetWidth`) `--<member slug>` after it, so that the members of one
 * interface, often seen side by side, do not share one card. Only `[a-z0-9-]`, so it is
 * safe in a URL path; camel case splits into words: `HTMLElement` gives `html-element`.
 */
export function thumbnailName(area: string, owner: string, member?: string): string {
  const words = camelSlug(owner);
  const head = words === '' ? slug(area) : `${slug(area)}-${words}`;
  const tail = member === undefined ? '' : camelSlug(member);
  if (tail === '' || tail === words) return cut(head, MAX_NAME);
  return `${cut(head, MAX_HEAD)}--${cut(tail, MAX_TAIL)}`;
}

function camelSlug(text: string): string {
  return slug(text.replace(/([a-z0-9])([A-Z])/g, '$1-$2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2'));
}

/** At most `max` characters, cut at a word boundary. */
function cut(name: string, max: number): string {
  return name.length <= max ? name : name.slice(0, max).replace(/-[^-]*$/, '');
}

/** A 160x160 SVG card for the name; any input is reduced to `[a-z0-9-]` first. */
export function thumbnailSvg(name: string): string {
  const { palette, monogram, circle, id } = designFor(name);
  const fontSize = monogram.length === 1 ? 78 : monogram.length === 2 ? 64 : 50;
  const font = `font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"`;
  const dark = darkPalette(palette);
  // Ids carry the name so cards inlined side by side never borrow each other's paint.
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}" role="img" aria-label="${escapeXml(`${monogram} (${palette.label.toLowerCase()})`)}">`,
    // A dark card where it is shown dark: an image follows the colour scheme of the element
    // that shows it (the widget's theme, through its `color-scheme`), not only the system's.
    `<style>@media (prefers-color-scheme: dark){.from{stop-color:${dark.from}}.to{stop-color:${dark.to}}.ink{fill:${dark.ink}}.ring{stroke:${dark.ink}}}</style>`,
    `<defs><linearGradient id="bg-${id}" x1="0" y1="0" x2="1" y2="1">`,
    `<stop class="from" offset="0" stop-color="${palette.from}"/><stop class="to" offset="1" stop-color="${palette.to}"/>`,
    `</linearGradient><clipPath id="card-${id}"><rect width="${SIZE}" height="${SIZE}" rx="20"/></clipPath></defs>`,
    `<g clip-path="url(#card-${id})">`,
    `<rect width="${SIZE}" height="${SIZE}" fill="url(#bg-${id})"/>`,
    `<circle cx="${circle.cx}" cy="${circle.cy}" r="${circle.r}" class="ink" fill="${palette.ink}" fill-opacity="0.08"/>`,
    `<circle cx="${SIZE - circle.cx}" cy="${SIZE - circle.cy}" r="${Math.round(circle.r / 3)}" class="ring" fill="none" stroke="${palette.ink}" stroke-opacity="0.15" stroke-width="4"/>`,
    `</g>`,
    `<text x="80" y="84" text-anchor="middle" dominant-baseline="middle" ${font} font-size="${fontSize}" font-weight="800" letter-spacing="-1" class="ink" fill="${palette.ink}">${escapeXml(monogram)}</text>`,
    `<text x="80" y="142" text-anchor="middle" ${font} font-size="12" font-weight="600" letter-spacing="2" class="ink" fill="${palette.ink}" fill-opacity="0.65">${escapeXml(palette.label)}</text>`,
    `</svg>`,
  ].join('');
}

/** The card's colours on a dark page: the area's ink deepened toward the dark surface, the letters in its light tint. */
function darkPalette({ from, ink }: Palette): Pick<Palette, 'from' | 'to' | 'ink'> {
  const hex = (c: readonly number[]) => `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
  const surface = rgb('#15181d');
  return { from: hex(mix(rgb(ink), surface, 0.35)), to: hex(mix(rgb(ink), surface, 0.55)), ink: from };
}

/** A 16x16 PNG of the same card, as plain base64 (no `data:` prefix). */
export function thumbnailB64(name: string): string {
  const { palette, monogram, circle } = designFor(name);
  const from = rgb(palette.from);
  const to = rgb(palette.to);
  const ink = rgb(palette.ink);
  const scale = SIZE / PNG_SIZE;
  const pixels = new Uint8Array(PNG_SIZE * PNG_SIZE * 3);
  const letters = [...monogram].slice(0, 3);
  const textWidth = letters.length * (GLYPH_WIDTH + 1) - 1;
  const left = Math.floor((PNG_SIZE - textWidth) / 2);
  const top = Math.floor((PNG_SIZE - GLYPH_HEIGHT) / 2);
  for (let y = 0; y < PNG_SIZE; y++) {
    for (let x = 0; x < PNG_SIZE; x++) {
      let color = mix(from, to, (x + y) / (2 * (PNG_SIZE - 1)));
      const dx = (x + 0.5) * scale - circle.cx;
      const dy = (y + 0.5) * scale - circle.cy;
      if (dx * dx + dy * dy <= circle.r * circle.r) color = mix(color, ink, 0.08);
      const column = x - left;
      const letter = letters[Math.floor(column / (GLYPH_WIDTH + 1))];
      const gx = column % (GLYPH_WIDTH + 1);
      if (column >= 0 && letter !== undefined && gx < GLYPH_WIDTH && glyphPixel(letter, gx, y - top)) color = ink;
      pixels.set(color, (y * PNG_SIZE + x) * 3);
    }
  }
  return encodePng(PNG_SIZE, PNG_SIZE, pixels).toString('base64');
}

interface Design {
  /** The name reduced to `[a-z0-9-]`. */
  id: string;
  palette: Palette;
  monogram: string;
  circle: { cx: number; cy: number; r: number };
}

function designFor(name: string): Design {
  const [owner = '', member = ''] = name.split('--', 2).map(slug);
  const safe = (member ? `${owner}--${member}` : owner) || 'web';
  const [area = '', ...words] = (owner || 'web').split('-');
  const palette = PALETTES[area] ?? DEFAULT_PALETTE;
  const hash = fnv1a(safe);
  // One of four corners and a radius from the name, so neighbours in a list differ.
  const corner = hash & 3;
  const r = 52 + ((hash >>> 2) % 24);
  const circle = { cx: corner & 1 ? SIZE - 18 : 18, cy: corner & 2 ? SIZE - 18 : 18, r };
  // A member shows its own initials; the card's colour still says the area.
  const monogram = monogramOf(member ? member.split('-') : words.length > 0 ? words : [area]);
  return { id: safe, palette, monogram, circle };
}

/** Initials of up to three words; a single short word (`h1`, `img`) is shown whole. */
function monogramOf(words: readonly string[]): string {
  const first = words[0] ?? '';
  if (words.length === 1) return (first.length <= 3 ? first : first.slice(0, 1)).toUpperCase();
  return words
    .slice(0, 3)
    .map((word) => word.slice(0, 1))
    .join('')
    .toUpperCase();
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

// Called for every pixel of every thumbnail: no function made per call (the demo's start
// runs this file through tsx, which names each function it makes).
function mix(a: readonly number[], b: readonly number[], t: number): [number, number, number] {
  const out: [number, number, number] = [0, 0, 0];
  for (let i = 0; i < 3; i++) out[i] = Math.round((a[i] ?? 0) + ((b[i] ?? 0) - (a[i] ?? 0)) * t);
  return out;
}
