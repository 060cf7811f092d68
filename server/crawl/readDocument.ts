import type { DocumentType } from './documentTypes.ts';
import { blockHash, type ContentBlock, type PageReading } from './readPage.ts';

/**
 * A document that could not be read: `reason` is for the document status (it says what is
 * wrong with the file, never what the file says), `message` for the log.
 */
export class DocumentReadError extends Error {
  constructor(
    readonly reason: string,
    detail: string,
  ) {
    super(detail);
  }
}

/** Bounds of reading one document, beside the thread's time and heap. */
export interface DocumentLimits {
  /** Bytes a zip (DOCX, PPTX, XLSX) may unpack to, all its parts read together. */
  maxUnzippedBytes: number;
  /** Pages of a PDF read at most; a PDF of more is refused, not cut. */
  maxPdfPages: number;
  /** Characters of text kept; the rest of a longer document is not read. */
  maxTextChars: number;
}

export const DOCUMENT_LIMITS: DocumentLimits = { maxUnzippedBytes: 64 * 1024 * 1024, maxPdfPages: 5_000, maxTextChars: 2_000_000 };

/** What a document's reader found: its text in blocks, and what its properties say. */
export interface DocumentText {
  blocks: string[];
  /** From the document's properties. */
  title: string | null;
  /** The first heading (or slide title, or sheet name). */
  heading: string | null;
  description?: string | null;
  language?: string | null;
  published?: string | null;
  modified?: string | null;
}

/**
 * Reads a PDF or Office document (by type), on a reading thread; rejects with a
 * DocumentReadError.
 */
export async function readDocument(
  bytes: Uint8Array,
  type: Exclude<DocumentType, 'html'>,
  url: URL,
  limits: DocumentLimits = DOCUMENT_LIMITS,
): Promise<PageReading> {
  return (await documentReader(type))(bytes, url, limits);
}

type Reader = (bytes: Uint8Array, url: URL, limits?: DocumentLimits) => Promise<PageReading>;

/**
 * The reader of a document type, its library loaded: at the first document of its kind, so
 * a crawl of HTML alone never loads them, and apart from the reading, so a thread's
 * deadline does not count the loading.
 */
export async function documentReader(type: Exclude<DocumentType, 'html'>): Promise<Reader> {
  if (type === 'pdf') {
    const { readPdf } = await import('./readPdf.ts');
    return async (bytes, url, limits = DOCUMENT_LIMITS) => documentReading(await readPdf(bytes, limits), type, url);
  }
  if (type === 'docx' || type === 'pptx' || type === 'xlsx') {
    const { readOffice } = await import('./readOffice.ts');
    return async (bytes, url, limits = DOCUMENT_LIMITS) => documentReading(await readOffice(bytes, type, limits), type, url);
  }
  return () => Promise.reject(new DocumentReadError(`${type.toUpperCase()} documents (the binary format before 2007) are not read`, `document type ${type}`));
}

/** The reading of a document: title from its properties, else its first heading, else the file name. */
export function documentReading(text: DocumentText, type: Exclude<DocumentType, 'html'>, url: URL): PageReading {
  const blocks: ContentBlock[] = text.blocks
    .map((t) => t.replace(/\s+/g, ' ').trim())
    .filter((t) => t !== '')
    .map((t) => ({ hash: blockHash(t), text: t }));
  const heading = clean(text.heading);
  return {
    title: clean(text.title) ?? heading ?? fileName(url),
    h1: heading ?? '',
    h2: '',
    headings: '',
    sections: [],
    metaDescription: clean(text.description ?? null),
    image: null,
    language: clean(text.language ?? null),
    published: clean(text.published ?? null),
    modified: clean(text.modified ?? null),
    mainContent: blocks.map((b) => b.text).join(' '),
    blocks,
    noindex: false,
    nofollow: false,
    links: [],
    canonical: null,
    alternates: [],
    documentType: type,
    customFields: {},
  };
}

function clean(text: string | null): string | null {
  const cleaned = text?.replace(/\s+/g, ' ').trim();
  return cleaned === undefined || cleaned === '' ? null : cleaned;
}

/** The last segment of the URL's path, decoded: `Annual%20report.pdf` is "Annual report.pdf". */
function fileName(url: URL): string {
  const segment =
    url.pathname
      .split('/')
      .filter((s) => s !== '')
      .at(-1) ?? url.hostname;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Keeps adding text blocks until `max` characters, then says the document is read far enough. */
export class TextBudget {
  private used = 0;
  constructor(private readonly max: number) {}
  /** Adds `text` (cut to what is left); false once the budget is spent. */
  add(blocks: string[], text: string): boolean {
    const left = this.max - this.used;
    if (left <= 0) return false;
    const kept = text.length > left ? text.slice(0, left) : text;
    this.used += kept.length;
    blocks.push(kept);
    return this.used < this.max;
  }
}
