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
  'script', 'style', 'noscript', 'template', 'nav', 'aside', 'form', 'button',
  'select', 'svg', 'iframe', 'object', 'canvas', 'dialog', 'menu',
]);
/** Landmark roles of boilerplate, for pages that mark it with ARIA rather than elements. */
const SKIPPED_ROLES = new Set(['navigation', 'banner', 'contentinfo', 'complementary', 'search', 'menu', 'menubar', 'dialog']);
/** Elements that break words apart: their text must not run into the next element's. */
const INLINE = new Set(['a', 'abbr', 'b', 'bdi', 'bdo', 'cite', 'code', 'data', 'dfn', 'em', 'i', 'kbd', 'mark', 'q', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var', 'wbr']);

/** Reads an HTML page with parse5 (the HTML standard's parsing, so broken markup reads as browsers read it). */
export function readPage(html: string, pageUrl: URL): PageReading {
  const document = parse(html);
  const htmlElement = elements(document).find((e) => e.tagName === 'html') ?? null;
  const head = htmlElement === null ? [] : elements(htmlElement).filter((e) => e.tagName === 'head');
  const metas = head.flatMap((h) => descendants(h)).filter((e) => e.tagName === 'meta');
  const meta = (name: string): string | null => {
    const found = metas.find((m) => (attr(m, 'name') ?? attr(m, 'property'))?.toLowerCase() === name);
    const content = found === undefined ? null : attr(found, 'content');
    return content === null || content.trim() === '' ? null : content.trim();
  };
  const all = descendants(document);
  const body = all.find((e) => e.tagName === 'body') ?? null;
  const first = (tag: string): string => {
    const found = all.find((e) => e.tagName === tag && !insideSkipped(e)) ?? all.find((e) => e.tagName === tag);
    return found === undefined ? '' : textOf(found, false);
  };
  const titleElement = all.find((e) => e.tagName === 'title');
  const h1 = first('h1');
  // <main> (or role=main, or a single <article>) holds the content when a page marks it.
  const main =
    all.find((e) => e.tagName === 'main' || attr(e, 'role') === 'main') ??
    singleOrNull(all.filter((e) => e.tagName === 'article')) ??
    body;
  const robots = `${meta('robots') ?? ''},${meta('googlebot') ?? ''}`.toLowerCase();
  return {
    title: (titleElement === undefined ? '' : textOf(titleElement, true)) || h1,
    h1,
    h2: first('h2'),
    metaDescription: meta('description'),
    image: resolve(meta('og:image'), pageUrl),
    language: htmlElement === null ? null : (attr(htmlElement, 'lang')?.trim() || null),
    published: meta('article:published_time') ?? meta('date'),
    mainContent: main === null ? '' : textOf(main, false),
    noindex: /(?:^|[\s,])(?:noindex|none)(?:$|[\s,])/.test(robots),
  };
}

function elements(node: Node): Element[] {
  return 'childNodes' in node ? node.childNodes.filter((c): c is Element => 'tagName' in c) : [];
}

function descendants(node: Node): Element[] {
  const found: Element[] = [];
  const stack = elements(node).reverse();
  while (stack.length > 0) {
    const element = stack.pop()!;
    found.push(element);
    stack.push(...elements(element).reverse());
  }
  return found;
}

function attr(element: Element, name: string): string | null {
  return element.attrs.find((a) => a.name === name)?.value ?? null;
}

function isSkipped(element: Element): boolean {
  if (SKIPPED.has(element.tagName)) return true;
  // A header or footer is the page's banner unless it belongs to a section of content (as HTML defines).
  if ((element.tagName === 'header' || element.tagName === 'footer') && !hasAncestor(element, SECTIONING)) return true;
  if (attr(element, 'hidden') !== null || attr(element, 'aria-hidden') === 'true') return true;
  const role = attr(element, 'role');
  return role !== null && SKIPPED_ROLES.has(role);
}

const SECTIONING = new Set(['article', 'main', 'section']);

function hasAncestor(element: Element, tags: ReadonlySet<string>): boolean {
  for (let node = element.parentNode; node !== null && 'tagName' in node; node = node.parentNode) {
    if (tags.has(node.tagName)) return true;
  }
  return false;
}

function insideSkipped(element: Element): boolean {
  for (let node = element.parentNode; node !== null && 'tagName' in node; node = node.parentNode) {
    if (isSkipped(node)) return true;
  }
  return false;
}

/** The text of an element, whitespace collapsed; boilerplate left out unless `everything`. */
function textOf(root: Element, everything: boolean): string {
  const parts: string[] = [];
  const walk = (node: Node): void => {
    if (node.nodeName === '#text' && 'value' in node) {
      parts.push(node.value);
      return;
    }
    if (!('tagName' in node)) return;
    if (!everything && node !== root && isSkipped(node)) return;
    const block = !INLINE.has(node.tagName);
    if (block) parts.push(' ');
    for (const child of node.childNodes) walk(child);
    if (block) parts.push(' ');
  };
  walk(root);
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
