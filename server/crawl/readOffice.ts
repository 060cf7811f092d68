import { unzipSync, zipSync, type Unzipped } from 'fflate';
import mammoth from 'mammoth';
import { DocumentReadError, TextBudget, type DocumentLimits, type DocumentText } from './readDocument.ts';
import { readPage } from './readPage.ts';

/** The start of an OLE2 compound file: what an encrypted Office file is, and a DOC or PPT. */
const COMPOUND_FILE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const NAMES = { docx: 'Word', pptx: 'PowerPoint', xlsx: 'Excel' } as const;

/** A DOCX, PPTX or XLSX document's text and properties; throws a DocumentReadError. */
export async function readOffice(bytes: Uint8Array, type: 'docx' | 'pptx' | 'xlsx', limits: DocumentLimits): Promise<DocumentText> {
  const kind = `the ${NAMES[type]} document`;
  if (COMPOUND_FILE.every((byte, i) => bytes[i] === byte)) {
    throw new DocumentReadError(`${kind} is encrypted (or in the binary format before 2007) and could not be read`, 'OLE2 compound file');
  }
  const parts = unzipBounded(bytes, kind, limits.maxUnzippedBytes);
  const properties = coreProperties(parts);
  const budget = new TextBudget(limits.maxTextChars);
  let text: { blocks: string[]; heading: string | null };
  try {
    text = type === 'docx' ? await docxText(parts, budget) : type === 'pptx' ? pptxText(parts, budget) : xlsxText(parts, budget);
  } catch (error) {
    if (error instanceof DocumentReadError) throw error;
    throw new DocumentReadError(`${kind} is broken and could not be read`, error instanceof Error ? error.message : String(error));
  }
  return { ...properties, ...text };
}

/**
 * The XML parts of a zip, unpacked within `max` bytes in all. Each part is unpacked into a
 * buffer of the size its directory entry declares, and never past it, so a zip bomb (or a
 * part that lies about its size) stops at the bound rather than filling the heap. Pictures
 * and other media are not unpacked: no text is read from them.
 */
function unzipBounded(bytes: Uint8Array, kind: string, max: number): Unzipped {
  let total = 0;
  let tooLarge = false;
  let parts: Unzipped;
  try {
    parts = unzipSync(bytes, {
      filter: (file) => {
        if (!/\.(?:xml|rels)$/i.test(file.name)) return false;
        total += file.originalSize;
        if (total > max) tooLarge = true;
        return !tooLarge;
      },
    });
  } catch (error) {
    throw new DocumentReadError(`${kind} is broken and could not be read`, `zip: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (tooLarge) throw new DocumentReadError(`${kind} unpacks to more than ${max} bytes`, `over ${total} bytes unpacked`);
  return parts;
}

const decoder = new TextDecoder('utf-8');
function part(parts: Unzipped, name: string): string | null {
  const bytes = parts[name];
  return bytes === undefined ? null : decoder.decode(bytes);
}

/** The title, subject, language and dates of docProps/core.xml. */
function coreProperties(parts: Unzipped): Omit<DocumentText, 'blocks' | 'heading'> {
  const xml = part(parts, 'docProps/core.xml') ?? '';
  const field = (tag: string): string | null => {
    const match = new RegExp(`<${tag}(?:\\s[^>]*)?>([^<]*)</${tag}>`).exec(xml);
    return match === null ? null : decodeXml(match[1]!).trim() || null;
  };
  return {
    title: field('dc:title'),
    description: field('dc:description') ?? field('dc:subject'),
    language: field('dc:language'),
    published: field('dcterms:created'),
    modified: field('dcterms:modified'),
  };
}

/**
 * A DOCX through mammoth, as HTML read like a page (its headings, paragraphs, lists and
 * table rows become blocks). Mammoth is handed the parts already unpacked, packed again
 * without compression, so it unpacks nothing past the bound; images are left out.
 */
async function docxText(parts: Unzipped, budget: TextBudget): Promise<{ blocks: string[]; heading: string | null }> {
  const stored = zipSync(parts, { level: 0 });
  const { value: html } = await mammoth.convertToHtml(
    { buffer: Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength) },
    { convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: '' })), ignoreEmptyParagraphs: true },
  );
  const page = readPage(html, new URL('about:blank'));
  const blocks: string[] = [];
  for (const block of page.blocks) if (!budget.add(blocks, block.text)) break;
  // Mammoth writes Word's heading styles as h1 to h6, without attributes.
  const firstHeading = /<h[1-6]>[\s\S]*?<\/h[1-6]>/.exec(html)?.[0];
  const heading = firstHeading === undefined ? null : readPage(firstHeading, new URL('about:blank')).mainContent;
  return { blocks, heading };
}

/** Parts named `prefix` + a number + `.xml`, in the order of their numbers (slide2 before slide10). */
function numbered(parts: Unzipped, prefix: string): string[] {
  const pattern = new RegExp(`^${prefix.replace(/[/.]/g, '\\$&')}(\\d+)\\.xml$`);
  return Object.keys(parts)
    .map((name) => [name, pattern.exec(name)?.[1]] as const)
    .filter((entry): entry is readonly [string, string] => entry[1] !== undefined)
    .sort((a, b) => Number(a[1]) - Number(b[1]))
    .map(([name]) => name);
}

/** A PPTX's slides in order, one block a paragraph; the heading is the first slide's title. */
function pptxText(parts: Unzipped, budget: TextBudget): { blocks: string[]; heading: string | null } {
  const slides = numbered(parts, 'ppt/slides/slide');
  if (slides.length === 0 && part(parts, 'ppt/presentation.xml') === null) throw new Error('no ppt/presentation.xml');
  const blocks: string[] = [];
  let heading: string | null = null;
  for (const name of slides) {
    const xml = part(parts, name)!;
    if (heading === null) {
      // The title placeholder's shape, else the first paragraph of the first slide.
      const title = /<p:sp>(?:(?!<\/p:sp>)[\s\S])*?<p:ph type="(?:title|ctrTitle)"[\s\S]*?<\/p:sp>/.exec(xml)?.[0];
      heading = paragraphs(title ?? xml, 'a:p', 'a:t')[0] ?? null;
    }
    for (const paragraph of paragraphs(xml, 'a:p', 'a:t')) if (!budget.add(blocks, paragraph)) return { blocks, heading };
  }
  return { blocks, heading };
}

/** An XLSX's sheets in order, one block a row, shared strings looked up; the heading is the first sheet's name. */
function xlsxText(parts: Unzipped, budget: TextBudget): { blocks: string[]; heading: string | null } {
  const workbook = part(parts, 'xl/workbook.xml');
  if (workbook === null) throw new Error('no xl/workbook.xml');
  const shared = [...(part(parts, 'xl/sharedStrings.xml') ?? '').matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => texts(m[1]!, 't').join(''));
  const sheetNames = [...workbook.matchAll(/<sheet\s[^>]*name="([^"]*)"/g)].map((m) => decodeXml(m[1]!));
  const blocks: string[] = [];
  for (const name of numbered(parts, 'xl/worksheets/sheet')) {
    for (const row of part(parts, name)!.matchAll(/<row[\s>][\s\S]*?<\/row>/g)) {
      const cells = [...row[0].matchAll(/<c((?:\s[^>]*?)?)(?:\/>|>([\s\S]*?)<\/c>)/g)].map(([, attributes = '', inner = '']) => {
        const type = /\st="([^"]*)"/.exec(attributes)?.[1];
        if (type === 's') return shared[Number(/<v>([^<]*)<\/v>/.exec(inner)?.[1])] ?? '';
        if (type === 'inlineStr') return texts(inner, 't').join('');
        return decodeXml(/<v>([^<]*)<\/v>/.exec(inner)?.[1] ?? '');
      });
      const text = cells.filter((c) => c.trim() !== '').join(' ');
      if (text !== '' && !budget.add(blocks, text)) return { blocks, heading: sheetNames[0] ?? null };
    }
  }
  return { blocks, heading: sheetNames[0] ?? null };
}

/** The text of each `<paragraph>` element, its runs `<run>` joined. */
function paragraphs(xml: string, paragraph: string, run: string): string[] {
  const found: string[] = [];
  for (const match of xml.matchAll(new RegExp(`<${paragraph}[\\s>][\\s\\S]*?</${paragraph}>`, 'g'))) {
    const text = texts(match[0], run).join('').trim();
    if (text !== '') found.push(text);
  }
  return found;
}

function texts(xml: string, tag: string): string[] {
  return [...xml.matchAll(new RegExp(`<${tag}(?:\\s[^>]*)?>([^<]*)</${tag}>`, 'g'))].map((m) => decodeXml(m[1]!));
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name] ?? whole;
  });
}
