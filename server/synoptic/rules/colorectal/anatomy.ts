// Procedure and tumor site of a colorectal resection: named when the report names them, otherwise reasoned from the
// tissue in the specimen and the landmarks near the tumor (container labels are ignored: they are not findings).
import type { Doc, DocSentence } from '../../text/doc';
import { TUMOR_NOUN } from '../../text/sentences';

export interface Finding<T> {
  value: T;
  sentences: DocSentence[];
  explanation: string;
}

const PROCEDURES: [RegExp, string][] = [
  [/\babdomino-?perineal (?:resection|excision)\b|\bAPR\b|\bAPE\b/i, 'Abdominoperineal resection'],
  [
    /\b(?:ultra-?)?low anterior resection\b|\bLAR\b|\banterior resection\s*\(\s*(?:ultra-?)?low\s*\)/i,
    'Low anterior resection',
  ],
  [/\btotal (?:abdominal )?colectomy\b|\bTAC\b/i, 'Total abdominal colectomy'],
  [/\b(?:extended )?right (?:hemi)?colectomy\b/i, 'Right hemicolectomy'],
  [/\btransverse colectomy\b/i, 'Transverse colectomy'],
  [/\bleft (?:hemi)?colectomy\b/i, 'Left hemicolectomy'],
  [/\bsigmoid(?:ectomy| colectomy| resection)\b/i, 'Sigmoidectomy'],
  [
    /\b(?:high |extended )?anterior resection\b|\bsubtotal colectomy\b|\bproctocolectomy\b|\bileoc(?:a)?ecectomy\b|\bileocolic resection\b|\bileo-?c(?:a)?ecal resection\b|\brectosigmoid(?:ectomy| resection)\b|\b(?:resection|excision) of (?:the )?(?:splenic|hepatic) flexure\b|\bsegmental resection\b/i,
    'Other',
  ],
];

/**
 * The procedure: the first named operation, or one inferred from the tissue present.
 * @param doc - The gross description.
 * @returns The procedure with its evidence, or undefined.
 */
export function findProcedure(doc: Doc): Finding<string> | undefined {
  let best: { at: number; value: string; s: DocSentence } | undefined;
  for (const s of doc.sentences) {
    for (const [re, value] of PROCEDURES) {
      const m = re.exec(s.masked);
      // A named operation of the list wins over a generic one ("segmental resection (transverse colectomy)").
      const at = m ? s.index * 10_000 + m.index + (value === 'Other' ? 5_000 : 0) : Number.POSITIVE_INFINITY;
      if (m && (!best || at < best.at)) best = { at, value, s };
    }
    if (best) break;
  }
  if (best)
    return { value: best.value, sentences: [best.s], explanation: `The report names the operation (${best.value}).` };
  return inferProcedure(doc);
}

function inferProcedure(doc: Doc, fromLabels = false): Finding<string> | undefined {
  const specimen = doc.sentences
    .filter((s) => !TUMOR_NOUN.test(s.masked) || /\b(?:specimen|consist|compris|received)\w*/i.test(s.masked))
    .slice(0, 3);
  const text = specimen.map((s) => (fromLabels ? s.text : s.masked)).join(' ');
  const has = (re: RegExp) => re.test(text);
  const label = fromLabels ? ' (only its container label names it)' : '';
  const rule = (value: string, why: string): Finding<string> => ({
    value,
    sentences: specimen.filter((s) => s.masked.trim()),
    explanation: `No operation is named; ${why}${label}, so the specimen is a ${value.toLowerCase()}.`,
  });
  if (has(/\banus\b|\banal canal\b|\bperianal skin\b/i) && has(/\brect(?:um|al)\b/i))
    return rule('Abdominoperineal resection', 'it contains rectum with anus or perianal skin');
  if (
    has(/\bterminal ileum\b|\bileum\b/i) &&
    has(/\bc(?:a)?ecum\b|\bascending colon\b/i) &&
    !has(/\bsigmoid\b|\bdescending\b/i)
  )
    return rule('Right hemicolectomy', 'it contains terminal ileum with caecum and ascending colon');
  if (has(/\brect(?:um|al)\b/i) && has(/\bmesorect\w*/i))
    return rule('Low anterior resection', 'it contains rectum with mesorectum but no anus');
  // A specimen of a single segment is that segment's resection.
  const only: [RegExp, string, string][] = [
    [/\bsigmoid\b/i, 'Sigmoidectomy', 'the specimen is sigmoid colon only'],
    [/\btransverse\b/i, 'Transverse colectomy', 'the specimen is transverse colon only'],
    [/\bdescending\b/i, 'Left hemicolectomy', 'the specimen is descending colon only'],
  ];
  const segments = /\b(?:sigmoid|transverse|descending|ascending|c(?:a)?ecum|rect(?:um|al)|ileum|flexure)\b/gi;
  const named = new Set((text.match(segments) ?? []).map((w) => w.toLowerCase()));
  for (const [re, value, why] of only) if (named.size === 1 && has(re)) return rule(value, why);
  return fromLabels ? undefined : inferProcedure(doc, true);
}

interface Segment {
  display: string;
  re: RegExp;
}

/** Most specific first: "rectosigmoid" must win over "sigmoid", the flexures over the colon segments. */
const SEGMENTS: Segment[] = [
  {
    display: 'Rectosigmoid junction',
    re: /\brecto-?sigmoid(?: junction| colon)?\b|\bjunction of (?:the )?(?:sigmoid(?: colon)? and (?:the )?rectum|rectum and (?:the )?sigmoid)\b|\bsigmoid take-?off\b|\btaeniae?(?: coli)? (?:fan out|spread|splay|coalesce|merge|fuse|become continuous)\w*/i,
  },
  { display: 'Hepatic flexure of colon', re: /\bhepatic flexure\b/i },
  { display: 'Splenic flexure of colon', re: /\bsplenic flexure\b/i },
  { display: 'Ileocecal valve', re: /\bileo-?c(?:a)?ecal valve\b/i },
  { display: 'Rectum', re: /\brect(?:um|al)\b/i },
  { display: 'Sigmoid colon', re: /\bsigmoid(?: colon)?\b/i },
  { display: 'Left (descending) colon', re: /\bdescending colon\b|\bleft colon\b/i },
  { display: 'Right (ascending) colon', re: /\bascending colon\b|\bright colon\b/i },
  { display: 'Transverse colon', re: /\b(?:mid-?)?transverse colon\b/i },
  { display: 'Cecum', re: /\bc(?:a)?ec(?:um|al)\b/i },
];

/** Words that make a segment a landmark near the tumor, not its site ("distal to the ileocecal valve"). */
const RELATION =
  /\b(?:distal to|proximal to|below|above|beneath|opposite|near|adjacent to|from|toward|towards|beyond|up to|away from)\s+(?:the\s+)?$/i;
/** The ileocaecal valve is the site only when the tumor sits on it. */
const ON_VALVE =
  /\b(?:centered|centred|located|situated|arising|arises|sits?|involv\w*|at|on)\s+(?:on\s+|at\s+)?(?:the\s+)?$/i;

interface Mention {
  display: string;
  at: number;
  s: DocSentence;
}

/** A list of parts said to be absent ("without small bowel, appendix or rectum", "no rectum or anus is included"). */
const ABSENT_LIST =
  /\b(?:without|no|nor|excluding|not including)\s+(?:(?:the|any|attached)\s+)?(?:[a-z-]+\s*){1,3}?(?:,\s*(?:[a-z-]+\s*){1,3}?)*(?:,?\s*(?:or|and|nor)\s+(?:[a-z-]+\s*){1,3}?)?(?=[.;:,]|\s+(?:is|are|was|were|present|included|attached|identified|seen)\b|$)/gi;

function mentions(s: DocSentence, fromLabels = false): Mention[] {
  let t = (fromLabels ? s.text : s.masked).replace(ABSENT_LIST, (m) => ' '.repeat(m.length));
  const out: Mention[] = [];
  for (const seg of SEGMENTS) {
    for (const m of t.matchAll(new RegExp(seg.re.source, 'gi'))) {
      const before = t.slice(0, m.index);
      const landmark = RELATION.test(before) || (seg.display === 'Ileocecal valve' && !ON_VALVE.test(before));
      if (!landmark) out.push({ display: seg.display, at: m.index, s });
      t = t.slice(0, m.index) + ' '.repeat(m[0].length) + t.slice(m.index + m[0].length);
    }
  }
  return out.sort((a, b) => a.at - b.at);
}

/**
 * The tumor site: a segment named with the tumor, else a segment named anywhere that fits the procedure, else one
 * reasoned from the procedure.
 * @param doc - The gross description.
 * @param procedure - The procedure found, if any.
 * @returns The site with its evidence, or undefined.
 */
export function findSite(doc: Doc, procedure: string | undefined): Finding<string> | undefined {
  for (const s of doc.sentences) {
    if (!TUMOR_NOUN.test(s.masked)) continue;
    const first = mentions(s)[0];
    if (first)
      return {
        value: first.display,
        sentences: [s],
        explanation: `The tumor is described in the ${first.display.toLowerCase()}.`,
      };
  }
  const anywhere = doc.sentences.flatMap((x) => mentions(x));
  if (anywhere.length === 1 || (anywhere.length > 1 && new Set(anywhere.map((m) => m.display)).size === 1)) {
    const m = anywhere[0]!;
    return {
      value: m.display,
      sentences: [m.s],
      explanation: `The only bowel segment the description names is the ${m.display.toLowerCase()}.`,
    };
  }
  const byProcedure: Record<string, string> = {
    Sigmoidectomy: 'Sigmoid colon',
    'Transverse colectomy': 'Transverse colon',
    'Left hemicolectomy': 'Left (descending) colon',
    'Low anterior resection': 'Rectum',
    'Abdominoperineal resection': 'Rectum',
  };
  const labelled = doc.sentences.flatMap((x) => mentions(x, true));
  if (labelled.length && new Set(labelled.map((m) => m.display)).size === 1) {
    const m = labelled[0]!;
    return {
      value: m.display,
      sentences: [m.s],
      explanation: `Only the container label names a segment (${m.display.toLowerCase()}); nothing in the description contradicts it.`,
    };
  }
  const inferred = procedure ? byProcedure[procedure] : undefined;
  if (inferred) {
    const s = doc.sentences.find((x) => TUMOR_NOUN.test(x.masked)) ?? doc.sentences[0];
    return {
      value: inferred,
      sentences: s ? [s] : [],
      explanation: `No segment is named with the tumor; a ${procedure!.toLowerCase()} removes the ${inferred.toLowerCase()}, so the site is taken from the procedure.`,
    };
  }
  return undefined;
}
