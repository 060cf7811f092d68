import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CustomFieldValue, IndexDocument } from '../../src/client/types.ts';
import { buildCorpus } from './build.ts';

type FieldKind = 'string' | 'integer' | 'double' | 'string[]' | 'other';

/** The kind a JSON value reads as; a number is a double only if it has a fraction. */
function kindOf(value: CustomFieldValue): FieldKind {
  if (typeof value === 'string') return 'string';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'double';
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return 'string[]';
  return 'other';
}

const THUMB_BASE = 'http://127.0.0.1:4321';
let corpus: IndexDocument[];

beforeAll(() => {
  corpus = buildCorpus({ thumbBase: `${THUMB_BASE}/` });
});

describe('buildCorpus', () => {
  it('holds at least 8,000 documents from several areas', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(8000);
    const areas = new Set(corpus.map((d) => d.custom_fields?.['area']));
    for (const area of ['api', 'css', 'html', 'http', 'javascript', 'svg', 'webextensions']) {
      expect(areas).toContain(area);
    }
  });

  it('gives every document a unique id, the md5 of its unique http(s) URL', () => {
    const ids = new Set(corpus.map((d) => d.id));
    const urls = new Set(corpus.map((d) => d.url));
    expect(ids.size).toBe(corpus.length);
    expect(urls.size).toBe(corpus.length);
    for (const doc of corpus) {
      expect(doc.url).toMatch(/^https?:\/\/[^\s]+$/);
      expect(doc.id).toBe(
        createHash('md5')
          .update(doc.url ?? '')
          .digest('hex'),
      );
    }
  });

  it('gives every document a title, English text and a sentence of six words or more', () => {
    const sentence = /(?:^|[.!?]\s)([^.!?]*[A-Za-z][^.!?]*)\./;
    for (const doc of corpus) {
      expect(doc.title?.trim(), doc.url).toBeTruthy();
      expect(doc.language).toBe('en');
      const sentences = (doc.main_content ?? '').split(/(?<=\.)\s+/);
      const long = sentences.filter((s) => s.endsWith('.') && s.split(/\s+/).length >= 6);
      expect(long.length, doc.url).toBeGreaterThan(0);
      expect(doc.main_content).toMatch(sentence);
    }
  });

  it('ends a page with the names of its sections, which are documents of their own', () => {
    const page = corpus.find((d) => d.url === 'https://developer.mozilla.org/docs/Web/CSS/Reference/Properties/position');
    expect(corpus.some((d) => d.url === `${page?.url}#sticky`)).toBe(true);
    expect(page?.main_content).toMatch(/Sections: [^.]*\bsticky\b/);
  });

  it('keeps one type per custom field, and uses every type the API allows', () => {
    const kinds = new Map<string, Set<FieldKind>>();
    for (const doc of corpus) {
      for (const [name, value] of Object.entries(doc.custom_fields ?? {})) {
        const seen = kinds.get(name) ?? new Set<FieldKind>();
        seen.add(kindOf(value));
        kinds.set(name, seen);
      }
    }
    // A double field also holds whole numbers (1.0 is 1 in JSON); all other fields hold one kind.
    const fieldKind = (name: string): FieldKind => {
      const seen = kinds.get(name) ?? new Set<FieldKind>();
      if (seen.size === 2 && seen.has('double') && seen.has('integer')) return 'double';
      expect(seen.size, `${name}: ${[...seen].join(', ')}`).toBe(1);
      return [...seen][0] ?? 'other';
    };
    const byField = Object.fromEntries([...kinds.keys()].map((name) => [name, fieldKind(name)]));
    expect(byField).toMatchObject({
      area: 'string',
      interface: 'string',
      status: 'string',
      kind: 'string',
      browsers: 'string[]',
      tags: 'string[]',
      first_year: 'integer',
      browser_count: 'integer',
      chrome_version: 'integer',
      first_support_ts: 'integer',
      support_score: 'double',
    });
    expect(new Set(Object.values(byField))).toEqual(new Set(['string', 'integer', 'double', 'string[]']));
  });

  it('leads with a fractional support_score, since the service types a field by its first value', () => {
    expect(Number.isInteger(corpus[0]?.custom_fields?.['support_score'])).toBe(false);
  });

  it('uses readable single values for status and keeps scores within 0..1', () => {
    for (const doc of corpus) {
      const fields = doc.custom_fields ?? {};
      expect(['standard', 'experimental', 'deprecated', 'non-standard']).toContain(fields['status']);
      const score = fields['support_score'] as number;
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThanOrEqual(1);
      expect(Math.round(score * 1000) / 1000).toBe(score);
    }
  });

  it('dates documents by first support, consistently across doc_date, first_year and first_support_ts', () => {
    // Undated, a document would take the day it is indexed: features no browser fully
    // supports are dated by their first release in any form, or their parent's.
    expect(corpus.filter((d) => d.doc_date === undefined).length).toBeLessThan(10);
    for (const doc of corpus) {
      const fields = doc.custom_fields ?? {};
      if (doc.doc_date === undefined) {
        expect(fields['first_year']).toBeUndefined();
        continue;
      }
      expect(doc.doc_date).toMatch(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/);
      expect(new Date(`${doc.doc_date}T00:00:00Z`).toISOString().slice(0, 10)).toBe(doc.doc_date);
      if (fields['first_year'] === undefined) continue;
      expect(fields['first_year']).toBe(Number(doc.doc_date.slice(0, 4)));
      expect((fields['first_support_ts'] as number) * 1000).toBe(Date.parse(`${doc.doc_date}T00:00:00Z`));
    }
  });

  it('points every thumbnail at the demo origin and carries the inline PNG', () => {
    for (const doc of corpus) {
      expect(doc.thumbnail_external_src).toMatch(/^http:\/\/127\.0\.0\.1:4321\/thumbs\/[a-z0-9-]+\.svg$/);
      expect(doc.thumbnail_b64).toMatch(/^iVBORw0KGgo[A-Za-z0-9+/]+=*$/);
    }
  });

  it('names familiar features the way MDN readers know them', () => {
    const titles = new Set(corpus.map((d) => d.title));
    expect(titles).toContain('HTMLElement.focus()');
    expect(titles).toContain('Array.prototype.indexOf()');
    // Namespace objects have no prototype: their members are static.
    expect([...titles]).toEqual(expect.arrayContaining(['JSON.parse()', 'Math.PI', 'Reflect.ownKeys()']));
    expect([...titles].filter((t) => t !== undefined && /^(JSON|Math|Reflect|Atomics)\.prototype\./.test(t))).toEqual([]);
    expect(titles).toContain('URL: canParse() static method');
    expect(titles).toContain('Array.from()');
    // Global functions, methods newer than the typings, and well-known symbols are called.
    expect([...titles]).toEqual(expect.arrayContaining(['fetch()', 'structuredClone()', 'Element.setHTML()', 'Array.prototype[Symbol.iterator]()']));
    expect([...titles].filter((t) => t?.includes(': [Symbol.'))).toEqual([]);
    // One support note per glossary concept, not one per feature that shares it.
    expect([...titles].filter((t) => t?.endsWith(' is serializable'))).toHaveLength(1);
    expect([...titles].some((t) => t?.startsWith('CSS property: '))).toBe(true);
  });

  it('describes CSS and HTML features with the MDN text of VS Code web data', () => {
    const byTitle = new Map(corpus.map((d) => [d.title, d.main_content ?? '']));
    expect(byTitle.get('CSS property: grid-template-columns')).toMatch(
      /^grid-template-columns specifies, as a space-separated track list, the line names and track sizing functions of the grid\. /,
    );
    expect(byTitle.get('CSS property: grid-template-areas')).toMatch(/^Specifies named grid areas, /);
    expect(byTitle.get('HTML element: <dialog>')).toMatch(/^The dialog element represents a part of an application /);
    expect(byTitle.get('CSS selector: :hover')).toMatch(/pointing device/);
    expect(byTitle.get('HTML global attribute: accesskey')).toMatch(/^Provides a hint for generating a keyboard shortcut/);
    const count = (prefix: string) => corpus.filter((d) => String(d.custom_fields?.['bcd_path']).startsWith(prefix)).length;
    expect(count('css.properties.')).toBeGreaterThan(1000);
    expect(count('css.selectors.')).toBeGreaterThan(100);
    expect(count('css.at-rules.')).toBeGreaterThan(80);
    expect(count('html.elements.')).toBeGreaterThan(450);
    const grid = corpus.filter((d) => /grid-template/.test(d.title ?? ''));
    expect(grid.length).toBeGreaterThan(10);
  });

  it('is deterministic, and a limit samples across the whole corpus', () => {
    const again = buildCorpus({ thumbBase: THUMB_BASE });
    expect(again.map((d) => JSON.stringify(d))).toEqual(corpus.map((d) => JSON.stringify(d)));
    const small = buildCorpus({ thumbBase: THUMB_BASE, limit: 60 });
    expect(small).toHaveLength(60);
    expect(new Set(small.map((d) => d.custom_fields?.['area'])).size).toBeGreaterThan(3);
    expect(Number.isInteger(small[0]?.custom_fields?.['support_score'])).toBe(false);
  });
});
