// Documents made in code for the crawl's tests and the bench: small, valid PDF, DOCX, PPTX
// and XLSX files (no file is downloaded or committed), and a few broken ones.
import { strToU8, zipSync, type Zippable } from 'fflate';

const escapePdf = (text: string): string => text.replace(/[\\()]/g, (c) => `\\${c}`);

/**
 * A PDF of one page per text (Helvetica, one line each), then `blankPages` pages of nothing
 * (a page tree of many pages in few bytes), with a /Title when given.
 */
export function makePdf(pages: readonly string[], options: { title?: string; blankPages?: number; encrypt?: boolean } = {}): Buffer {
  const objects: string[] = ['<< /Type /Catalog /Pages 2 0 R >>'];
  const blank = options.blankPages ?? 0;
  const font = 3 + pages.length * 2;
  const kids = [...pages.map((_, i) => `${3 + i * 2} 0 R`), ...Array.from({ length: blank }, (_, i) => `${font + 1 + i} 0 R`)].join(' ');
  objects.push(`<< /Type /Pages /Kids [${kids}] /Count ${pages.length + blank} >>`);
  pages.forEach((text, i) => {
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${4 + i * 2} 0 R >>`);
    const stream = text === '' ? '' : `BT /F1 12 Tf 72 720 Td (${escapePdf(text)}) Tj ET`;
    objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  });
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  for (let i = 0; i < blank; i++) objects.push('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>');
  let trailer = '';
  if (options.title !== undefined) {
    objects.push(`<< /Title (${escapePdf(options.title)}) /CreationDate (D:20240203040506Z) >>`);
    trailer += ` /Info ${objects.length} 0 R`;
  }
  if (options.encrypt === true) {
    // The standard security handler with keys no empty password opens.
    const key = `<${'8f'.repeat(32)}>`;
    objects.push(`<< /Filter /Standard /V 1 /R 2 /O ${key} /U ${key} /P -44 >>`);
    trailer += ` /Encrypt ${objects.length} 0 R /ID [<00112233445566778899aabbccddeeff> <00112233445566778899aabbccddeeff>]`;
  }
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${trailer} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const escapeXml = (text: string): string => text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

function officeZip(main: string, mainType: string, parts: Record<string, string>, title?: string): Buffer {
  const files: Zippable = {
    '[Content_Types].xml': strToU8(
      `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/${main}" ContentType="${mainType}"/></Types>`,
    ),
    '_rels/.rels': strToU8(
      `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="${main}"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>`,
    ),
    'docProps/core.xml': strToU8(
      `${XML}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">${title === undefined ? '' : `<dc:title>${escapeXml(title)}</dc:title>`}<dcterms:created xsi:type="dcterms:W3CDTF">2024-02-03T04:05:06Z</dcterms:created></cp:coreProperties>`,
    ),
  };
  for (const [name, xml] of Object.entries(parts)) files[name] = strToU8(xml);
  return Buffer.from(zipSync(files));
}

/** A DOCX of paragraphs; a paragraph given as `{ heading }` has Word's Heading 1 style. */
export function makeDocx(paragraphs: readonly (string | { heading: string })[], options: { title?: string } = {}): Buffer {
  const body = paragraphs
    .map((p) =>
      typeof p === 'string'
        ? `<w:p><w:r><w:t xml:space="preserve">${escapeXml(p)}</w:t></w:r></w:p>`
        : `<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>${escapeXml(p.heading)}</w:t></w:r></w:p>`,
    )
    .join('');
  return officeZip(
    'word/document.xml',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
    { 'word/document.xml': `${XML}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>` },
    options.title,
  );
}

/** A PPTX of slides, each a title and lines of text. */
export function makePptx(slides: readonly { title: string; lines: readonly string[] }[], options: { title?: string } = {}): Buffer {
  const ns = 'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"';
  const paragraph = (text: string): string => `<a:p><a:r><a:rPr lang="en-US"/><a:t>${escapeXml(text)}</a:t></a:r></a:p>`;
  const parts: Record<string, string> = {
    'ppt/presentation.xml': `${XML}<p:presentation ${ns}/>`,
  };
  slides.forEach((slide, i) => {
    parts[`ppt/slides/slide${i + 1}.xml`] =
      `${XML}<p:sld ${ns}><p:cSld><p:spTree><p:sp><p:nvSpPr><p:cNvPr id="2" name="Title"/><p:cNvSpPr/><p:nvPr><p:ph type="title"/></p:nvPr></p:nvSpPr><p:txBody>${paragraph(slide.title)}</p:txBody></p:sp>` +
      `<p:sp><p:nvSpPr><p:cNvPr id="3" name="Body"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr><p:txBody>${slide.lines.map(paragraph).join('')}</p:txBody></p:sp></p:spTree></p:cSld></p:sld>`;
  });
  return officeZip('ppt/presentation.xml', 'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml', parts, options.title);
}

/** An XLSX of one sheet: rows of cells, strings shared, numbers inline. */
export function makeXlsx(sheetName: string, rows: readonly (readonly (string | number)[])[], options: { title?: string } = {}): Buffer {
  const shared: string[] = [];
  const sheetRows = rows
    .map((row, r) => {
      const cells = row
        .map((value, c) => {
          const ref = `${String.fromCharCode(65 + c)}${r + 1}`;
          if (typeof value === 'number') return `<c r="${ref}"><v>${value}</v></c>`;
          shared.push(value);
          return `<c r="${ref}" t="s"><v>${shared.length - 1}</v></c>`;
        })
        .join('');
      return `<row r="${r + 1}">${cells}<c r="Z${r + 1}" s="1"/></row>`;
    })
    .join('');
  const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
  return officeZip(
    'xl/workbook.xml',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
    {
      'xl/workbook.xml': `${XML}<workbook ${ns}><sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1" xmlns:r="${REL}"/></sheets></workbook>`,
      'xl/sharedStrings.xml': `${XML}<sst ${ns}>${shared.map((s) => `<si><t>${escapeXml(s)}</t></si>`).join('')}</sst>`,
      'xl/worksheets/sheet1.xml': `${XML}<worksheet ${ns}><sheetData>${sheetRows}</sheetData></worksheet>`,
    },
    options.title,
  );
}

/** A DOCX whose document part unpacks to `bytes` bytes of spaces (a zip bomb, when large). */
export function makeZipBomb(bytes: number): Buffer {
  const padding = new Uint8Array(bytes).fill(0x20);
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': strToU8(`${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>`),
      'word/document.xml': padding,
    }),
  );
}
