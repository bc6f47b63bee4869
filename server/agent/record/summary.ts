// A compact, de-identified text summary of the record (no name, id or birth date) for the model planner's data block
// and the answer pipeline: diagnosis, stage, molecular results, key labs, therapy, imaging and histology.
import type { Observation } from '@medplum/fhirtypes';
import type { PatientRecord } from '../../../common/record/patient-record';
import type { RecordFacts } from './facts';
import { conceptText, datePart, keyOf } from './text';

const MAX_FIELD = 240;
const MAX_LABS = 12;

/** One line of record text: whitespace collapsed, cut to a bounded length. */
export function clip(text: string, max = MAX_FIELD): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function age(birthDate: string | undefined, now: Date): string | undefined {
  const born = birthDate ? new Date(birthDate) : undefined;
  if (!born || Number.isNaN(born.getTime())) return undefined;
  const years = Math.floor((now.getTime() - born.getTime()) / (365.25 * 24 * 3600 * 1000));
  return `${years}-year-old`;
}

function labLines(observations: Observation[]): string[] {
  const latest = new Map<string, Observation>();
  for (const o of observations) {
    if (o.valueQuantity?.value === undefined || o.status === 'entered-in-error') continue;
    const name = conceptText(o.code);
    const prior = latest.get(name);
    if (!prior || (o.effectiveDateTime ?? '') > (prior.effectiveDateTime ?? '')) latest.set(name, o);
  }
  return [...latest.values()].slice(0, MAX_LABS).map((o) => {
    const q = o.valueQuantity!;
    return `${clip(conceptText(o.code), 60)} ${q.value} ${q.unit ?? ''} (${datePart(o.effectiveDateTime) ?? 'undated'}) [${keyOf(o)}]`;
  });
}

function therapyLines(record: PatientRecord): string[] {
  // A proposal or plan not yet given reads "planned", never "active": it starts no line and is no running regimen.
  const status = (m: PatientRecord['medicationRequests'][number]) =>
    ['proposal', 'plan'].includes(m.intent) && ['active', 'on-hold', 'draft', 'unknown'].includes(m.status)
      ? 'planned'
      : m.status;
  const requests = record.medicationRequests.map(
    (m) =>
      `${conceptText(m.medicationCodeableConcept)} (${status(m)}, ordered ${datePart(m.authoredOn) ?? '?'})` +
      (m.note?.[0]?.text ? `: ${clip(m.note[0].text, 120)}` : '')
  );
  const statements = record.medicationStatements.map((m) => {
    const p = m.effectivePeriod;
    const why = m.statusReason?.[0] ? `; ${clip(conceptText(m.statusReason[0]), 100)}` : '';
    return `${conceptText(m.medicationCodeableConcept)} (${m.status}, ${datePart(p?.start) ?? '?'} to ${datePart(p?.end) ?? 'now'}${why})`;
  });
  return [...requests, ...statements];
}

/**
 * Writes the summary.
 * @param record - The record.
 * @param facts - Its facts.
 * @param now - Reference date for the age.
 * @returns Plain text, one topic per line; references in brackets.
 */
export function summariseRecord(record: PatientRecord, facts: RecordFacts, now = new Date()): string {
  const p = record.patient;
  const lines: string[] = [`Patient: ${[age(p.birthDate, now), p.gender].filter(Boolean).join(' ') || 'unknown'}`];
  if (facts.primary) {
    const stage = facts.primary.condition.stage?.map((s) => conceptText(s.summary)).join('; ');
    lines.push(
      `Primary cancer: ${facts.primary.text} (${facts.primary.tumourType}) [${facts.primary.ref}]` +
        (stage ? `; stage: ${clip(stage)}` : '')
    );
  }
  const r = facts.resection;
  if (r) lines.push(`Resection: ${clip(r.text, 120)}${r.date ? ` (${r.date})` : ''} [${r.ref}]`);
  const others = record.conditions.filter((c) => keyOf(c) !== facts.primary?.ref);
  if (others.length)
    lines.push(`Other conditions: ${others.map((c) => `${clip(conceptText(c.code), 80)} [${keyOf(c)}]`).join('; ')}`);
  const o = facts.otherBiomarkers;
  const b = o
    ? {
        variants: [...facts.biomarkers.variants, ...o.variants],
        msi: [...facts.biomarkers.msi, ...o.msi],
        mmr: [...facts.biomarkers.mmr, ...o.mmr],
        tmb: [...facts.biomarkers.tmb, ...o.tmb],
      }
    : facts.biomarkers;
  const molecular = [
    ...b.variants.map(
      (v) =>
        `${v.gene} ${v.alteration}${v.partner ? ` (partner ${v.partner})` : ''} ${v.present ? 'present' : 'not detected'}` +
        `${v.verified ? '' : ' (unverified)'} [${v.ref}]`
    ),
    ...b.msi.map((m) => `MSI: ${m.status}${m.method ? ` by ${clip(m.method, 60)}` : ''} (${m.date ?? '?'}) [${m.ref}]`),
    ...b.mmr.map((m) => `MMR IHC: ${m.status} (${m.date ?? '?'}) [${m.ref}]`),
    ...b.tmb.map((t) => `TMB ${t.value} mutations/Mb (${t.high ? 'high' : 'low'}) [${t.ref}]`),
  ];
  if (molecular.length) lines.push(`Molecular: ${molecular.join('; ')}`);
  const liver = facts.liver;
  const exam = [
    liver.ascites && `ascites: ${clip(liver.ascites.text, 60)}`,
    liver.encephalopathy && `encephalopathy: ${clip(liver.encephalopathy.text, 60)}`,
  ];
  if (exam.some(Boolean)) lines.push(`Liver exam: ${exam.filter(Boolean).join('; ')}`);
  if (facts.ecog) lines.push(`ECOG: ${facts.ecog.value} [${facts.ecog.ref}]`);
  const labs = labLines(record.observations);
  if (labs.length) lines.push(`Labs (latest): ${labs.join('; ')}`);
  const therapy = therapyLines(record);
  if (therapy.length) lines.push(`Therapy: ${therapy.map((t) => clip(t, 200)).join('; ')}`);
  for (const t of facts.imaging) {
    const reports = t.reports.length ? `; reports ${t.reports.join(', ')}` : '; no report';
    lines.push(
      `Imaging ${t.date ?? 'undated'} ${t.modality ?? ''} "${clip(t.description, 80)}" [${t.study}]${reports}`
    );
    for (const l of t.lesions)
      lines.push(`  lesion${l.label ? ` "${clip(l.label, 60)}"` : ''}: box [${l.box.join(', ')}] on ${l.image}`);
    if (!t.lesions.length && t.keyImage) lines.push(`  key image: ${t.keyImage}`);
  }
  for (const r of record.diagnosticReports.filter((r) => r.conclusion)) {
    lines.push(
      `Report ${datePart(r.effectiveDateTime) ?? ''} "${clip(conceptText(r.code), 60)}" [${keyOf(r)}]: ${clip(r.conclusion!)}`
    );
  }
  for (const h of facts.histology) lines.push(`Histology: ${h.kind} ${clip(h.description, 80)} [${h.ref}]`);
  if (record.truncated.length) lines.push(`Record incomplete: ${record.truncated.join('; ')}`);
  return lines.join('\n');
}
