import { documentFields, type DocumentProblem } from '../../src/client/validateDocuments.ts';
import type { PreparedDocument } from '../engine/engine.ts';
import { documentBodyCheck, type DocumentBody } from '../schemas/documentBody.ts';
import { withoutNulls } from '../schemas/withoutNulls.ts';
import type { SchemaProblem } from '../schemas/schemaProblems.ts';
import { documentIdFromUrl } from './documentId.ts';
import { urlCategories } from './urlCategories.ts';

export type DocumentValidation = { ok: true; document: PreparedDocument } | { ok: false; problems: DocumentProblem[] };

/**
 * Checks one input document against its schema (schemas/documentBody.ts) and gives it
 * its id (`pathId`, the body's, or the md5 of its url) and its URL's categories.
 */
export function validateDocument(raw: unknown, pathId?: string): DocumentValidation {
  const body = withoutNulls(raw);
  if (!documentBodyCheck.check(body)) return { ok: false, problems: documentBodyCheck.problems(body).map(fieldProblem) };
  const problems: DocumentProblem[] = [];
  if (pathId !== undefined && body.id !== undefined && body.id !== pathId) {
    problems.push({ field: 'id', message: `id in the body ('${body.id}') differs from the id in the path` });
  }
  const id = pathId ?? body.id ?? (body.url === undefined ? undefined : documentIdFromUrl(body.url));
  if (id === undefined) problems.push({ message: 'a document needs a url or an id' });
  if (problems.length > 0 || id === undefined) return { ok: false, problems };
  return { ok: true, document: prepared(body, id) };
}

/** The document as every engine writes it: the body's fields read (documentFields), its id and its URL's categories. */
function prepared(body: DocumentBody, id: string): PreparedDocument {
  return { id, ...documentFields(body), categories: urlCategories(body.url ?? null) };
}

/** The field at fault is a field of the document: a custom field, not one value of its list. */
function fieldProblem({ field, message }: SchemaProblem): DocumentProblem {
  return field === '' ? { message } : { field: field.replace(/\[\d+\]$/, ''), message };
}
