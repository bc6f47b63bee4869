// Therapy lines: anticancer drugs that start together form one line; supportive drugs are not lines.
import type { DiagnosticReport, MedicationStatement, Patient } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { CANONICAL_BASE } from '../../../common/fhir/canonical';
import { emptyRecord } from '../../../common/record/patient-record';
import { readTexts, readTherapyLines } from './texts';

const med = (id: string, name: string, start: string): MedicationStatement => ({
  resourceType: 'MedicationStatement',
  id,
  status: 'completed',
  subject: { reference: 'Patient/p' },
  medicationCodeableConcept: { text: name },
  effectivePeriod: { start },
});

describe('readTherapyLines', () => {
  it('groups a regimen by start month and leaves out supportive drugs', () => {
    const record = emptyRecord({ resourceType: 'Patient', id: 'p' } as Patient);
    record.medicationStatements = [
      med('a', 'oxaliplatin', '2025-01-06'),
      med('b', 'fluorouracil', '2025-01-06'),
      med('c', 'ondansetron', '2025-01-06'),
      med('d', 'irinotecan', '2025-09-01'),
      med('e', 'atorvastatin', '2020-01-01'),
    ];
    expect(readTherapyLines(record).map((l) => [l.start, l.drugs])).toEqual([
      ['2025-01', ['oxaliplatin', 'fluorouracil']],
      ['2025-09', ['irinotecan']],
    ]);
  });
});

describe('readTexts', () => {
  it("reads the EHR's reports but never OncoAgent's own earlier report (a workup must not plan from itself)", () => {
    const record = emptyRecord({ resourceType: 'Patient', id: 'p' } as Patient);
    const report = (id: string, conclusion: string, ours: boolean): DiagnosticReport => ({
      resourceType: 'DiagnosticReport',
      id,
      status: 'final',
      code: { text: 'Report' },
      conclusion,
      ...(ours ? { identifier: [{ system: `${CANONICAL_BASE}/identifier/finding`, value: 'x' }] } : {}),
    });
    record.diagnosticReports = [
      report('ehr', 'KRAS G12C detected.', false),
      report('ours', 'pT3 pN1 M0; BRAF V600E.', true),
    ];
    expect(readTexts(record).map((t) => t.ref)).toEqual(['DiagnosticReport/ehr']);
  });
});
