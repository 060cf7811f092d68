/**
 * Pagefind: its Node indexing API writes the index files a site would serve, and its
 * own runtime (`pagefind.js`, WebAssembly inside) searches them in this process,
 * fetching the files from a loopback HTTP server as a browser fetches them from a site.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, normalize } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { IndexDocument } from '../../../src/client/types.ts';
import type { Engine, SiteCorpus } from '../types.ts';
import { loadPackage, plainDocuments } from './load.ts';

export const PAGEFIND_PACKAGE = 'pagefind@1.6.0';
export const PAGEFIND_SETTINGS =
  "its defaults: `addCustomRecord` with the URL, `main_content` as the content and the title as `meta.title` (Pagefind weighs title matches above the body by default), language `en`; searched with its own runtime, which matches the words' prefixes and, for a word not in the index, its longest prefix that is (it has no typo setting)";

/** On a real site: its HTML folder, with the site's navigation, search box and footer left out as the crawler leaves them out. */
export const PAGEFIND_SITE_SETTINGS =
  "`addDirectory` on the site's HTML folder (Pagefind reads the pages itself: the whole `<body>`, its title from the first `<h1>`), with `excludeSelectors` for what the crawler also leaves out there (`[role=navigation]`, `[role=search]`, `.footer`) and `keepIndexUrl`; searched with its own runtime, which fetches the index files from a loopback server, as on the demo corpus";
const SITE_EXCLUDED = ['[role=navigation]', '[role=search]', '.footer'];

interface PagefindIndex {
  addCustomRecord(record: { url: string; content: string; language: string; meta: Record<string, string> }): Promise<{ errors: string[] }>;
  addDirectory(options: { path: string; glob?: string }): Promise<{ errors: string[]; page_count: number }>;
  writeFiles(options: { outputPath: string }): Promise<{ errors: string[] }>;
}
interface PagefindNode {
  createIndex(config?: { excludeSelectors?: string[]; keepIndexUrl?: boolean; forceLanguage?: string }): Promise<{ errors: string[]; index?: PagefindIndex }>;
  close(): Promise<unknown>;
}
interface PagefindRuntime {
  options(options: { basePath: string }): Promise<void>;
  init(): Promise<void>;
  search(q: string): Promise<{ results: Array<{ data(): Promise<{ url: string }> }> } | null>;
  destroy?(): Promise<void>;
}

function first(errors: string[]): void {
  if (errors.length > 0) throw new Error(errors[0]);
}

/** Serves the files under `root` on loopback, nothing above it. */
function serve(root: string): Promise<Server> {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname));
    if (path.includes('..')) return void response.writeHead(404).end();
    readFile(join(root, path)).then(
      (body) => response.end(body),
      () => response.writeHead(404).end(),
    );
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

export async function pagefind(folder: string, log: (line: string) => void = () => {}): Promise<Engine> {
  const node = (await loadPackage(folder, 'pagefind')) as PagefindNode;
  const out = mkdtempSync(join(tmpdir(), 'site-search-bench-pagefind-'));
  let server: Server | null = null;
  let runtime: PagefindRuntime | null = null;
  /** Pages read from a folder have root-relative URLs; they are given the site's origin, as the other engines' are. */
  let origin = '';
  return {
    name: 'Pagefind',
    async index(docs: readonly IndexDocument[], site?: SiteCorpus) {
      try {
        const created = await node.createIndex(site === undefined ? undefined : { excludeSelectors: SITE_EXCLUDED, keepIndexUrl: true });
        first(created.errors);
        if (created.index === undefined) throw new Error('pagefind: no index');
        if (site === undefined) {
          for (const d of plainDocuments(docs)) {
            first((await created.index.addCustomRecord({ url: d.url, content: d.text, language: 'en', meta: { title: d.title } })).errors);
          }
        } else {
          const added = await created.index.addDirectory({ path: site.folder });
          first(added.errors);
          log(`Pagefind: ${added.page_count} pages read from ${site.folder}`);
          origin = site.origin;
        }
        first((await created.index.writeFiles({ outputPath: out })).errors);
      } finally {
        // The indexer is a child process; it would keep this one alive.
        await node.close();
      }
      // pagefind.js is an ES module without a package.json of its own to say so.
      writeFileSync(join(out, 'package.json'), '{ "type": "module" }\n');
      server = await serve(out);
      runtime = (await import(pathToFileURL(join(out, 'pagefind.js')).href)) as PagefindRuntime;
      await runtime.options({ basePath: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` });
      await runtime.init();
    },
    async search(q: string, limit: number) {
      if (runtime === null) throw new Error('pagefind: search before index');
      const found = await runtime.search(q);
      // Each result's URL is in a fragment file of its own, loaded as a page would to show it.
      const data = await Promise.all((found?.results ?? []).slice(0, limit).map((r) => r.data()));
      return data.map((d) => (d.url.startsWith('/') ? origin + d.url : d.url));
    },
    async close() {
      await runtime?.destroy?.();
      await new Promise((resolve) => (server === null ? resolve(null) : server.close(resolve)));
      rmSync(out, { recursive: true, force: true });
    },
  };
}
