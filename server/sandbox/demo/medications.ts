// Medication builders: current treatment as MedicationRequests, past lines as MedicationStatements with periods.
import type { CodeableConcept, Condition, MedicationRequest, MedicationStatement, Patient } from '@medplum/fhirtypes';
import { concept, ref, type WithId } from './builders';
import { RXNORM, SYSTEM } from './codes';

/** One drug of a regimen and how it is given. */
export interface RegimenDrug {
  /** Lower-case name; coded with RxNorm when it is a key of RXNORM, else text only. */
  name: string;
  /** Dosage as a prescriber writes it. */
  dosage: string;
  /** Short id part when the name is long; defaults to the name. */
  key?: string;
}

/** The drugs of mFOLFOX6, every 14 days. */
export const MFOLFOX6: RegimenDrug[] = [
  { name: 'oxaliplatin', dosage: '85 mg/m2 IV over 2 hours on day 1, every 14 days' },
  { name: 'leucovorin', dosage: '400 mg/m2 IV over 2 hours on day 1, every 14 days' },
  { name: 'fluorouracil', dosage: '400 mg/m2 IV bolus on day 1, then 2400 mg/m2 IV over 46 hours, every 14 days' },
];

/** A drug as a CodeableConcept: RxNorm ingredient when the code is known, text otherwise. */
export function drug(name: string): CodeableConcept {
  const code = (RXNORM as Record<string, string>)[name];
  return code ? concept(SYSTEM.rxnorm, [code, name], name) : { text: name };
}

function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Inputs of {@link currentRegimen}. */
export interface CurrentRegimenInput {
  subject: Patient & WithId;
  /** Short id part, e.g. "folfox-bev". */
  regimen: string;
  /** What the regimen is called, e.g. "mFOLFOX6 + bevacizumab". */
  label: string;
  authoredOn: string;
  drugs: RegimenDrug[];
  reason?: Condition & WithId;
  note?: string;
}

/**
 * The active orders of a regimen, one MedicationRequest per drug, grouped by `groupIdentifier`.
 * @param r - The regimen.
 * @returns MedicationRequests with ids `${patient}-${regimen}-${drug}`.
 */
export function currentRegimen(r: CurrentRegimenInput): (MedicationRequest & WithId)[] {
  return r.drugs.map((d) => ({
    resourceType: 'MedicationRequest',
    id: `${r.subject.id}-${r.regimen}-${slug(d.key ?? d.name)}`,
    status: 'active',
    intent: 'order',
    groupIdentifier: { system: 'urn:oncoagent:sandbox:regimen', value: `${r.subject.id}-${r.regimen}` },
    medicationCodeableConcept: drug(d.name),
    subject: ref(r.subject),
    authoredOn: r.authoredOn,
    ...(r.reason ? { reasonReference: [ref(r.reason)] } : {}),
    dosageInstruction: [{ text: d.dosage }],
    note: [{ text: r.note ? `${r.label}. ${r.note}` : r.label }],
  }));
}

/** Inputs of {@link pastRegimen}. */
export interface PastRegimenInput {
  subject: Patient & WithId;
  regimen: string;
  label: string;
  start: string;
  /** Omitted while the drug is still taken. */
  end?: string;
  status: 'active' | 'completed' | 'stopped';
  /** Why it ended, e.g. "Progressive disease on CT 2026-05-12". */
  statusReason?: string;
  drugs: RegimenDrug[];
  reason?: Condition & WithId;
}

/**
 * What the patient took (or takes), one MedicationStatement per drug with its effective period.
 * @param r - The regimen.
 * @returns MedicationStatements with ids `${patient}-${regimen}-${drug}`.
 */
export function pastRegimen(r: PastRegimenInput): (MedicationStatement & WithId)[] {
  return r.drugs.map((d) => ({
    resourceType: 'MedicationStatement',
    id: `${r.subject.id}-${r.regimen}-${slug(d.key ?? d.name)}`,
    status: r.status,
    ...(r.statusReason ? { statusReason: [{ text: r.statusReason }] } : {}),
    medicationCodeableConcept: drug(d.name),
    subject: ref(r.subject),
    effectivePeriod: { start: r.start, ...(r.end ? { end: r.end } : {}) },
    dateAsserted: r.end ?? r.start,
    ...(r.reason ? { reasonReference: [ref(r.reason)] } : {}),
    dosage: [{ text: d.dosage }],
    note: [{ text: r.label }],
  }));
}
