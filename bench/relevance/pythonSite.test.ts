import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSitemap } from '../../server/cli/sitemap.ts';
import { measurePython } from './pythonRun.ts';
import { PYTHON_DOCS_MISSING, pythonDocsFolder, serveSite, siteDocuments, sitePages, type ServedSite } from './pythonSite.ts';

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title></head><body><div role="navigation">Previous | Next</div><div class="body" role="main"><h1>${title}</h1>${body}</div></body></html>`;

let folder: string;
let site: ServedSite;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'site-search-python-site-'));
  mkdirSync(join(folder, 'library'));
  mkdirSync(join(folder, '_static'));
  writeFileSync(join(folder, 'index.html'), page('Documentation', '<p>Start here.</p>'));
  writeFileSync(join(folder, 'library', 'os.path.html'), page('os.path', '<p>os.path.join joins paths.</p>'));
  writeFileSync(join(folder, '_static', 'basic.css'), 'body {}');
  site = await serveSite(folder);
});

afterAll(async () => {
  await site.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('the Python documentation as a site', () => {
  it('lists the HTML pages as paths, not the build folders', () => {
    expect(sitePages(folder)).toEqual(['/index.html', '/library/os.path.html']);
  });

  it('serves the pages as HTML and a sitemap of every page', async () => {
    const response = await fetch(`${site.origin}/library/os.path.html`);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toContain('os.path.join joins paths.');
    expect((await fetch(`${site.origin}/../etc/passwd`)).status).toBe(404);
    const sitemap = parseSitemap(await (await fetch(site.sitemap)).text());
    expect(sitemap.pages).toEqual([`${site.origin}/index.html`, `${site.origin}/library/os.path.html`]);
  });

  it('gives the other engines the pages as the crawler reads them', () => {
    const docs = siteDocuments(site);
    expect(docs.map((d) => d.url)).toEqual([`${site.origin}/index.html`, `${site.origin}/library/os.path.html`]);
    expect(docs[1]!.title).toBe('os.path');
    expect(docs[1]!.main_content).toContain('os.path.join joins paths.');
    expect(docs[1]!.main_content).not.toContain('Previous');
  });

  it('is skipped, saying what to install, when the documentation is not there', async () => {
    const missing = join(folder, 'nothing-here');
    expect(pythonDocsFolder(missing)).toBeNull();
    const lines: string[] = [];
    expect(await measurePython({ engines: [], repo: process.cwd(), install: false, log: (line) => lines.push(line), folder: missing })).toEqual({
      missing: PYTHON_DOCS_MISSING,
    });
    expect(lines.join('\n')).toContain('apt-get install python3-doc');
  });
});
