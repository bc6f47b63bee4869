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
  /** Start month (YYYY-MM) of the line, or `undated` for the drugs given without dates. */
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
  const meds = [...record.medicationStatements, ...record.medicationRequests].filter((m) => given(m) && anticancer(m));
  const groups = new Map<string, TherapyLine>();
  for (const m of meds) {
    // Undated drugs cannot be told apart into lines: together they count as one regimen.
    const start = medStart(m)?.slice(0, 7) ?? 'undated';
    const line = groups.get(start) ?? { start, drugs: [], refs: [] };
    line.drugs.push(medName(m));
    line.refs.push(keyOf(m));
    groups.set(start, line);
  }
  return mergeContinuations([...groups.values()].sort((a, b) => a.start.localeCompare(b.start)));
}

/** Orders that were never given: proposals, plans, drafts, cancelled or refused ones (they start no line). */
function given(m: Med): boolean {
  if (m.status === 'entered-in-error') return false;
  if (m.resourceType === 'MedicationStatement') return m.status !== 'not-taken' && m.status !== 'intended';
  return !['proposal', 'plan'].includes(m.intent) && !['cancelled', 'draft'].includes(m.status);
}

const MAX_PAUSE_MONTHS = 4;
function monthsBetween(a: string, b: string): number {
  const m = (x: string) => /^(\d{4})-(\d{2})$/.exec(x);
  const [x, y] = [m(a), m(b)];
  if (!x || !y) return b === 'undated' ? 0 : Number.POSITIVE_INFINITY;
  return (Number(y[1]) - Number(x[1])) * 12 + Number(y[2]) - Number(x[2]);
}

/**
 * A line of therapy is a regimen, not an order (ESMO/NCCN usage): further cycles, maintenance with part of the
 * regimen, and a drug added to the running regimen (e.g. an antibody from cycle 2) continue the same line; a regimen
 * that drops a drug and brings another is the next line.
 */
function mergeContinuations(groups: TherapyLine[]): TherapyLine[] {
  const lines: TherapyLine[] = [];
  const stem = (d: string) => d.toLowerCase().trim();
  let last = '';
  for (const g of groups) {
    const prev = lines.at(-1);
    const [before, now] = [new Set(prev?.drugs.map(stem)), new Set(g.drugs.map(stem))];
    const same = [...now].every((d) => before.has(d)) || [...before].every((d) => now.has(d));
    // The same drugs again after a long pause (adjuvant, then at relapse) are a rechallenge: a new line.
    const continues = same && monthsBetween(last, g.start) <= MAX_PAUSE_MONTHS;
    if (g.start !== 'undated') last = g.start;
    if (prev && continues) {
      prev.drugs.push(...g.drugs.filter((d) => !before.has(stem(d))));
      prev.refs.push(...g.refs);
    } else lines.push({ ...g, drugs: [...new Set(g.drugs)] });
  }
  return lines;
}

/**
 * Anticancer drugs planned or proposed but not yet given (dosing questions arise before the first dose).
 * @param record - The patient record.
 * @returns Their names.
 */
export function readPlannedDrugs(record: PatientRecord): string[] {
  return record.medicationRequests
    .filter((m) => anticancer(m) && ['proposal', 'plan'].includes(m.intent) && m.status !== 'entered-in-error')
    .filter((m) => !['cancelled', 'completed', 'stopped'].includes(m.status))
    .map(medName);
}
