// Reads the tumour's molecular results from structured Observations: variants and fusions (Genomics Reporting),
// MSI, mismatch-repair immunohistochemistry and TMB. Other shapes (protein-by-protein IHC, results as text, report
// text) are read by biomarker-shapes.ts for the summary only.
import type { Observation, ObservationComponent } from '@medplum/fhirtypes';
import { msiFromConcept, msiMmrInText } from './msi-mmr-text';
import { conceptText, datePart, hasCode, keyOf, LOINC } from './text';

export interface RecordVariant {
  ref: string;
  gene: string;
  /** Protein change as recorded ("p.Gly12Asp", "V600E"), or "fusion". */
  alteration: string;
  partner?: string;
  present: boolean;
  /** final/amended/corrected; a preliminary or patient-reported result is not verified. */
  verified: boolean;
  /** Classified as of uncertain significance or (likely) benign: no therapeutic target (AMP/ASCO/CAP tier III–IV). */
  uncertain?: boolean;
  date?: string;
}

export type MsiStatus = 'MSI-H' | 'MSI-L' | 'MSS';
export interface MsiResult {
  ref: string;
  status: MsiStatus;
  text: string;
  method?: string;
  verified: boolean;
  date?: string;
}
export interface MmrResult {
  ref: string;
  status: 'dMMR' | 'pMMR';
  text: string;
  verified: boolean;
  date?: string;
}
export interface TmbResult {
  ref: string;
  value: number;
  high: boolean;
  verified: boolean;
  date?: string;
}

export interface RecordBiomarkers {
  variants: RecordVariant[];
  msi: MsiResult[];
  mmr: MmrResult[];
  tmb: TmbResult[];
}

const CODES = {
  variant: ['69548-6', '81252-9'],
  gene: ['48018-6'],
  protein: ['48005-3'],
  changeType: ['48019-4'],
  significance: ['53037-8'],
  msi: ['81695-9'],
  tmb: ['94076-7'],
  present: ['LA9633-4'],
  absent: ['LA9634-2'],
};
/** TMB at or above this (mutations/Mb) is TMB-high (the FDA tumour-agnostic cut-off). */
export const TMB_HIGH = 10;

const verified = (o: Observation): boolean => ['final', 'amended', 'corrected'].includes(o.status);
const valueText = (o: { valueCodeableConcept?: Observation['valueCodeableConcept']; valueString?: string }): string =>
  o.valueString ?? conceptText(o.valueCodeableConcept);
const components = (o: Observation, codes: string[]): ObservationComponent[] =>
  (o.component ?? []).filter((c) => hasCode(c.code, codes, LOINC));

function isPresent(o: Observation): boolean | undefined {
  if (hasCode(o.valueCodeableConcept, CODES.present)) return true;
  if (hasCode(o.valueCodeableConcept, CODES.absent)) return false;
  const text = valueText(o);
  if (/not detected|absent|negative|wild[- ]?type/i.test(text)) return false;
  if (/present|detected|positive/i.test(text)) return true;
  return undefined;
}

function readVariant(o: Observation): RecordVariant | undefined {
  const genes = components(o, CODES.gene)
    .map((c) => valueText(c).trim().toUpperCase())
    .filter(Boolean);
  const present = isPresent(o);
  if (genes.length === 0 || present === undefined) return undefined;
  const protein = components(o, CODES.protein)
    .map((c) => c.valueCodeableConcept?.text ?? c.valueString ?? c.valueCodeableConcept?.coding?.[0]?.code ?? '')
    .find(Boolean);
  // A fusion or an amplification is often written where the protein change goes ("EML4::ALK fusion (exon 13 :: exon
  // 20)", "ERBB2 amplification (copy number 15)"): it is that event, not a protein change.
  const fusion =
    genes.length > 1 ||
    components(o, CODES.changeType).some((c) => /fusion/i.test(valueText(c))) ||
    /::|\bfusion\b|rearrange/i.test(protein ?? '');
  const writtenPartner = /\b([A-Z][A-Z0-9]{1,9})\s*::\s*([A-Z][A-Z0-9]{1,9})\b/.exec(protein ?? '');
  const significance = [
    ...components(o, CODES.significance).map(valueText),
    ...(o.interpretation ?? []).map(conceptText),
  ].join(' ');
  const uncertain = /uncertain|\bVUS\b|benign/i.test(significance);
  const base = {
    ref: keyOf(o),
    present,
    verified: verified(o),
    ...(uncertain ? { uncertain } : {}),
    date: datePart(o.effectiveDateTime),
  };
  if (fusion) {
    const gene = genes.at(-1)!;
    const other = writtenPartner?.slice(1, 3).find((g) => g !== gene);
    return { ...base, gene, partner: genes.length > 1 ? genes[0] : other, alteration: 'fusion' };
  }
  if (/\bamplifi/i.test(protein ?? '')) return { ...base, gene: genes[0]!, alteration: 'amplification' };
  return { ...base, gene: genes[0]!, alteration: protein ?? (present ? 'mutation' : 'wild-type') };
}

/** A single MMR protein's result ("MLH1: loss") is not the tumour's MMR status: biomarker-shapes reads the set. */
const ONE_PROTEIN = /\b(?:MLH1|MSH2|MSH6|PMS2)\b/;

/**
 * Collects the molecular results of a record.
 * @param observations - The record's Observations.
 * @returns Variants, MSI, MMR and TMB results with their references.
 */
export function readBiomarkers(observations: Observation[]): RecordBiomarkers {
  const out: RecordBiomarkers = { variants: [], msi: [], mmr: [], tmb: [] };
  for (const o of observations) {
    if (o.status === 'entered-in-error' || o.status === 'cancelled') continue;
    const base = { ref: keyOf(o), verified: verified(o), date: datePart(o.effectiveDateTime) };
    const codeText = conceptText(o.code);
    if (hasCode(o.code, CODES.variant, LOINC)) {
      const v = readVariant(o);
      if (v) out.variants.push(v);
    } else if (hasCode(o.code, CODES.msi, LOINC) || /microsatellite/i.test(codeText)) {
      const text = valueText(o);
      const status = msiFromConcept(o.valueCodeableConcept) ?? msiMmrInText(`MSI: ${text}`).msi;
      const method = (o.component ?? []).find((c) => /method/i.test(conceptText(c.code)));
      if (status) out.msi.push({ ...base, status, text, ...(method ? { method: valueText(method) } : {}) });
    } else if (/mismatch[- ]repair|\bMMR\b/i.test(codeText) && !ONE_PROTEIN.test(codeText)) {
      const text = valueText(o);
      const status = msiMmrInText(`MMR: ${text}`).mmr;
      if (status) out.mmr.push({ ...base, status, text });
    } else if (hasCode(o.code, CODES.tmb, LOINC) || /mutational burden/i.test(codeText)) {
      const value = o.valueQuantity?.value;
      if (typeof value === 'number') out.tmb.push({ ...base, value, high: value >= TMB_HIGH });
    }
  }
  return out;
}

/** The MSI/KRAS/BRAF results that are established (verified) in the record. */
export function knownTargets(b: RecordBiomarkers): Set<'MSI' | 'KRAS' | 'BRAF'> {
  const known = new Set<'MSI' | 'KRAS' | 'BRAF'>();
  if (b.msi.some((m) => m.verified) || b.mmr.some((m) => m.verified)) known.add('MSI');
  for (const gene of ['KRAS', 'BRAF'] as const) {
    if (b.variants.some((v) => v.gene === gene && v.verified && v.alteration !== 'fusion')) known.add(gene);
  }
  return known;
}
