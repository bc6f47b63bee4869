// AJCC 8th M of a lung cancer from the report and its clinical note: M1a intrathoracic spread (tumor in the
// contralateral lung, pleural or pericardial nodules, malignant effusion); M1b one extrathoracic metastasis in one
// organ; M1c several extrathoracic metastases in one or more organs. Negated and hedged statements do not count.
import type { Doc, DocSentence } from '../../text/doc';
import { isNegated } from '../../text/negation';
import { affirmed, BENIGN_DX, MALIGNANT_DX } from './m-evidence';
import { contralateralLung, INTRATHORACIC } from './m-intrathoracic';
import type { CategoryFinding } from './n-category';
import { tumorSide } from './side';

const ORGAN =
  /\b(adrenalectomy|hepatectomy|cranio(?:tomy|ctomy)|brain|cerebr\w*|cerebell\w*|adrenal|liver|hepatic|bones?|osseous|skeletal|vertebral|spine|spinal|rib|pelvi[cs]|femur|femoral|kidney|renal|spleen|splenic|skin|subcutaneous|peritone\w*|pancrea\w*|ovar\w*|skull|calvari\w*|sacr(?:um|al)|iliac|ilium|humer(?:us|al)|scapula\w*|acetabul\w*|lepto-?mening\w*|meninge\w*|soft tissue|(?:skeletal )?muscles?|breast|thyroid|stomach|gastric|small bowel|intestin\w*|bladder|choroid\w*|orbit\w*|(?:(?<!\blow(?:er)? )cervical|axillary|abdominal|retroperitoneal|inguinal|para-?aortic abdominal|distant|non-?regional|distant \(non-?regional\)) lymph nodes?)\b/gi;
const METASTASIS =
  /\b(?:oligo|micro)?metasta(?:sis|ses|tic)\b|\bmets?\b|\b(?:distant|extrathoracic) (?:sites?|disease|spread)\b|\bdisseminated\b|\bdeposits?\b|\blesions?\b[^.;]{0,40}\b(?:biops\w*|proven|confirmed|consistent with)/i;
const LESION = /\b(?:lesions?|nodules?|mass(?:es)?|deposits?|uptake|foci|focus)\b/i;
const PROVEN =
  /\b(?:biops\w*|confirm\w*|proven|cytology|FNA)\b[^.]*\bmetasta\w*|\bmetasta\w*[^.]*\b(?:biops\w*|confirm\w*|proven)\b/i;
/** A separately submitted organ specimen whose diagnosis is carcinoma ("Liver, core biopsy: adenocarcinoma"). */
const HEADING_DX =
  /^[^:]*\b(?:biops\w*|resection|excision|excised|resected|\w+ectomy|FNA|aspirat\w*|core)\b[^:]*:\s*(?:(?:metastatic|invasive|poorly|moderately|well|differentiated|non-small|small|cell|large|squamous|adeno)[\s,-]+)*(?:adeno)?carcinoma\b/i;

/** A metastasis a sentence affirms (not "no metastatic carcinoma") with the biopsy or proof that confirms it. */
function proven(t: string): boolean {
  return PROVEN.test(t) && [...t.matchAll(/\bmetasta\w*/gi)].some((m) => !isNegated(t, m.index, m.index + m[0].length));
}

const PRESENT_FIELD = /\bdistant metasta\w*\s*(?:\([^)]*\))?\s*:\s*(?:present|identified|yes)\b/i;
const SITE_FIELD = /^\s*(?:specify\s+)?(?:metastatic\s+|distant\s+)?sites?\s*(?:\(s\))?(?:\s+involved)?\s*:/i;

/** Names of one organ: a bone lesion described as osseous, vertebral or femoral is still one organ. */
const BONE =
  /^(?:bones?|osseous|skeletal|vertebral|spine|spinal|rib|pelvi[cs]|femur|femoral|skull|calvari\w*|sacr(?:um|al)|iliac|ilium|humer(?:us|al)|scapula\w*|acetabul\w*)$/;

/** One organ under the names a report gives it ("renal" and "kidney" are one organ, not two metastatic sites). */
const ORGAN_NAME: [RegExp, string][] = [
  [/^(?:brain|cerebr\w*|cerebell\w*|cranio\w+)$/, 'brain'],
  [/^(?:liver|hepatic|hepatectomy)$/, 'liver'],
  [/^adrenal\w*$/, 'adrenal'],
  [BONE, 'bone'],
  [/^(?:kidney|renal)$/, 'kidney'],
  [/^(?:spleen|splenic)$/, 'spleen'],
  [/^(?:stomach|gastric)$/, 'stomach'],
  [/^(?:small bowel|intestin\w*)$/, 'bowel'],
  [/^(?:skin|subcutaneous)$/, 'skin'],
  [/^peritone\w*$/, 'peritoneum'],
  [/^pancrea\w*$/, 'pancreas'],
  [/^ovar\w*$/, 'ovary'],
  [/^(?:lepto-?)?mening\w*$/, 'meninges'],
  [/^(?:skeletal )?muscles?$/, 'muscle'],
  [/^orbit\w*$/, 'orbit'],
  [/^choroid\w*$/, 'choroid'],
];

/** More than one extrathoracic metastasis: plural nouns, or counts and quantifiers attached to them (not sizes). */
const MANY =
  /\b(?:multiple|several|numerous|innumerable|multifocal|widespread|disseminated|diffuse|bilateral)\b|\bmetastases\b|\bmets\b|\bmetastatic (?:[\w-]+ ){0,2}?(?:lesions|deposits|nodules|foci|tumou?rs)\b|\b(?:two|three|four|five|[2-9])\s+(?:[\w-]+\s+){0,2}?(?:metastases|lesions|deposits|nodules|foci)\b/i;
/** Extrathoracic metastases stated without their organs: several (M1c) or one (M1b). */
const UNNAMED_MANY =
  /\b(?:extrathoracic|distant) metastases\b[^.;]*\b(?:several|multiple|two|three|\d+) organs\b|\b(?:several|multiple|numerous|widespread|innumerable|disseminated|diffuse) (?:[\w-]+ ){0,2}?(?:metastases|metastatic disease|mets)\b|\bpolymetastatic\b/i;
const UNNAMED_ONE = /\b(?:a single|solitary|one|an isolated) (?:extrathoracic|distant) metastasis\b/i;

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
  let unnamed: { value: 'M1b' | 'M1c'; s: DocSentence } | undefined;
  let present = false;
  for (const s of doc.sentences) {
    // CAP fields "Distant Metastasis: Present" then "Specify Site(s): Brain, liver": the sites are metastases.
    const listed = present && SITE_FIELD.test(s.masked);
    present = PRESENT_FIELD.test(s.masked) || (present && !/:/.test(s.masked));
    for (const clause of s.masked.split(/;|\bbut\b|\bwhereas\b/i)) {
      const intra = INTRATHORACIC.exec(clause);
      const contra = contralateralLung(clause, side);
      const at = intra?.index ?? contra;
      if (at !== undefined && affirmed(clause, at, intra?.[0].length)) m1a ??= s;
      // "No distant metastases" rules out M1b/M1c only: intrathoracic spread (M1a) in the same clause still counts.
      if (
        /\bno\s+(?:known\s+|evidence of\s+)?(?:distant|extrathoracic)\s+(?:disease|metastas[ie]s|spread)|\bnegative for (?:distant|metasta)\w*|\bno (?:distant )?metastas[ie]s\b/i.test(
          clause
        )
      ) {
        m0 ??= s;
        continue;
      }
      // Nodal metastases are N, and spread in the chest is M1a: neither is an unnamed distant metastasis.
      const local =
        /\b(?:lymph|nodes?|nodal|stations?|hil(?:ar|um)|mediastin\w*|pleura\w*|pericardi\w*|lobes?|lungs?|pulmonary)\b/i;
      const u = local.test(clause) ? null : (UNNAMED_MANY.exec(clause) ?? UNNAMED_ONE.exec(clause));
      if (u && affirmed(clause, u.index, u[0].length) && unnamed?.value !== 'M1c')
        unnamed = { value: UNNAMED_MANY.test(clause) ? 'M1c' : 'M1b', s };
      // "an adrenal lesion; biopsy confirmed metastatic carcinoma": the proof may sit in the next clause.
      if (BENIGN_DX.test(clause) && !MALIGNANT_DX.test(clause)) continue;
      const heading = !listed && !METASTASIS.test(clause) && !(LESION.test(clause) && proven(s.masked));
      if (heading && !HEADING_DX.test(clause)) continue;
      for (const o of clause.matchAll(ORGAN)) {
        if (!affirmed(clause, o.index, o[0].length)) continue;
        // An en bloc rib or vertebra with the primary is T; a heading names a metastasis only before its colon.
        if (heading && (BONE.test(o[1]!.toLowerCase()) || o.index > clause.indexOf(':'))) continue;
        // Invasion of a vertebral body or rib by the primary is T, not M.
        if (/\b(?:invad\w*|invasion|extends?|direct)\b/i.test(clause) && /vertebra|rib|spin/i.test(o[0])) continue;
        const word = o[1]!.toLowerCase();
        const organ = ORGAN_NAME.find(([re]) => re.test(word))?.[1] ?? word;
        if (!organs.has(organ)) organs.set(organ, s);
        const singles = clause.match(/\bmetastasis\b/gi)?.length ?? 0;
        if ((MANY.test(clause) || singles > 1) && !/\b(?:solitary|single|isolated|one)\b(?!\s+organ)/i.test(clause))
          many ??= s;
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
  if (unnamed) {
    const many = unnamed.value === 'M1c';
    const why = many ? 'multiple extrathoracic metastases' : 'a single extrathoracic metastasis';
    return { value: unnamed.value, sentences: [unnamed.s], reasons: [`${why} (organs not named)`] };
  }
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
