// AJCC 8th M of a lung cancer from the report and its clinical note: M1a intrathoracic spread (tumor in the
// contralateral lung, pleural or pericardial nodules, malignant effusion); M1b one extrathoracic metastasis in one
// organ; M1c several extrathoracic metastases in one or more organs. Negated and hedged statements do not count.
import type { Doc, DocSentence } from '../../text/doc';
import { affirmed, BENIGN_DX, MALIGNANT_DX, proven, provenByNext } from './m-evidence';
import {
  contralateralLung,
  effusionProvedNext,
  INTRATHORACIC,
  SEPARATE_SEROSAL,
  SEROSAL_SPECIMEN,
} from './m-intrathoracic';
import { bareHeading, DISTANT_NODE, headingKey, partLabel, partRefs, specimenUnits } from './m-specimens';
import type { CategoryFinding } from './n-category';
import { tumorSide } from './side';

const ORGAN =
  /\b(adrenalectomy|hepatectomy|cranio(?:tomy|ctomy)|brain|intracranial|cerebr\w*|cerebell\w*|adrenals?|liver|hepatic|bones?|bony|osseous|skeletal|vertebra[el]?|spine|spinal|rib|stern(?:um|al)(?! notch)|clavic\w*|pelvi[cs]|femur|femoral|kidney|renal|spleen|splenic|skin|subcutaneous|peritone\w*|omentum|omental|pancrea\w*|ovar\w*|skull|calvari\w*|sacr(?:um|al)|iliac|ilium|humer(?:us|al)|scapula\w*|acetabul\w*|lepto-?mening\w*|meninge\w*|soft tissue|(?:skeletal )?muscles?|breast|thyroid|pituitary|gallbladder|colon|colonic|prostat(?:e|ic)|uter(?:us|ine)|testi(?:s|cular)|tonsil(?:s|lar)?|stomach|gastric|small bowel|intestin\w*|bladder|choroid\w*|orbit\w*|(?:(?<!\blow(?:er)? )cervical|axillary|abdominal|retroperitoneal|inguinal|para-?aortic abdominal|distant|non-?regional|distant \(non-?regional\)) lymph nodes?)\b/gi;
const METASTASIS =
  /\b(?:oligo|micro)?metasta(?:sis|ses|tic)\b|\bmets?\b|\b(?:distant|extrathoracic) (?:sites?|disease|spread)\b|\bdisseminated\b|\bcarcinomatosis\b|\bdeposits?\b|\blesions?\b[^.;]{0,40}\b(?:biops\w*|proven|confirmed|consistent with)/i;
/** A finding a later clause may prove ("a retroperitoneal lymph node; EUS-FNA shows metastatic carcinoma"). */
const LESION = /\b(?:lesions?|nodules?|mass(?:es)?|deposits?|uptake|foci|focus|(?:lymph )?nodes?)\b/i;
/** A separately submitted organ specimen whose diagnosis is carcinoma ("Liver, core biopsy: adenocarcinoma"). */
const HEADING_DX =
  /^(?:[^:]*:)?[^:]*\b(?:biops\w*|resection|excision|excised|resected|\w+ectomy|FNA|aspirat\w*|core)\b[^:]*:\s*(?:(?:metastatic|invasive|poorly|moderately|well|differentiated|non-small|small|cell|large|squamous|adeno)[\s,-]+)*(?:adeno)?carcinoma\b/i;

/** A sentence that opens with a sampling procedure and so reports the proof of the lesion named before it. */
const PROOF_OPENING =
  /^\s*(?:(?:CT|US|EBUS|ultrasound|PET)[- ]guided\s+|needle\s+|core\s+|transbronchial\s+|percutaneous\s+)?(?:biops\w*|FNA|fine needle|aspirat\w*|EBUS\w*|cytology|wedge|resection|excision)\b/i;
const PRESENT_FIELD = /\bdistant metasta\w*\s*(?:\([^)]*\))?\s*:\s*(?:present|identified|yes)\b/i;
const SITE_FIELD = /^\s*(?:specify\s+)?(?:metastatic\s+|distant\s+)?sites?\s*(?:\(s\))?(?:\s+involved)?\s*:/i;
/** A field whose values are metastatic sites by its label ("Metastatic sites: brain; liver"). */
const SITES_LABEL =
  /^\s*(?:(?:metastatic|distant|extrathoracic)\s+sites?|sites?\s+of\s+(?:distant\s+)?metasta\w*)\s*(?:\(s\))?\s*:(?!\s*(?:none|not|no\b|absent|n\/a))/i;

/** Names of one organ: a bone lesion described as osseous, vertebral or femoral is still one organ. */
const BONE =
  /^(?:bones?|bony|osseous|skeletal|vertebra[el]?|spine|spinal|rib|stern(?:um|al)|clavic\w*|pelvi[cs]|femur|femoral|skull|calvari\w*|sacr(?:um|al)|iliac|ilium|humer(?:us|al)|scapula\w*|acetabul\w*)$/;

/** One organ under the names a report gives it ("renal" and "kidney" are one organ, not two metastatic sites). */
const ORGAN_NAME: [RegExp, string][] = [
  [/^(?:brain|intracranial|cerebr\w*|cerebell\w*|cranio\w+)$/, 'brain'],
  [/^(?:liver|hepatic|hepatectomy)$/, 'liver'],
  [/^adrenal\w*$/, 'adrenal'],
  [BONE, 'bone'],
  [/^(?:kidney|renal)$/, 'kidney'],
  [/^(?:spleen|splenic)$/, 'spleen'],
  [/^(?:stomach|gastric)$/, 'stomach'],
  [/^(?:small bowel|intestin\w*)$/, 'bowel'],
  [/^(?:skin|subcutaneous)$/, 'skin'],
  [/^(?:peritone\w*|omentum|omental)$/, 'peritoneum'],
  [/^pancrea\w*$/, 'pancreas'],
  [/^ovar\w*$/, 'ovary'],
  [/^(?:lepto-?)?mening\w*$/, 'meninges'],
  [/^(?:skeletal )?muscles?$/, 'muscle'],
  [/^orbit\w*$/, 'orbit'],
  [/\blymph nodes?$/, 'distant lymph node'],
  [/^choroid\w*$/, 'choroid'],
  [/^colon(?:ic)?$/, 'colon'],
  [/^prostat\w*$/, 'prostate'],
  [/^uter\w*$/, 'uterus'],
  [/^testi\w*$/, 'testis'],
  [/^tonsil\w*$/, 'tonsil'],
];

/** The organ a matched name stands for. */
const organOf = (word: string): string => {
  const w = word.toLowerCase();
  return ORGAN_NAME.find(([re]) => re.test(w))?.[1] ?? w;
};
/** Why M is M0 when a distant site was sampled and is benign: a clinical M1 of that site does not stand. */
export const BENIGN_SITE = 'the distant site sampled is benign';
/** An addendum or review that corrects an earlier diagnosis: its benign reading of an organ withdraws the metastasis. */
const REVISION = /\b(?:addend\w*|amend\w*|revis\w*|on review|correct(?:ed|ion)|reclassif\w*|supersed\w*)\b/i;

/** More than one extrathoracic metastasis: plural nouns, or counts and quantifiers attached to them (not sizes). */
const MANY =
  /\b(?:multiple|several|numerous|innumerable|multifocal|widespread|disseminated|diffuse|bilateral|carcinomatosis)\b|\bmetastases\b|\bmets\b|\bmetastatic (?:[\w-]+ ){0,2}?(?:lesions|deposits|nodules|foci|tumou?rs)\b|\b(?:two|three|four|five|[2-9])\s+(?:[\w-]+\s+){0,2}?(?:metastases|lesions|deposits|nodules|foci)\b|(?<!\b(?:no|other|without)\s+(?:other\s+)?)\b(?:lesions|nodules|masses|deposits|foci)\b|\b(?:both|all) (?:specimens|lesions|parts|sites)\b|\bboth (?:[\w-]+ )?(?:adrenal\w*|kidneys|ovaries|breasts|hemispheres|femurs|femora|glands)\b|\bin each\b|(?:\b|\s)[x×]\s?[2-9]\b/i;
/** Extrathoracic metastases stated without their organs: several (M1c) or one (M1b). */
const UNNAMED_MANY =
  /\b(?:extrathoracic|distant) metastases\b[^.;]*\b(?:several|multiple|two|three|\d+) organs\b|\b(?:several|multiple|numerous|widespread|innumerable|disseminated|diffuse) (?:[\w-]+ ){0,2}?(?:metastases|metastatic disease|mets)\b|\bpolymetastatic\b|\bmetasta\w*[^.;]{0,40}\b(?:several|multiple|two|three|\d+) organs\b/i;
const UNNAMED_ONE = /\b(?:(?:a|an)\s+)?(?:single|solitary|one|isolated) (?:extrathoracic|distant) metastasis\b/i;

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
  // Separately submitted specimens with carcinoma, by organ: two of one organ are two metastases (M1c).
  const specimens = new Map<string, Set<string>>();
  // Organs whose own specimen is benign: tissue outranks an imaging impression of the same organ.
  const benign = new Map<string, DocSentence>();
  const units = specimenUnits(doc);
  // "Part B, liver lesion, frozen section: …" then "Part B, permanent sections: metastatic carcinoma": the organs a
  // part label stands for.
  const parts = new Map<string, string[]>();
  for (const { text } of units) {
    const label = partLabel(text);
    const head = text.split(':').slice(0, -1).join(':');
    const named = [...head.matchAll(ORGAN)].map((o) => organOf(o[1]!));
    const lung = /\b(?:lobe|lung|\w*lobectomy|pneumonectomy|segmentectomy|bronch\w*|[RL][UML]L)\b/i.test(head);
    if (label && named.length && !lung && !parts.has(label)) parts.set(label, named);
  }
  for (const [i, { s, text }] of units.entries()) {
    // "CT: four hepatic lesions. Biopsy of one: metastatic adenocarcinoma." The proof may follow in the next sentence.
    const provedLater = provenByNext(text, units[i + 1]?.text, ORGAN);
    // CAP fields "Distant Metastasis: Present" then "Specify Site(s): Brain, liver": the sites are metastases.
    const listed = (present && SITE_FIELD.test(text)) || SITES_LABEL.test(text);
    present = PRESENT_FIELD.test(text) || (present && !/:/.test(text));
    const clauses = listed ? [text] : text.split(/;|\bbut\b|\bwhereas\b/i);
    for (const [c, clause] of clauses.entries()) {
      const intra = INTRATHORACIC.exec(clause) ?? SEROSAL_SPECIMEN.exec(clause) ?? SEPARATE_SEROSAL.exec(clause);
      // The proof of a nodule in the other lung may open the next sentence ("CT-guided biopsy: adenocarcinoma").
      const after = clauses[c + 1] ?? (PROOF_OPENING.test(units[i + 1]?.text ?? '') ? units[i + 1]?.text : undefined);
      const contra = contralateralLung(clause, side, after);
      const at = intra?.index ?? contra ?? (effusionProvedNext(clause, clauses[c + 1]) ? 0 : undefined);
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
      // The organs of the parts a clause refers to ("Part B, permanent sections: …", "immunostains on part C …").
      const referred = partRefs(clause).flatMap((l) => parts.get(l) ?? []);
      // "an adrenal lesion; biopsy confirmed metastatic carcinoma": the proof may sit in the next clause.
      if (BENIGN_DX.test(clause) && !MALIGNANT_DX.test(clause)) {
        // An addendum or amendment that reads a lesion as benign withdraws the metastasis reported before.
        if (REVISION.test(text))
          for (const organ of [...[...clause.matchAll(ORGAN)].map((o) => organOf(o[1]!)), ...referred]) {
            organs.delete(organ);
            specimens.delete(organ);
          }
        const dx = clause.lastIndexOf(':');
        if (dx > 0 && /\b(?:biops\w*|resection|excision|\w+ectomy|FNA|core|wedge)\b/i.test(clause.slice(0, dx)))
          for (const o of clause.slice(0, dx).matchAll(ORGAN)) benign.set(organOf(o[1]!), s);
        continue;
      }
      if (referred.length && ![...clause.replace(/^[^:]*:/, '').matchAll(ORGAN)].length) {
        const dx = clause.slice(clause.lastIndexOf(':') + 1);
        const m = /\bmetasta\w*/i.exec(dx);
        if (m && MALIGNANT_DX.test(dx) && affirmed(dx, m.index, m[0].length))
          for (const organ of referred) if (!organs.has(organ)) organs.set(organ, s);
      }
      // A heading with no diagnosis after it ("C. LIVER LESION, BIOPSY:") names a specimen, not a finding.
      if (bareHeading(clause)) continue;
      // A lesion is proven by its sentence's biopsy of a metastasis, or by a malignant diagnosis in its own or next clause.
      const near = `${clause}; ${clauses[c + 1] ?? ''}`;
      const heading =
        !listed &&
        !METASTASIS.test(clause) &&
        !(LESION.test(clause) && (proven(text) || proven(near, true) || provedLater));
      if (heading && !HEADING_DX.test(clause)) continue;
      const colon = clause.indexOf(':');
      const node = DISTANT_NODE.exec(clause);
      const found = [...clause.matchAll(ORGAN)].map((o) => ({ at: o.index, name: o[0], word: o[1]! }));
      if (node) found.push({ at: node.index, name: node[0], word: 'lymph node' });
      for (const o of found) {
        if (!affirmed(clause, o.at, o.name.length)) continue;
        // An en bloc rib or vertebra with the primary is T (a bone biopsy is not); a heading names a metastasis only
        // before its colon.
        const boneBiopsy = /\b(?:biops\w*|FNA|core|aspirat\w*|curett\w*)\b/i.test(clause.slice(0, colon));
        const enBloc = /\ben bloc\b|\bchest wall\b|\binvad\w*/i.test(clause);
        if (heading && ((BONE.test(o.word.toLowerCase()) && (!boneBiopsy || enBloc)) || o.at > colon)) continue;
        // Invasion of a vertebral body or rib by the primary is T, not M.
        if (/\b(?:invad\w*|invasion|extends?|direct)\b/i.test(clause) && /vertebra|rib|spin/i.test(o.name)) continue;
        const organ = organOf(o.word);
        if (!organs.has(organ)) organs.set(organ, s);
        const dx = clause.indexOf(':', o.at);
        if (dx > 0 && MALIGNANT_DX.test(clause.slice(dx))) {
          const keys = specimens.get(organ) ?? new Set<string>();
          keys.add(headingKey(clause.slice(0, dx)));
          specimens.set(organ, keys);
          if (keys.size > 1) many ??= s;
        }
        const singles = clause.match(/\bmetastasis\b/gi)?.length ?? 0;
        if (
          (MANY.test(clause) || singles > 1) &&
          !/\b(?:solitary|single|isolated)\b(?!\s+organ)|\bone (?:[\w-]+ ){0,2}?(?:metastasis|lesion|deposit|focus|nodule)\b/i.test(
            clause
          )
        )
          many ??= s;
      }
    }
  }
  for (const organ of benign.keys()) if (!specimens.has(organ)) organs.delete(organ);
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
  if (benign.size) return { value: 'M0', sentences: [...benign.values()], reasons: [BENIGN_SITE] };
  return {
    value: 'M0',
    sentences: [],
    reasons: ['no distant metastasis described (AJCC has no MX: clinical M0 assumed)'],
  };
}
