import type { DocumentType } from '../../src/client/types.ts';

const BY_EXTENSION: Record<string, DocumentType> = {
  pdf: 'pdf',
  doc: 'doc',
  docx: 'docx',
  ppt: 'ppt',
  pptx: 'pptx',
  xlsx: 'xlsx',
};

/** The document type of a URL, from the extension of its last path segment. */
export function documentType(url: URL | null): DocumentType {
  if (url === null) return 'html';
  const last = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
  const dot = last.lastIndexOf('.');
  if (dot < 0) return 'html';
  return BY_EXTENSION[last.slice(dot + 1).toLowerCase()] ?? 'html';
}
