// What kind of specimen a colorectal report describes: a resection (named, or a resected bowel segment described), or
// a biopsy, polypectomy, endoscopic resection or local excision, which the CAP resection template does not cover.
// Mentions of an earlier or planned procedure ("adenocarcinoma on biopsy", "polypectomy site", "resection is
// recommended") describe history, not this specimen, and are skipped.
import { type Doc, type DocSentence, makeDoc } from '../../text/doc';

export type LocalKind = 'biopsy' | 'polypectomy' | 'endoscopic-resection' | 'local-excision';
export type SpecimenKind = 'resection' | LocalKind | 'unclear';

export interface SpecimenFinding {
  kind: SpecimenKind;
  /** Sentences that name or describe the specimen (empty when nothing does). */
  sentences: DocSentence[];
  explanation: string;
}

/** Most specific first: a transanal excision of a polyp is a local excision, a snare polypectomy with biopsies too. */
const LOCAL: [LocalKind, RegExp][] = [
  [
    'local-excision',
    /\btrans-?anal (?:(?:local|full[- ]thickness|endoscopic|disc|disk|wide)\s+)*(?:excision|resection)\b|\btrans-?anal endoscopic (?:micro-?surgery|operation)\b|\btransanal minimally invasive surgery\b|\bTEMS?\b|\bTEO\b|\bTAMIS\b|\blocal (?:full[- ]thickness )?(?:excision|resection)\b|\bfull[- ]thickness (?:local |disc |disk )?excision\b|\b(?:disc|disk) excision\b/i,
  ],
  [
    'endoscopic-resection',
    /\bendoscopic (?:mucosal|submucosal) (?:resection|dissection)\b|\bEMR\b|\bESD\b|\bmucosectomy\b|\bendoscopic full[- ]thickness resection\b|\bEFTR\b/i,
  ],
  [
    'polypectomy',
    /\bpolypectom(?:y|ies)\b|\b(?:hot |cold )?snare\b|\bexcisional biops(?:y|ies)\b|\bpolyps? (?:removal|excision)\b|\b(?:removed|excised) polyps?\b/i,
  ],
  ['biopsy', /\bbiops(?:y|ies)\b|\bbx\b|\bfine[- ]needle aspirat\w*|\bFNA\b/i],
];

const RESECTION =
  /\babdomino-?perineal (?:resection|excision)\b|\bAPR\b|\bAPE\b|\b(?:ultra-?)?low anterior resection\b|\bLAR\b|\b(?:high |extended )?anterior resection\b|\b(?:hemi)?colectomy\b|\bsigmoidectomy\b|\b(?:sigmoid|rectosigmoid|colon|colonic|rectal|bowel|colorectal|segmental|ileocolic|ileo-?c(?:a)?ecal|flexure) resection\b|\bresection of (?:the )?(?:splenic|hepatic) flexure\b|\bproctectomy\b|\bproctocolectomy\b|\bileoc(?:a)?ecectomy\b|\bHartmann'?s\b|\b(?:total )?mesorectal excision\b|\b(?:ta)?TME\b|\bresection specimen\b|\bresected (?:segment|colon|bowel|rectum|specimen|sigmoid|right|left|transverse)\b|\b(?:colon|rectum|sigmoid|c(?:a)?ecum|rectosigmoid)(?: colon)?,\s*(?:\w+,\s*)?(?:segmental |partial )?resection\b/i;

/** Parts only a resected length of bowel has. */
const SEGMENT =
  /\b(?:segment|length|loop) of (?:\w+\s+){0,2}(?:colon|bowel|intestine|rectum|ileum|sigmoid|c(?:a)?ecum)\b|\b(?:colon|colonic|bowel|large bowel|rectal|sigmoid|intestinal)\s+segment\b|\bmesenter\w*|\bmesocol(?:on|ic)\b|\bmesorectum\b|\bmesorectal (?:excision|fascia|envelope|plane|surface)\b|\bterminal ileum\b|\bappendix\b|\banal canal\b|\bperianal skin\b|\b(?:proximal|distal|ileal) (?:resection )?(?:margin|end|donut|doughnut)s?\b|\bstaple(?:d)? (?:ends?|lines?)\b|\banastomotic (?:ring|donut|doughnut)s?\b/i;
/** A length of 8 cm or more ("26 cm in length", "15 cm of ascending colon"): no endoscopic or local specimen is that long. */
const LENGTH =
  /(\d+(?:[.,]\d+)?)\s*(cm|mm)\s+(?:in\s+length|long|of\s+(?:\w+\s+){0,2}(?:colon|bowel|intestine|rectum|ileum))\b/gi;
const segmentLike = (t: string) =>
  SEGMENT.test(t) ||
  [...t.matchAll(LENGTH)].some((m) => Number.parseFloat(m[1]!.replace(',', '.')) / (/mm/i.test(m[2]!) ? 10 : 1) >= 8);
/** Weaker signs of a resection, enough only when no procedure is named at all. */
const RESECTION_HINT =
  /\blymph nodes?\b|\bperi-?colic\b|\bpericolonic\b|\bperirectal\b|\bserosa\w*|\bopened (?:longitudinally|along)\b|\bbowel wall\b|\bomentum\b/i;

/** Words just before a mention that make it history or a plan ("on biopsy", "status post", "candidate for"). */
const BEFORE =
  /(?:^|[\s(])(?:prior|previous(?:ly)?|earlier|recent|history|h\/o|known|proven|confirmed|diagnosed|on|at|following|after|post|s\/p|since|recommend\w*|consider\w*|planned|plan|candidate|referred|awaiting|scheduled|future|subsequent|further|may|might|could|would|should|requir\w*|needs?|needed|undergo\w*|underwent|had|for)(?=[\s,]|$)/i;
/** Words just after a mention that make it history or a plan ("biopsy-proven", "polypectomy site", "is recommended"). */
const AFTER =
  /^[\s-]*(?:proven|confirmed|sites?|scars?|tracts?|beds?|cavity|clips?|showed|revealed|demonstrated|reports?|dated|in (?:19|20)\d\d)\b|^[^.;]{0,40}?\b(?:recommend\w*|advis\w*|suggest\w*|planned|scheduled|indicated|warranted|consider\w*|should|would be|may be)\b/i;

/** Whether the mention at [start, end) is about this specimen rather than an earlier or planned procedure. */
function current(t: string, start: number, end: number): boolean {
  const clauseStart = Math.max(...[',', ';', ':', '(', ')'].map((c) => t.lastIndexOf(c, start - 1))) + 1;
  const before = t.slice(clauseStart, start).trim().split(/\s+/).slice(-3).join(' ');
  // A parenthesis closes the words before a mention but not those after it: "resection (LAR) is recommended".
  const clauseEnd = t.slice(end).search(/[,;:]/);
  const after = t.slice(end, clauseEnd < 0 ? t.length : end + clauseEnd);
  return !BEFORE.test(before) && !AFTER.test(after);
}

/** "Endoscopic mucosal resection specimen", "local resection": blanked before resections are looked for. */
const blankLocal = (t: string) =>
  LOCAL.reduce((x, [, re]) => x.replace(new RegExp(re.source, 'gi'), (m) => ' '.repeat(m.length)), t);

function mentions(doc: Doc, re: RegExp, prepare: (t: string) => string = (t) => t): DocSentence[] {
  return doc.sentences.filter((s) => {
    const t = prepare(s.text);
    return [...t.matchAll(new RegExp(re.source, 'gi'))].some((m) => current(t, m.index, m.index + m[0].length));
  });
}

const NOUN: Record<LocalKind, string> = {
  biopsy: 'a biopsy',
  polypectomy: 'a polypectomy',
  'endoscopic-resection': 'an endoscopic mucosal resection (or submucosal dissection)',
  'local-excision': 'a local (transanal) excision',
};

/**
 * The kind of specimen a report describes.
 * @param report - The whole report (the specimen is often named outside the gross description).
 * @returns The kind with the sentences that show it; 'unclear' when no procedure is named and no resected bowel
 * segment is described, or when a local procedure is named but a resected segment is described.
 */
export function classifySpecimen(report: string): SpecimenFinding {
  const doc = makeDoc(report);
  const named = mentions(doc, RESECTION, blankLocal);
  if (named.length)
    return { kind: 'resection', sentences: named.slice(0, 1), explanation: 'The report names a resection.' };
  const segment = doc.sentences.filter((s) => segmentLike(s.text));
  for (const [kind, re] of LOCAL) {
    const local = mentions(doc, re);
    if (!local.length) continue;
    if (segment.length)
      return {
        kind: 'unclear',
        sentences: [local[0]!, segment[0]!],
        explanation: `The report names ${NOUN[kind]} but also describes a resected bowel segment.`,
      };
    return { kind, sentences: local.slice(0, 2), explanation: `The report describes ${NOUN[kind]}.` };
  }
  // "Specimen: sigmoid colon polyp" without a procedure word: a polyp sent on its own was removed endoscopically.
  const polyp = doc.sentences.find((s) => /^\s*(?:specimens?(?: type)?|part \w+)\s*:[^.]*\bpolyps?\b/i.test(s.text));
  if (polyp && !segment.length)
    return { kind: 'polypectomy', sentences: [polyp], explanation: 'The specimen is a polyp sent on its own.' };
  const hint = segment.length ? segment : doc.sentences.filter((s) => RESECTION_HINT.test(s.text));
  if (hint.length)
    return {
      kind: 'resection',
      sentences: hint.slice(0, 1),
      explanation: 'No procedure is named, but the report describes a resected bowel segment.',
    };
  return {
    kind: 'unclear',
    sentences: [],
    explanation: 'The report neither names the procedure nor describes a resected bowel segment.',
  };
}

/**
 * The issue a result carries when the specimen is not a resection the template covers.
 * @param f - The specimen finding.
 * @returns The issue in words, or undefined for a resection.
 */
export function specimenIssue(f: SpecimenFinding): string | undefined {
  const skipped =
    'the procedure, mesorectum, relation to the peritoneal reflection, margin distances, closest margin and margin status were not answered';
  if (f.kind === 'resection') return undefined;
  if (f.kind === 'unclear')
    return `The specimen type is unclear (${f.explanation.replace(/^The report /, 'the report ').replace(/\.$/, '')}): the CAP colon and rectum resection template may not apply; ${skipped}, and no procedure was inferred from the site.`;
  const noun = NOUN[f.kind];
  const head = `The report describes ${noun}, not a resection specimen: the CAP colon and rectum resection template does not apply`;
  const extra = f.kind === 'biopsy' ? ', nor were tumor size and depth of invasion (a biopsy shows neither)' : '';
  return `${head}; ${skipped}${extra}.`;
}

/** The article-led name of a non-resection specimen, for explanations. */
export function specimenNoun(kind: SpecimenKind): string {
  return kind === 'resection' ? 'a resection' : kind === 'unclear' ? 'a specimen of unclear type' : NOUN[kind];
}
