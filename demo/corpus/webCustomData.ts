// Reads the CSS and HTML descriptions in `@vscode/web-custom-data` (MIT; the texts come from
// MDN Web Docs, CC-BY-SA 2.5) and finds the one that describes a BCD feature by its name:
// CSS properties and their values, at-rules and their descriptors, pseudo-classes and
// pseudo-elements, HTML elements, their attributes and the global attributes.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { markdownToText } from './plainText.ts';

/** A description as the data gives it: Markdown, or plain text that may still hold Markdown links. */
export type DataDescription = string | { kind: string; value: string };

/** The parts of an entry of the custom data format this module reads. */
export interface DataEntry {
  name: string;
  description?: DataDescription;
}

export interface CssDataEntry extends DataEntry {
  /** For a property that is also an at-rule descriptor: that at-rule, `@font-face`. */
  atRule?: string;
  values?: DataEntry[];
  descriptors?: CssDataEntry[];
}

export interface CssCustomData {
  properties?: CssDataEntry[];
  atDirectives?: CssDataEntry[];
  pseudoClasses?: DataEntry[];
  pseudoElements?: DataEntry[];
}

export interface HtmlCustomData {
  tags?: Array<DataEntry & { attributes?: DataEntry[] }>;
  globalAttributes?: DataEntry[];
}

/** Entries by the name BCD gives the feature; the first entry of a name wins. */
export interface WebCustomData {
  /** `grid-template-columns`. */
  properties: Map<string, DataNode>;
  /** `@media`. */
  atRules: Map<string, DataNode>;
  /** `:hover`, `::before`, `:nth-child` (the data leaves out the parentheses of most functional ones). */
  selectors: Map<string, DataEntry>;
  /** `dialog`. */
  elements: Map<string, DataNode>;
  /** `accesskey`. */
  globalAttributes: Map<string, DataEntry>;
}

/** An entry with its named sub-entries: a property's values, an at-rule's descriptors, an element's attributes. */
export interface DataNode {
  entry: DataEntry;
  children: Map<string, DataNode>;
}

const DATA_FILES = {
  css: '@vscode/web-custom-data/data/browsers.css-data.json',
  html: '@vscode/web-custom-data/data/browsers.html-data.json',
};

/** The installed package's browser data. */
export function loadWebCustomData(): WebCustomData {
  const require = createRequire(import.meta.url);
  const read = (id: string): unknown => JSON.parse(readFileSync(require.resolve(id), 'utf8'));
  return parseWebCustomData(read(DATA_FILES.css) as CssCustomData, read(DATA_FILES.html) as HtmlCustomData);
}

export function parseWebCustomData(css: CssCustomData, html: HtmlCustomData): WebCustomData {
  const data: WebCustomData = {
    properties: new Map(),
    atRules: new Map(),
    selectors: new Map(),
    elements: new Map(),
    globalAttributes: new Map(),
  };
  for (const rule of css.atDirectives ?? []) add(data.atRules, rule.name, rule);
  for (const property of css.properties ?? []) {
    const described = add(data.properties, property.name, property);
    // `size`, `src`, `font-display`: descriptors, listed as properties that name their at-rule.
    if (property.atRule === undefined) continue;
    const rule = data.atRules.get(property.atRule) ?? add(data.atRules, property.atRule, { name: property.atRule });
    const key = property.name.toLowerCase();
    if (!rule.children.has(key)) rule.children.set(key, described);
  }
  for (const selector of [...(css.pseudoClasses ?? []), ...(css.pseudoElements ?? [])]) {
    if (!data.selectors.has(selector.name)) data.selectors.set(selector.name, selector);
  }
  for (const tag of html.tags ?? []) add(data.elements, tag.name, tag);
  for (const attribute of html.globalAttributes ?? []) {
    const key = attribute.name.toLowerCase();
    if (!data.globalAttributes.has(key)) data.globalAttributes.set(key, attribute);
  }
  return data;
}

/** Adds an entry (unless one of that name came first) with its values, descriptors or attributes. */
function add(map: Map<string, DataNode>, name: string, entry: CssDataEntry & { attributes?: DataEntry[] }): DataNode {
  const existing = map.get(name);
  if (existing !== undefined) return existing;
  const described: DataNode = { entry, children: new Map() };
  map.set(name, described);
  for (const child of [...(entry.values ?? []), ...(entry.descriptors ?? []), ...(entry.attributes ?? [])]) {
    add(described.children, child.name.toLowerCase(), child);
  }
  return described;
}

/** The entry that describes a BCD feature, by its path (`css.properties.display.flex`), if any. */
export function webDataEntry(path: readonly string[], data: WebCustomData): DataEntry | undefined {
  const [area, category, name, sub, subSub, ...deeper] = path;
  if (name === undefined || deeper.length > 0) return undefined;
  if (area === 'css' && category === 'properties') {
    // A value of a property: `grid-template-columns.subgrid`, `grid-template-columns.minmax` (`minmax()`).
    return nested(data.properties.get(name), [sub, subSub], true);
  }
  if (area === 'css' && category === 'at-rules') {
    // An at-rule, its descriptors or media features, and their values: `font-face.font-display`.
    return nested(data.atRules.get(`@${name}`), [sub, subSub], true);
  }
  if (area === 'css' && category === 'selectors' && sub === undefined) {
    // BCD names `:host()` `hostfunction`, beside `host` for `:host`.
    const fn = /^(.+)function$/.exec(name)?.[1];
    const names = fn === undefined ? [`:${name}`, `::${name}`] : [`:${fn}()`, `::${fn}()`];
    for (const key of names) {
      const entry = data.selectors.get(key);
      if (entry !== undefined) return entry;
    }
    return undefined;
  }
  if (area === 'html' && category === 'elements' && subSub === undefined) {
    return nested(data.elements.get(name), [sub], false);
  }
  if (area === 'html' && category === 'global_attributes' && sub === undefined) {
    return data.globalAttributes.get(name.toLowerCase());
  }
  return undefined;
}

function nested(top: DataNode | undefined, keys: ReadonlyArray<string | undefined>, functions: boolean): DataEntry | undefined {
  let current = top;
  for (const key of keys) {
    if (key === undefined || current === undefined) break;
    const name = key.toLowerCase();
    current = current.children.get(name) ?? (functions ? current.children.get(`${name}()`) : undefined);
  }
  return current?.entry;
}

/**
 * The plain text of an entry's description: its prose up to the first list or table of
 * values, without the sentence that introduces that list. Empty when it has none.
 */
export function webDataText(entry: DataEntry | undefined): string {
  const description = entry?.description;
  if (entry === undefined || description === undefined) return '';
  const markdown = typeof description === 'string' ? description : description.value;
  const prose: string[] = [];
  for (const paragraph of markdown.split(/\n\s*\n/)) {
    if (isBlock(paragraph)) break;
    prose.push(paragraph);
    // `The allowed values are:` introduces a list, whatever shape it takes.
    if (/:["')\]]?$/.test(paragraph.trim())) break;
  }
  const sentences = markdownToText(prose.join('\n\n')).split(/(?<=[.!?:]["')\]]?)\s+/);
  while (sentences.length > 0 && /:["')\]]?$/.test(sentences[sentences.length - 1] ?? '')) sentences.pop();
  const text = sentences.join(' ').trim();
  // A few texts lack their subject (`specifies, as a space-separated track list, ...`): name it.
  return /^[a-z]+[\s,]/.test(text) && !text.startsWith(entry.name) ? `${entry.name} ${text}` : text;
}

/** A list, a term of a definition list (a bare `code` line), or a heading such as `**Notes:**`. */
function isBlock(paragraph: string): boolean {
  const text = paragraph.trim();
  return /^([*+-]|\d+\.)\s/.test(text) || /^`[^`]+`$/.test(text) || /^(\*\*|__)[^*_]+:?(\*\*|__):?$/.test(text) || /^#/.test(text);
}
