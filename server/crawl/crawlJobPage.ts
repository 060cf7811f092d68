import { createHash } from 'node:crypto';
import { validateDocument } from '../documents/validateDocument.ts';
import type { PreparedDocument } from '../engine/engine.ts';
import type { CrawlFetched, CrawlReading } from './crawlJobTools.ts';

/** Fields of a page that are dropped, rather than failing the page, when they are not valid. */
const OPTIONAL_FIELDS = new Set(['language', 'thumbnail_external_src', 'doc_date']);

/** Whether an X-Robots-Tag says noindex (or none). */
export function headerNoindex(robots: string | null): boolean {
  return robots !== null && /(?:^|[\s,:])(?:noindex|none)(?:$|[\s,])/i.test(robots);
}

/** Whether an X-Robots-Tag says nofollow (or none). */
export function headerNofollow(robots: string | null): boolean {
  return robots !== null && /(?:^|[\s,:])(?:nofollow|none)(?:$|[\s,])/i.test(robots);
}

/** The hash that finds pages of the same content under different URLs. */
export function contentHash(title: string, content: string): string {
  return createHash('sha256').update(title).update('\u0000').update(content).digest('base64url');
}

/**
 * The document of a crawled page: its text without the site's repeated blocks
 * (`mainContent`), the language from `<html lang>` else Content-Language, the date from
 * the page else Last-Modified, and the custom fields of its addsearch metas. A field that
 * is not valid is dropped; a page that is still not a document throws.
 */
export function crawledDocument(id: string, url: string, fetched: CrawlFetched, page: CrawlReading, mainContent: string): PreparedDocument {
  const raw: Record<string, unknown> = { url, title: page.title, main_content: mainContent };
  const language = page.language ?? firstLanguage(fetched.headers.contentLanguage);
  if (language !== null) raw.language = language;
  if (page.image !== null) raw.thumbnail_external_src = page.image;
  const date = page.published ?? page.modified ?? isoDate(fetched.headers.lastModified);
  if (date !== null && date !== undefined) raw.doc_date = date;
  if (Object.keys(page.customFields).length > 0) raw.custom_fields = page.customFields;
  let result = validateDocument(raw, id);
  if (!result.ok) {
    // A page's odd lang, og:image or custom field must not keep it out of the index: those fields go.
    for (const problem of result.problems) {
      if (problem.field === undefined) continue;
      if (OPTIONAL_FIELDS.has(problem.field)) delete raw[problem.field];
      else if (problem.field.startsWith('custom_fields')) delete raw.custom_fields;
    }
    result = validateDocument(raw, id);
  }
  if (!result.ok) throw new Error(`crawled page ${url} is not a valid document: ${result.problems.map((p) => p.message).join('; ')}`);
  return { ...result.document, page: { h1: page.h1, h2: page.h2, metaDescription: page.metaDescription, headings: page.headings, sections: page.sections } };
}

function firstLanguage(header: string | null): string | null {
  const first = header?.split(',')[0]?.trim();
  return first === undefined || first === '' ? null : first;
}

function isoDate(httpDate: string | null): string | null {
  if (httpDate === null) return null;
  const time = Date.parse(httpDate);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}
