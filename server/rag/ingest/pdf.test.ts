// PDF import recovers headings (larger, bold or numbered) and paragraphs with metadata, calls headings only what looks
// like one, and fails clearly on broken PDFs or ones without extractable text.
import { describe, expect, it } from 'vitest';
import { clean } from './clean';
import { parsePdf } from './pdf';
import { isHeading, layoutSections, type PdfTextLine } from './pdf-layout';
import { GUIDELINE_PDF, makePdf } from './testdata/make-pdf';

describe('parsePdf', () => {
  it('recovers headings (larger, bold, numbered) and paragraphs; Info title and file name give metadata', async () => {
    const doc = await parsePdf(GUIDELINE_PDF, 'guides/colon-follow-up.pdf');
    expect(doc).toMatchObject({
      id: 'colon-follow-up',
      title: 'Colon cancer follow-up',
      source: 'PDF: colon-follow-up.pdf',
      format: 'pdf',
      path: 'guides/colon-follow-up.pdf',
    });
    expect(doc.sections.map((s) => [s.id, s.heading, clean(s.text)])).toEqual([
      ['overview', 'Overview', 'This guide summarises surveillance after resection.'],
      [
        'surveillance-schedule',
        'Surveillance schedule',
        'CEA is measured every 3 to 6 months for 2 years, then every 6 months up to 5 years. Chest and abdominal CT ' +
          'every 6 to 12 months is the usual treatment plan for stage II and III disease.\n\n' +
          'Colonoscopy is repeated at 1 year after surgery.',
      ],
      ['2-1-imaging-intervals', '2.1 Imaging intervals', 'Shorter intervals are not better.'],
      ['ending-follow-up', 'Ending follow-up', 'After 5 years, routine imaging stops.'],
    ]);
  });

  it('uses sidecar metadata, and the file name when the PDF has no title', async () => {
    const bare = makePdf({ pages: [[{ text: 'Body only.', size: 10 }]] });
    const doc = await parsePdf(bare, 'x/ESMO_2023 update.pdf', { source: 'ESMO (2023)', year: 2023 });
    expect(doc).toMatchObject({ id: 'esmo-2023-update', title: 'ESMO_2023 update', source: 'ESMO (2023)', year: 2023 });
  });

  it('fails clearly on broken bytes and on PDFs without text', async () => {
    await expect(parsePdf(new TextEncoder().encode('%PDF-1.4\nnot really a pdf'), 'b.pdf')).rejects.toThrow(
      /^not a readable PDF \(/
    );
    const truncated = GUIDELINE_PDF.slice(0, 400);
    await expect(parsePdf(truncated, 't.pdf')).rejects.toThrow(/not a readable PDF|no extractable text/);
    await expect(parsePdf(makePdf({ pages: [[]] }), 'scan.pdf')).rejects.toThrow(
      'no extractable text (a scanned PDF needs OCR first)'
    );
  });
});

describe('layoutSections', () => {
  const body = { size: 10, bold: false };
  const line = (text: string, size = 10, bold = false, y = 700, page = 1): PdfTextLine => ({
    page,
    y,
    size,
    bold,
    text,
  });

  it('calls headings only what looks like one', () => {
    expect(isHeading(line('Results', 12), body)).toBe(true);
    expect(isHeading(line('Results', 11), body)).toBe(false);
    expect(isHeading(line('Key points', 10, true), body)).toBe(true);
    expect(isHeading(line('This bold sentence ends like prose.', 10, true), body)).toBe(false);
    expect(isHeading(line('Key points', 10, true), { size: 10, bold: true })).toBe(false);
    expect(isHeading(line('3.2.1 Dose reductions', 10), body)).toBe(true);
    expect(isHeading(line('3 patients had grade 3 toxicity', 10), body)).toBe(false);
    expect(isHeading(line('2024', 18), body)).toBe(false);
  });

  it('merges a heading wrapped over two lines', () => {
    const sections = layoutSections(
      [
        line('Systemic therapy for metastatic', 14, true, 700),
        line('disease', 14, true, 683),
        line('First-line options depend on RAS, BRAF and MMR status.', 10, false, 660),
        line('Performance status and sidedness matter as well.', 10, false, 648),
      ],
      'Doc'
    );
    expect(sections.map((s) => [s.heading, s.text])).toEqual([
      ['Overview', ''],
      [
        'Systemic therapy for metastatic disease',
        'First-line options depend on RAS, BRAF and MMR status. Performance status and sidedness matter as well.',
      ],
    ]);
  });
});
