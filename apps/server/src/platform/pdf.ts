import { createRequire } from 'node:module';
import fs from 'node:fs';
import PDFDocument from 'pdfkit';

/**
 * Printable documents (the buyer's statement now; the delivery note and sales bill of the back
 * office next), drawn with pdfkit. Chinese needs a font with its glyphs and a fresh machine has
 * none, so Noto Sans SC (SIL OFL) comes from the npm package `@expo-google-fonts/noto-sans-sc`;
 * it covers Latin and Spanish too, so every language uses the same two faces. pdfkit embeds only
 * the glyphs a document uses (a one-page statement is ~30 KB). The 10 MB font files are read
 * once per process, on the first document.
 */
const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
} as const;
let fonts: { regular: Buffer; bold: Buffer } | undefined;

function loadFonts() {
  fonts ??= {
    regular: fs.readFileSync(require.resolve(FONT_FILES.regular)),
    bold: fs.readFileSync(require.resolve(FONT_FILES.bold)),
  };
  return fonts;
}

export type PdfDocument = PDFKit.PDFDocument;

/** An A4 document with the fonts 'regular' and 'bold' registered and 'regular' selected. */
export function createPdf(info: { title: string; language: string }): PdfDocument {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    bufferPages: true,
    lang: info.language,
    info: { Title: info.title, Creator: 'PartsPortal' },
  });
  const { regular, bold } = loadFonts();
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  doc.font('regular');
  return doc;
}

export interface PdfColumn<T> {
  title: string;
  width: number;
  align?: 'left' | 'right';
  value: (row: T) => string;
}

/**
 * A table that continues on new pages, repeating its header; a cell too long for its column
 * wraps within the row. Starts at the current y.
 */
export function drawTable<T>(doc: PdfDocument, columns: ReadonlyArray<PdfColumn<T>>, rows: readonly T[]) {
  const left = doc.page.margins.left;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const fontSize = 8.5;
  const pad = 3;
  const header = () => {
    doc.font('bold').fontSize(fontSize);
    const height =
      Math.max(...columns.map((c) => doc.heightOfString(c.title, { width: c.width - 2 * pad }))) + 2 * pad;
    let x = left;
    const y = doc.y;
    doc
      .rect(
        left,
        y,
        columns.reduce((sum, c) => sum + c.width, 0),
        height,
      )
      .fill('#eef1f5')
      .fillColor('#000');
    for (const column of columns) {
      doc.text(column.title, x + pad, y + pad, {
        width: column.width - 2 * pad,
        align: column.align ?? 'left',
      });
      x += column.width;
    }
    doc.y = y + height;
    doc.font('regular');
  };
  header();
  for (const row of rows) {
    const cells = columns.map((column) => column.value(row));
    const height =
      Math.max(
        ...cells.map((cell, i) => doc.heightOfString(cell || ' ', { width: columns[i]!.width - 2 * pad })),
      ) +
      2 * pad;
    if (doc.y + height > bottom()) {
      doc.addPage();
      header();
    }
    const y = doc.y;
    let x = left;
    cells.forEach((cell, i) => {
      const column = columns[i]!;
      doc.text(cell, x + pad, y + pad, { width: column.width - 2 * pad, align: column.align ?? 'left' });
      x += column.width;
    });
    doc
      .moveTo(left, y + height)
      .lineTo(x, y + height)
      .lineWidth(0.3)
      .strokeColor('#c8ccd2')
      .stroke();
    doc.y = y + height;
  }
  doc.x = left;
}

/** "Page n / m" at the foot of every page (pages are buffered until then). */
export function numberPages(doc: PdfDocument, label: (page: number, pages: number) => string) {
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    const y = doc.page.height - doc.page.margins.bottom + 12;
    doc.font('regular').fontSize(7.5).fillColor('#666');
    doc.text(label(i + 1, range.count), doc.page.margins.left, y, {
      width: doc.page.width - doc.page.margins.left - doc.page.margins.right,
      align: 'right',
      lineBreak: false,
    });
  }
  doc.fillColor('#000');
}

/** Ends the document and answers its bytes. */
export function pdfBytes(doc: PdfDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
