// Lesion measurements written in imaging report text ("segment VII metastasis 32 x 28 mm, previously 41 mm"), for a
// RECIST comparison when no lesion is marked on the images: sizes in mm or cm (longest diameter; short axis for
// nodes), the organ, and a prior size when the sentence gives one.
import type { RecordText } from '../record/texts';

export interface TextLesion {
  ref: string;
  site?: string;
  isLymphNode: boolean;
  mm: number;
  /** The earlier size the same sentence gives ("previously 41 mm"). */
  priorMm?: number;
}

const SIZE = /(\d+(?:\.\d+)?)(?:\s*(?:x|×|by)\s*(\d+(?:\.\d+)?))?(?:\s*(?:x|×|by)\s*(\d+(?:\.\d+)?))?\s*(mm|cm)\b/gi;
const LESION = /\b(lesions?|metasta\w*|mass(?:es)?|nodules?|nodes?|lymphadenopathy|tumou?rs?|deposits?|implants?)\b/i;
const PRIOR =
  /\b(previously|prior|before|formerly|was|were|from|compared (?:with|to)|vs\.?|baseline|then)\b[^\d]{0,15}$/i;
const IMAGING = /\b(CT|MRI?|PET|ultrasound|sonograph\w*|imaging|radiolog\w*|scan|tomograph\w*)\b/i;
const SITES: [RegExp, string][] = [
  [/\b(liver|hepatic|segment [IVX\d]+)/i, 'liver'],
  [/\b(lung|pulmonary|lobe)/i, 'lung'],
  [/\bperitone\w*|omental/i, 'peritoneum'],
  [/\badrenal/i, 'adrenal'],
  [/\b(bone|osseous|vertebra\w*)/i, 'bone'],
  [/\bpancrea\w*/i, 'pancreas'],
];

function toMm(value: string, unit: string): number {
  return unit.toLowerCase() === 'cm' ? Math.round(Number(value) * 100) / 10 : Number(value);
}

function sentenceLesion(ref: string, sentence: string): TextLesion | undefined {
  if (!LESION.test(sentence) || /\b(no|without)\s+(new\s+)?(lesion|metasta|mass|nodule)/i.test(sentence))
    return undefined;
  const node = /\b(lymph )?nodes?\b|lymphadenopathy|nodal/i.test(sentence) && !/\bnodules?\b/i.test(sentence);
  let current: number | undefined;
  let prior: number | undefined;
  SIZE.lastIndex = 0;
  for (let m = SIZE.exec(sentence); m; m = SIZE.exec(sentence)) {
    const dims = [m[1], m[2], m[3]].filter((d): d is string => !!d).map((d) => toMm(d, m![4]!));
    const mm = node ? Math.min(...dims) : Math.max(...dims);
    if (PRIOR.test(sentence.slice(0, m.index))) prior ??= mm;
    else current ??= mm;
  }
  if (current === undefined) return undefined;
  const site = node ? 'lymph node' : SITES.find(([re]) => re.test(sentence))?.[1];
  return {
    ref,
    ...(site ? { site } : {}),
    isLymphNode: node,
    mm: current,
    ...(prior !== undefined ? { priorMm: prior } : {}),
  };
}

/**
 * The measured lesions of one imaging report (at most five, as RECIST targets).
 * @param text - The report text.
 * @returns One lesion per sentence that names a lesion with a size.
 */
export function reportLesions(text: RecordText): TextLesion[] {
  return text.text
    .split(/(?<=[.;])\s+|\n/)
    .map((s) => sentenceLesion(text.ref, s))
    .filter((l): l is TextLesion => l !== undefined)
    .slice(0, 5);
}

/** Report names of pathology and molecular reports: their sizes are specimen sizes, not imaging measurements. */
const NOT_IMAGING =
  /\b(patholog\w*|histolog\w*|specimen|biops\w*|cytolog\w*|resection|excision|molecular|sequencing|NGS|genomic|immunohisto\w*|synoptic|endoscop\w*|colonoscop\w*)\b/i;

/**
 * Whether a record text reads as an imaging report: a report that mentions an imaging modality and whose name (its
 * first line, the report code) is not a pathology, molecular or endoscopy report.
 * @param t - A record text.
 * @returns True for imaging reports.
 */
export const isImagingText = (t: RecordText): boolean =>
  t.ref.startsWith('DiagnosticReport/') && IMAGING.test(t.text) && !NOT_IMAGING.test(t.text.split('\n')[0] ?? '');
