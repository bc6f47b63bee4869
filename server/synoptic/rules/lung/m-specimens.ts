// How reports list separately submitted specimens for M: a part heading on its own line ("PART B: BRAIN, RESECTION")
// takes the diagnosis on the next line, quoted container labels ("liver lesion") name the organ sent, two positive
// specimens of one organ are two metastases (AJCC 8th M1c), and nodes outside the IASLC map are distant (M1b/M1c).
import type { Doc, DocSentence } from '../../text/doc';
import { expandAbbreviations } from './abbreviations';

export interface SpecimenUnit {
  s: DocSentence;
  /** The sentence with quote marks blanked (labels kept), a bare heading joined to the diagnosis under it. */
  text: string;
}

const PROCEDURE =
  /\b(?:biops(?:y|ies)|resections?|excisions?|excised|resected|\w+ectomy|wedges?|aspirat\w*|FNA|cytology|cores?|curettings?|smears?)\s*:?\s*$/i;
/** A line that says what a finding is: a heading has none after its procedure. */
const DIAGNOSIS =
  /\b(?:metasta\w*|carcinoma|malignan\w*|tumou?r|neoplas\w*|benign|negative|positive|no (?:evidence|tumou?r|malignan\w*)|\w+omas?|granulom\w*|necrosis|gliosis|fibro\w*|hyperplasia|cyst|reactive|no\s+(?:\w+\s+)?(?:identified|seen|present))\b/i;

/**
 * A specimen heading with no diagnosis of its own ("Part C: left adrenal gland, adrenalectomy").
 * @param text - A line.
 * @returns True when the line names a procedure and no finding.
 */
export function bareHeading(text: string): boolean {
  return PROCEDURE.test(text) && !DIAGNOSIS.test(text);
}

/**
 * The report as specimen units: each sentence with quote marks blanked, a bare heading merged with the line after it
 * ("PART B: BRAIN, RESECTION" + "- Metastatic adenocarcinoma" → "…RESECTION: Metastatic adenocarcinoma").
 * @param doc - The report.
 * @returns Units in report order; the merged heading keeps the diagnosis line as its evidence.
 */
export function specimenUnits(doc: Doc): SpecimenUnit[] {
  const out: SpecimenUnit[] = [];
  const plain = (s: DocSentence) => expandAbbreviations(s.text.replace(/['"‘’“”]/g, ' '));
  for (let i = 0; i < doc.sentences.length; i++) {
    const s = doc.sentences[i]!;
    const next = doc.sentences[i + 1];
    if (next && bareHeading(plain(s)) && !bareHeading(plain(next)) && DIAGNOSIS.test(plain(next))) {
      const head = plain(s).replace(/\s*:?\s*$/, '');
      out.push({ s: next, text: `${head}: ${plain(next).replace(/^[\s\-–•*]+/, '')}` });
      i++;
      continue;
    }
    out.push({ s, text: plain(s) });
  }
  return out;
}

/**
 * What a specimen heading names, without its part label, so that one diagnosis repeated in a comment is one
 * specimen while "Liver, segment 2" and "Liver, segment 7" are two.
 * @param heading - The text before the diagnosis colon.
 * @returns A normalised key.
 */
export function headingKey(heading: string): string {
  return heading
    .replace(/^.*:/, '')
    .replace(/^\s*(?:(?:part|specimen|container)\s+)?[A-Z0-9]{1,2}\s*[.):,-]\s*/i, '')
    .replace(/^\s*(?:part|specimen|container)\s+[A-Z0-9]{1,2}\b[\s,:-]*/i, '')
    .replace(/\b(?:biops(?:y|ies)|core|needle|excision|resection|wedge|fna)\b/gi, '')
    .replace(/[^a-z0-9]+/gi, ' ')
    .trim()
    .toLowerCase();
}

/**
 * The part label a line opens with ("Part B", "Specimen C", "B.", "(B)"), upper-cased, or undefined.
 * @param text - A line.
 * @returns The label.
 */
export function partLabel(text: string): string | undefined {
  const m =
    /^\s*(?:(?:part|specimen|container|jar)\s+([A-Z0-9]{1,2})\b|\(?([A-Z])[.)]\s|([A-Z])\s*:)/i.exec(text) ??
    /^\s*(?:addend\w*|amend\w*|comment)\s*:?\s*(?:part|specimen)\s+([A-Z0-9]{1,2})\b/i.exec(text);
  const label = m?.[1] ?? m?.[2] ?? m?.[3];
  return label?.toUpperCase();
}

/**
 * The parts a line refers to: its opening label and any "part C" / "specimen B" in the text.
 * @param text - A line or clause.
 * @returns Labels, upper-cased.
 */
export function partRefs(text: string): string[] {
  const out = new Set<string>();
  const lead = partLabel(text);
  if (lead) out.add(lead);
  for (const m of text.matchAll(/\b(?:[Pp]art|[Ss]pecimen)s?\s+([A-Z]|\d{1,2})\b/g)) out.add(m[1]!);
  return [...out];
}

/**
 * Lymph nodes outside the regional (IASLC) map: a metastasis there is M1b/M1c, not N. Supraclavicular, scalene and
 * low cervical nodes are regional (N3); para-aortic alone is station 6.
 */
export const DISTANT_NODE =
  /\b(?:distant|non-?regional|extra-?thoracic)\s+(?:\([^)]*\)\s+)?(?:lymph\s+)?nodes?\b|\b(?:axill(?:ary|a)|inguinal|groin|retroperitoneal|(?:intra-?)?abdominal|coeliac|celiac|mesenteric|portal|porta hepatis|periportal|hepatoduodenal|gastrohepatic|peri-?gastric|peripancreatic|para-?caval|aorto-?caval|iliac|pelvic|para-?aortic abdominal|submandibular|submental|parotid|occipital|pre-?auricular)\b(?=[^.;]{0,40}\b(?:lymph|nodes?|LNs?)\b)|(?<!\blow(?:er)?\s)\b(?:(?:upper|high|deep|posterior)\s+)?cervical\s+(?:lymph\s+)?nodes?\b|\b(?:lymph nodes?|nodes?|LNs?)\b[,\s]+(?:(?:right|left|bilateral)[,\s]+)?(?:axillary|inguinal|groin|retroperitoneal|abdominal|coeliac|celiac|mesenteric|portal|(?<!\blow(?:er)?\s)cervical)\b/i;
