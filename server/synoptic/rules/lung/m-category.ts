// AJCC 8th M of a lung cancer from the report and its clinical note: M1a intrathoracic spread (tumor in the
// contralateral lung, pleural or pericardial nodules, malignant effusion); M1b one extrathoracic metastasis in one
// organ; M1c several extrathoracic metastases in one or more organs. Negated and hedged statements do not count.
import type { Doc, DocSentence } from '../../text/doc';
import type { CategoryFinding } from './n-category';
import { type Side, tumorSide } from './side';

const NEGATED_BEFORE =
  /\b(?:no|not|without|negative for|free of|ruled? out|excluded|absence of)\s+(?:[\w-]+[\s,]+){0,5}?$/i;
const NEGATED_AFTER =
  /^[^.;,]*?\b(?:negative|benign|not (?:identified|seen|present|malignant)|excluded|ruled out|no|without|free|clear|unremarkable)\b/i;
const HEDGED =
  /\b(?:suspicious for|possible|cannot be excluded|indeterminate|equivocal|(?:likely|probably) (?:benign|reactive|inflammatory))\b/i;
const ORGAN =
  /\b(brain|cerebral|cerebellar|adrenal|liver|hepatic|bones?|osseous|skeletal|vertebral|spine|spinal|rib|pelvi[cs]|femur|femoral|kidney|renal|spleen|splenic|skin|subcutaneous|peritone\w*|pancrea\w*|ovar\w*|skull|calvari\w*|sacr(?:um|al)|iliac|ilium|humer(?:us|al)|scapula\w*|acetabul\w*|lepto-?mening\w*|meninge\w*|soft tissue|(?:skeletal )?muscles?|breast|thyroid|stomach|gastric|small bowel|intestin\w*|bladder|choroid\w*|orbit\w*|(?:cervical|axillary|abdominal|retroperitoneal|inguinal|para-?aortic abdominal|distant|non-?regional|distant \(non-?regional\)) lymph nodes?)\b/gi;
const METASTASIS =
  /\b(?:oligo|micro)?metasta(?:sis|ses|tic)\b|\bdeposits?\b|\blesions?\b[^.;]{0,40}\b(?:biops\w*|proven|confirmed|consistent with)/i;
const LESION = /\b(?:lesions?|nodules?|mass(?:es)?|deposits?|uptake|foci|focus)\b/i;
const PROVEN =
  /\b(?:biops\w*|confirm\w*|proven|cytology|FNA)\b[^.]*\bmetasta\w*|\bmetasta\w*[^.]*\b(?:biops\w*|confirm\w*|proven)\b/i;
/** Names of one organ: a bone lesion described as osseous, vertebral or femoral is still one organ. */
const BONE =
  /^(?:bones?|osseous|skeletal|vertebral|spine|spinal|rib|pelvi[cs]|femur|femoral|skull|calvari\w*|sacr(?:um|al)|iliac|ilium|humer(?:us|al)|scapula\w*|acetabul\w*)$/;

/** More than one extrathoracic metastasis: plural nouns, or counts and quantifiers attached to them (not sizes). */
const MANY =
  /\b(?:multiple|several|numerous|innumerable|multifocal|widespread|disseminated|diffuse|bilateral)\b|\bmetastases\b|\b(?:two|three|four|five|[2-9])\s+(?:[\w-]+\s+){0,2}?(?:metastases|lesions|deposits|nodules|foci)\b/i;
const INTRATHORACIC =
  /\bmalignant (?:pleural|pericardial) effusion\b|\b(?:pleural|pericardial) (?:fluid|effusion)\b[^.;]*\b(?:positive|malignant|carcinoma|adenocarcinoma|tumou?r cells)\b|\b(?:pleural|pericardial) (?:tumou?r )?(?:nodules?|metastas[ie]s|dissemination|implants?|deposits?|seeding|carcinomatosis)\b|\bpleural carcinomatosis\b|\b(?:tumou?r )?nodules? (?:on|of|involving|studding) the (?:parietal |visceral |diaphragmatic )?pleura\b/i;
const LUNG_SITE =
  /\b(?:(right|left|contralateral|opposite)\s+(?:upper |middle |lower )?(?:lung|lobe)|\b(R|L)[UML]L)\b/gi;
const NODULE = /\b(?:nodules?|tumou?rs?|mass|lesions?|focus|foci|metasta\w*|carcinoma|adenocarcinoma)\b/i;
const MALIGNANT =
  /\b(?:carcinoma|adenocarcinoma|metasta\w*|malignan\w*|tumou?r|biopsy[- ]proven|positive|same histology|consistent with)\b/i;

/** A clause is negated when a trigger stands before the finding in it, or a post-trigger follows. */
function affirmed(clause: string, at: number): boolean {
  return !NEGATED_BEFORE.test(clause.slice(0, at)) && !NEGATED_AFTER.test(clause.slice(at)) && !HEDGED.test(clause);
}

function contralateralLung(clause: string, side: Side | undefined): number | undefined {
  for (const m of clause.matchAll(LUNG_SITE)) {
    // Sites are matched in any case ("Right lower lobe nodule" opens a line); abbreviations only in capitals.
    if (m[2] && m[0] !== m[0].toUpperCase()) continue;
    const word = (m[1] ?? m[2] ?? '').toLowerCase();
    const named = word !== 'contralateral' && word !== 'opposite';
    const other = !named || (side !== undefined && word[0]!.toUpperCase() !== side);
    // A lesion in the other lung counts when a word makes it tumor ("biopsy-proven", "adenocarcinoma", "metastasis").
    if (other && NODULE.test(clause) && MALIGNANT.test(clause)) return m.index;
  }
  return undefined;
}

/**
 * The M category (AJCC has no MX: M0 when nothing is said).
 * @param doc - The lung resection report.
 * @returns M with evidence.
 */
export function findM(doc: Doc): CategoryFinding {
  const side = tumorSide(doc);
  let m0: DocSentence | undefined;
  let m1a: DocSentence | undefined;
  const organs = new Map<string, DocSentence>();
  let many: DocSentence | undefined;
  for (const s of doc.sentences) {
    for (const clause of s.masked.split(/;|\bbut\b|\bwhereas\b/i)) {
      if (
        /\bno\s+(?:known\s+|evidence of\s+)?(?:distant|extrathoracic)\s+(?:disease|metastas[ie]s|spread)|\bnegative for (?:distant|metasta)\w*|\bno (?:distant )?metastas[ie]s\b/i.test(
          clause
        )
      ) {
        m0 ??= s;
        continue;
      }
      const intra = INTRATHORACIC.exec(clause);
      const contra = contralateralLung(clause, side);
      const at = intra?.index ?? contra;
      if (at !== undefined && affirmed(clause, at)) m1a ??= s;
      // "an adrenal lesion; biopsy confirmed metastatic carcinoma": the proof may sit in the next clause.
      if (!METASTASIS.test(clause) && !(LESION.test(clause) && PROVEN.test(s.masked))) continue;
      for (const o of clause.matchAll(ORGAN)) {
        if (!affirmed(clause, o.index)) continue;
        // Invasion of a vertebral body or rib by the primary is T, not M.
        if (/\b(?:invad\w*|invasion|extends?|direct)\b/i.test(clause) && /vertebra|rib|spin/i.test(o[0])) continue;
        const organ = o[1]!
          .toLowerCase()
          .replace(/^(?:cerebral|cerebellar)$/, 'brain')
          .replace(/^hepatic$/, 'liver')
          .replace(BONE, 'bone');
        if (!organs.has(organ)) organs.set(organ, s);
        const singles = clause.match(/\bmetastasis\b/gi)?.length ?? 0;
        if ((MANY.test(clause) || singles > 1) && !/\b(?:solitary|single|isolated|one)\b/i.test(clause)) many ??= s;
      }
    }
  }
  const distant = [...organs.values()];
  if (distant.length > 1 || (distant.length && many))
    return {
      value: 'M1c',
      sentences: [...distant, ...(many ? [many] : [])],
      reasons: ['multiple extrathoracic metastases'],
    };
  if (distant.length) return { value: 'M1b', sentences: distant, reasons: ['a single extrathoracic metastasis'] };
  if (m1a)
    return {
      value: 'M1a',
      sentences: [m1a],
      reasons: ['intrathoracic spread (pleura, pericardium or contralateral lung)'],
    };
  if (m0) return { value: 'M0', sentences: [m0], reasons: ['no distant metastasis'] };
  return {
    value: 'M0',
    sentences: [],
    reasons: ['no distant metastasis described (AJCC has no MX: clinical M0 assumed)'],
  };
}
