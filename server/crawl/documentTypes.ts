import type { DocumentType } from '../../src/client/types.ts';

/** The API's document types (`document_type`), each read by its own reader. */
export type { DocumentType };

const BY_MEDIA_TYPE: Record<string, DocumentType> = {
  'text/html': 'html',
  'application/xhtml+xml': 'html',
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
};

/** Media types servers give any file they know nothing of: the URL's extension then tells. */
const GENERIC = new Set(['application/octet-stream', 'binary/octet-stream', 'application/x-download', 'application/download', 'application/zip', '']);
const BY_EXTENSION: Record<string, DocumentType> = { pdf: 'pdf', docx: 'docx', pptx: 'pptx', xlsx: 'xlsx' };

/**
 * The document type of a fetched body, from its media type (lower case, no parameters), or
 * from the URL's extension when the server names no useful type; null when it is not one
 * this service reads. DOC and PPT (the binary formats before 2007) have no maintained
 * reader for Node, so they are not read.
 */
export function documentTypeOf(contentType: string, url: URL): DocumentType | null {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  const known = BY_MEDIA_TYPE[type];
  if (known !== undefined) return known;
  if (!GENERIC.has(type)) return null;
  const extension = /\.([a-z0-9]+)$/i.exec(url.pathname)?.[1]?.toLowerCase();
  return extension === undefined ? null : (BY_EXTENSION[extension] ?? null);
}
