import { parse, type DefaultTreeAdapterTypes } from 'parse5';

type Node = DefaultTreeAdapterTypes.Node;
type Element = DefaultTreeAdapterTypes.Element;

/** What the crawler takes from an HTML page. */
export interface PageReading {
  title: string;
  h1: string;
  h2: string;
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
}

/** Elements whose text is not the page's content. */
const SKIPPED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'nav',
  'aside',
  'form',
  'button',
  'select',
  'svg',
  'iframe',
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
  const metas = all.filter((e) => e.tagName === 'meta' && tree.places.get(e)!.inHead);
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
  // <main> (or role=main, or a single <article>) holds the content when a page marks it.
  const main = all.find((e) => e.tagName === 'main' || attr(e, 'role') === 'main') ?? singleOrNull(all.filter((e) => e.tagName === 'article')) ?? body;
  const robots = `${meta('robots') ?? ''},${meta('googlebot') ?? ''}`.toLowerCase();
  return {
    title: (titleElement === undefined ? '' : textOf(titleElement, true, tree)) || h1,
    h1,
    h2: first('h2'),
    metaDescription: meta('description'),
    image: resolve(meta('og:image'), pageUrl),
    language: htmlElement === null ? null : attr(htmlElement, 'lang')?.trim() || null,
    published: meta('article:published_time') ?? meta('date'),
    mainContent: main === null ? '' : textOf(main, false, tree),
    noindex: /(?:^|[\s,])(?:noindex|none)(?:$|[\s,])/.test(robots),
  };
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
}

interface Tree {
  /** Every element, in document order. */
  elements: Element[];
  places: Map<Element, Place>;
}

const SECTIONING = new Set(['article', 'main', 'section']);
const TOP: Place = { skipped: false, insideSkipped: false, inSection: false, inHead: false };

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
  if (SKIPPED.has(element.tagName)) return true;
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

function singleOrNull<T>(items: readonly T[]): T | null {
  return items.length === 1 ? items[0]! : null;
}

function resolve(reference: string | null, base: URL): string | null {
  if (reference === null) return null;
  try {
    return new URL(reference, base).href;
  } catch {
    return null;
  }
}
