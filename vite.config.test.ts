// Every import that the script-tag build swaps says so where it stands, naming the
// stand-in: a reader of the importing file would not otherwise know that the script
// runs other code than the file they open.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { EMBED_SWAPS } from './vite.config.ts';

const ROOT = import.meta.dirname;
const NOTE = /\/\/ The script-tag build swaps this for (\S+) \(vite\.config\.ts\)\./;
const NOTES = new RegExp(NOTE.source, 'g');

/** An import as a file writes it: the module it names and the comment lines just above it. */
interface Import {
  file: string;
  specifier: string;
  /** Type-only imports are erased before the build resolves anything. */
  typeOnly: boolean;
  note: string | undefined;
}

function importsOf(file: string): Import[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Import[] = [];
  const visit = (node: ts.Node) => {
    let specifier: ts.Expression | undefined;
    let typeOnly = false;
    if (ts.isImportDeclaration(node)) {
      specifier = node.moduleSpecifier;
      typeOnly = node.importClause?.isTypeOnly ?? false;
    } else if (ts.isExportDeclaration(node)) {
      specifier = node.moduleSpecifier;
      typeOnly = node.isTypeOnly;
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      specifier = node.arguments[0];
    }
    if (specifier && ts.isStringLiteral(specifier)) {
      const comments = ts.getLeadingCommentRanges(text, node.getFullStart()) ?? [];
      const note = comments.map((range) => NOTE.exec(text.slice(range.pos, range.end))?.[1]).find((name) => name !== undefined);
      found.push({ file, specifier: specifier.text, typeOnly, note });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * The imports a build swaps, found by following the imports from its entry as its
 * resolver would: a swapped module's own imports are not bundled, its stand-in's are.
 */
function swappedImports(entry: string, lazy: boolean): Map<string, { site: Import; standIn: string }> {
  const swaps = EMBED_SWAPS.filter((swap) => lazy || !swap.lazy);
  const sites = new Map<string, { site: Import; standIn: string }>();
  const seen = new Set<string>();
  const queue = [resolve(ROOT, entry)];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (seen.has(file) || !/\.tsx?$/.test(file)) continue;
    seen.add(file);
    for (const site of importsOf(file)) {
      if (site.typeOnly || !site.specifier.startsWith('.')) continue;
      const target = resolve(dirname(file), site.specifier);
      const swap = swaps.find(({ module, standIn }) => module.test(target) && file !== resolve(ROOT, standIn));
      if (swap) sites.set(`${relative(ROOT, file)} imports ${site.specifier}`, { site, standIn: swap.standIn });
      queue.push(swap ? resolve(ROOT, swap.standIn) : target);
    }
  }
  return sites;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => join(ROOT, folder, name));
}

// The script, then `site-search.more.js` and `site-search.related.js` (vite.config.ts, `embedModules`).
const swapped = new Map([
  ...swappedImports('src/embed/index.ts', true),
  ...swappedImports('src/embed/more.ts', false),
  ...swappedImports('src/embed/related.ts', false),
]);

describe('the imports the script-tag build swaps', () => {
  it('are found for every swap', () => {
    expect(new Set([...swapped.values()].map(({ standIn }) => standIn))).toEqual(new Set(EMBED_SWAPS.map(({ standIn }) => standIn)));
  });

  it.each([...swapped])('%s: the comment above it names the stand-in', (_, { site, standIn }) => {
    expect(site.note).toBe(standIn);
  });

  it('are the only ones with that comment', () => {
    const noted = [...sourceFiles('src'), ...sourceFiles('demo')].flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(NOTES)].map(() => relative(ROOT, file)),
    );
    expect(noted.sort()).toEqual([...swapped.values()].map(({ site }) => relative(ROOT, site.file)).sort());
  });
});
