// The record's free text that the planner's workflow rules read (reports, notes, string results, conditions), and the
// systemic therapy lines it shows. Read once per workup; rules cite each text by its `Type/id`.
import type { Annotation, MedicationRequest, MedicationStatement } from '@medplum/fhirtypes';
import type { PatientRecord } from '../../../common/record/patient-record';
import { isOncoAgentOutput } from '../../../common/writeback/ours';
import { attachmentText, conceptText, datePart, keyOf, reportText } from './text';

export interface RecordText {
  ref: string;
  text: string;
  /** When the text's finding was made (reports: effective date), YYYY-MM-DD or shorter. */
  date?: string;
}

export interface TherapyLine {
  /** Start month (YYYY-MM) of the line, or the first medication's reference when undated. */
  start: string;
  drugs: string[];
  refs: string[];
}

const notes = (n: Annotation[] | undefined): string[] => (n ?? []).map((a) => a.text ?? '').filter(Boolean);
type Med = MedicationRequest | MedicationStatement;
const medName = (m: Med): string => conceptText(m.medicationCodeableConcept);

/** Anticancer drugs by name stem (WHO INN stems -mab, -nib, -platin, -taxel, …) or well-known name; ATC L01/L02 by code. */
const ANTICANCER =
  /(?:mab|nib|platin|taxel|rubicin|ciclib|lisib|parib|tinib|rafenib|zomib)\b|fluorouracil|5-?FU|capecitabine|gemcitabine|irinotecan|tegafur|trifluridine|tipiracil|\bS-1\b|etoposide|pemetrexed|mitomycin|temozolomide|everolimus|streptozoc|cyclophosphamide|vinorelbine|lanreotide|octreotide|lutetium|sotorasib|adagrasib|FOLFOX|FOLFIRI|FOLFIRINOX|CAPOX|XELOX|trastuzumab|deruxtecan|lenvatinib|sorafenib|regorafenib|atezolizumab|durvalumab|nivolumab|pembrolizumab|tremelimumab|ipilimumab/i;
const anticancer = (m: Med): boolean =>
  ANTICANCER.test(medName(m)) || (m.medicationCodeableConcept?.coding ?? []).some((c) => /^L0[12]/.test(c.code ?? ''));

/**
 * The readable texts of a record, each with its reference.
 * @param record - The patient record.
 * @returns Report texts, document texts, string-valued Observations and notes, condition texts and notes — never
 *   OncoAgent's own earlier outputs: a workup reading its own report would plan from itself and write again.
 */
export function readTexts(record: PatientRecord): RecordText[] {
  const out: RecordText[] = [];
  const add = (ref: string, parts: (string | undefined)[], date?: string) => {
    const text = parts.filter(Boolean).join('\n').trim();
    if (text) out.push({ ref, text, ...(date ? { date } : {}) });
  };
  for (const r of record.diagnosticReports) {
    if (r.status === 'entered-in-error' || isOncoAgentOutput(r)) continue;
    add(
      keyOf(r),
      [conceptText(r.code), reportText(r)],
      datePart(r.effectiveDateTime ?? r.effectivePeriod?.start ?? r.issued)
    );
  }
  for (const d of record.documentReferences) {
    if (d.status === 'entered-in-error' || isOncoAgentOutput(d)) continue;
    add(keyOf(d), [d.description, ...(d.content ?? []).map((c) => attachmentText(c.attachment))]);
  }
  for (const o of record.observations) {
    if (o.status === 'entered-in-error' || isOncoAgentOutput(o)) continue;
    const value = o.valueString ?? (o.valueCodeableConcept ? conceptText(o.valueCodeableConcept) : undefined);
    const comps = (o.component ?? []).map((c) => c.valueString ?? conceptText(c.valueCodeableConcept));
    if (value || comps.some(Boolean) || o.note) add(keyOf(o), [conceptText(o.code), value, ...comps, ...notes(o.note)]);
  }
  for (const c of record.conditions) {
    const stages = (c.stage ?? []).map((s) => conceptText(s.summary));
    add(keyOf(c), [conceptText(c.code), ...stages, ...notes(c.note)]);
  }
  for (const p of record.procedures) add(keyOf(p), [conceptText(p.code), ...notes(p.note)]);
  return out;
}

const medStart = (m: Med): string | undefined =>
  m.resourceType === 'MedicationStatement'
    ? datePart(m.effectivePeriod?.start ?? m.effectiveDateTime)
    : datePart(m.dispenseRequest?.validityPeriod?.start ?? m.authoredOn);

/**
 * Systemic anticancer therapy lines: anticancer medications grouped by their start month (drugs of one regimen
 * start together; supportive and other drugs are left out).
 * @param record - The patient record.
 * @returns The lines, oldest first.
 */
export function readTherapyLines(record: PatientRecord): TherapyLine[] {
  const meds = [...record.medicationStatements, ...record.medicationRequests].filter(
    (m) => m.status !== 'entered-in-error' && anticancer(m)
  );
  const lines = new Map<string, TherapyLine>();
  for (const m of meds) {
    const start = medStart(m)?.slice(0, 7) ?? keyOf(m);
    const line = lines.get(start) ?? { start, drugs: [], refs: [] };
    line.drugs.push(medName(m));
    line.refs.push(keyOf(m));
    lines.set(start, line);
  }
  return [...lines.values()].sort((a, b) => a.start.localeCompare(b.start));
}
