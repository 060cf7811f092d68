import { describe, expect, it } from 'vitest';
import { makeDocx, makePdf, makePptx, makeXlsx, makeZipBomb } from '../testing/documentFixtures.ts';
import { DOCUMENT_LIMITS, readDocument } from './readDocument.ts';
import { pdfDate } from './readPdf.ts';

const at = (name: string): URL => new URL(`https://example.com/files/${name}`);

describe('readDocument', () => {
  it('reads a PDF: its text a block a page, the title of its properties and its date', async () => {
    const page = await readDocument(
      makePdf(['Fitting the sprocketgear (part 1)', '', 'Second page text'], { title: 'Widget manual' }),
      'pdf',
      at('manual.pdf'),
    );
    expect(page).toMatchObject({ title: 'Widget manual', documentType: 'pdf', published: '2024-02-03T04:05:06.000Z', links: [], noindex: false });
    expect(page.blocks.map((b) => b.text)).toEqual(['Fitting the sprocketgear (part 1)', 'Second page text']);
    expect(page.mainContent).toBe('Fitting the sprocketgear (part 1) Second page text');
    // No title in its properties: the first line, else the file name.
    expect((await readDocument(makePdf(['First line here']), 'pdf', at('x.pdf'))).title).toBe('First line here');
    expect((await readDocument(makePdf(['']), 'pdf', at('Annual%20report.pdf'))).title).toBe('Annual report.pdf');
    expect(pdfDate("D:20240203040506+01'00'")).toBe('2024-02-03T03:05:06.000Z');
  });

  it('refuses a broken, an encrypted and a PDF of too many pages, saying which', async () => {
    await expect(readDocument(Buffer.from('%PDF-1.4\n'), 'pdf', at('a.pdf'))).rejects.toMatchObject({
      reason: 'the PDF document is broken and could not be read',
    });
    await expect(readDocument(makePdf(['secret'], { encrypt: true }), 'pdf', at('a.pdf'))).rejects.toMatchObject({
      reason: 'the PDF document is encrypted with a password',
    });
    // Empty pages by the ten thousand, in about a megabyte: refused before any page is read.
    const blank = makePdf(['first'], { blankPages: 10_000 });
    expect(blank.length).toBeLessThan(1_100_000);
    await expect(readDocument(blank, 'pdf', at('a.pdf'))).rejects.toMatchObject({ reason: 'the PDF document has too many pages (over 5000)' });
    await expect(readDocument(makePdf(['a'], { blankPages: 11 }), 'pdf', at('a.pdf'), { ...DOCUMENT_LIMITS, maxPdfPages: 10 })).rejects.toMatchObject({
      reason: 'the PDF document has too many pages (over 10)',
    });
    expect((await readDocument(makePdf(['a'], { blankPages: 9 }), 'pdf', at('a.pdf'), { ...DOCUMENT_LIMITS, maxPdfPages: 10 })).mainContent).toBe('a');
  });

  it('reads a DOCX through its headings and paragraphs', async () => {
    const docx = makeDocx([{ heading: 'Fitting a widget' }, 'Turn the sprocketgear clockwise.', 'A screwdriver & patience.']);
    const page = await readDocument(docx, 'docx', at('guide.docx'));
    expect(page).toMatchObject({ title: 'Fitting a widget', h1: 'Fitting a widget', documentType: 'docx', published: '2024-02-03T04:05:06Z' });
    expect(page.blocks.map((b) => b.text)).toEqual(['Fitting a widget', 'Turn the sprocketgear clockwise.', 'A screwdriver & patience.']);
    expect((await readDocument(makeDocx(['text'], { title: 'From properties' }), 'docx', at('g.docx'))).title).toBe('From properties');
    expect((await readDocument(makeDocx(['only text']), 'docx', at('plain.docx'))).title).toBe('plain.docx');
  });

  it('reads a PPTX slide by slide and an XLSX row by row', async () => {
    const pptx = makePptx([
      { title: 'Quarterly results', lines: ['Revenue grew', 'Costs fell'] },
      { title: 'Outlook', lines: ['Steady <growth>'] },
    ]);
    const slides = await readDocument(pptx, 'pptx', at('deck.pptx'));
    expect(slides).toMatchObject({ title: 'Quarterly results', documentType: 'pptx' });
    expect(slides.blocks.map((b) => b.text)).toEqual(['Quarterly results', 'Revenue grew', 'Costs fell', 'Outlook', 'Steady <growth>']);
    const xlsx = makeXlsx(
      'Prices',
      [
        ['Part', 'Price'],
        ['sprocketgear', 12.5],
      ],
      { title: 'Price list' },
    );
    const sheet = await readDocument(xlsx, 'xlsx', at('prices.xlsx'));
    expect(sheet).toMatchObject({ title: 'Price list', h1: 'Prices', documentType: 'xlsx' });
    expect(sheet.blocks.map((b) => b.text)).toEqual(['Part Price', 'sprocketgear 12.5']);
  });

  it('refuses a zip bomb, an encrypted Office file, a broken one and the formats before 2007', async () => {
    await expect(readDocument(makeZipBomb(2_000_000), 'docx', at('bomb.docx'), { ...DOCUMENT_LIMITS, maxUnzippedBytes: 1_000_000 })).rejects.toMatchObject({
      reason: 'the Word document unpacks to more than 1000000 bytes',
    });
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    await expect(readDocument(ole, 'xlsx', at('locked.xlsx'))).rejects.toMatchObject({
      reason: 'the Excel document is encrypted (or in the binary format before 2007) and could not be read',
    });
    await expect(readDocument(Buffer.from('PK\u0003\u0004 not really'), 'pptx', at('b.pptx'))).rejects.toMatchObject({
      reason: 'the PowerPoint document is broken and could not be read',
    });
    await expect(readDocument(makeXlsx('S', [['a']]).subarray(0, 200), 'xlsx', at('cut.xlsx'))).rejects.toMatchObject({
      reason: 'the Excel document is broken and could not be read',
    });
    await expect(readDocument(ole, 'doc', at('old.doc'))).rejects.toMatchObject({ reason: 'DOC documents (the binary format before 2007) are not read' });
  });
});
