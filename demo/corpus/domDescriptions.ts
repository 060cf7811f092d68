// Reads the descriptions in TypeScript's library typings (lib.dom.d.ts and friends) with
// TypeScript's own parser. The DOM ones are MDN summaries; the ES ones are TypeScript's.
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { markdownToText } from './plainText.ts';

export type LibMemberKind = 'interface' | 'method' | 'property' | 'constructor';

export interface LibEntry {
  /** Qualified name, `Interface.member` (or `Namespace.Interface.member`). */
  name: string;
  kind: LibMemberKind;
  /** Plain text; empty when the comment holds only an MDN link. */
  description: string;
  mdnUrl?: string;
}

export interface LibDescriptions {
  /** Interfaces and instance members by qualified name. */
  members: Map<string, LibEntry>;
  /** Static members (`X.from`) and constructors (`X.X`) by qualified name. */
  statics: Map<string, LibEntry>;
  /** Interfaces and instance members by lower-cased name, to meet HTML attribute names. */
  membersLower: Map<string, LibEntry>;
  /** Entries by their normalized MDN URL (a described one first); reaches members declared on mixins. */
  byUrl: Map<string, LibEntry>;
  /** Element tag to DOM interface, keyed `html:a`, `svg:circle`, `mathml:mi`. */
  tagInterfaces: Map<string, string>;
}

export interface LibSource {
  fileName: string;
  text: string;
}

const TAG_MAPS: Record<string, string> = {
  HTMLElementTagNameMap: 'html',
  HTMLElementDeprecatedTagNameMap: 'html',
  SVGElementTagNameMap: 'svg',
  MathMLElementTagNameMap: 'mathml',
};

/** The DOM, worker and ECMAScript typings of the installed `typescript` package, DOM first. */
export function defaultLibSources(): LibSource[] {
  const libDir = dirname(createRequire(import.meta.url).resolve('typescript'));
  const esFiles = readdirSync(libDir)
    .filter((file) => /^lib\.es(5|\d{4}|next)(\.[a-z0-9]+)*\.d\.ts$/.test(file) && !file.includes('.full.'))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  return ['lib.dom.d.ts', 'lib.webworker.d.ts', ...esFiles].map((fileName) => ({
    fileName,
    text: readFileSync(join(libDir, fileName), 'utf8'),
  }));
}

/** Collects descriptions from typings; for a name declared twice, the first source wins. */
export function parseLibDescriptions(sources: readonly LibSource[] = defaultLibSources()): LibDescriptions {
  const result: LibDescriptions = {
    members: new Map(),
    statics: new Map(),
    membersLower: new Map(),
    byUrl: new Map(),
    tagInterfaces: new Map(),
  };
  for (const source of sources) {
    // Parent pointers are needed for the JSDoc helpers.
    const file = ts.createSourceFile(source.fileName, source.text, ts.ScriptTarget.Latest, true);
    visitStatements(file.statements, '', result);
  }
  return result;
}

/** Normalizes an MDN URL so BCD's and TypeScript's spellings of one page meet. */
export function mdnUrlKey(url: string): string {
  return (
    url
      .replace(/^https?:\/\/developer\.mozilla\.org\/(en-US\/)?/i, '')
      // Keep the fragment: a BCD sub-feature's `page#section` is not the page itself.
      .replace(/\?[^#]*/, '')
      .replace(/\/$/, '')
      .toLowerCase()
  );
}

function visitStatements(statements: readonly ts.Statement[], prefix: string, out: LibDescriptions): void {
  for (const statement of statements) {
    if (ts.isInterfaceDeclaration(statement)) {
      visitInterface(statement, prefix, out);
    } else if (ts.isModuleDeclaration(statement) && statement.body && ts.isModuleBlock(statement.body)) {
      visitStatements(statement.body.statements, `${prefix}${statement.name.text}.`, out);
    } else if (ts.isFunctionDeclaration(statement) && statement.name && prefix !== '') {
      // Namespace functions (`CSS.supports`, `WebAssembly.compile`) are statics of the namespace.
      const owner = prefix.slice(0, -1);
      record(out.statics, out, `${owner}.${statement.name.text}`, 'method', statement);
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name) && declaration.type && ts.isTypeLiteralNode(declaration.type)) {
          visitStaticMembers(`${prefix}${declaration.name.text}`, declaration.type.members, out);
        }
      }
    }
  }
}

function visitInterface(node: ts.InterfaceDeclaration, prefix: string, out: LibDescriptions): void {
  const name = node.name.text;
  const tagNamespace = TAG_MAPS[name];
  if (tagNamespace !== undefined) {
    for (const member of node.members) {
      const tag = memberName(member);
      if (tag && ts.isPropertySignature(member) && member.type && ts.isTypeReferenceNode(member.type)) {
        const key = `${tagNamespace}:${tag}`;
        if (!out.tagInterfaces.has(key)) out.tagInterfaces.set(key, member.type.typeName.getText());
      }
    }
    return;
  }
  // `interface ArrayConstructor` holds what `declare var Array: ArrayConstructor` offers statically.
  if (name.endsWith('Constructor') && name.length > 'Constructor'.length) {
    visitStaticMembers(`${prefix}${name.slice(0, -'Constructor'.length)}`, node.members, out);
    return;
  }
  const qualified = `${prefix}${name}`;
  record(out.members, out, qualified, 'interface', node);
  for (const member of node.members) {
    const memberKey = memberName(member);
    if (memberKey === undefined) continue;
    const kind: LibMemberKind = ts.isMethodSignature(member) ? 'method' : 'property';
    record(out.members, out, `${qualified}.${memberKey}`, kind, member);
  }
}

function visitStaticMembers(owner: string, members: ts.NodeArray<ts.TypeElement>, out: LibDescriptions): void {
  const simpleName = owner.slice(owner.lastIndexOf('.') + 1);
  for (const member of members) {
    if (ts.isConstructSignatureDeclaration(member)) {
      record(out.statics, out, `${owner}.${simpleName}`, 'constructor', member);
      continue;
    }
    const key = memberName(member);
    if (key === undefined || key === 'prototype') continue;
    record(out.statics, out, `${owner}.${key}`, ts.isMethodSignature(member) ? 'method' : 'property', member);
  }
}

function memberName(member: ts.TypeElement): string | undefined {
  const name = member.name;
  if (name === undefined) return undefined;
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isPrivateIdentifier(name)) return name.text;
  return undefined;
}

function record(map: Map<string, LibEntry>, out: LibDescriptions, name: string, kind: LibMemberKind, node: ts.Node): void {
  const { description, mdnUrl } = readJsDoc(node);
  const existing = map.get(name);
  // Overloads and re-declarations: keep the first, but let a later one fill in a missing text.
  if (existing && (existing.description !== '' || description === '')) return;
  const entry: LibEntry = mdnUrl === undefined ? { name, kind, description } : { name, kind, description, mdnUrl };
  map.set(name, entry);
  if (map === out.members) {
    const lower = name.toLowerCase();
    const other = out.membersLower.get(lower);
    if (other === undefined || (other.description === '' && description !== '')) out.membersLower.set(lower, entry);
  }
  if (mdnUrl !== undefined) {
    const urlKey = mdnUrlKey(mdnUrl);
    const other = out.byUrl.get(urlKey);
    if (other === undefined || (other.description === '' && description !== '')) out.byUrl.set(urlKey, entry);
  }
}

function readJsDoc(node: ts.Node): { description: string; mdnUrl?: string } {
  let text = '';
  for (const doc of ts.getJSDocCommentsAndTags(node)) {
    if (!ts.isJSDoc(doc)) continue;
    text += `${ts.getTextOfJSDocComment(doc.comment) ?? ''}\n`;
  }
  // DOM typings say `[MDN Reference](url)`, ECMAScript ones `[MDN](url)`.
  const link = /\[MDN(?: Reference)?\]\((https?:[^)\s]+)\)/.exec(text);
  const description = markdownToText(text.replace(/\[MDN(?: Reference)?\]\([^)]*\)\.?/g, ''));
  return link?.[1] === undefined ? { description } : { description, mdnUrl: link[1] };
}
