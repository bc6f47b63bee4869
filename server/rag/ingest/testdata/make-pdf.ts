// Writes small, valid PDFs by hand (Helvetica headings and body text, exact xref offsets) so PDF ingest is tested on known input.

/** One line of text on a page: `bold` lines use Helvetica-Bold, the rest Helvetica. */
export interface PdfLine {
  text: string;
  size: number;
  bold?: boolean;
  /** Extra space (points) before the line, e.g. to separate paragraphs. */
  gapBefore?: number;
}

/** What to write: pages of lines, laid out top-down from y = 740 on US Letter, and an optional Info /Title. */
export interface PdfSpec {
  title?: string;
  pages: PdfLine[][];
}

/** Escapes a string for a PDF literal `( … )`; input must be ASCII. */
function pdfString(text: string): string {
  return `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

function contentStream(lines: PdfLine[]): string {
  const ops: string[] = [];
  let y = 740;
  for (const line of lines) {
    y -= (line.gapBefore ?? 0) + line.size * 1.25;
    ops.push(`BT /${line.bold ? 'F2' : 'F1'} ${line.size} Tf 72 ${y.toFixed(2)} Td ${pdfString(line.text)} Tj ET`);
  }
  return ops.join('\n');
}

/**
 * Builds a PDF 1.4 file with the two standard Helvetica fonts and one content stream per page.
 * @param spec - The pages and lines to write.
 * @returns The file bytes.
 */
export function makePdf(spec: PdfSpec): Uint8Array {
  // Objects: 1 catalog, 2 pages, 3 Helvetica, 4 Helvetica-Bold, 5 info, then per page: page + contents.
  const objects: string[] = [];
  const pageIds = spec.pages.map((_, i) => 6 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  objects[5] = spec.title ? `<< /Title ${pdfString(spec.title)} /Producer (make-pdf) >>` : '<< /Producer (make-pdf) >>';
  spec.pages.forEach((lines, i) => {
    const id = pageIds[i] as number;
    const stream = contentStream(lines);
    objects[id] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${id + 1} 0 R >>`;
    objects[id + 1] = `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`;
  });
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(out, 'latin1');
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}

/** Two pages: a 16 pt bold title and headings, 10 pt body, a bold run-in heading, a numbered heading, a page number. */
export const GUIDELINE_PDF: Uint8Array = makePdf({
  title: 'Colon cancer follow-up',
  pages: [
    [
      { text: 'Colon cancer follow-up', size: 16, bold: true },
      { text: 'This guide summarises surveillance after resection.', size: 10 },
      { text: 'Surveillance schedule', size: 16, bold: true, gapBefore: 6 },
      { text: 'CEA is measured every 3 to 6 months for 2 years, then every 6 months', size: 10 },
      { text: 'up to 5 years. Chest and abdominal CT every 6 to 12 months is the usual treat-', size: 10 },
      { text: 'ment plan for stage II and III disease.', size: 10 },
      { text: 'Colonoscopy is repeated at 1 year after surgery.', size: 10, gapBefore: 8 },
      { text: '2.1 Imaging intervals', size: 10, gapBefore: 6 },
      { text: 'Shorter intervals are not better.', size: 10 },
      { text: '1', size: 10, gapBefore: 300 },
    ],
    [
      { text: 'Ending follow-up', size: 10, bold: true },
      { text: 'After 5 years, routine imaging stops.', size: 10 },
    ],
  ],
});
