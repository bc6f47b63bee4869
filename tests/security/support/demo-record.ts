// Patient A's record built from the demo data in memory, so workups can run without the sandbox FHIR server.
import type { Bundle, Resource } from '@medplum/fhirtypes';
import { emptyRecord, type PatientRecord } from '../../../common/record/patient-record';
import { demoData, demoId } from '../../../server/sandbox/demo';

/**
 * The record of demo-crc-met (two CT time points, KRAS, CEA), grouped as the record loader would.
 * @param dicomWebBase - Where its ImagingStudy endpoints point.
 * @returns The record.
 */
export function demoRecord(dicomWebBase: string): PatientRecord {
  const patientId = demoId('demo-crc-met');
  const resources = demoData({ dicomWebBase })
    .bundles.flatMap((b: Bundle) => (b.entry ?? []).map((e) => e.resource as Resource))
    .filter((r): r is Resource => Boolean(r) && JSON.stringify(r).includes(patientId));
  const patient = resources.find((r) => r.resourceType === 'Patient' && r.id === patientId);
  if (patient?.resourceType !== 'Patient') throw new Error('demo patient missing');
  const record = emptyRecord(patient);
  for (const r of resources) {
    if (r.resourceType === 'Condition') record.conditions.push(r);
    else if (r.resourceType === 'Observation') record.observations.push(r);
    else if (r.resourceType === 'DiagnosticReport') record.diagnosticReports.push(r);
    else if (r.resourceType === 'ImagingStudy') record.imagingStudies.push(r);
    else if (r.resourceType === 'DocumentReference') record.documentReferences.push(r);
    else if (r.resourceType === 'Procedure') record.procedures.push(r);
    else if (r.resourceType === 'MedicationRequest') record.medicationRequests.push(r);
    else if (r.resourceType === 'MedicationStatement') record.medicationStatements.push(r);
  }
  return record;
}
