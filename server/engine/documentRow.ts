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

/** A truth as SQL answers it: SQLite as 0 or 1, PostgreSQL as a boolean. */
type SqlTruth = boolean | number;
const truth = (value: SqlTruth | undefined) => value === true || value === 1;

/** A row of boundedColumns (or DOC_COLUMNS) as a stored document, its body marked when it is the start alone. */
export function hitDocument(row: DocRow & { content_cut?: SqlTruth }): StoredDocument {
  const document = storedDocument(row);
  return truth(row.content_cut) ? { ...document, contentCut: true } : document;
}

/**
 * The columns the ranking rules read of a row (see rankedText), SQL of both engines, of
 * the table named `table` (`d.`, or '' for the table alone): only the starts of the
 * fields (RANKED_FIELD_CHARS; substr counts characters, which is at least as many UTF-16
 * units), and whether one was longer. A row written with its stored start (later_names
 * is set then) is not loaded whole to be cut: that cost more than ranking on a site of
 * long pages. With `whole`, the fields uncut.
 */
export function rankedColumns(table: string, whole: boolean, customFields: boolean): string {
  const t = table;
  const fields = whole
    ? `${t}title, ${t}main_content, ${t}hidden_keywords, 0 AS content_cut, 0 AS others_cut`
    : [
        `substr(${t}title, 1, ${RANKED_FIELD_CHARS}) AS title`,
        `substr(${t}hidden_keywords, 1, ${RANKED_FIELD_CHARS}) AS hidden_keywords`,
        `${boundedContent(t)} AS main_content`,
        `${contentCut(t)} AS content_cut`,
        `${othersCut(t)} AS others_cut`,
      ].join(', ');
  return `${t}rowid, ${t}id, ${t}url, ${fields}, ${t}headings${customFields ? `, ${t}custom_fields` : ''}`;
}

/** A body's start the ranking reads (CASE and coalesce read no more columns than they need). */
const boundedContent = (t: string) =>
  `CASE WHEN ${t}later_names IS NULL THEN substr(${t}main_content, 1, ${RANKED_FIELD_CHARS}) ELSE coalesce(${t}content_start, ${t}main_content) END`;
/** Whether the body is longer than boundedContent gives. */
const contentCut = (t: string) =>
  `CASE WHEN ${t}later_names IS NULL THEN length(${t}main_content) > ${RANKED_FIELD_CHARS} ELSE ${t}content_start IS NOT NULL END`;
/** Whether the title or the hidden keywords are longer than the ranking reads of them. */
const othersCut = (t: string) => `(length(${t}title) > ${RANKED_FIELD_CHARS} OR coalesce(length(${t}hidden_keywords), 0) > ${RANKED_FIELD_CHARS})`;

/**
 * DOC_COLUMNS of the table named `table` (`d.`, or '' for the table alone) with the body
 * bounded as the ranking reads it (RANKED_FIELD_CHARS), whether it was cut
 * (`content_cut`), and whether the title or hidden keywords are longer than the ranking
 * reads (`others_cut`; they come whole, rankedText cuts them): what the ranking reads of
 * a pooled row and what a hit shows of it (StoredDocument.contentCut), so neither a pool
 * nor a page of long pages comes with their whole bodies. SQL of both engines.
 */
export function boundedColumns(table: string): string {
  return DOC_COLUMNS.split(',')
    .map((column) => column.trim())
    .map((column) =>
      column === 'main_content'
        ? `${boundedContent(table)} AS main_content, ${contentCut(table)} AS content_cut, ${othersCut(table)} AS others_cut`
        : `${table}${column}`,
    )
    .join(', ');
}

/** A row of boundedColumns, which the ranking rules read as a row of rankedColumns. */
export type BoundedRow = DocRow & { content_cut: SqlTruth; others_cut: SqlTruth };

/** A row of rankedColumns (or boundedColumns). */
export interface RankedRow extends Pick<DocRow, 'rowid' | 'id' | 'url' | 'title' | 'main_content' | 'hidden_keywords' | 'headings'> {
  content_cut: SqlTruth;
  others_cut: SqlTruth;
  custom_fields?: string;
}

/**
 * A row of rankedColumns or boundedColumns as the ranking rules read it, cut again (a
 * character may be two UTF-16 units, so the lengths are checked again); `laterNames`,
 * the row's stored name runs when asked for (undefined when not), given only for a cut
 * content whose title and hidden keywords are whole: they stand for the content's rest
 * alone. The custom fields are parsed when the row holds them and `customFields` is not
 * false.
 */
export function rankedText(row: RankedRow, whole: boolean, laterNames?: string | null, customFields = true): RankedText {
  const fields = rankedFields(row.title, row.main_content, row.hidden_keywords, whole);
  const cut = truth(row.content_cut) || truth(row.others_cut) || fields.cut;
  const othersCut = truth(row.others_cut) || row.title.length > RANKED_FIELD_CHARS || (row.hidden_keywords?.length ?? 0) > RANKED_FIELD_CHARS;
  return {
    rowid: Number(row.rowid),
    id: row.id,
    url: row.url,
    ...fields,
    headings: row.headings,
    cut,
    ...(laterNames !== undefined && cut && { laterNames: othersCut ? null : laterNames }),
    customFields: row.custom_fields === undefined || !customFields ? null : (JSON.parse(row.custom_fields) as RankedText['customFields']),
  };
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
