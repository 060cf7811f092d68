/**
 * A document as every SQL engine stores it: one row of `docs`, the same columns in SQLite
 * and PostgreSQL, read back into the document the routes answer with or into what the
 * ranking rules weigh; and the text both index besides the title.
 */
import { createHash } from 'node:crypto';
import type { CustomFieldValue } from '../../src/client/types.ts';
import type { Candidate } from '../ranking/rankCandidates.ts';
import type { StoredDocument } from './engine.ts';
import type { PageRow } from './sqliteSearch.ts';

export const DOC_COLUMNS = `rowid, id, url, title, main_content, language, thumbnail, thumbnail_b64, doc_date, first_indexed,
  custom_fields, h1, h2, meta_description, hidden_keywords`;

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
  };
}

/** What the ranking rules read of a document (`custom_fields` only when a rule sorts by one). */
export interface RankedText {
  rowid: number;
  url: string | null;
  title: string;
  main_content: string;
  hidden_keywords: string | null;
  custom_fields?: string | null;
}

/** The rows the ranking rules order, each with its texts and click boost; a row whose texts were not read is left out. */
export function rankingCandidates(rows: readonly PageRow[], texts: readonly RankedText[], boosts: ReadonlyMap<number, number> | null): Candidate[] {
  const byRowid = new Map(texts.map((t) => [t.rowid, t]));
  return rows.flatMap((row) => {
    const text = byRowid.get(row.rowid);
    if (text === undefined) return [];
    return [
      {
        key: row.rowid,
        url: text.url,
        title: text.title,
        content: indexedContent(text.main_content, text.hidden_keywords),
        score: row.score,
        boost: boosts?.get(row.rowid) ?? 1,
        customFields: text.custom_fields == null ? null : (JSON.parse(text.custom_fields) as Record<string, CustomFieldValue>),
      },
    ];
  });
}

/** The text indexed besides the title: the content, then the hidden keywords. */
export function indexedContent(mainContent: string, hiddenKeywords: string | null): string {
  return hiddenKeywords === null ? mainContent : `${mainContent}\n${hiddenKeywords}`;
}

/** Identifies equal main content, to report duplicates; documents without content duplicate nothing. */
export function contentHash(mainContent: string): string | null {
  const text = mainContent.trim().replace(/\s+/g, ' ');
  return text === '' ? null : createHash('md5').update(text, 'utf8').digest('hex');
}
