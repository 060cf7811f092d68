// Indexing: the documents written (2.1), the answers of writes, a document's status and
// indexed content (2.4, 2.5), and the crawler's fetch of a URL.

/** A custom field value as indexed: text, integer, double, or several strings. */
export type CustomFieldValue = string | number | readonly string[];

/** Input of the create, replace and batch operations (2.1). */
export interface IndexDocument {
  /** When absent on the replace operations, the md5 (hex) of `url`. */
  id?: string;
  url?: string;
  /** URL of the document's default thumbnail. */
  thumbnail_external_src?: string;
  /**
   * A small inline thumbnail (base64, or a `data:image/*` URL), returned as
   * `images.main_b64`. An addition of the reference service; the hosted service makes
   * this image itself.
   */
  thumbnail_b64?: string;
  /** Two-letter language code. */
  language?: string;
  title?: string;
  /** The automatic highlight of search hits comes only from this field. */
  main_content?: string;
  /** `yyyy-MM-dd`, a date-time with `Z` or an offset, or epoch milliseconds as a string. */
  doc_date?: string;
  custom_fields?: Record<string, CustomFieldValue>;
}

/** Body of `PUT .../documents:batch` (4.6). */
export interface BatchRequest {
  documents: IndexDocument[];
}

/** Answer of a batch: the ids written, in request order. */
export interface BatchResponse {
  ids: string[];
}

/**
 * A document as the reference service indexed it (`GET .../documents/{id}`, 4.7): the
 * fields of 2.1 that are set, plus `id`; `doc_date` as ISO 8601 with milliseconds and `Z`.
 */
export interface IndexedDocument extends IndexDocument {
  id: string;
}

/** Body of `POST /v1/indices/{key}/documents/{id}/content/hiddenKeywords` (4.8). */
export interface HiddenKeywordsRequest {
  /** Space-delimited keywords; an empty string clears them. */
  hiddenKeywords: string;
}

/** Answer of a single create, replace or delete. */
export interface WriteResponse {
  id: string;
}

/** Answer of a create: the id the service chose and the `Location` of the new document. */
export interface CreateResponse {
  id: string;
  /** The `Location` header: a URL of the created document. */
  location: string;
}

/** Document status values (2.4, section 3). */
export type DocumentStatusValue = 'INDEXED' | 'EXCLUDED' | 'PENDING' | 'ERROR' | 'UNKNOWN';

/** Document status (2.4). */
export interface DocumentStatus {
  indexPublicKey: string;
  docId: string;
  status: DocumentStatusValue;
  statusInfo: string;
  /** ISO 8601 with milliseconds and `Z`; null when never fetched (queued, or unknown). */
  lastFetched: string | null;
  duplicateOf?: { href: string };
  content?: { href: string };
}

/** Indexed content of a document (2.5). */
export interface DocumentContent {
  title: string;
  h1: string;
  h2: string;
  mainContent: string;
  documentDate: string;
  language: string;
  hiddenKeywords: string | null;
}

/** Body of `POST /crawler` (4.8). */
export interface CrawlRequest {
  action: 'FETCH';
  indexPublicKey: string;
  url: string;
}

export interface CrawlResponse {
  message: 'Scheduled';
  docId: string;
}

/** A field of an index (`GET /v2/indices/{key}/fields`, an addition). */
export interface IndexField {
  name: string;
  /** `text` for the standard fields; a custom field's is its first value's (2.1). */
  type: 'text' | 'integer' | 'double' | 'date';
  /** A standard field (2.1), or a custom field first indexed by some document. */
  standard: boolean;
  /** Some value of it was a list of strings. */
  multiValued: boolean;
}

export interface IndexFieldList {
  fields: IndexField[];
}

/** One id's status with its URL (`GET /v2/indices/{key}/statuses`, an addition). */
export interface DocumentStatusEntry {
  docId: string;
  url: string | null;
  status: DocumentStatusValue;
  statusInfo: string;
  lastFetched: string | null;
}

export interface DocumentStatusList {
  statuses: DocumentStatusEntry[];
}
