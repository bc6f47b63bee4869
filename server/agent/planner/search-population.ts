// Two workflow reasons to search literature that depend on the patient's setting rather than on the alteration: a
// tumour-agnostic biomarker (MSI-H/dMMR) in localised disease with a neoadjuvant or perioperative question (the
// guidance is settled for metastatic disease and still moving for early disease), and a patient outside the pivotal-
// trial population of the regimen asked about (Child-Pugh B or worse, ECOG 2 or worse). Facts only, never record text
// as instructions.
import type { RecordFacts } from '../record/facts';
import type { Lab } from '../record/liver';
import { liverInputs } from './liver-inputs';
import { textAlterations } from './text-alterations';
import { textTnm } from './text-tnm';

const CURATIVE_QUESTION =
  /\b(neo-?adjuvant|peri-?operative|pre-?operative|before (?:the )?(?:surgery|resection|operation)|total neoadjuvant|TNT|organ preservation|watch[- ]and[- ]wait)\b/i;
const METASTATIC = /\bmetasta\w*|\bstage\s+IV\b|\bunresectable\b|(?<!locally )\badvanced\b/i;
/** A question about a systemic regimen (a drug, a class, "immunotherapy plus bevacizumab"). */
const REGIMEN_QUESTION =
  /\b(immuno\w*|chemo\w*|systemic|regimen|\w+mab|\w+nib|\w+platin|FOLF\w*|CAPOX|gemcitabine|checkpoint|targeted)\b/i;

/** Whether the record places the tumour in localised (non-metastatic) disease. */
function localised(facts: RecordFacts): boolean {
  const primary = facts.primary;
  if (!primary || METASTATIC.test(primary.text)) return false;
  const m = facts.tnm?.m ?? (primary.tnmSite ? textTnm(primary.tnmSite, facts.texts)?.m : undefined);
  return !m || !/M1/.test(m);
}

/** The MSI-H/dMMR result of the record (structured, else written in a result). */
function hypermutated(facts: RecordFacts): string | undefined {
  const b = facts.biomarkers;
  const structured = b.msi.find((m) => m.status === 'MSI-H') ?? b.mmr.find((m) => m.status === 'dMMR');
  if (structured) return `${structured.status} (${structured.ref})`;
  const written = textAlterations(facts.texts).find((a) => a.alteration === 'MSI-H' || a.alteration === 'dMMR');
  return written ? `${written.alteration} (${written.ref})` : undefined;
}

/**
 * MSI-H/dMMR in localised disease with a neoadjuvant or perioperative question: the evidence (neoadjuvant PD-1
 * blockade) is recent and moving, the metastatic setting is guideline-settled and searched no more than any other.
 * @param facts - The record's facts.
 * @param question - The clinician's question.
 * @returns Why a search is indicated, or undefined.
 */
export function curativeBiomarkerReason(facts: RecordFacts, question: string): string | undefined {
  if (!CURATIVE_QUESTION.test(question) || !localised(facts)) return undefined;
  const found = hypermutated(facts);
  return found
    ? `${found} in localised disease with a neoadjuvant or perioperative question (evidence still evolving for early disease)`
    : undefined;
}

/** Child-Pugh points of one lab (conventional or SI units). */
function points(lab: Lab | undefined, cuts: [number, number], higherIsWorse: boolean): number {
  if (!lab) return 1;
  const [a, b] = cuts;
  return higherIsWorse ? (lab.value < a ? 1 : lab.value <= b ? 2 : 3) : lab.value > b ? 1 : lab.value >= a ? 2 : 3;
}

/**
 * The Child-Pugh class the labs alone already reach (unrecorded ascites and encephalopathy count as absent, so the
 * class can only be higher): enough to tell that a patient is outside Child-Pugh A trials.
 */
export function childPughAtLeast(facts: RecordFacts): 'A' | 'B' | 'C' | undefined {
  const liver = liverInputs(facts);
  if (!liver.bilirubin || !liver.albumin) return undefined;
  const si = liver.bilirubin.unit === 'µmol/L';
  const bili = points(liver.bilirubin, si ? [34, 50] : [2, 3], true);
  const alb = points(liver.albumin, liver.albumin.unit === 'g/L' ? [28, 35] : [2.8, 3.5], false);
  const inr = points(liver.inr, [1.7, 2.3], true);
  const ascites = { none: 1, mild: 2, moderate_severe: 3 }[liver.ascites?.grade ?? 'none'];
  const enceph = { none: 1, grade_1_2: 2, grade_3_4: 3 }[liver.encephalopathy?.grade ?? 'none'];
  const total = bili + alb + inr + ascites + enceph;
  return total >= 10 ? 'C' : total >= 7 ? 'B' : 'A';
}

/**
 * A systemic regimen asked about for a patient outside the population of the trials behind it (they enrolled
 * Child-Pugh A and ECOG 0–1): the guideline recommendation does not transfer, the literature is searched.
 * @param facts - The record's facts.
 * @param question - The clinician's question.
 * @returns Why a search is indicated, or undefined.
 */
export function outsideTrialReason(facts: RecordFacts, question: string): string | undefined {
  if (!REGIMEN_QUESTION.test(question)) return undefined;
  const liverDisease = facts.primary?.kind === 'hcc' || facts.primary?.kind === 'icc';
  const cp = liverDisease ? childPughAtLeast(facts) : undefined;
  if (cp === 'B' || cp === 'C')
    return `liver function at least Child-Pugh ${cp} from the recorded labs, outside the Child-Pugh A population of the pivotal trials`;
  if (facts.ecog && facts.ecog.value >= 2)
    return `ECOG ${facts.ecog.value} (${facts.ecog.ref}), outside the ECOG 0–1 population of the pivotal trials`;
  return undefined;
}
