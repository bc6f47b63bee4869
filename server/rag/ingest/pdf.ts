// Reads PDFs with pdfjs-dist (positioned text and fonts per page) and turns them into headed sections.
import type { KnowledgeDoc } from '../types';
import { contentHash, type DocMeta, fileStem, idFromPath, makeSections } from './doc-parts';
import { layoutSections, type PdfTextLine } from './pdf-layout';
import { budget, checkFlateStreams, PDF_LIMITS, PdfLimitError, type PdfLimits } from './pdf-limits';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
type PdfPage = Awaited<ReturnType<Awaited<ReturnType<PdfJs['getDocument']>['promise']>['getPage']>>;

const PDF_EXT = /\.pdf$/i;
let pdfjsLoad: Promise<PdfJs> | undefined;

/**
 * Loads the Node ("legacy") build of pdfjs-dist once. In Node 20 pdfjs has no Worker thread and runs its worker
 * code on the main thread ("fake worker"); importing the worker module first puts its handler on
 * `globalThis.pdfjsWorker`, so pdfjs never has to resolve `GlobalWorkerOptions.workerSrc` (which bundlers and test
 * runners may rewrite).
 */
function pdfjs(): Promise<PdfJs> {
  pdfjsLoad ??= (async () => {
    await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    return import('pdfjs-dist/legacy/build/pdf.mjs');
  })();
  return pdfjsLoad;
}

interface Item {
  str: string;
  x: number;
  y: number;
  width: number;
  size: number;
  bold: boolean;
}

/** Font boldness by pdfjs font id; fonts are only resolved on the page once its operator list is built. */
async function boldFonts(page: PdfPage, ids: Set<string>): Promise<Map<string, boolean>> {
  const out = new Map<string, boolean>();
  await page.getOperatorList();
  for (const id of ids) {
    try {
      const font = page.commonObjs.get(id) as { name?: string; bold?: boolean } | null;
      out.set(id, Boolean(font?.bold) || /bold|black|heavy|semibold|demi/i.test(font?.name ?? ''));
    } catch {
      out.set(id, false);
    }
  }
  return out;
}

/** Groups a page's text items into lines: items whose baselines are within 40 % of the font size share a line. */
function pageLines(items: Item[], page: number): PdfTextLine[] {
  const lines: PdfTextLine[] = [];
  let parts: Item[] = [];
  const flush = (): void => {
    const text = parts.map((p, i) => {
      const prev = parts[i - 1];
      const gap = prev && p.x > prev.x + prev.width + p.size * 0.15 && !/\s$/.test(prev.str) && !/^\s/.test(p.str);
      return gap ? ` ${p.str}` : p.str;
    });
    const main = parts.reduce((a, b) => (b.str.length > a.str.length ? b : a), parts[0] as Item);
    const line = text.join('').replace(/\s+/g, ' ').trim();
    if (line) lines.push({ page, y: main.y, size: main.size, bold: main.bold, text: line });
    parts = [];
  };
  for (const item of items) {
    const last = parts[parts.length - 1];
    if (last && Math.abs(item.y - last.y) > Math.max(item.size, last.size) * 0.4) flush();
    parts.push(item);
  }
  if (parts.length) flush();
  return lines;
}

/**
 * Extracts the lines of every page and the document's Info title, within limits.
 * @param data - The PDF bytes (copied; the caller's buffer is not detached).
 * @param limits - Pages, characters, time and inflated bytes allowed (default PDF_LIMITS).
 * @returns The lines and title; throws PdfLimitError when a limit is passed.
 */
export async function extractPdfLines(
  data: Uint8Array,
  limits: PdfLimits = PDF_LIMITS
): Promise<{ lines: PdfTextLine[]; infoTitle?: string }> {
  checkFlateStreams(data, limits);
  const lib = await pdfjs();
  const task = lib.getDocument({
    data: new Uint8Array(data),
    verbosity: 0,
    isEvalSupported: false,
    disableFontFace: true,
  });
  const time = budget(limits.timeoutMs);
  try {
    const doc = await time.race(task.promise);
    if (doc.numPages > limits.maxPages)
      throw new PdfLimitError(`it has ${doc.numPages} pages; at most ${limits.maxPages} are read`);
    const info = (await time.race(doc.getMetadata())).info as { Title?: unknown };
    const lines: PdfTextLine[] = [];
    let chars = 0;
    for (let p = 1; p <= doc.numPages; p++) {
      time.check();
      const page = await time.race(doc.getPage(p));
      const content = await time.race(page.getTextContent());
      const raw = content.items.filter((i): i is Extract<typeof i, { str: string }> => 'str' in i && i.str !== '');
      chars += raw.reduce((n, i) => n + i.str.length, 0);
      if (chars > limits.maxChars) throw new PdfLimitError(`it holds more than ${limits.maxChars} characters of text`);
      const bold = await time.race(boldFonts(page, new Set(raw.map((i) => i.fontName))));
      const items = raw.map((i) => ({
        str: i.str,
        x: i.transform[4] as number,
        y: i.transform[5] as number,
        width: i.width,
        size: Math.round(Math.hypot(i.transform[2] as number, i.transform[3] as number) * 10) / 10,
        bold: bold.get(i.fontName) ?? false,
      }));
      lines.push(...pageLines(items, p));
      page.cleanup();
    }
    const title = typeof info.Title === 'string' ? info.Title.trim() : '';
    return { lines, infoTitle: title || undefined };
  } finally {
    time.stop();
    await task.destroy();
  }
}

/**
 * Parses one PDF into a document with sections recovered from its layout.
 * @param content - The file bytes.
 * @param filePath - The file path (relative): id and title fall back to its name, source to "PDF: <name>".
 * @param meta - Sidecar metadata (`<file>.meta.json`), which wins over the PDF's own.
 * @param limits - Pages, characters, time and inflated bytes allowed (default PDF_LIMITS).
 * @returns The document; throws a clear Error for unreadable, encrypted, text-less or over-limit PDFs.
 */
export async function parsePdf(
  content: Uint8Array,
  filePath: string,
  meta: DocMeta = {},
  limits: PdfLimits = PDF_LIMITS
): Promise<KnowledgeDoc> {
  let extracted: Awaited<ReturnType<typeof extractPdfLines>>;
  try {
    extracted = await extractPdfLines(content, limits);
  } catch (err) {
    const e = err as Error;
    if (e instanceof PdfLimitError) throw new Error(`the PDF is refused: ${e.message}`);
    if (e.name === 'PasswordException') throw new Error('the PDF is password-protected');
    throw new Error(`not a readable PDF (${e.message})`);
  }
  const name = filePath.replace(/^.*\//, '');
  const infoTitle = extracted.infoTitle?.replace(/^Microsoft Word - /, '').replace(/\.docx?$/i, '');
  const title = meta.title ?? (infoTitle && !/^untitled$/i.test(infoTitle) ? infoTitle : fileStem(filePath, PDF_EXT));
  const sections = makeSections(layoutSections(extracted.lines, title));
  if (!sections.length) throw new Error('no extractable text (a scanned PDF needs OCR first)');
  return {
    id: meta.id ?? idFromPath(filePath, PDF_EXT),
    title,
    source: meta.source ?? `PDF: ${name}`,
    year: meta.year,
    url: meta.url,
    topics: meta.topics ?? [],
    format: 'pdf',
    path: filePath,
    hash: contentHash(content, JSON.stringify(meta)),
    sections,
  };
}
