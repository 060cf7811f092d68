// Titles in the style MDN readers know: `HTMLElement.focus()`, `Array.prototype.at()`,
// `CSS property: grid-template-areas`, with a sub-feature after ` › `.
import type { BcdFeature, CompatStatement } from './bcdFeatures.ts';
import { mdnUrlKey, type LibDescriptions } from './domDescriptions.ts';
import { htmlToText, isSentence } from './plainText.ts';

const AREA_LABELS: Record<string, string> = {
  api: 'Web API',
  css: 'CSS',
  html: 'HTML',
  http: 'HTTP',
  javascript: 'JavaScript',
  manifests: 'Web app manifest',
  mathml: 'MathML',
  mediatypes: 'Media type',
  svg: 'SVG',
  webassembly: 'WebAssembly',
  webdriver: 'WebDriver',
  webextensions: 'WebExtensions',
};

const CATEGORY_LABELS: Record<string, string> = {
  'css.at-rules': 'CSS at-rule',
  'css.properties': 'CSS property',
  'css.selectors': 'CSS selector',
  'css.types': 'CSS type',
  'html.elements': 'HTML element',
  'html.global_attributes': 'HTML global attribute',
  'http.headers': 'HTTP header',
  'http.methods': 'HTTP method',
  'http.status': 'HTTP status',
  'javascript.classes': 'JavaScript classes',
  'javascript.functions': 'JavaScript functions',
  'javascript.grammar': 'JavaScript grammar',
  'javascript.operators': 'JavaScript operator',
  'javascript.regular_expressions': 'JavaScript regular expressions',
  'javascript.statements': 'JavaScript statement',
  'manifests.webapp': 'Web app manifest member',
  'mathml.elements': 'MathML element',
  'mathml.global_attributes': 'MathML global attribute',
  'svg.elements': 'SVG element',
  'svg.global_attributes': 'SVG attribute',
  'webassembly.instructions': 'WebAssembly instruction',
  'webdriver.bidi': 'WebDriver BiDi',
  'webdriver.classic': 'WebDriver command',
  'webextensions.api': 'WebExtensions API',
  'webextensions.manifest': 'WebExtensions manifest key',
};

/** The `kind` of features outside the Web API and JavaScript built-ins; the area is a facet of its own. */
const KINDS: Record<string, string> = {
  'css.at-rules': 'at-rule',
  'css.properties': 'property',
  'css.selectors': 'selector',
  'css.types': 'type',
  'html.elements': 'element',
  'html.global_attributes': 'attribute',
  'http.headers': 'header',
  'http.methods': 'method',
  'http.status': 'status code',
  'javascript.operators': 'operator',
  'javascript.statements': 'statement',
  'manifests.webapp': 'manifest member',
  'mathml.elements': 'element',
  'mathml.global_attributes': 'attribute',
  'svg.elements': 'element',
  'svg.global_attributes': 'attribute',
  'webassembly.instructions': 'instruction',
  'webdriver.bidi': 'BiDi command',
  'webdriver.classic': 'command',
  'webextensions.api': 'extension API',
  'webextensions.manifest': 'manifest key',
};

/** Categories whose names are dotted code paths (`browsingContext.close`), not words. */
const DOTTED = new Set(['webdriver.bidi', 'webdriver.classic', 'webextensions.api']);
const ELEMENTS = new Set(['html.elements', 'svg.elements', 'mathml.elements']);

export function areaLabel(area: string): string {
  return AREA_LABELS[area] ?? humanize(area);
}

/** `css.properties` -> `CSS property`; unknown ones get a readable fallback. */
export function categoryLabel(area: string, category: string): string {
  return CATEGORY_LABELS[`${area}.${category}`] ?? `${areaLabel(area)} ${humanize(category)}`;
}

export function featureTitle(feature: BcdFeature, lib: LibDescriptions): string {
  const [area = '', ...rest] = feature.path;
  const steps = [...feature.ancestors.map((a) => a.compat), feature.compat];
  const member = codeMember(feature, lib);
  if (member !== undefined) return codeTitle(member, rest.slice(member.depth), steps.slice(member.depth));
  if (rest.length === 1) return `${areaLabel(area)}: ${label(rest[0] ?? '', steps[0])}`;

  const category = rest[0] ?? '';
  const kind = categoryLabel(area, category);
  const names = rest.slice(1);
  const nameSteps = steps.slice(1);
  const dotted = DOTTED.has(`${area}.${category}`);
  let title = '';
  names.forEach((key, i) => {
    const compat = nameSteps[i];
    const described = label('', compat) !== '';
    if (i === 0) {
      title = ELEMENTS.has(`${area}.${category}`) && !described ? `<${key}>` : label(key, compat);
    } else if (dotted && !described) {
      title += `.${key}`;
    } else {
      title += ` › ${label(humanize(key), compat)}`;
    }
  });
  return `${kind}: ${title}`;
}

export type MemberKind = 'interface' | 'global object' | 'constructor' | 'event' | 'method' | 'property' | 'static method' | 'static property' | 'member';

/** An interface (Web API) or global object (JavaScript) member named by a feature. */
interface CodeMember {
  owner: string;
  /** The member's own key, `_static` dropped; undefined for the interface itself. */
  name?: string;
  kind: MemberKind;
  /** Path steps (area excluded) the owner and member take; deeper ones are sub-features. */
  depth: number;
  label?: string;
  /** JavaScript instance members read `Array.prototype.at()`, as on MDN. */
  prototype?: boolean;
  /** A global function (`fetch()`, `structuredClone()`): the owner is called. */
  call?: boolean;
}

/** A member named after a well-known symbol (`[Symbol.iterator]`): a method, as MDN titles it. */
const SYMBOL_LABEL = /^\[Symbol\.[A-Za-z]+\]$/;
/**
 * Names that read as an action (`setHTML`, `getAll`): a method, when no typings or
 * `_parameter` sub-features say what the member is (a newer API the typings lack).
 */
const VERB_NAME = /^(add|append|clear|close|create|delete|get|has|insert|open|query|read|remove|replace|request|send|set|start|stop|write)[A-Z]/;

/** What sort of thing a feature is, for the `kind` facet: `method`, `property`, `at-rule`, ... */
export function featureKind(feature: BcdFeature, lib: LibDescriptions): string {
  const member = codeMember(feature, lib);
  if (member !== undefined) return member.kind;
  const [area = '', category = ''] = feature.path;
  if (feature.path.length === 2) return 'feature';
  return KINDS[`${area}.${category}`] ?? humanize(category);
}

/** Namespaces whose classes MDN names in full: `Intl.Collator`, `WebAssembly.Memory`. */
const NAMESPACES = new Set(['Intl', 'Temporal']);
/** Built-ins that are plain objects, not constructors: every member is static (`JSON.parse()`, `Math.PI`). */
const NAMESPACE_OBJECTS = new Set(['Atomics', 'Intl', 'JSON', 'Math', 'Reflect', 'Temporal']);

function codeMember(feature: BcdFeature, lib: LibDescriptions): CodeMember | undefined {
  const [area, category, ...rest] = feature.path;
  // `ownerSteps`: how many path steps after the area name the owner.
  let owner: string;
  let ownerSteps: number;
  if (area === 'api' && category !== undefined) {
    [owner, ownerSteps] = [category, 1];
  } else if (area === 'javascript' && category === 'builtins' && rest[0] !== undefined) {
    const nested = NAMESPACES.has(rest[0]) && /^[A-Z]/.test(rest[1] ?? '');
    [owner, ownerSteps] = nested ? [`${rest[0]}.${rest[1]}`, 3] : [rest[0], 2];
  } else if (area === 'webassembly' && category === 'api') {
    const nested = /^[A-Z]/.test(rest[0] ?? '');
    [owner, ownerSteps] = nested ? [`WebAssembly.${rest[0]}`, 2] : ['WebAssembly', 1];
  } else {
    return undefined;
  }
  const steps = feature.path.length - 1;
  if (steps === ownerSteps) {
    // A lower-case global of the Web API is a function or a property of the window (`fetch`, `crypto`).
    const global = area === 'api' && /^[a-z]/.test(owner) && feature.compat.mdn_url ? lib.byUrl.get(mdnUrlKey(feature.compat.mdn_url)) : undefined;
    if (global?.kind === 'method') return { owner, kind: 'method', depth: ownerSteps, call: true };
    if (global?.kind === 'property') return { owner, kind: 'property', depth: ownerSteps };
    return { owner, kind: area === 'javascript' ? 'global object' : 'interface', depth: ownerSteps };
  }
  const member = feature.path[ownerSteps + 1] ?? '';
  const isMember = steps === ownerSteps + 1;
  const memberCompat = isMember ? feature.compat : feature.ancestors[ownerSteps]?.compat;
  const base: CodeMember = { owner, name: member, kind: 'member', depth: ownerSteps + 1 };
  if (memberCompat?.description !== undefined) base.label = label(member, memberCompat);
  if (member.endsWith('_event')) return { ...base, name: member.slice(0, -'_event'.length), kind: 'event' };
  if (member === owner.slice(owner.lastIndexOf('.') + 1)) return { ...base, kind: 'constructor' };
  if (base.label !== undefined && SYMBOL_LABEL.test(base.label)) {
    return { ...base, name: base.label, kind: 'method', prototype: area === 'javascript' };
  }
  const name = member.replace(/_static$/, '');
  const qualified = `${owner}.${name}`;
  let isStatic = member !== name;
  let entry = isStatic ? undefined : lib.members.get(qualified);
  if (entry === undefined) {
    entry = lib.statics.get(qualified);
    if (entry !== undefined) isStatic = true;
  }
  if (area === 'javascript' && NAMESPACE_OBJECTS.has(owner)) isStatic = true;
  const url = memberCompat?.mdn_url;
  entry ??= url ? lib.byUrl.get(mdnUrlKey(url)) : undefined;
  // Without typings, BCD's `<name>_parameter` sub-features still give a method away.
  const method = entry ? entry.kind === 'method' : isMember && (feature.childKeys.some((k) => k.endsWith('_parameter')) || VERB_NAME.test(name));
  const kind: MemberKind = entry || method ? `${isStatic ? 'static ' : ''}${method ? 'method' : 'property'}` : isStatic ? 'static method' : 'member';
  const prototype = area === 'javascript' && !isStatic && entry !== undefined;
  return { ...base, name, kind, prototype };
}

/** `URL.canParse()`, `Array.prototype.at()`, `Document: DOMContentLoaded event`, then sub-features. */
function codeTitle(member: CodeMember, subKeys: readonly string[], subSteps: ReadonlyArray<CompatStatement | undefined>): string {
  const { owner, name, kind } = member;
  let title = member.call === true ? `${owner}()` : owner;
  if (name !== undefined && name.startsWith('[')) {
    title = `${owner}${member.prototype === true ? '.prototype' : ''}${name}()`;
  } else if (name !== undefined) {
    const call = kind === 'method' || kind === 'static method' ? `${name}()` : name;
    if (kind === 'constructor') {
      title = `${owner}() constructor`;
    } else if (member.label !== undefined && member.label.startsWith(`${owner} `)) {
      // A label that names its owner already (`EvalError is serializable`).
      title = member.label;
    } else if (member.label !== undefined && member.label !== name && member.label !== call) {
      title = `${owner}: ${member.label}`;
    } else if (kind === 'event') {
      title = `${owner}: ${name} event`;
    } else {
      title = `${owner}${member.prototype ? '.prototype' : ''}.${call}`;
    }
  }
  subKeys.forEach((key, i) => {
    title += ` › ${label(humanize(key), subSteps[i])}`;
  });
  return title;
}

/** BCD's own label of a step when it has one (HTML stripped), else the given fallback. */
function label(fallback: string, compat: CompatStatement | undefined): string {
  const description = compat?.description === undefined ? '' : htmlToText(compat.description);
  // A few descriptions are whole sentences; those belong in the text, not the title.
  return description === '' || isSentence(description, 4) ? fallback : description;
}

function humanize(key: string): string {
  return key.replace(/_/g, ' ');
}
