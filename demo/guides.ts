/**
 * The demo's third index, `guides`: a small documentation site of long pages, each feature
 * of an area a section (`<h2 id>`) of the area's page, made from the demo corpus, served
 * by the demo's page server under `/guides/` and fed to the service through its crawler,
 * as a site owner's would be. Crawled pages keep their sections, so its hits carry
 * `sections` (documents written through the API have none): the widget's sub-results
 * are seen for real on `/?site=guides`.
 */
import type { Connect, Plugin } from 'vite';
import type { IndexDocument } from '../src/client/types.ts';

export const GUIDES = { publicKey: 'guides', secret: 'guides-secret' };

/** Areas with a page each, and features a page: long pages, a dozen sections each. */
const AREAS = 6;
const SECTIONS = 12;

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head><body><nav><a href="/guides/">All guides</a></nav><main><h1>${escape(title)}</h1>${body}</main></body></html>`;

/** The site's pages by path: `/guides/` lists the areas' pages, `/guides/<area>.html` holds its features as sections. */
export function guidePages(documents: readonly IndexDocument[]): Map<string, string> {
  const byArea = new Map<string, IndexDocument[]>();
  for (const document of documents) {
    const area = document.custom_fields?.area;
    if (typeof area !== 'string' || !document.title || !document.main_content) continue;
    const list = byArea.get(area) ?? byArea.set(area, []).get(area)!;
    list.push(document);
  }
  const areas = [...byArea.entries()].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0])).slice(0, AREAS);
  const pages = new Map<string, string>();
  for (const [area, features] of areas) {
    const picked = [...features].sort((a, b) => a.title!.localeCompare(b.title!)).slice(0, SECTIONS);
    const sections = picked.map(
      (feature) => `<section><h2 id="${slug(feature.title!)}">${escape(feature.title!)}</h2><p>${escape(feature.main_content!.slice(0, 1200))}</p></section>`,
    );
    pages.set(`/guides/${slug(area)}.html`, page(`${area.toUpperCase()} guide`, `<p>Features of ${escape(area)}, one section each.</p>${sections.join('')}`));
  }
  const links = [...pages.keys()].map((path) => `<li><a href="${path}">${escape(path.slice(8, -5).toUpperCase())} guide</a></li>`);
  pages.set('/guides/', page('Guides', `<ul>${links.join('')}</ul>`));
  return pages;
}

/** Serves the pages on the demo's page server (the dev server and the built pages' alike). */
export function guidesSite(pages: ReadonlyMap<string, string>): Plugin {
  const serve: Connect.NextHandleFunction = (req, res, next) => {
    const html = pages.get(`/guides${(req.url ?? '').split('?')[0]}`);
    if (html === undefined) return next();
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(html);
  };
  return {
    name: 'demo-guides',
    configureServer(server) {
      server.middlewares.use('/guides', serve);
    },
    configurePreviewServer(server) {
      server.middlewares.use('/guides', serve);
    },
  };
}

/** Starts a crawl of the site into the `guides` index, from its start page; resolves once the service took it. */
export async function crawlGuides(apiUrl: string, siteUrl: string): Promise<void> {
  const response = await fetch(`${apiUrl}/v2/indices/${GUIDES.publicKey}/crawls`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Basic ${Buffer.from(`${GUIDES.publicKey}:${GUIDES.secret}`).toString('base64')}`,
    },
    body: JSON.stringify({ start: [`${siteUrl}/guides/`] }),
  });
  if (!response.ok) throw new Error(`guides: the crawl was refused (${response.status}: ${await response.text()})`);
}
