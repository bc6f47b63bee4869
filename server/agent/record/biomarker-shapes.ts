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
import { conceptText, datePart, keyOf, reportText } from './text';

const GENES = 'KRAS|NRAS|BRAF|ERBB2|HER2|FGFR2|IDH1|BRCA1|BRCA2|PALB2|NTRK[123]?|RET|ALK|ROS1|EGFR|MET|PIK3CA';
const GENE = new RegExp(`\\b(${GENES})\\b`, 'g');
const HAS_GENE = new RegExp(`\\b(${GENES})\\b`);
const MMR_PROTEIN = /\b(MLH1|MSH2|MSH6|PMS2)\b/;
const NEGATIVE =
  /not detected|no (?:\w+ )?(?:mutation|alteration|variant|amplification|fusion)s? (?:was |were )?(?:detected|identified|found)|wild[- ]?type|\bnegative\b|\babsent\b|\bIHC 0\b|\b[01]\+/i;
const POSITIVE = /detected|present|positive|mutat(?:ed|ion)|amplifi|fusion|\b3\+|\bp\.[A-Z]/i;
const PROTEIN = /\bp\.\(?([A-Z][a-z]{2}\d+[A-Z][a-z]{2}|[A-Z]\d+[A-Z*])\)?|\b([A-Z]\d{2,4}[A-Z])\b/;
const LOST = /\bloss\b|\blost\b|absent|deficien|negative|not expressed/i;
const KEPT = /retained|intact|present|preserved|proficien|positive|expressed|\bno loss|without loss|not lost/i;

const verified = (status: string): boolean => ['final', 'amended', 'corrected'].includes(status);
const valueText = (x: { valueString?: string; valueCodeableConcept?: CodeableConcept }): string =>
  x.valueString ?? conceptText(x.valueCodeableConcept);

/** The clauses of a text (sentence, semicolon or line), each short enough to hold one result. */
const clauses = (text: string): string[] => text.split(/(?<=[.;])\s+|\n+/).filter((c) => c.trim());

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
  for (const clause of clauses(text)) {
    // "KRAS G12D detected, NRAS and BRAF wild-type": each comma segment has its own verdict; a segment without one
    // ("KRAS, NRAS and BRAF wild-type") takes the verdict of the segment after it.
    const segments = clause.split(/,\s*|\s+but\s+/);
    let verdict: boolean | undefined;
    for (let i = segments.length - 1; i >= 0; i--) {
      const seg = segments[i]!;
      const own = NEGATIVE.test(seg) ? false : POSITIVE.test(seg) ? true : undefined;
      if (own !== undefined) verdict = own;
      const genes = [...new Set([...seg.matchAll(GENE)].map((m) => m[1]!.toUpperCase()))];
      if (verdict === undefined || genes.length === 0) continue;
      const present = verdict;
      for (const gene of genes) {
        const protein = genes.length === 1 ? PROTEIN.exec(seg) : null;
        const alteration = /fusion/i.test(seg)
          ? 'fusion'
          : /amplif|\b3\+/i.test(seg)
            ? 'amplification'
            : (protein?.[1] ?? protein?.[2] ?? (present ? 'mutation' : 'wild-type'));
        out.push({ ref, gene: gene === 'HER2' ? 'ERBB2' : gene, alteration, present, verified: isVerified, date });
      }
    }
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
  if (/\bMSI\b/.test(named(o.code))) {
    const text = valueText(o);
    const status = /MSI-?H|high/i.test(text)
      ? 'MSI-H'
      : /MSI-?L|low/i.test(text)
        ? 'MSI-L'
        : /MSS|stable/i.test(text)
          ? 'MSS'
          : undefined;
    if (status) out.msi.push({ ...base, status, text } satisfies MsiResult);
    return;
  }
  if (HAS_GENE.test(parts)) out.variants.push(...variantsInText(parts, base.ref, base.verified, base.date));
}

const empty = (b: RecordBiomarkers): boolean => !b.variants.length && !b.msi.length && !b.mmr.length && !b.tmb.length;

/**
 * The results the coded reader (readBiomarkers) leaves unread: Observations in other shapes, then report text for
 * genes, MSI and MMR it did not find. Kept apart from the coded results, which decide tool calls.
 * @param observations - The record's Observations.
 * @param reports - The record's DiagnosticReports.
 * @param coded - What readBiomarkers found (not repeated here).
 * @returns Only the results found in the other shapes.
 */
export function readOtherShapes(
  observations: Observation[],
  reports: DiagnosticReport[],
  coded: RecordBiomarkers
): RecordBiomarkers {
  const out: RecordBiomarkers = { variants: [], msi: [], mmr: [], tmb: [] };
  for (const o of observations) {
    if (o.status === 'entered-in-error' || o.status === 'cancelled' || o.valueQuantity !== undefined) continue;
    if (empty(readBiomarkers([o]))) readObservationShape(o, out);
  }
  for (const r of reports) {
    if (r.status === 'entered-in-error' || r.status === 'cancelled') continue;
    const text = reportText(r);
    const ref = keyOf(r);
    const ok = verified(r.status);
    const date = datePart(r.effectiveDateTime);
    const known = new Set([...coded.variants, ...out.variants].map((v) => v.gene));
    out.variants.push(...variantsInText(text, ref, ok, date).filter((v) => !known.has(v.gene)));
    const mmr = coded.mmr.length + out.mmr.length === 0 ? mmrFromProteins(text) : undefined;
    if (mmr) out.mmr.push({ ref, status: mmr, text: text.slice(0, 200), verified: ok, date });
  }
  return out;
}
