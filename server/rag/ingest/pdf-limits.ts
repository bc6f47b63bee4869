// Bounds on reading one PDF (pages, text, time, inflated stream bytes), so a small hostile file cannot exhaust memory.
import { constants, inflateSync } from 'node:zlib';

export interface PdfLimits {
  /** Most pages read. */
  maxPages: number;
  /** Most characters of text kept over the whole document. */
  maxChars: number;
  /** Wall-clock budget for reading one document, in ms. */
  timeoutMs: number;
  /** Most bytes one Flate-compressed stream may inflate to. */
  maxStreamBytes: number;
  /** Most bytes all Flate-compressed streams together may inflate to. */
  maxInflatedBytes: number;
}

/** Generous for guideline documents (hundreds of pages, a few MB of text), small against a decompression bomb. */
export const PDF_LIMITS: PdfLimits = {
  maxPages: 1000,
  maxChars: 5_000_000,
  timeoutMs: 60_000,
  maxStreamBytes: 64 * 1024 * 1024,
  maxInflatedBytes: 512 * 1024 * 1024,
};

/** A PDF refused for exceeding a limit (the message names the limit, never the file's location). */
export class PdfLimitError extends Error {
  override name = 'PdfLimitError';
}

const MiB = 1024 * 1024;
const STREAM = Buffer.from('stream');
const ENDSTREAM = Buffer.from('endstream');
/** A stream's dictionary sits shortly before its `stream` keyword; this much is searched for the filter name. */
const DICT_WINDOW = 2048;

/** Whether the dictionary just before `at` names the Flate filter (`/FlateDecode`, or `/Fl` in inline form). */
function isFlate(buf: Buffer, at: number): boolean {
  const head = buf.toString('latin1', Math.max(0, at - DICT_WINDOW), at);
  const dict = head.slice(head.lastIndexOf(' obj') + 1);
  return /\/FlateDecode\b|\/Fl[\s/\]>]/.test(dict);
}

/** Inflated size of one stream, stopping at `max` (then `max + 1`); corrupt data counts what inflated before the error. */
function inflatedSize(data: Buffer, max: number): number {
  try {
    return inflateSync(data, { maxOutputLength: max, finishFlush: constants.Z_SYNC_FLUSH }).length;
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return max + 1;
    return 0;
  }
}

/**
 * Inflates every Flate stream of the file once, without keeping the output, and refuses the file when one stream or
 * all of them together would expand past the limits (pdfjs would hold each decoded stream in memory whole).
 * @param bytes - The PDF file.
 * @param limits - The limits; only `maxStreamBytes` and `maxInflatedBytes` are used here.
 */
export function checkFlateStreams(bytes: Uint8Array, limits: PdfLimits = PDF_LIMITS): void {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let total = 0;
  for (let at = buf.indexOf(STREAM); at >= 0; at = buf.indexOf(STREAM, at + STREAM.length)) {
    if (at >= 3 && buf.toString('latin1', at - 3, at) === 'end') continue;
    let start = at + STREAM.length;
    if (buf[start] === 0x0d) start++;
    if (buf[start] !== 0x0a && buf[start - 1] !== 0x0d) continue;
    if (buf[start] === 0x0a) start++;
    const end = buf.indexOf(ENDSTREAM, start);
    const stop = end < 0 ? buf.length : end;
    if (isFlate(buf, at)) {
      const size = inflatedSize(buf.subarray(start, stop), limits.maxStreamBytes);
      if (size > limits.maxStreamBytes) {
        throw new PdfLimitError(`a compressed stream expands beyond ${limits.maxStreamBytes / MiB} MiB`);
      }
      total += size;
      if (total > limits.maxInflatedBytes) {
        throw new PdfLimitError(`its compressed streams expand beyond ${limits.maxInflatedBytes / MiB} MiB in all`);
      }
    }
    at = stop;
  }
}

/**
 * A wall-clock budget: `race` makes a step fail once the budget is spent, `check` throws between steps.
 * @param ms - The budget.
 * @returns race, check, and stop (clears the timer).
 */
export function budget(ms: number): {
  race: <T>(step: Promise<T>) => Promise<T>;
  check: () => void;
  stop: () => void;
} {
  const message = `reading it took longer than ${Math.round(ms / 1000)} s`;
  const end = performance.now() + ms;
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PdfLimitError(message)), ms);
  });
  // Nobody may be waiting when the timer fires: that must not become an unhandled rejection.
  expired.catch(() => undefined);
  return {
    race: (step) => Promise.race([step, expired]),
    check: () => {
      if (performance.now() > end) throw new PdfLimitError(message);
    },
    stop: () => clearTimeout(timer),
  };
}
