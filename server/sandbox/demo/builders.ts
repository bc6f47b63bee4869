// Small builders for the demo record: references, codes, patients, conditions and the transaction Bundle.
import type { Bundle, CodeableConcept, Coding, Condition, Patient, Reference, Resource } from '@medplum/fhirtypes';
import { EXTENSION, PROFILE, SYSTEM } from './codes';

/** A resource that has an id, as every demo resource must. */
export type WithId = Resource & { id: string };

/** A coding pair as written in codes.ts: [code, display]. */
export type CodePair = readonly [string, string];

/**
 * A reference to a resource of the same bundle.
 * @param resource - The resource (its type and id make the reference).
 * @returns `{ reference: 'Type/id' }`.
 */
export function ref<T extends Resource>(resource: T & { id: string }): Reference<T> {
  return { reference: `${resource.resourceType}/${resource.id}` };
}

/** A CodeableConcept from one system and a [code, display] pair (or text only when `pair` is omitted). */
export function concept(system: string | undefined, pair: CodePair | undefined, text?: string): CodeableConcept {
  const coding: Coding[] = system && pair ? [{ system, code: pair[0], display: pair[1] }] : [];
  return { ...(coding.length ? { coding } : {}), text: text ?? pair?.[1] };
}

/** A CodeableConcept with several codings, e.g. SNOMED CT and ICD-10-CM for the same condition. */
export function coded(text: string, ...codings: [system: string, pair: CodePair][]): CodeableConcept {
  return { coding: codings.map(([system, [code, display]]) => ({ system, code, display })), text };
}

/**
 * One transaction Bundle that PUTs each resource at `Type/id`, so loading twice changes nothing.
 * @param resources - Resources with stable ids; order is kept.
 * @returns The transaction Bundle.
 */
export function transaction(resources: WithId[]): Bundle {
  return {
    resourceType: 'Bundle',
    type: 'transaction',
    entry: resources.map((resource) => ({
      resource,
      request: { method: 'PUT', url: `${resource.resourceType}/${resource.id}` },
    })),
  };
}

/** Inputs of {@link patient}. */
export interface PatientInput {
  id: string;
  mrn: string;
  given: string;
  family: string;
  gender: 'male' | 'female';
  birthDate: string;
  city: string;
}

/** A demo Patient with an MRN, declared as an mCODE cancer patient. */
export function patient(p: PatientInput): Patient & WithId {
  return {
    resourceType: 'Patient',
    id: p.id,
    meta: { profile: [PROFILE.cancerPatient] },
    identifier: [
      {
        use: 'usual',
        type: concept(SYSTEM.identifierType, ['MR', 'Medical record number']),
        system: SYSTEM.mrn,
        value: p.mrn,
      },
    ],
    name: [{ use: 'official', family: p.family, given: [p.given] }],
    gender: p.gender,
    birthDate: p.birthDate,
    address: [{ city: p.city }],
  };
}

/** Inputs of {@link condition}. */
export interface ConditionInput {
  id: string;
  subject: Patient & WithId;
  kind: 'primary' | 'secondary' | 'other';
  code: CodeableConcept;
  bodySite?: CodeableConcept;
  onset: string;
  stage?: string;
  /** Histology (mCODE histology-morphology-behavior) for primary cancers. */
  morphology?: CodeableConcept;
  /** The primary cancer a metastasis belongs to. */
  primary?: Condition & WithId;
  clinicalStatus?: 'active' | 'remission' | 'resolved';
  note?: string;
}

/** A problem-list Condition; cancers carry the mCODE primary/secondary profile. */
export function condition(c: ConditionInput): Condition & WithId {
  const status = c.clinicalStatus ?? 'active';
  const profile = { primary: [PROFILE.primaryCancer], secondary: [PROFILE.secondaryCancer], other: undefined }[c.kind];
  const extension = [
    ...(c.morphology ? [{ url: EXTENSION.histologyMorphology, valueCodeableConcept: c.morphology }] : []),
    ...(c.primary ? [{ url: EXTENSION.relatedPrimary, valueReference: ref(c.primary) }] : []),
  ];
  return {
    resourceType: 'Condition',
    id: c.id,
    ...(profile ? { meta: { profile } } : {}),
    ...(extension.length ? { extension } : {}),
    clinicalStatus: concept(SYSTEM.conditionClinical, [status, status[0].toUpperCase() + status.slice(1)]),
    verificationStatus: concept(SYSTEM.conditionVerification, ['confirmed', 'Confirmed']),
    category: [concept(SYSTEM.conditionCategory, ['problem-list-item', 'Problem List Item'])],
    code: c.code,
    ...(c.bodySite ? { bodySite: [c.bodySite] } : {}),
    subject: ref(c.subject),
    onsetDateTime: c.onset,
    recordedDate: c.onset,
    ...(c.stage ? { stage: [{ summary: { text: c.stage } }] } : {}),
    ...(c.note ? { note: [{ text: c.note }] } : {}),
  };
}
