// Builds the demo corpus from installed packages: MDN's browser-compat-data joined with the
// descriptions in TypeScript's library typings and in VS Code's CSS and HTML data. Run directly, it writes NDJSON:
//   npm run corpus -- [--out FILE] [--thumb-base URL] [--limit N]
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { commandLine } from '../../server/config/commandLine.ts';
import type { IndexDocument } from '../../src/client/types.ts';
import { listFeatures, loadBcd, type BcdFeature, type Browsers } from './bcdFeatures.ts';
import { parseLibDescriptions, type LibDescriptions } from './domDescriptions.ts';
import { featureDocument, type FeatureDocument } from './featureDocument.ts';
import { thumbnailB64 } from './thumbnails.ts';
import { loadWebCustomData, type WebCustomData } from './webCustomData.ts';

export interface BuildCorpusOptions {
  /** Origin the demo serves `/thumbs/<name>.svg` from, such as `http://127.0.0.1:3000`. */
  thumbBase: string;
  /** At most this many documents, taken evenly across the corpus so every area stays in. */
  limit?: number;
}

interface Sources {
  features: BcdFeature[];
  browsers: Browsers;
  lib: LibDescriptions;
  web: WebCustomData;
}

let cachedSources: Sources | undefined;

/** The corpus, in a stable order with stable content for a given set of installed packages. */
export function buildCorpus(options: BuildCorpusOptions): IndexDocument[] {
  const { features, browsers, lib, web } = loadSources();
  const built: FeatureDocument[] = [];
  const urls = new Set<string>();
  for (const feature of features) {
    const doc = featureDocument(feature, { lib, web, browsers });
    if (doc === null) continue;
    // Several features can point at one MDN page; the first keeps it, the rest get a fragment.
    // A glossary page is a concept's (`Serializable object`): one support note of it is
    // enough, not one per feature that shares it.
    if (urls.has(doc.document.url) && doc.document.url.includes('/docs/Glossary/')) continue;
    if (urls.has(doc.document.url)) {
      doc.document.url = `${doc.document.url.replace(/#.*$/, '')}#${encodeURIComponent(feature.path.join('.'))}`;
    }
    urls.add(doc.document.url);
    built.push(doc);
  }

  listSectionsOnPages(built);
  const chosen = fractionalScoreFirst(sample(built, options.limit));
  const base = options.thumbBase.replace(/\/+$/, '');
  const inline = new Map<string, string>();
  return chosen.map(({ document, thumbnail }) => {
    let b64 = inline.get(thumbnail);
    if (b64 === undefined) {
      b64 = thumbnailB64(thumbnail);
      inline.set(thumbnail, b64);
    }
    return {
      id: createHash('md5').update(document.url).digest('hex'),
      ...document,
      thumbnail_external_src: `${base}/thumbs/${thumbnail}.svg`,
      thumbnail_b64: b64,
    };
  });
}

/**
 * A page's text ends with the names of its sections, found as documents of their own
 * (`position#sticky`): the real page lists its values and sub-features, so a search for
 * `position sticky` finds the page as well as the section.
 */
function listSectionsOnPages(built: readonly FeatureDocument[]): void {
  const pages = new Map<string, FeatureDocument>();
  for (const doc of built) if (!doc.document.url.includes('#')) pages.set(doc.document.url, doc);
  const sections = new Map<FeatureDocument, string[]>();
  for (const doc of built) {
    const hash = doc.document.url.indexOf('#');
    if (hash < 0) continue;
    const page = pages.get(doc.document.url.slice(0, hash));
    const name = (doc.document.title ?? '').split(' › ').slice(1).join(' › ');
    if (page === undefined || name === '') continue;
    sections.set(page, [...(sections.get(page) ?? []), name]);
  }
  for (const [page, names] of sections) page.document.main_content += ` Sections: ${names.join(', ')}.`;
}

function loadSources(): Sources {
  if (cachedSources === undefined) {
    const data = loadBcd();
    cachedSources = {
      features: listFeatures(data),
      browsers: data.browsers,
      lib: parseLibDescriptions(),
      web: loadWebCustomData(),
    };
  }
  return cachedSources;
}

function sample<T>(items: readonly T[], limit: number | undefined): T[] {
  if (limit === undefined || limit >= items.length) return [...items];
  const count = Math.max(0, Math.floor(limit));
  return Array.from({ length: count }, (_, i) => items[Math.floor((i * items.length) / count)] as T);
}

/**
 * The service fixes a custom field's type from its first value, and JSON cannot tell
 * 1.0 from 1: lead with a document whose `support_score` is visibly a double.
 */
function fractionalScoreFirst(docs: FeatureDocument[]): FeatureDocument[] {
  const index = docs.findIndex((d) => !Number.isInteger(d.document.custom_fields['support_score']));
  if (index <= 0) return docs;
  return [docs[index] as FeatureDocument, ...docs.slice(0, index), ...docs.slice(index + 1)];
}

const USAGE = `Usage: npm run corpus -- [options]

Builds the demo corpus from installed packages and writes it as NDJSON, one document a line.

Options:
  --out FILE          where to write it (default .cache/corpus.ndjson)
  --thumb-base URL    the origin the thumbnails are served from (default http://localhost:3000)
  --limit N           at most N documents, taken evenly across the corpus
  -h, --help          print this help
`;

function main(): void {
  const started = performance.now();
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
  const options = commandLine({ name: 'corpus', invocation: 'npm run corpus --', usage: USAGE }, (args) => {
    const { values } = parseArgs({ args, options: { out: { type: 'string' }, 'thumb-base': { type: 'string' }, limit: { type: 'string' } } });
    const limit = values.limit === undefined ? undefined : Number(values.limit);
    if (limit !== undefined && !(Number.isInteger(limit) && limit >= 0)) throw new Error(`--limit must be a whole number (got '${values.limit}')`);
    return { out: values.out, thumbBase: values['thumb-base'], limit };
  });
  const out = resolve(options.out ?? resolve(root, '.cache/corpus.ndjson'));
  const docs = buildCorpus({ thumbBase: options.thumbBase ?? 'http://localhost:3000', limit: options.limit });
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, docs.map((doc) => `${JSON.stringify(doc)}\n`).join(''));

  const byArea = new Map<string, number>();
  for (const doc of docs) {
    const area = String(doc.custom_fields?.['area']);
    byArea.set(area, (byArea.get(area) ?? 0) + 1);
  }
  const areas = [...byArea].sort((a, b) => b[1] - a[1]).map(([area, n]) => `${area} ${n}`);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`corpus: ${docs.length} documents in ${seconds} s -> ${out} (${areas.join(', ')})`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main();
}
