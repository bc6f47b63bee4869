// Finds lesion boxes radiologists write into reports ("series 2 image 3, Location: [x1, y1, x2, y2]") so the
// segmentation tool can be pointed at them. Only clearly formatted boxes count; the text is never interpreted further.
export type Box = [number, number, number, number];

export interface LesionMark {
  box: Box;
  /** DICOM series number and 1-based image (instance) number, when the text names them. */
  series?: number;
  image?: number;
  /** What the text calls the lesion, e.g. "Segment VII lesion" (data, shown to the clinician). */
  label?: string;
  /** Normalised anatomic key for matching across time points, e.g. "segment vii". */
  anatomy?: string;
}

const QUAD = /(\[\s*)?(\d{1,5})\s*,\s*(\d{1,5})\s*,\s*(\d{1,5})\s*,\s*(\d{1,5})(\s*\])?/g;
/** Unbracketed number quadruples count only in a sentence that says it gives a place. */
const PLACE_WORDS = /locat|position|coordinat|\bbox\b|bounding/i;
const SERIES_IMAGE = /series\s*(\d{1,4})[,;]?\s*(?:image|img|slice|instance|im\.?)\s*(\d{1,5})/gi;
const ANATOMY: RegExp[] = [
  /\bsegments?\s+([IVX]{1,4}[ab]?|\d[ab]?)\b/i,
  /\b(right|left)\s+(upper|middle|lower)\s+lobe\b/i,
  /\b(right|left)\s+(lobe|lung|kidney|adrenal|ovary|breast)\b/i,
  /\b(caudate lobe|pancreatic (?:head|body|tail)|spleen|adrenal)\b/i,
];

function sentences(line: string): string[] {
  return line.split(/(?<=[.;!?])\s+(?=[A-Z([*•-])/);
}

function anatomyOf(text: string): string | undefined {
  for (const pattern of ANATOMY) {
    const m = pattern.exec(text);
    if (m)
      return m[0]
        .toLowerCase()
        .replace(/\s+/g, ' ')
        .replace(/^segments/, 'segment');
  }
  return undefined;
}

function labelOf(sentence: string, at: number): string | undefined {
  const head = sentence
    .slice(0, at)
    .split(/,?\s*(?:series\s*\d|\(?\s*location|\(?\s*coordinates|in positions?|positions?\b)/i)[0]!
    .split(/[\]:]/)
    .at(-1)!
    .split(/[,(]/)[0]!
    .replace(/^[\s*•-]+/, '')
    .replace(/\s+(?:is|are|can be|cand be|be)?\s*(?:located|found|seen|noted)?\s*(?:in|at)?[\s,:(]*$/i, '')
    .replace(/^(?:and|or)\b\s*/i, '')
    .trim();
  return head.length >= 3 ? head.slice(0, 80) : undefined;
}

/**
 * The lesion boxes in a report or image note.
 * @param text - Plain text.
 * @returns Boxes in reading order (duplicates removed), with series/image and label when written next to them.
 */
export function parseLesionMarks(text: string): LesionMark[] {
  const marks: LesionMark[] = [];
  const seen = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    for (const sentence of sentences(line)) {
      // A label already used in this sentence belongs to the earlier box ("the largest at [..], more at [..]").
      const used = new Set<string>();
      for (const m of sentence.matchAll(QUAD)) {
        const at = m.index ?? 0;
        const bracketed = Boolean(m[1] && m[6]);
        const before = sentence.slice(0, at);
        const after = sentence.slice(at + m[0].length);
        // Part of a longer list of numbers: not a box.
        if (/\d\s*,\s*$/.test(before) || /^\s*,\s*\d/.test(after)) continue;
        if (!bracketed && !PLACE_WORDS.test(sentence)) continue;
        const box = [m[2], m[3], m[4], m[5]].map(Number) as Box;
        if (!(box[2] > box[0] && box[3] > box[1])) continue;
        const where = [...before.matchAll(SERIES_IMAGE)].at(-1);
        const mark: LesionMark = { box };
        if (where) {
          mark.series = Number(where[1]);
          mark.image = Number(where[2]);
        }
        const label = labelOf(sentence, at);
        if (label && !used.has(label)) {
          mark.label = label;
          used.add(label);
        }
        const anatomy = anatomyOf(mark.label ?? '');
        if (anatomy) mark.anatomy = anatomy;
        const key = `${box.join(',')}@${mark.series ?? ''}/${mark.image ?? ''}`;
        if (seen.has(key)) continue;
        seen.add(key);
        marks.push(mark);
      }
    }
  }
  return marks;
}
