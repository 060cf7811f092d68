import type { IndexedDocument } from '../../src/client/types.ts';
import type { StoredDocument } from '../engine/engine.ts';

/** A stored document in the shape it was given (2.1), plus its id: what `GET .../documents/{id}` answers. */
export function indexedDocument(document: StoredDocument): IndexedDocument {
  return {
    id: document.id,
    ...(document.url !== null && { url: document.url }),
    title: document.title,
    main_content: document.mainContent,
    ...(document.language !== null && { language: document.language }),
    ...(document.thumbnail !== null && { thumbnail_external_src: document.thumbnail }),
    ...(document.thumbnailB64 !== null && { thumbnail_b64: document.thumbnailB64 }),
    ...(document.docDate !== null && { doc_date: new Date(document.docDate).toISOString() }),
    custom_fields: document.customFields,
  };
}
