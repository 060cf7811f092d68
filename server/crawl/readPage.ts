import { createHash } from 'node:crypto';
import { parse, type DefaultTreeAdapterTypes } from 'parse5';
import type { DocumentType } from './documentTypes.ts';
import type { PageSection } from '../engine/engine.ts';

type Node = DefaultTreeAdapterTypes.Node;
type Element = DefaultTreeAdapterTypes.Element;

/** What the crawler takes from an HTML page. */
export interface PageReading {
  title: string;
  h1: string;
  h2: string;
  /**
   * The texts of the main content's h1–h3 headings, one a line, at most HEADINGS_CHARS;
   * then its defined terms (see definedTerms), one a line, at most TERMS_CHARS.
   */
  headings: string;
  /** The main content's sections, each begun by an h1–h3 heading (see sectionsOf). */
  sections: PageSection[];
  metaDescription: string | null;
  /** `og:image`, resolved against the page URL; not checked further here. */
  image: string | null;
  /** `<html lang>`, as written. */
  language: string | null;
  /** `article:published_time` (or a `date` meta), as written. */
  published: string | null;
  /** Text of the page without navigation, page header and footer, asides, scripts and forms. */
  mainContent: string;
  /** `<meta name="robots">` says noindex (or none). */
  noindex: boolean;
  /**
   * Absolute http(s) URLs of `<a href>`, `<area href>`, `<link rel=next>`, `<frame src>` and
   * `<iframe src>`, resolved against `<base href>`, in document order, each once; links marked
   * rel=nofollow are left out, and all are when the page says nofollow.
   */
  links: string[];
  /** `<link rel=canonical>`, absolute. */
  canonical: string | null;
  /** `<meta name="robots">` says nofollow (or none). */
  nofollow: boolean;
  documentType: DocumentType;
  /** The main content as blocks in document order; `mainContent` is their texts joined with ' '. */
  blocks: ContentBlock[];
  /** `<meta name="addsearch-custom-field" content="name=value">`, typed as the API's custom-field rules say. */
  customFields: Record<string, string | number | string[]>;
  /** `article:modified_time` or JSON-LD `dateModified`, as written. */
  modified: string | null;
  /** `<link rel=alternate hreflang>`, absolute. */
  alternates: { lang: string; href: string }[];
}

/**
 * A run of text between block boundaries (paragraphs, list items, table rows, headings,
 * text runs of a div...), with a hash of its folded text: the same block on many pages of
 * a site (a navigation table, a footer) has the same hash on each (repeatedBlocks.ts).
 */
export interface ContentBlock {
  hash: string;
  text: string;
  /** The block is an h1–h3 heading's text: its anchor (null when the page gives none). */
  heading?: { anchor: string | null };
}

/** Elements whose text is not the page's content. */
const SKIPPED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'nav',
  'aside',
  'frameset',
  'form',
  'button',
  'select',
  'svg',
  'iframe',
  'frame',
  'object',
  'canvas',
  'dialog',
  'menu',
]);
/** Landmark roles of boilerplate, for pages that mark it with ARIA rather than elements. */
const SKIPPED_ROLES = new Set(['navigation', 'banner', 'contentinfo', 'complementary', 'search', 'menu', 'menubar', 'dialog']);
/** Elements that break words apart: their text must not run into the next element's. */
const INLINE = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'cite',
  'code',
  'data',
  'dfn',
  'em',
  'i',
  'kbd',
  'mark',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'var',
  'wbr',
]);

/**
 * Reads an HTML page with parse5 (the HTML standard's parsing, so broken markup reads as
 * browsers read it). Every walk over the tree is a loop with its own stack, never a
 * recursion or a spread of children, so neither a page nested 100,000 deep nor one with
 * 150,000 siblings overflows the call stack; each element's place (inside boilerplate,
 * inside a section) is worked out once, on the way down, so the work stays linear.
 */
export function readPage(html: string, pageUrl: URL): PageReading {
  const document = parse(html);
  const tree = walk(document);
  const all = tree.elements;
  const htmlElement = elements(document).find((e) => e.tagName === 'html') ?? null;
  const inHead = (e: Element): boolean => tree.places.get(e)!.inHead;
  const metas = all.filter((e) => e.tagName === 'meta' && inHead(e));
  const meta = (name: string): string | null => {
    const found = metas.find((m) => (attr(m, 'name') ?? attr(m, 'property'))?.toLowerCase() === name);
    const content = found === undefined ? null : attr(found, 'content');
    return content === null || content.trim() === '' ? null : content.trim();
  };
  const body = all.find((e) => e.tagName === 'body') ?? null;
  const first = (tag: string): string => {
    const found = all.find((e) => e.tagName === tag && !tree.places.get(e)!.insideSkipped) ?? all.find((e) => e.tagName === tag);
    return found === undefined ? '' : textOf(found, false, tree);
  };
  const titleElement = all.find((e) => e.tagName === 'title');
  const h1 = first('h1');
  // The owner's data-site-search-body marks the only parts to index; else <main> (or
  // role=main, or a single <article>) holds the content when a page marks it.
  const marked = all.filter((e) => tree.places.get(e)!.body && !tree.places.get(e)!.insideBody);
  const main = all.find((e) => e.tagName === 'main' || attr(e, 'role') === 'main') ?? singleOrNull(all.filter((e) => e.tagName === 'article')) ?? body;
  const roots = marked.length > 0 ? marked : main === null ? [] : [main];
  const blocks = roots.flatMap((root) => blocksOf(root, tree));
  const sections = sectionsOf(blocks);
  const terms = roots.flatMap((root) => definedTerms(root, tree));
  const robots = `${meta('robots') ?? ''},${meta('googlebot') ?? ''}`.toLowerCase();
  const nofollow = /(?:^|[\s,])(?:nofollow|none)(?:$|[\s,])/.test(robots);
  // <base href> moves where relative links point (the first one, as browsers take it).
  const baseElement = all.find((e) => e.tagName === 'base' && attr(e, 'href') !== null);
  const base = (baseElement === undefined ? null : toUrl(attr(baseElement, 'href'), pageUrl)) ?? pageUrl;
  const rels = (e: Element): string[] => (attr(e, 'rel') ?? '').toLowerCase().split(/\s+/);
  const headLinks = all.filter((e) => e.tagName === 'link');
  const canonicalLink = headLinks.find((e) => rels(e).includes('canonical') && attr(e, 'href') !== null);
  const jsonLd = jsonLdDates(all);
  return {
    title: (titleElement === undefined ? '' : textOf(titleElement, true, tree)) || h1,
    h1,
    h2: first('h2'),
    headings: headingsText(blocks, terms),
    sections,
    metaDescription: meta('description'),
    image: resolve(meta('og:image'), pageUrl),
    language: htmlElement === null ? null : attr(htmlElement, 'lang')?.trim() || null,
    published: meta('article:published_time') ?? jsonLd.published ?? meta('date'),
    modified: meta('article:modified_time') ?? jsonLd.modified,
    mainContent: blocks.map((b) => b.text).join(' '),
    blocks,
    noindex: /(?:^|[\s,])(?:noindex|none)(?:$|[\s,])/.test(robots),
    nofollow,
    links: nofollow ? [] : linksOf(all, base, rels),
    canonical: canonicalLink === undefined ? null : resolve(attr(canonicalLink, 'href'), base),
    alternates: headLinks.flatMap((e) => {
      const lang = attr(e, 'hreflang')?.trim();
      const href = rels(e).includes('alternate') && lang ? resolve(attr(e, 'href'), base) : null;
      return href === null || !lang ? [] : [{ lang, href }];
    }),
    documentType: 'html',
    customFields: customFields(metas),
  };
}

/** Marks the only parts of a page to index (the owner's markup, as the anchors honour it). */
const OWNER_BODY = 'data-site-search-body';
/** Drops an element from what is indexed. */
const OWNER_IGNORE = 'data-site-search-ignore';
const CUSTOM_FIELD_META = 'addsearch-custom-field';

function linksOf(all: readonly Element[], base: URL, rels: (e: Element) => string[]): string[] {
  const found = new Set<string>();
  for (const e of all) {
    let reference: string | null = null;
    if (e.tagName === 'a' || e.tagName === 'area') reference = rels(e).includes('nofollow') ? null : attr(e, 'href');
    else if (e.tagName === 'link') reference = rels(e).includes('next') ? attr(e, 'href') : null;
    else if (e.tagName === 'frame' || e.tagName === 'iframe') reference = attr(e, 'src');
    const url = reference === null ? null : toUrl(reference, base);
    if (url !== null && (url.protocol === 'http:' || url.protocol === 'https:')) found.add(url.href);
  }
  return [...found];
}

/**
 * Custom fields from `<meta name="addsearch-custom-field" content="name=value">`: an integer
 * or a decimal number is a number (a `data-type` of text, integer or double says so
 * outright), anything else a string; a name given more than once holds all its values, as
 * strings (the API's multi-valued field).
 */
function customFields(metas: readonly Element[]): Record<string, string | number | string[]> {
  const values = new Map<string, { value: string; type: string | null }[]>();
  for (const m of metas) {
    if (attr(m, 'name')?.toLowerCase() !== CUSTOM_FIELD_META) continue;
    const content = attr(m, 'content') ?? '';
    const equals = content.indexOf('=');
    if (equals <= 0) continue;
    const name = content.slice(0, equals).trim();
    const value = content.slice(equals + 1).trim();
    if (name === '' || value === '') continue;
    values.set(name, [...(values.get(name) ?? []), { value, type: attr(m, 'data-type')?.toLowerCase() ?? null }]);
  }
  const fields: Record<string, string | number | string[]> = {};
  for (const [name, given] of values) {
    if (given.length > 1) {
      fields[name] = [...new Set(given.map((g) => g.value))];
      continue;
    }
    const { value, type } = given[0]!;
    const integer = /^-?\d{1,15}$/.test(value);
    const double = /^-?\d+\.\d+$/.test(value) && Number.isFinite(Number(value));
    if (type === 'text') fields[name] = value;
    else if ((type === null || type === 'integer') && integer) fields[name] = Number(value);
    else if ((type === null || type === 'double') && (double || integer)) fields[name] = Number(value);
    else fields[name] = value;
  }
  return fields;
}

/** JSON-LD text read at most: a page's structured data, not a data dump. */
const JSON_LD_MAX_CHARS = 200_000;

/** `datePublished` and `dateModified` from the page's JSON-LD, the first of each found. */
function jsonLdDates(all: readonly Element[]): { published: string | null; modified: string | null } {
  const found = { published: null as string | null, modified: null as string | null };
  for (const script of all) {
    if (script.tagName !== 'script' || attr(script, 'type')?.trim().toLowerCase() !== 'application/ld+json') continue;
    const text = script.childNodes.map((c) => (c.nodeName === '#text' ? (c as DefaultTreeAdapterTypes.TextNode).value : '')).join('');
    if (text.length > JSON_LD_MAX_CHARS) continue;
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      continue;
    }
    // A loop over a stack, as for the page tree: JSON-LD nests @graph and arrays.
    const stack: unknown[] = [data];
    while (stack.length > 0 && (found.published === null || found.modified === null)) {
      const item = stack.pop();
      if (Array.isArray(item)) for (let i = item.length - 1; i >= 0; i--) stack.push(item[i]);
      else if (typeof item === 'object' && item !== null) {
        const record = item as Record<string, unknown>;
        if (found.published === null && typeof record.datePublished === 'string' && record.datePublished.trim() !== '')
          found.published = record.datePublished.trim();
        if (found.modified === null && typeof record.dateModified === 'string' && record.dateModified.trim() !== '')
          found.modified = record.dateModified.trim();
        for (const value of Object.values(record).reverse()) if (typeof value === 'object' && value !== null) stack.push(value);
      }
    }
  }
  return found;
}

/** Where an element sits, from its ancestors. */
interface Place {
  /** The element is boilerplate itself (see `isSkipped`). */
  skipped: boolean;
  /** Some ancestor is boilerplate. */
  insideSkipped: boolean;
  /** Some ancestor is an article, main or section. */
  inSection: boolean;
  /** Some ancestor is the `<head>` of the `<html>` element. */
  inHead: boolean;
  /** The element is marked data-site-search-body. */
  body: boolean;
  /** Some ancestor is marked data-site-search-body. */
  insideBody: boolean;
}

interface Tree {
  /** Every element, in document order. */
  elements: Element[];
  places: Map<Element, Place>;
}

const SECTIONING = new Set(['article', 'main', 'section']);
const TOP: Place = { skipped: false, insideSkipped: false, inSection: false, inHead: false, body: false, insideBody: false };

function walk(document: Node): Tree {
  const found: Element[] = [];
  const places = new Map<Element, Place>();
  const stack: { element: Element; parent: Place; parentTag: string | null }[] = [];
  const pushChildren = (node: Node, place: Place, tag: string | null): void => {
    const children = elements(node);
    for (let i = children.length - 1; i >= 0; i--) stack.push({ element: children[i]!, parent: place, parentTag: tag });
  };
  pushChildren(document, TOP, null);
  while (stack.length > 0) {
    const { element, parent, parentTag } = stack.pop()!;
    const place: Place = {
      skipped: isSkipped(element, parent.inSection),
      insideSkipped: parent.insideSkipped || parent.skipped,
      inSection: parent.inSection || SECTIONING.has(element.tagName),
      inHead: parent.inHead || (element.tagName === 'head' && parentTag === 'html'),
      body: attr(element, OWNER_BODY) !== null,
      insideBody: parent.insideBody || parent.body,
    };
    found.push(element);
    places.set(element, place);
    pushChildren(element, place, element.tagName);
  }
  return { elements: found, places };
}

function elements(node: Node): Element[] {
  return 'childNodes' in node ? node.childNodes.filter((c): c is Element => 'tagName' in c) : [];
}

function attr(element: Element, name: string): string | null {
  return element.attrs.find((a) => a.name === name)?.value ?? null;
}

function isSkipped(element: Element, inSection: boolean): boolean {
  if (SKIPPED.has(element.tagName) || attr(element, OWNER_IGNORE) !== null) return true;
  // A header or footer is the page's banner unless it belongs to a section of content (as HTML defines).
  if ((element.tagName === 'header' || element.tagName === 'footer') && !inSection) return true;
  if (attr(element, 'hidden') !== null || attr(element, 'aria-hidden') === 'true') return true;
  const role = attr(element, 'role');
  return role !== null && SKIPPED_ROLES.has(role);
}

/** The text of an element, whitespace collapsed; boilerplate left out unless `everything`. */
function textOf(root: Element, everything: boolean, tree: Tree): string {
  const parts: string[] = [];
  // A string on the stack is text to add once the nodes pushed above it are done.
  const stack: (Node | string)[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (typeof node === 'string') {
      parts.push(node);
      continue;
    }
    // nodeName tells the kinds apart without `in` checks, which cost much on trees this size.
    const name = node.nodeName;
    if (name === '#text') {
      parts.push((node as DefaultTreeAdapterTypes.TextNode).value);
      continue;
    }
    if (name.startsWith('#')) continue;
    const element = node as Element;
    if (!everything && element !== root && tree.places.get(element)?.skipped === true) continue;
    const block = !INLINE.has(element.tagName);
    if (block) {
      parts.push(' ');
      stack.push(' ');
    }
    for (let i = element.childNodes.length - 1; i >= 0; i--) stack.push(element.childNodes[i]!);
  }
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** Elements that only part the words of a block: a table row is one block, not one per cell. */
const CELLS = new Set(['td', 'th']);

/**
 * The text of `root` cut into blocks, boilerplate left out: every element that is not inline
 * (or a table cell) ends one block and starts the next, so a paragraph, a list item, a table
 * row, a heading or a run of text in a div is a block of its own.
 */
function blocksOf(root: Element, tree: Tree): ContentBlock[] {
  const blocks: ContentBlock[] = [];
  let parts: string[] = [];
  // The heading whose text the next block is, until its end is reached.
  let heading: ContentBlock['heading'] | null = null;
  const cut = (): void => {
    const text = parts.join('').replace(/\s+/g, ' ').trim();
    parts = [];
    if (text === '') return;
    blocks.push(heading === null ? { hash: blockHash(text), text } : { hash: blockHash(text), text, heading });
    heading = null;
  };
  // BREAK on the stack ends a block once the nodes pushed above it are done; SPACE parts words;
  // HEADING_END forgets a heading whose text made no block.
  const stack: (Node | typeof BREAK | typeof SPACE | typeof HEADING_END)[] = [root];
  let anchors: HeadingAnchors | null = null;
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node === BREAK) {
      cut();
      continue;
    }
    if (node === HEADING_END) {
      heading = null;
      continue;
    }
    if (node === SPACE) {
      parts.push(' ');
      continue;
    }
    const name = node.nodeName;
    if (name === '#text') {
      parts.push((node as DefaultTreeAdapterTypes.TextNode).value);
      continue;
    }
    if (name.startsWith('#')) continue;
    const element = node as Element;
    if (element !== root && tree.places.get(element)?.skipped === true) continue;
    if (CELLS.has(element.tagName)) {
      parts.push(' ');
      stack.push(SPACE);
    } else if (!INLINE.has(element.tagName)) {
      cut();
      if (SECTION_HEADINGS.has(element.tagName)) {
        anchors ??= headingAnchors();
        heading = { anchor: anchors.of(element) };
        stack.push(HEADING_END);
      }
      stack.push(BREAK);
    }
    for (let i = element.childNodes.length - 1; i >= 0; i--) stack.push(element.childNodes[i]!);
  }
  cut();
  return blocks;
}

const BREAK = Symbol('break');
const SPACE = Symbol('space');
const HEADING_END = Symbol('heading end');

/** The headings that begin sections: lower ones are part of their section's text. */
const SECTION_HEADINGS = new Set(['h1', 'h2', 'h3']);
/** Sections kept of a page: a reference page may have hundreds; the first ones are what a search links to most. */
const SECTIONS_MAX = 50;
/** Text kept of a section: enough to match and highlight its opening, not a second copy of the page. */
const SECTION_TEXT_CHARS = 800;
/** Headings' text kept of a page, for the ranking's headings field. */
const HEADINGS_CHARS = 4_000;
/** How far up from a heading an enclosing element's id is looked for (`<section id><h2>`). */
const ANCHOR_LEVELS = 3;
/** Marks some sites put after a heading's text as its permalink (`¶`, `#`). */
const PERMALINK_MARKS = /[\s¶#§]+$/u;

interface HeadingAnchors {
  of(heading: Element): string | null;
}

/**
 * Where a heading can be linked to: its own id (or that of a link inside it, `<a id>` or
 * `<a name>`), else the id of an element up to ANCHOR_LEVELS above it that it begins,
 * nothing with text before it (`<section id="x"><h2>`); null when the page gives none.
 */
function headingAnchors(): HeadingAnchors {
  const id = (e: Element): string | null => attr(e, 'id')?.trim() || null;
  return {
    of(heading) {
      const own =
        id(heading) ??
        elements(heading)
          .map((c) => (c.tagName === 'a' ? (id(c) ?? (attr(c, 'name')?.trim() || null)) : null))
          .find((a) => a !== null);
      if (own !== undefined && own !== null) return own;
      let child: Element = heading;
      for (let level = 0; level < ANCHOR_LEVELS; level++) {
        const parent = child.parentNode;
        if (parent === null || !('tagName' in parent) || parent.tagName === 'body' || parent.tagName === 'html') break;
        // Only an element the heading begins: a wrapper's id would link above the heading.
        const before = parent.childNodes.slice(0, parent.childNodes.indexOf(child));
        if (before.some(hasText)) break;
        const parentId = id(parent);
        if (parentId !== null) return parentId;
        child = parent;
      }
      return null;
    },
  };
}

/** Whether a node holds any text but whitespace. */
function hasText(node: Node): boolean {
  const stack: Node[] = [node];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (next.nodeName === '#text') {
      if ((next as DefaultTreeAdapterTypes.TextNode).value.trim() !== '') return true;
    } else if ('childNodes' in next) for (const child of next.childNodes) stack.push(child);
  }
  return false;
}

/**
 * The sections of a page's blocks: each h1–h3 heading's text (a permalink mark after it
 * left out), its anchor, and the text of the blocks up to the next such heading, cut at
 * SECTION_TEXT_CHARS; the text before the first heading is the page's, not a section's.
 */
function sectionsOf(blocks: readonly ContentBlock[]): PageSection[] {
  const sections: PageSection[] = [];
  let open: { title: string; anchor: string | null; parts: string[]; length: number } | null = null;
  const close = (): void => {
    if (open === null) return;
    sections.push({ title: open.title, anchor: open.anchor, text: cutText(open.parts.join(' '), SECTION_TEXT_CHARS) });
    open = null;
  };
  for (const block of blocks) {
    if (block.heading !== undefined) {
      close();
      if (sections.length >= SECTIONS_MAX) break;
      const title = headingTitle(block);
      open = title === '' ? null : { title, anchor: block.heading.anchor, parts: [], length: 0 };
    } else if (open !== null && open.length < SECTION_TEXT_CHARS) {
      open.parts.push(block.text);
      open.length += block.text.length + 1;
    }
  }
  close();
  return sections;
}

/** A heading block's text without the permalink mark some sites put after it. */
function headingTitle(block: ContentBlock): string {
  return block.text.replace(PERMALINK_MARKS, '');
}

/**
 * The headings field: every h1–h3 heading's text, one a line, at most HEADINGS_CHARS; then
 * the defined terms, each once, at most TERMS_CHARS (a reference page's entries are its
 * headings in all but markup).
 */
function headingsText(blocks: readonly ContentBlock[], terms: readonly string[]): string {
  const titles = blocks.flatMap((b) => (b.heading === undefined ? [] : [headingTitle(b)])).filter((t) => t !== '');
  const headings = cutText(titles.join('\n'), HEADINGS_CHARS);
  const defined = cutLines([...new Set(terms)], TERMS_CHARS);
  return [headings, defined].filter((t) => t !== '').join('\n');
}

/** Terms kept of a page: a module's reference defines hundreds, each a short line. */
const TERMS_CHARS = 4_000;
/** A defined term longer than this is a signature or a sentence, not a name to find. */
const TERM_MAX_CHARS = 80;
/** A `dt` id that is a name as written (`dict.get`, `KeyError`, `object.__slots__`), not a slug. */
const NAME_ID = /^[\p{L}_][\p{L}\p{N}_.]*$/u;

/**
 * The terms a page defines: each `dt` of its content, by its id when that is a name (a
 * reference entry's id is its full name, where its text is a signature), else by its text
 * when short (a glossary's term). A reference page's entries are what its readers type.
 */
function definedTerms(root: Element, tree: Tree): string[] {
  const terms: string[] = [];
  const stack: Element[] = [root];
  while (stack.length > 0) {
    const element = stack.pop()!;
    if (element !== root && tree.places.get(element)?.skipped === true) continue;
    if (element.tagName === 'dt') {
      const id = attr(element, 'id');
      const term = id !== null && NAME_ID.test(id) ? id : textOf(element, false, tree).replace(PERMALINK_MARKS, '');
      if (term !== '' && term.length <= TERM_MAX_CHARS) terms.push(term);
      continue;
    }
    const children = elements(element);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return terms;
}

/** Whole lines, one a line, up to `max` characters. */
function cutLines(lines: readonly string[], max: number): string {
  let length = 0;
  const kept: string[] = [];
  for (const line of lines) {
    if (length + line.length + 1 > max) break;
    kept.push(line);
    length += line.length + 1;
  }
  return kept.join('\n');
}

/** `text` cut to at most `max` characters, at a space where one is near the end. */
function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const space = text.lastIndexOf(' ', max);
  return text.slice(0, space > max * 0.8 ? space : max);
}

/**
 * A block's hash, of its folded text: case, accents, punctuation and digits do not part two
 * blocks ("Page 3 of 30" and "Page 4 of 30" are the same block of a site).
 */
export function blockHash(text: string): string {
  const folded = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\p{N}+/gu, '0')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return createHash('sha256').update(folded).digest('base64url').slice(0, 16);
}

function singleOrNull<T>(items: readonly T[]): T | null {
  return items.length === 1 ? items[0]! : null;
}

function resolve(reference: string | null, base: URL): string | null {
  return toUrl(reference, base)?.href ?? null;
}

function toUrl(reference: string | null, base: URL): URL | null {
  if (reference === null || reference.trim() === '') return null;
  try {
    return new URL(reference.trim(), base);
  } catch {
    return null;
  }
}
