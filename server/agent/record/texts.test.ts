// Therapy lines: a regimen is one line (cycles, maintenance and an added drug continue it; a changed regimen or a
// rechallenge after a long pause is the next); proposals are planned drugs, not lines; supportive drugs are not lines.
import type { DiagnosticReport, MedicationRequest, MedicationStatement, Patient } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { CANONICAL_BASE } from '../../../common/fhir/canonical';
import { emptyRecord } from '../../../common/record/patient-record';
import { readPlannedDrugs, readTexts, readTherapyLines } from './texts';

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

const request = (id: string, name: string, authoredOn: string, over: Partial<MedicationRequest> = {}) =>
  ({
    resourceType: 'MedicationRequest',
    id,
    status: 'active',
    intent: 'order',
    subject: { reference: 'Patient/p' },
    medicationCodeableConcept: { text: name },
    authoredOn,
    ...over,
  }) as MedicationRequest;

describe('readTherapyLines: a line is a regimen, not an order', () => {
  const record = emptyRecord({ resourceType: 'Patient', id: 'p' } as Patient);
  it('counts monthly cycles, an antibody added from cycle 2 and maintenance as one first line', () => {
    record.medicationRequests = [
      request('1', 'oxaliplatin', '2025-01-06'),
      request('2', 'capecitabine', '2025-01-06'),
      request('3', 'oxaliplatin', '2025-02-03'),
      request('4', 'capecitabine', '2025-02-03'),
      request('5', 'bevacizumab', '2025-02-03'),
      request('6', 'capecitabine', '2025-05-05'),
      request('7', 'bevacizumab', '2025-05-05'),
    ];
    expect(readTherapyLines(record).map((l) => [l.start, l.drugs])).toEqual([
      ['2025-01', ['oxaliplatin', 'capecitabine', 'bevacizumab']],
    ]);
  });
  it('starts a new line with a changed regimen and with the same drugs again after a long pause', () => {
    record.medicationRequests = [
      request('1', 'capecitabine', '2023-01-10'),
      request('2', 'capecitabine', '2024-06-10'),
      request('3', 'irinotecan', '2024-12-01'),
    ];
    expect(readTherapyLines(record).map((l) => l.start)).toEqual(['2023-01', '2024-06', '2024-12']);
  });
  it('gives no line for a proposed or cancelled order, and lists the proposal as a planned drug', () => {
    record.medicationRequests = [
      request('1', 'cisplatin', '2026-03-01', { intent: 'proposal', status: 'draft' }),
      request('2', 'gemcitabine', '2026-03-01', { status: 'cancelled' }),
    ];
    expect(readTherapyLines(record)).toEqual([]);
    expect(readPlannedDrugs(record)).toEqual(['cisplatin']);
  });
  it('counts undated drugs of one regimen as one line, not one line per drug', () => {
    record.medicationRequests = [];
    record.medicationStatements = ['oxaliplatin', 'fluorouracil', 'folinic acid'].map(
      (name, i) => ({ ...med(`u${i}`, name, ''), effectivePeriod: undefined }) as MedicationStatement
    );
    expect(readTherapyLines(record)).toHaveLength(1);
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
