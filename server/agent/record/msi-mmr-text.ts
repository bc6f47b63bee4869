// MSI and mismatch-repair status in the words and codes records use ("MSS", "MSI-high", "pMMR", "mismatch repair
// proficient", "MLH1 and PMS2 lost", LOINC answer LA26203-2), so a recorded status is never reported as missing —
// and a test that was only ordered, pending or recommended is never read as a result.
import type { CodeableConcept } from '@medplum/fhirtypes';
import type { MsiStatus } from './biomarkers';

export interface MsiMmrStatus {
  msi?: MsiStatus;
  mmr?: 'dMMR' | 'pMMR';
}

/** LOINC answers for microsatellite status (answer list of LOINC 81695-9 and its IHC-based siblings). */
const LOINC_ANSWERS: Record<string, MsiStatus> = {
  'LA26203-2': 'MSI-H',
  'LA26202-4': 'MSI-L',
  'LA14122-8': 'MSS',
  'LA14123-6': 'MSI-H',
};

const MSI_H =
  /\bMSI-?H(?:igh)?\b|\bMSI[- ]high\b|microsatellite[- ]instability[- ](?:high|\(MSI-H\))|high[- ](?:level )?microsatellite instability|microsatellite[- ]unstable/i;
const MSI_L =
  /\bMSI-?L(?:ow)?\b|\bMSI[- ]low\b|microsatellite[- ]instability[- ]low|low[- ]level microsatellite instability/i;
const MSS =
  /\bMSS\b|microsatellite[- ]stab(?:le|ility)|\bMSI(?: status)?\s*[:-]?\s*(?:negative|not detected)\b|\bno (?:evidence of )?microsatellite instability\b|^\s*stable\b/i;
const DMMR =
  /\bdMMR\b|mismatch[- ]repair[- ](?:protein )?deficien\w*|deficient (?:mismatch[- ]repair|MMR)\b|\bMMR[- ]deficien\w*|\bMMR[- ]D\b/i;
const PMMR =
  /\bpMMR\b|mismatch[- ]repair[- ](?:protein )?proficien\w*|proficient (?:mismatch[- ]repair|MMR)\b|\bMMR[- ]proficien\w*|\bMMR[- ]P\b|(?:mismatch[- ]repair|MMR) (?:proteins? )?(?:expression )?(?:is |are )?(?:intact|retained|preserved)|(?:intact|retained|preserved) (?:expression of )?(?:all (?:four )?)?(?:mismatch[- ]repair|MMR)/i;
/** A clause that orders, awaits or recommends a test, or names a group a drug is for, states no result. */
const NO_RESULT =
  /\b(?:pending|awaited|requested|ordered|recommended|recommend|suggest(?:ed)?|consider|should|would|will be|to be (?:sent|performed|done)|in progress|not (?:yet )?(?:been )?(?:performed|done|tested|assessed|available|reported)|untested|unknown|failed|insufficient|inconclusive|indeterminate|not evaluable|approved|indicated|eligib\w*|candidate|if)\b/i;
const CLAUSE = /;|\.(?=\s|$)|\n/;
/** "Mismatch repair status: Proficient", "MSI: High": the topic in one place, the verdict in another. */
const MSI_TOPIC = /\bMSI\b|microsatellite/i;
const MMR_TOPIC = /mismatch[- ]repair|\bMMR\b|\b(?:MLH1|MSH2|MSH6|PMS2)\b/i;
const NEGATED_HIGH =
  /\b(?:not|no|without|negative for)\s+(?:\w+\s+)?(?:MSI-?H|microsatellite instability|dMMR|mismatch[- ]repair deficien|loss)/i;

function msiOf(clause: string): MsiStatus | undefined {
  if (MSS.test(clause) || (NEGATED_HIGH.test(clause) && MSI_TOPIC.test(clause))) return 'MSS';
  if (MSI_L.test(clause)) return 'MSI-L';
  if (MSI_H.test(clause)) return 'MSI-H';
  if (!MSI_TOPIC.test(clause)) return undefined;
  if (/\b(?:un|in)stable\b/i.test(clause)) return 'MSI-H';
  if (/\bstable\b|\bnegative\b/i.test(clause)) return 'MSS';
  if (/\blow\b/i.test(clause)) return 'MSI-L';
  if (/\bhigh\b|\bpositive\b/i.test(clause)) return 'MSI-H';
  return undefined;
}

function mmrOf(clause: string): 'dMMR' | 'pMMR' | undefined {
  if (PMMR.test(clause) || (NEGATED_HIGH.test(clause) && MMR_TOPIC.test(clause))) return 'pMMR';
  if (DMMR.test(clause)) return 'dMMR';
  if (!MMR_TOPIC.test(clause)) return undefined;
  // Any protein lost makes the tumour deficient, whatever the others show.
  if (/deficien|\bloss\b|\blost\b/i.test(clause)) return 'dMMR';
  if (/proficien|\bintact\b|\bretained\b|\bpreserved\b/i.test(clause)) return 'pMMR';
  return undefined;
}

/**
 * MSI and MMR status stated in text; the first statement of each kind counts.
 * @param text - A report, a result value, or "code: value".
 * @returns The statuses found (none for a test that was only planned).
 */
export function msiMmrInText(text: string): MsiMmrStatus {
  const out: MsiMmrStatus = {};
  for (const clause of text.split(CLAUSE)) {
    if (!clause.trim() || NO_RESULT.test(clause)) continue;
    out.msi ??= msiOf(clause);
    out.mmr ??= mmrOf(clause);
  }
  return out;
}

/**
 * The microsatellite status of a coded answer (LOINC answer codes, or the display / text of any system).
 * @param value - The Observation's valueCodeableConcept.
 * @returns The status, or undefined when the concept states none.
 */
export function msiFromConcept(value: CodeableConcept | undefined): MsiStatus | undefined {
  for (const c of value?.coding ?? []) {
    const known = c.code ? LOINC_ANSWERS[c.code] : undefined;
    if (known) return known;
  }
  const words = [value?.text, ...(value?.coding ?? []).map((c) => c.display)].filter(Boolean).join('; ');
  return words ? msiMmrInText(`MSI: ${words}`).msi : undefined;
}
