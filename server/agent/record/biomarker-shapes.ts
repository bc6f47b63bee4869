// Molecular results in the other shapes records hold them: one Observation per mismatch-repair protein or a panel
// with components ("MLH1: loss"), a gene named in the code with the result as text, and results written in a
// molecular or pathology report — so that a result the record has is never said to be missing.
import type { CodeableConcept, DiagnosticReport, Observation } from '@medplum/fhirtypes';
import {
  type MmrResult,
  type MsiResult,
  type RecordBiomarkers,
  type RecordVariant,
  readBiomarkers,
} from './biomarkers';
import { geneVerdicts } from './gene-verdicts';
import { msiFromConcept, msiMmrInText } from './msi-mmr-text';
import { conceptText, datePart, keyOf, reportText } from './text';

const GENES = 'KRAS|NRAS|RAS|BRAF|ERBB2|HER2|FGFR2|IDH1|BRCA1|BRCA2|PALB2|NTRK[123]?|RET|ALK|ROS1|EGFR|MET|PIK3CA';
const GENE = new RegExp(`\\b(${GENES})\\b`, 'g');
const HAS_GENE = new RegExp(`\\b(${GENES})\\b`);
const MMR_PROTEIN = /\b(MLH1|MSH2|MSH6|PMS2)\b/;
const LOST = /\bloss\b|\blost\b|absent|deficien|negative|not expressed/i;
const KEPT = /retained|intact|present|preserved|proficien|positive|expressed|\bno loss|without loss|not lost/i;

const verified = (status: string): boolean => ['final', 'amended', 'corrected'].includes(status);
const valueText = (x: { valueString?: string; valueCodeableConcept?: CodeableConcept }): string =>
  x.valueString ?? conceptText(x.valueCodeableConcept);

/**
 * Gene results stated in text: "KRAS p.G12D detected", "BRAF V600E: not detected", "NRAS wild-type".
 * @param text - Clauses of a report or a result's text.
 * @param ref - The resource the text is from.
 * @param isVerified - Whether that resource is final.
 * @param date - Its date.
 * @returns One variant per gene and clause that states a result.
 */
export function variantsInText(text: string, ref: string, isVerified: boolean, date?: string): RecordVariant[] {
  const out: RecordVariant[] = [];
  const seen = new Set<string>();
  for (const v of geneVerdicts(text)) {
    const alteration = v.kind ?? v.protein ?? (v.present ? 'mutation' : 'wild-type');
    const key = `${v.gene} ${alteration} ${v.present}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ ref, gene: v.gene, alteration, present: v.present, verified: isVerified, date });
  }
  return out;
}

/**
 * The mismatch-repair status of protein-by-protein immunohistochemistry: any loss is dMMR, all named retained pMMR.
 * @param text - e.g. "MLH1: loss; PMS2: loss; MSH2: retained; MSH6: retained".
 * @returns The status, or undefined when no protein result is stated.
 */
export function mmrFromProteins(text: string): 'dMMR' | 'pMMR' | undefined {
  let lost = false;
  let kept = false;
  for (const clause of text.split(/[;,\n]/)) {
    if (!MMR_PROTEIN.test(clause)) continue;
    if (KEPT.test(clause) && !/\b(loss|lost)\b(?! of)/i.test(clause.replace(/no loss|without loss|not lost/gi, '')))
      kept = true;
    else if (LOST.test(clause)) lost = true;
  }
  return lost ? 'dMMR' : kept ? 'pMMR' : undefined;
}

/**
 * Reads an Observation that the coded readers did not: MMR protein IHC (alone or as a panel's components), MSI named
 * only as "MSI", or a gene named in the code with its result as text.
 * @param o - The Observation.
 * @param out - The results so far; extended in place.
 */
export function readObservationShape(o: Observation, out: RecordBiomarkers): void {
  const base = { ref: keyOf(o), verified: verified(o.status), date: datePart(o.effectiveDateTime) };
  // Only the names from a code ("KRAS mutation analysis" states no result); the verdict comes from the values.
  const named = (c: CodeableConcept | undefined) =>
    [...conceptText(c).matchAll(new RegExp(`${GENE.source}|${MMR_PROTEIN.source}|\\bMSI\\b`, 'g'))]
      .map((m) => m[0])
      .join(', ');
  const parts = [
    `${named(o.code)} ${valueText(o)}`,
    ...(o.component ?? []).map((c) => `${named(c.code)} ${valueText(c)}`),
  ].join('; ');
  if (MMR_PROTEIN.test(parts)) {
    const status = mmrFromProteins(parts);
    if (status) out.mmr.push({ ...base, status, text: parts } satisfies MmrResult);
    return;
  }
  // MSI or MMR named in the code ("MSI by PCR", "Mismatch repair status") with the verdict in the value.
  const codeText = conceptText(o.code);
  if (/\bMSI\b|microsatellite|mismatch[- ]repair|\bMMR\b/i.test(codeText)) {
    const found = msiMmrInText(`${codeText}: ${valueText(o)}`);
    const msi = msiFromConcept(o.valueCodeableConcept) ?? found.msi;
    if (msi && /\bMSI\b|microsatellite/i.test(codeText))
      out.msi.push({ ...base, status: msi, text: valueText(o) } satisfies MsiResult);
    else if (found.mmr) out.mmr.push({ ...base, status: found.mmr, text: valueText(o) } satisfies MmrResult);
    return;
  }
  if (HAS_GENE.test(parts)) out.variants.push(...variantsInText(parts, base.ref, base.verified, base.date));
}

const empty = (b: RecordBiomarkers): boolean => !b.variants.length && !b.msi.length && !b.mmr.length && !b.tmb.length;

/** Gene, MSI and MMR results written in one text, for the genes and statuses not already known. */
function readWritten(
  text: string,
  at: { ref: string; verified: boolean; date?: string },
  coded: RecordBiomarkers,
  out: RecordBiomarkers
): void {
  const { ref, verified: ok, date } = at;
  const known = new Set([...coded.variants, ...out.variants].map((v) => v.gene));
  out.variants.push(...variantsInText(text, ref, ok, date).filter((v) => !known.has(v.gene)));
  // MSI and MMR written in words ("MSS", "mismatch repair proficient"), when no structured result states them.
  const words = msiMmrInText(text);
  const mmr = coded.mmr.length + out.mmr.length === 0 ? (mmrFromProteins(text) ?? words.mmr) : undefined;
  if (mmr) out.mmr.push({ ref, status: mmr, text: text.slice(0, 200), verified: ok, date });
  if (words.msi && coded.msi.length + out.msi.length === 0)
    out.msi.push({ ref, status: words.msi, text: text.slice(0, 200), verified: ok, date });
}

/**
 * The results the coded reader (readBiomarkers) leaves unread: Observations in other shapes, then report text for
 * genes, MSI and MMR it did not find, then clinical documents (notes, letters) for what reports do not state. Kept
 * apart from the coded results, which decide tool calls.
 * @param observations - The record's Observations.
 * @param reports - The record's DiagnosticReports.
 * @param coded - What readBiomarkers found (not repeated here).
 * @param documents - Texts of the record's clinical documents (never OncoAgent's own outputs); their results are
 *   marked unverified, as they are not test reports.
 * @returns Only the results found in the other shapes.
 */
export function readOtherShapes(
  observations: Observation[],
  reports: DiagnosticReport[],
  coded: RecordBiomarkers,
  documents: { ref: string; text: string; date?: string }[] = []
): RecordBiomarkers {
  const out: RecordBiomarkers = { variants: [], msi: [], mmr: [], tmb: [] };
  for (const o of observations) {
    if (o.status === 'entered-in-error' || o.status === 'cancelled' || o.valueQuantity !== undefined) continue;
    if (empty(readBiomarkers([o]))) readObservationShape(o, out);
  }
  for (const r of reports) {
    if (r.status === 'entered-in-error' || r.status === 'cancelled') continue;
    readWritten(
      reportText(r),
      { ref: keyOf(r), verified: verified(r.status), date: datePart(r.effectiveDateTime) },
      coded,
      out
    );
  }
  for (const d of documents) readWritten(d.text, { ref: d.ref, verified: false, date: d.date }, coded, out);
  return out;
}
