// Everything the planners, the policy and the findings read from a record, extracted once per workup.
import type { Resource } from '@medplum/fhirtypes';
import { type PatientRecord, recordResources } from '../../../common/record/patient-record';
import { readOtherShapes } from './biomarker-shapes';
import { type RecordBiomarkers, readBiomarkers } from './biomarkers';
import { type DosingFacts, readDosing } from './dosing';
import { type HccBurden, readHccBurden } from './hcc-burden';
import { type HistologySource, readHistology } from './histology';
import { readImaging, type TimePoint } from './imaging';
import { type LiverFunction, readLiverFunction } from './liver';
import { readEcogStatus, readKarnofsky } from './performance';
import { type ResectionFact, readResection } from './resection';
import { findTnm, type RecordTnm } from './staging';
import { keyOf } from './text';
import { type RecordText, readPlannedDrugs, readTexts, readTherapyLines, type TherapyLine } from './texts';
import { findPrimaryCancer, type PrimaryCancer } from './tumour';

export interface RecordFacts {
  patient: { id: string; name: string };
  primary?: PrimaryCancer;
  tnm?: RecordTnm;
  /** The resection of the primary tumour, when the record states one (adjuvant versus pre-operative options). */
  resection?: ResectionFact;
  biomarkers: RecordBiomarkers;
  /** Results in other shapes (protein-by-protein IHC, text results, report text): shown in the summary only. */
  otherBiomarkers?: RecordBiomarkers;
  liver: LiverFunction;
  ecog?: { ref: string; value: number };
  hccBurden?: HccBurden;
  imaging: TimePoint[];
  histology: HistologySource[];
  /** Free text of reports, documents, string results and conditions (for the workflow rules). */
  texts: RecordText[];
  /** Systemic therapy lines given (anticancer medications grouped by start month). */
  therapyLines: TherapyLine[];
  /** Anticancer drugs proposed or planned, not yet given (dosing is checked before the first dose). */
  plannedDrugs?: string[];
  /** Creatinine, weight, age, sex and Karnofsky status for dosing and performance scores. */
  dosing: DosingFacts;
  /** Every `Type/id` of the record, plus every image instance reference a tool may be given. */
  references: Set<string>;
  /** Attachment URLs the record itself holds (the only URLs a tool may be pointed at). */
  urls: Set<string>;
}

/** The patient's display name (official name first), never more identifying than that. */
export function patientName(record: PatientRecord): string {
  const names = record.patient.name ?? [];
  const name = names.find((n) => n.use === 'official') ?? names[0];
  const text = name?.text ?? [...(name?.given ?? []), name?.family ?? ''].join(' ').trim();
  return text || `Patient/${record.patient.id}`;
}

function collectUrls(resources: Resource[]): Set<string> {
  const urls = new Set<string>();
  // Attachments sit at different paths per resource type; a walk finds every `url` of an attachment-like object.
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      const o = value as Record<string, unknown>;
      if (typeof o.url === 'string' && (typeof o.contentType === 'string' || typeof o.title === 'string'))
        urls.add(o.url);
      Object.values(o).forEach(walk);
    }
  };
  walk(resources);
  return urls;
}

/**
 * Reads the facts of a record.
 * @param record - The patient record.
 * @returns Tumour, staging, biomarkers, liver function, imaging, histology and the sets of allowed references.
 */
export function readFacts(record: PatientRecord): RecordFacts {
  const primary = findPrimaryCancer(record.conditions);
  const tnm = primary?.tnmSite ? findTnm(primary.tnmSite, primary.condition, record.observations) : undefined;
  const imaging = readImaging(record);
  const resources = recordResources(record);
  const references = new Set(resources.filter((r) => r.id).map(keyOf));
  for (const study of record.imagingStudies) {
    for (const s of study.series ?? []) {
      for (const i of s.instance ?? []) references.add(`${keyOf(study)}/series/${s.uid}/instances/${i.uid}`);
    }
  }
  const texts = readTexts(record);
  const ecog = readEcogStatus(record.observations, texts);
  const karnofsky = readKarnofsky(record.observations, texts);
  const biomarkers = readBiomarkers(record.observations);
  const hccBurden = primary?.kind === 'hcc' ? readHccBurden(primary.condition, tnm, texts) : undefined;
  const resection = readResection(record, texts, primary?.kind);
  return {
    patient: { id: record.patient.id ?? '', name: patientName(record) },
    ...(primary ? { primary } : {}),
    ...(tnm ? { tnm } : {}),
    ...(resection ? { resection } : {}),
    biomarkers,
    otherBiomarkers: readOtherShapes(
      record.observations,
      record.diagnosticReports,
      biomarkers,
      // Clinical documents and condition notes ("RAS wild-type per outside report"): results a letter or note states.
      texts.filter((t) => t.ref.startsWith('DocumentReference/') || t.ref.startsWith('Condition/'))
    ),
    liver: readLiverFunction(record.observations),
    ...(ecog ? { ecog } : {}),
    ...(hccBurden ? { hccBurden } : {}),
    imaging,
    histology: readHistology(record),
    texts,
    therapyLines: readTherapyLines(record),
    plannedDrugs: readPlannedDrugs(record),
    dosing: {
      ...readDosing(record.patient, record.observations, new Date().toISOString().slice(0, 10)),
      ...(karnofsky ? { karnofsky } : {}),
    },
    references,
    urls: collectUrls(resources),
  };
}
