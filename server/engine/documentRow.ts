/**
 * A document as every SQL engine stores it: one row of `docs`, the same columns in SQLite
 * and PostgreSQL, read back into the document the routes answer with; and the text
 * both index besides the title.
 */
import { createHash } from 'node:crypto';
import type { CustomFieldValue } from '../../src/client/types.ts';
import { nameRunsFrom } from '../text/nameRuns.ts';
import { RANKED_FIELD_CHARS, type DocumentState, type PageSection, type PreparedDocument, type RankedText, type StoredDocument } from './engine.ts';

export const DOC_COLUMNS = `rowid, id, url, title, main_content, language, thumbnail, thumbnail_b64, doc_date, first_indexed,
  custom_fields, h1, h2, meta_description, hidden_keywords, headings`;

/**
 * What a write of a document whose id is stored replaces, in both engines' upsert
 * (`ON CONFLICT (id) DO UPDATE SET` this): everything but its row id and when it was
 * first indexed, from which its date falls back.
 */
export const DOC_REPLACED_COLUMNS = `url = excluded.url, title = excluded.title, main_content = excluded.main_content,
  language = excluded.language, thumbnail = excluded.thumbnail, thumbnail_b64 = excluded.thumbnail_b64,
  doc_date = excluded.doc_date, ts = coalesce(excluded.doc_date, docs.first_indexed),
  custom_fields = excluded.custom_fields, h1 = excluded.h1, h2 = excluded.h2,
  meta_description = excluded.meta_description, content_hash = excluded.content_hash,
  headings = excluded.headings, sections = excluded.sections,
  content_start = excluded.content_start, later_names = excluded.later_names`;

export interface DocRow {
  rowid: number;
  id: string;
  url: string | null;
  title: string;
  main_content: string;
  language: string | null;
  thumbnail: string | null;
  thumbnail_b64: string | null;
  doc_date: number | null;
  first_indexed: number;
  /** JSON of the custom fields. */
  custom_fields: string;
  h1: string;
  h2: string;
  meta_description: string | null;
  hidden_keywords: string | null;
  headings: string;
}

export function storedDocument(row: DocRow): StoredDocument {
  return {
    id: row.id,
    url: row.url,
    title: row.title,
    mainContent: row.main_content,
    language: row.language,
    thumbnail: row.thumbnail,
    thumbnailB64: row.thumbnail_b64,
    docDate: row.doc_date,
    firstIndexed: row.first_indexed,
    customFields: JSON.parse(row.custom_fields) as Record<string, CustomFieldValue>,
    h1: row.h1,
    h2: row.h2,
    metaDescription: row.meta_description,
    hiddenKeywords: row.hidden_keywords,
    headings: row.headings,
  };
}

/** The sections of a `sections` column (see sectionsColumn). */
export function storedSections(column: string): PageSection[] {
  return column === '' ? [] : (JSON.parse(column) as PageSection[]);
}

/** The `headings` column of a document: its page's, else empty. */
export function headingsColumn(document: PreparedDocument): string {
  return document.page?.headings ?? '';
}

/**
 * The `sections` column of a document: its page's sections as JSON, empty when it has
 * none (documents written through the API). Not among DOC_COLUMNS: only a page's hits
 * read it (IndexReader.sections), never the ranking's pool.
 */
export function sectionsColumn(document: PreparedDocument): string {
  const sections = document.page?.sections ?? [];
  return sections.length === 0 ? '' : JSON.stringify(sections.map(({ title, anchor, text }) => ({ title, anchor, text })));
}

/** The `content_start` column of a document: the start of its content the ranking reads, null when that is all of it. */
export function contentStartColumn(document: PreparedDocument): string | null {
  return document.mainContent.length > RANKED_FIELD_CHARS ? document.mainContent.slice(0, RANKED_FIELD_CHARS) : null;
}

/**
 * The `later_names` column of a document: the runs of its content past the start the
 * ranking reads that a typed name can stand in (see nameRunsFrom); empty for a content
 * no longer than that start. Written with the document, so a name past the start of a
 * long page is found without reading the page whole.
 */
export function laterNamesColumn(document: PreparedDocument): string {
  return nameRunsFrom(document.mainContent, RANKED_FIELD_CHARS);
}

/** The text indexed besides the title: the content, then the hidden keywords. */
export function indexedContent(mainContent: string, hiddenKeywords: string | null): string {
  return hiddenKeywords === null ? mainContent : `${mainContent}\n${hiddenKeywords}`;
}

/** The text the ranking rules read of a document's fields (see RANKED_FIELD_CHARS), from the stored columns or their starts; `whole`, uncut. */
export function rankedFields(title: string, mainContent: string, hiddenKeywords: string | null, whole = false): Pick<RankedText, 'title' | 'content' | 'cut'> {
  let cut = false;
  const start = (text: string) => {
    if (whole || text.length <= RANKED_FIELD_CHARS) return text;
    cut = true;
    return text.slice(0, RANKED_FIELD_CHARS);
  };
  return { title: start(title), content: indexedContent(start(mainContent), hiddenKeywords === null ? null : start(hiddenKeywords)), cut };
}

/** Identifies equal main content, to report duplicates; documents without content duplicate nothing. */
export function contentHash(mainContent: string): string | null {
  const text = mainContent.trim().replace(/\s+/g, ' ');
  return text === '' ? null : createHash('md5').update(text, 'utf8').digest('hex');
}

/** What the status of an id is made of: its `docs` row and its `doc_status` row, either of which may be missing. */
export interface StatusParts {
  doc: { url: string | null; first_indexed: number } | undefined;
  status: { url: string | null; status: DocumentState['status']; statusInfo: string; lastFetched: number | null } | undefined;
  /** The earliest indexed document with the same main content, if another. */
  duplicateOf: string | null;
}

/**
 * The status of an id. A document without a status row (written before statuses were
 * kept) reads as INDEXED; an id with neither is unknown (null).
 */
export function documentStateOf(id: string, { doc, status, duplicateOf }: StatusParts): DocumentState | null {
  if (doc === undefined && status === undefined) return null;
  return {
    id,
    url: status?.url ?? doc?.url ?? null,
    status: status?.status ?? 'INDEXED',
    statusInfo: status?.statusInfo ?? '',
    lastFetched: status?.lastFetched ?? doc?.first_indexed ?? null,
    indexed: doc !== undefined,
    duplicateOf,
  };
}
