// A minimal PDF writer for invoices: one A4 page of text in the standard Helvetica fonts (every PDF reader
// has them, so nothing is embedded), written by hand so no PDF library is needed. Objects are numbered in
// order and the cross-reference table carries each one's byte offset, as PDF 1.4 asks.

export interface PdfLine {
  text: string;
  /** Points from the left edge and from the bottom of the page. */
  x: number;
  y: number;
  size?: number;
  bold?: boolean;
}

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;

/** Text in a PDF string literal: WinAnsi (Latin-1) only, with its delimiters escaped. */
function pdfString(text: string): string {
  const latin1 = Array.from(text, (char) => (char.charCodeAt(0) <= 0xff ? char : '?')).join('');
  return `(${latin1.replace(/[\\()]/g, (char) => `\\${char}`).replace(/[\r\n]/g, ' ')})`;
}

export function renderPdf(lines: PdfLine[], title: string): Buffer {
  const content = lines
    .map(
      (line) =>
        `BT /${line.bold ? 'F2' : 'F1'} ${line.size ?? 11} Tf ${line.x} ${line.y} Td ${pdfString(line.text)} Tj ET`,
    )
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    `<< /Title ${pdfString(title)} /Producer (Coderoom) >>`,
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export interface InvoiceDocument {
  number: string;
  issuedOn: string;
  billedTo: string;
  item: string;
  kind: string;
  amount: string;
  paidWith: string;
  seller: string;
}

/** An invoice (or a credit note, for a refund or chargeback) laid out on one page. */
export function renderInvoicePdf(invoice: InvoiceDocument): Buffer {
  const left = 56;
  const rows: Array<[string, string]> = [
    ['Invoice number', invoice.number],
    ['Date', invoice.issuedOn],
    ['Billed to', invoice.billedTo],
    ['Paid with', invoice.paidWith],
  ];
  const lines: PdfLine[] = [
    { text: invoice.seller, x: left, y: 770, size: 20, bold: true },
    { text: invoice.kind, x: left, y: 740, size: 14, bold: true },
    ...rows.flatMap(([label, value], index): PdfLine[] => [
      { text: label, x: left, y: 700 - index * 20, bold: true },
      { text: value, x: 200, y: 700 - index * 20 },
    ]),
    { text: 'Description', x: left, y: 600, bold: true },
    { text: 'Amount (USD)', x: 440, y: 600, bold: true },
    { text: invoice.item, x: left, y: 580 },
    { text: invoice.amount, x: 440, y: 580 },
    { text: 'Total', x: left, y: 550, bold: true },
    { text: invoice.amount, x: 440, y: 550, bold: true },
  ];
  return renderPdf(lines, `${invoice.kind} ${invoice.number}`);
}
