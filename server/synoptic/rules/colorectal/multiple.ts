// Several primary tumours in one resection ("tumour A … tumour B", "lesion 1 / lesion 2", lettered lines under "two
// synchronous carcinomas"): AJCC 8 classifies the tumour with the highest T (the (m) suffix marks the others), so the
// size, site and depth are read for that tumour, from the stretches of text that name it; CAP prefers a checklist per
// primary, which the issue says.
import type { Doc, DocSentence } from '../../text/doc';
import { DIMS, dimensionsCm } from '../../text/measure';
import type { Finding } from './anatomy';
import { findDepth, NO_PRIMARY } from './depth';
import { EXTENT_LEVELS } from './extent';
import { findColorectalSize } from './size';

/** "tumour A", "Lesion 2", "carcinoma B": a tumour noun with its label (not a length: "tumour 2 cm"). */
const NAMED =
  /\b(?:[Tt]umou?r|TUMOU?R|[Ll]esion|LESION|[Cc]arcinoma|[Mm]ass|[Pp]rimary)\s+(?:[Nn]o\.?\s*)?([A-D]|[1-4])\b(?!\s*(?:cm|mm|x|×|[.,]\d|%))/g;
/** A report that says it holds several tumours. */
const SEVERAL =
  /\b(?:two|three|four|2|3|4|multiple|several|separate)\s+(?:separate\s+|synchronous\s+|distinct\s+|discrete\s+)?(?:primary\s+)?(?:tumou?rs|carcinomas|adenocarcinomas|lesions|primaries|cancers|masses)\b|\bsynchronous\b/i;
/** "A: caecum, 22 mm", "(B) descending colon": a bare label opening a line, read only in a report of several tumours. */
const BARE = /^\s*\(?([A-D])(?:\)|:|\.\s)/;
/** "…; B penetrates the visceral peritoneum": a bare label as the subject, once the labels are known. */
const BARE_SUBJECT = /(?:^|[:;,]\s*)([A-D])\s+(?=[a-z]{3,})/g;
/** A bare-labelled line that describes a tumour of its own: a bowel segment and a length. */
const SEGMENT =
  /\b(?:c(?:a)?ecum|caecal|cecal|ascending|transverse|descending|sigmoid|rect(?:um|al)|rectosigmoid|flexure|colon)\b/i;
const LENGTH = /\d\s*(?:cm|mm)\b/i;
const PART = /\b(?:doughnuts?|donuts?|rings?|lymph nodes?|omentum|liver|appendix|ovary|biopsy)\b/i;

/** Lines opening with a bare label that each describe a bowel tumour ("A: caecum, 22 mm, …" / "B: sigmoid, 47 mm"). */
function bareTumourLines(sentences: DocSentence[]): boolean {
  const lines = sentences.filter((s) => BARE.test(s.masked));
  const tumours = lines.filter((s) => SEGMENT.test(s.masked) && LENGTH.test(s.masked) && !PART.test(s.masked));
  return tumours.length >= 2 && tumours.length === lines.length;
}

const BENIGN = /\b(?:polyps?|adenomas?|diverticul\w*|nodes?|hyperplastic)\b/i;
const MALIGNANT = /\b(?:(?:adeno)?carcinomas?|cancers?|malignan\w*|invasive|invad\w*)\b/i;

export interface TumourPick {
  /** The labels found, in report order. */
  labels: string[];
  label: string;
  size?: { cm: number; sentence: DocSentence; how: string };
  extent?: Finding<string>;
  /** The chosen tumour's stretches of text, for the site. */
  doc: Doc;
  issue: string;
}

/** Each sentence's stretches, by the label they follow (a label carries on to the sentences after it). */
function stretches(sentences: DocSentence[], several: boolean): Map<string, DocSentence[]> {
  const out = new Map<string, DocSentence[]>();
  let current: string | undefined;
  for (const s of sentences) {
    const t = s.masked;
    const marks = [...t.matchAll(NAMED)].map((m) => ({ at: m.index, label: m[1]! }));
    const bare = several ? BARE.exec(t) : null;
    if (bare && !marks.some((m) => m.at === 0)) marks.unshift({ at: 0, label: bare[1]! });
    if (several && out.size >= 2)
      for (const b of t.matchAll(BARE_SUBJECT)) {
        const at = b.index + b[0].indexOf(b[1]!);
        if (out.has(b[1]!) && !marks.some((x) => x.at === at)) marks.push({ at, label: b[1]! });
      }
    marks.sort((a, b) => a.at - b.at);
    if (current && (marks[0]?.at ?? t.length) > 0) add(out, current, { ...s, masked: t.slice(0, marks[0]?.at) });
    for (const [i, m] of marks.entries()) {
      add(out, m.label, { ...s, masked: t.slice(m.at, marks[i + 1]?.at ?? t.length) });
      current = m.label;
    }
  }
  return out;
}

function add(map: Map<string, DocSentence[]>, label: string, s: DocSentence) {
  map.set(label, [...(map.get(label) ?? []), s]);
}

/** A line given to one tumour ("B: rectosigmoid, 44 mm, annular"): its first length that is not a distance is the size. */
function lineSize(own: DocSentence[]): { cm: number; sentence: DocSentence; how: string } | undefined {
  for (const s of own) {
    for (const d of s.masked.matchAll(new RegExp(DIMS, 'gi'))) {
      if (/^\s*\)?\s*(?:away|from|to|proximal|distal|above|below|of)\b/i.test(s.masked.slice(d.index + d[0].length)))
        continue;
      const values = dimensionsCm(d[0]);
      if (values.length) return { cm: Math.max(...values), sentence: s, how: 'length on the line of this tumour' };
    }
  }
  return undefined;
}

const level = (f: Finding<string> | undefined) =>
  f?.value === NO_PRIMARY ? -1 : f ? EXTENT_LEVELS.indexOf(f.value as never) : -2;

/**
 * The tumour with the highest T among several labelled primaries.
 * @param gross - The gross description.
 * @param findings - The findings sentences (microscopy, diagnosis, summary).
 * @returns The chosen tumour's size, depth and text with the issue, or undefined for a single tumour.
 */
export function pickHighestT(gross: Doc, findings: DocSentence[]): TumourPick | undefined {
  const several =
    SEVERAL.test(gross.text) || findings.some((s) => SEVERAL.test(s.masked)) || bareTumourLines(gross.sentences);
  const g = stretches(gross.sentences, several);
  const f = stretches(findings, several);
  // A labelled polyp or node ("Lesion 2: sessile polyp") is not a second primary.
  const benign = (label: string) => {
    const text = [...(g.get(label) ?? []), ...(f.get(label) ?? [])].map((s) => s.masked).join(' ');
    return BENIGN.test(text) && !MALIGNANT.test(text);
  };
  const labels = [...new Set([...g.keys(), ...f.keys()])].filter((l) => !benign(l));
  if (labels.length < 2) return undefined;
  const read = labels.map((label) => {
    const own = g.get(label) ?? [];
    const doc: Doc = { text: own.map((s) => s.masked).join(' '), sentences: own };
    const extent = findDepth(doc, f.get(label) ?? []);
    const size = findColorectalSize(own) ?? lineSize(own) ?? findColorectalSize(f.get(label) ?? []);
    return { label, extent, size, doc };
  });
  const best = read.reduce((a, b) =>
    level(b.extent) > level(a.extent) || (level(b.extent) === level(a.extent) && (b.size?.cm ?? 0) > (a.size?.cm ?? 0))
      ? b
      : a
  );
  return {
    labels,
    label: best.label,
    ...(best.size ? { size: best.size } : {}),
    ...(best.extent ? { extent: best.extent } : {}),
    doc: best.doc,
    issue: `The report describes several tumours (${labels.join(', ')}): the size, site and extent are those of tumour ${best.label}, the one with the highest T (AJCC 8 multiple-tumour rule, pT(m)); CAP recommends a separate checklist for each primary.`,
  };
}
