import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
// pdf.js parses on a worker of its own, or, in Node, on this thread through the handler
// this module sets on globalThis: loaded here, with the reader, rather than at the first
// document, where its loading would count against the document's deadline.
import 'pdfjs-dist/legacy/build/pdf.worker.mjs';
import { DocumentReadError, TextBudget, type DocumentLimits, type DocumentText } from './readDocument.ts';

/**
 * A PDF's text, with Mozilla's pdf.js (its build for older engines, which runs on Node 20
 * without a canvas): one block a page, the title and dates of its properties. A PDF of more
 * than `maxPdfPages` is refused before any page is read, so a file of a million empty pages
 * costs one look at its page tree.
 */
export async function readPdf(bytes: Uint8Array, limits: DocumentLimits): Promise<DocumentText> {
  const task = getDocument({
    // pdf.js takes (and detaches) the buffer it is given: a copy leaves the caller's intact.
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  try {
    let document;
    try {
      document = await task.promise;
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      if (name === 'PasswordException') throw new DocumentReadError('the PDF document is encrypted with a password', describe(error));
      throw new DocumentReadError('the PDF document is broken and could not be read', describe(error));
    }
    if (document.numPages > limits.maxPdfPages) {
      throw new DocumentReadError(`the PDF document has too many pages (over ${limits.maxPdfPages})`, `${document.numPages} pages`);
    }
    const info = await document.getMetadata().then(
      ({ info }) => info as Record<string, unknown>,
      () => ({}) as Record<string, unknown>,
    );
    const blocks: string[] = [];
    const budget = new TextBudget(limits.maxTextChars);
    for (let n = 1; n <= document.numPages; n++) {
      const page = await document.getPage(n);
      const content = await page.getTextContent();
      const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
      page.cleanup();
      if (text.trim() !== '' && !budget.add(blocks, text)) break;
    }
    return {
      blocks,
      title: stringOf(info.Title),
      heading: blocks[0]?.split('\n').find((line) => line.trim() !== '') ?? null,
      description: stringOf(info.Subject),
      published: pdfDate(stringOf(info.CreationDate)),
      modified: pdfDate(stringOf(info.ModDate)),
    };
  } finally {
    await task.destroy();
  }
}

function stringOf(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** A PDF date (`D:20240203040506+01'00'`) as ISO 8601, or null. */
export function pdfDate(value: string | null): string | null {
  const match = value === null ? null : /^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(Z|[+-]\d{2}'?\d{2}'?)?/.exec(value);
  if (match === null) return null;
  const [, year, month = '01', day = '01', hour = '00', minute = '00', second = '00', zone] = match;
  const offset = zone === undefined || zone === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(3).replace(/'/g, '').padEnd(2, '0')}`;
  const date = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}${offset}`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
