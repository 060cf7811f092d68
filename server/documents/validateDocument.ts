import { checkDocument, type DocumentProblem } from '../../src/client/validateDocuments.ts';
import type { PreparedDocument } from '../engine/engine.ts';
import { documentIdFromUrl } from './documentId.ts';
import { urlCategories } from './urlCategories.ts';

export type DocumentValidation = { ok: true; document: PreparedDocument } | { ok: false; problems: DocumentProblem[] };

/**
 * Checks one input document by the rules of 2.1, which the client shares
 * (src/client/validateDocuments.ts), and gives it its id (`pathId`, the body's, or the
 * md5 of its url) and its URL's categories.
 */
export function validateDocument(raw: unknown, pathId?: string): DocumentValidation {
  const checked = checkDocument(raw, { pathId });
  if (!checked.ok) return checked;
  const { id, ...fields } = checked.document;
  // The check makes sure a document without an id has a url.
  return { ok: true, document: { ...fields, id: id ?? documentIdFromUrl(fields.url!), categories: urlCategories(fields.url) } };
}
