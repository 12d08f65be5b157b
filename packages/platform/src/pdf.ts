import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

// DejaVu Sans comes from an npm package (so a clean `npm ci` has it) and covers every Turkish letter;
// the PDF's standard fonts (Helvetica) have no ğ, ş, ı or İ.
const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

export type PdfFont = 'body' | 'bold';

export interface PdfColumn {
  label: string;
  width: number;
  align: 'left' | 'right';
}

export interface PdfTableOptions {
  /** Font size of every cell. */
  size: number;
  /** Space under a row and under a rule. */
  gap?: number;
  /** Room kept free at the right of each cell. */
  padding?: number;
  /** Start a new page before a row when less than this much room is left above the bottom margin. */
  breakWithin?: number;
}

export interface PdfTable {
  /** The columns' labels in bold. */
  header(): void;
  row(cells: string[], font: PdfFont): void;
  /** A line across the page, then `space` (the table's gap unless given). */
  rule(space?: number): void;
}

export interface StartedPdf {
  doc: PDFKit.PDFDocument;
  left: number;
  width: number;
  /** The finished file, once `doc.end()` is called. */
  done: Promise<Buffer>;
  /** A "label: value" line, the label in bold. */
  field(label: string, value: string, size?: number): void;
  table(columns: PdfColumn[], options: PdfTableOptions): PdfTable;
  /** A right-aligned label with its amount in a column of `valueWidth` at the right edge. */
  sum(label: string, value: string, font?: PdfFont, valueWidth?: number): void;
  /** One centred grey line at the bottom of every page (needs `bufferPages`), e.g. "Page 1 of 2". */
  footers(text: (page: number, count: number) => string, fromBottom: number): void;
}

/**
 * An A4 document with the DejaVu fonts registered as 'body' and 'bold', and the small pieces every
 * document of the shop draws with: fields, a table of cells and rules, sums and page footers.
 */
export function startPdf(info: PDFKit.DocumentInfo, options: { margin: number; bufferPages?: boolean }): StartedPdf {
  const doc = new PDFDocument({
    size: 'A4',
    margin: options.margin,
    ...(options.bufferPages ? { bufferPages: true } : {}),
    info,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

  const field = (label: string, value: string, size = 10) => {
    doc.font('bold').fontSize(size).text(`${label}: `, { continued: true }).font('body').text(value);
  };

  const table = (columns: PdfColumn[], { size, gap = 4, padding = 0, breakWithin }: PdfTableOptions): PdfTable => {
    const row = (cells: string[], font: PdfFont) => {
      if (breakWithin !== undefined && doc.y > doc.page.height - doc.page.margins.bottom - breakWithin) doc.addPage();
      const top = doc.y;
      let x = left;
      let bottom = top;
      cells.forEach((cell, i) => {
        doc
          .font(font)
          .fontSize(size)
          .text(cell, x, top, { width: columns[i]!.width - padding, align: columns[i]!.align });
        bottom = Math.max(bottom, doc.y);
        x += columns[i]!.width;
      });
      doc.x = left;
      doc.y = bottom + gap;
    };
    const rule = (space = gap) => {
      doc
        .moveTo(left, doc.y)
        .lineTo(left + width, doc.y)
        .stroke();
      doc.y += space;
    };
    return {
      header: () =>
        row(
          columns.map((c) => c.label),
          'bold',
        ),
      row,
      rule,
    };
  };

  const sum = (label: string, value: string, font: PdfFont = 'body', valueWidth = 90) => {
    const top = doc.y;
    doc
      .font(font)
      .fontSize(10)
      .text(label, left, top, { width: width - valueWidth, align: 'right' });
    doc.text(value, left + width - valueWidth, top, { width: valueWidth, align: 'right' });
    doc.x = left;
  };

  const footers = (text: (page: number, count: number) => string, fromBottom: number) => {
    const pages = doc.bufferedPageRange();
    for (let i = 0; i < pages.count; i += 1) {
      doc.switchToPage(pages.start + i);
      const bottom = doc.page.margins.bottom;
      // Writing inside the bottom margin would open a new page; lift the margin for the footer line.
      doc.page.margins.bottom = 0;
      doc
        .font('body')
        .fontSize(8)
        .fillColor('#777777')
        .text(text(i + 1, pages.count), left, doc.page.height - fromBottom, { width, align: 'center' });
      doc.page.margins.bottom = bottom;
    }
  };

  return { doc, left, width, done, field, table, sum, footers };
}
