// AJCC 8th M1a, intrathoracic spread: separate tumor nodule(s) in the contralateral lung, pleural or pericardial
// nodules, and malignant pleural or pericardial effusion (a positive pleural lavage is not M1a).
import { BENIGN_DX, HEDGED, MALIGNANT_DX } from './m-evidence';
import type { Side } from './side';

export const INTRATHORACIC =
  /\bmalignant (?:pleural|pericardial) effusion\b|\b(?:malignant|tumou?r|carcinoma|adenocarcinoma) cells\b[^.;]{0,40}\b(?:pleural|pericardial) (?:fluid|effusion)\b|\bmetastatic (?:adeno)?carcinoma (?:involving|in|on) the (?:parietal |visceral |diaphragmatic )?(?:pleura|pericardium|(?:pleural|pericardial) (?:fluid|effusion))\b|\b(?:pleural|pericardial) (?:fluid|effusion)\b[^.;]*(?<!\b(?:no|negative for|without|free of|absence of)\s+(?:[\w-]+\s+)?)\b(?:positive|malignant|carcinoma|adenocarcinoma|tumou?r cells)\b|\b(?:pleural|pericardi(?:al|um)) (?:tumou?r )?(?:nodules?|metastas[ie]s|dissemination|implants?|deposits?|seeding|carcinomatosis)\b|\bpleural carcinomatosis\b|\b(?:pericardiocentesis|thoracentesis|pleurocentesis)\b[^.;]*?\b(?:positive|malignant|carcinoma|adenocarcinoma)\b|\b(?:tumou?r )?(?:nodules?|deposits?|implants?|metastas[ie]s) (?:(?:are|is) )?(?:(?:present|seen|identified) )?(?:on|of|in|involving|studding|upon|over) the (?:parietal |visceral |diaphragmatic )?(?:pleura(?:l surfaces?)?|pericardi(?:um|al surfaces?|al sac))\b|\b(?:bilateral|contralateral) (?:lung|pulmonary) metastas[ie]s\b|\b(?:nodules|metastases|deposits|tumou?rs)\b[^.;]{0,30}\bboth lungs\b|\b(?:effusion|fluid)\b[^.;:]{0,30}\b(?:pleural|pericardial)\b[^.;:]{0,10}:\s*(?:positive|malignant|(?:metastatic\s+)?(?:adeno)?carcinoma|tumou?r cells)\b|\b(?:pleura(?:l surfaces?)?|pericardi(?:um|al surfaces?))\b[^.;]{0,30}\b(?:studded|shows?|with|bears?)\b[^.;]{0,30}\b(?:tumou?r )?(?:nodules|implants|deposits)\b|\bpleural? (?:biops\w*|mass|lesions?|specimen|peel)\b[^.;]*?\b(?:metasta\w*|carcinoma|adenocarcinoma|malignan\w*)\b/i;
/**
 * A tumor deposit on the pleura or pericardium set apart from the primary ("a discrete 3 mm deposit of adenocarcinoma
 * on the pericardium, not in continuity with the tumour"): M1a, where direct invasion would be T3 or T2.
 */
export const SEPARATE_SEROSAL =
  /\b(?:(?:deposits?|implants?)|(?:separate|discrete|additional|further|satellite|discontinuous)\s+(?:[\w-]+\s+){0,3}?(?:nodules?|foci|focus))\b[^.;:]{0,50}?\b(?:on|upon|over|studding|in) the (?:parietal |diaphragmatic )?(?:pleura|pleural surface|pericardium|pericardial (?:surface|sac))\b/i;

/**
 * A pleural or pericardial effusion whose positive cytology is given in the next clause ("Pleural effusion; cytology
 * positive for carcinoma").
 * @param clause - The clause naming the effusion.
 * @param next - The clause after it.
 * @returns True when the next clause reports malignant cytology.
 */
export function effusionProvedNext(clause: string, next: string | undefined): boolean {
  if (!next || !/\b(?:pleural|pericardial) (?:effusion|fluid)\b/i.test(clause)) return false;
  return /\bcytolog\w*\b/i.test(next) && MALIGNANT_DX.test(next) && !HEDGED.test(next) && !/\bnegative\b/i.test(next);
}

/**
 * A separately submitted pleural or pericardial specimen whose diagnosis is carcinoma ("Pleura, parietal, biopsy:
 * metastatic adenocarcinoma"); visceral pleural invasion by the primary and a lavage are not M1a.
 */
export const SEROSAL_SPECIMEN =
  /^(?:[^:]*:)?(?![^:]*\b(?:visceral|invasion|invaded|elastic|PL\s?\d|lavage|washings?|en bloc|lob\w*|lung|pneumonectomy|segmentectomy)\b)[^:]*\b(?:pleura\w*|pericardi\w*)\b[^:]*\b(?:biops\w*|excision|resection|excised|nodules?|implants?|fluid|effusion|cytology|peel|decortication)\b[^:]*:\s*(?![^;]*\b(?:invad\w*|invasion|direct extension|extend\w*)\b)(?:[\w-]+[\s,]+){0,3}?(?:metastatic|malignant|(?:adeno)?carcinoma|positive)\b/i;
/** A lung or lobe with its side; the lingula is in the left upper lobe, the middle lobe in the right lung. */
const LUNG_SITE =
  /\b(?:(right|left|contralateral|opposite)\s+(?:upper |middle |lower )?(?:lung|lobe)|\b(R|L)[UML]L|(lingul)(?:a|ar|ectomy)|(?<!\b(?:right|left)[\s,]+)(middle) lobe)\b/gi;
const NODULE = /\b(?:nodules?|tumou?rs?|mass|lesions?|focus|foci|metasta\w*|carcinoma|adenocarcinoma)\b/i;
const MALIGNANT =
  /\b(?:carcinoma|adenocarcinoma|metasta\w*|malignan\w*|tumou?r|biopsy[- ]proven|positive|same histology|consistent with|separate|additional|satellite)\b/i;

/**
 * Where a clause names a tumor in the lung opposite the primary, or undefined. The proof may stand in the next clause
 * ("a right middle lobe nodule; needle biopsy: adenocarcinoma like the left tumour").
 * @param clause - A clause.
 * @param side - The side of the primary tumor, if known.
 * @param next - The clause after it, if any.
 * @returns The offset of the lung site.
 */
export function contralateralLung(clause: string, side: Side | undefined, next?: string): number | undefined {
  const provedNext =
    next !== undefined &&
    MALIGNANT_DX.test(next) &&
    !HEDGED.test(next) &&
    !(BENIGN_DX.test(next) && !MALIGNANT_DX.test(next));
  for (const m of clause.matchAll(LUNG_SITE)) {
    // Sites are matched in any case ("Right lower lobe nodule" opens a line); abbreviations only in capitals.
    if (m[2] && m[0] !== m[0].toUpperCase()) continue;
    // The lingula is on the left; only the right lung has a middle lobe.
    const word = m[3] ? 'left' : m[4] ? 'right' : (m[1] ?? m[2] ?? '').toLowerCase();
    const named = word !== 'contralateral' && word !== 'opposite';
    const other = !named || (side !== undefined && word[0]!.toUpperCase() !== side);
    // A lesion in the other lung counts when a word makes it tumor ("biopsy-proven", "adenocarcinoma", "metastasis").
    if (other && NODULE.test(clause) && (MALIGNANT.test(clause) || provedNext)) return m.index;
  }
  return undefined;
}
