// A biomarker status stated only in free text (a clinic letter, a report conclusion, a condition note) is known to
// both the options table and the "what is missing" list, with its resource; a pending or not-performed test is
// unknown to both. Records are built as FHIR resources and go through the agent's reader and summary, as in a workup.
import type { Condition, DiagnosticReport, DocumentReference, Patient } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { emptyRecord } from '../../common/record/patient-record';
import { buildFindings } from '../agent/findings';
import { readFacts } from '../agent/record/facts';
import { summariseRecord } from '../agent/record/summary';
import { missingInformation } from './missing';
import { selectOptions } from './options';
import { patientFacts } from './patient-facts';
import { parseSummary } from './summary';
import type { AnswerInput } from './types';

const subject = { reference: 'Patient/p' };
const note = (id: string, text: string): DocumentReference => ({
  resourceType: 'DocumentReference',
  id,
  status: 'current',
  subject,
  description: 'Oncology clinic letter',
  content: [{ attachment: { contentType: 'text/plain', data: Buffer.from(text).toString('base64') } }],
});
const report = (id: string, conclusion: string): DiagnosticReport => ({
  resourceType: 'DiagnosticReport',
  id,
  status: 'final',
  subject,
  code: { text: 'Molecular pathology report' },
  conclusion,
});

/** Metastatic left-sided colon cancer before first line, plus the given resources. */
function answerInput(extra: { notes?: DocumentReference[]; reports?: DiagnosticReport[]; conditionNote?: string }) {
  const record = emptyRecord({ resourceType: 'Patient', id: 'p', gender: 'female' } as Patient);
  record.conditions = [
    {
      resourceType: 'Condition',
      id: 'crc',
      subject,
      code: { text: 'Adenocarcinoma of sigmoid colon' },
      stage: [{ summary: { text: 'Stage IVA (cT3 cN1 cM1a)' } }],
      ...(extra.conditionNote ? { note: [{ text: extra.conditionNote }] } : {}),
    } as Condition,
    { resourceType: 'Condition', id: 'mets', subject, code: { text: 'Liver metastases' } } as Condition,
  ];
  record.documentReferences = extra.notes ?? [];
  record.diagnosticReports = extra.reports ?? [];
  const facts = readFacts(record);
  const input: AnswerInput = {
    question: 'What are the options for the tumor board?',
    patientSummary: summariseRecord(record, facts),
    findings: buildFindings(facts, []),
    toolCalls: [],
  };
  const patient = patientFacts(input);
  return {
    patient,
    options: selectOptions(patient),
    missing: missingInformation(input, parseSummary(input.patientSummary)).map((m) => m.text),
  };
}

const rasUnknownInOptions = (lines: string[]) => lines.some((l) => /^RAS \(KRAS\/NRAS\).* not in the record/.test(l));
const rasMissing = (lines: string[]) => lines.filter((l) => /^(KRAS|NRAS)\b/.test(l));

describe('one reading of biomarker status for the options table and the missing list', () => {
  it('takes RAS wild-type from a clinic letter: no list calls it missing, and the letter is its source', () => {
    const r = answerInput({
      notes: [note('letter', 'Extended RAS testing: no mutation found. BRAF V600E not detected; MSS.')],
    });
    expect(r.patient.markers.RAS).toEqual({
      status: 'negative',
      detail: 'RAS wild-type (unverified)',
      sources: ['record:DocumentReference/letter'],
    });
    expect(rasUnknownInOptions(r.options.missing)).toBe(false);
    expect(rasMissing(r.missing)).toEqual([]);
    // With RAS, BRAF and MSI known, the left-sided first-line anti-EGFR option is offered.
    expect(r.options.shown.map((o) => o.id)).toContain('crc-1l-anti-egfr');
    expect(r.missing.some((m) => /MSI|BRAF/.test(m))).toBe(false);
  });

  it('takes KRAS G12C from a report conclusion: anti-EGFR is not for this patient, KRAS is not missing', () => {
    const r = answerInput({
      reports: [report('ngs', 'KRAS p.G12C detected. NRAS and BRAF wild-type. Microsatellite stable.')],
    });
    expect(r.patient.markers.RAS).toMatchObject({ status: 'positive', sources: ['record:DiagnosticReport/ngs'] });
    expect(r.patient.markers['KRAS G12C']?.status).toBe('positive');
    expect(r.options.notFor.map((x) => x.option.id)).toContain('crc-1l-anti-egfr');
    expect(r.options.shown.map((o) => o.id)).toContain('crc-1l-bevacizumab-ras-mutant');
    expect(rasMissing(r.missing)).toEqual([]);
  });

  it('reads a condition note like a clinic letter', () => {
    const r = answerInput({ conditionNote: 'Outside NGS (2026): RAS wild-type, BRAF V600E detected, pMMR.' });
    expect(r.patient.markers['BRAF V600E']).toMatchObject({ status: 'positive', sources: ['record:Condition/crc'] });
    expect(r.options.shown.map((o) => o.id)).toContain('crc-braf-1l');
    expect(r.missing.some((m) => /^(KRAS|NRAS|BRAF|MSI)/.test(m))).toBe(false);
  });

  it.each([
    ['pending', 'KRAS and NRAS testing pending; BRAF and MSI results awaited.'],
    ['not performed', 'RAS/BRAF testing was not performed (insufficient tissue). MSI not tested.'],
  ])('keeps a test that is %s unknown in both lists', (_what, text) => {
    const r = answerInput({ notes: [note('plan', text)] });
    expect(r.patient.markers.RAS).toBeUndefined();
    expect(r.patient.markers['MSI-H/dMMR']).toBeUndefined();
    expect(rasUnknownInOptions(r.options.missing)).toBe(true);
    expect(rasMissing(r.missing)).toEqual(['KRAS status is not in the record.', 'NRAS status is not in the record.']);
    expect(r.options.missing.some((l) => /^MSI\/MMR/.test(l))).toBe(true);
    expect(r.missing).toContain('MSI/MMR status is not in the record.');
    // Only options no biomarker decides (liver-limited disease) are offered.
    expect(r.options.shown.filter((o) => o.when.markers)).toEqual([]);
  });

  it('names a single-variant result as partial in both lists instead of calling the gene known or absent', () => {
    const r = answerInput({ reports: [report('pcr', 'KRAS G12C not detected. BRAF and NRAS wild-type. MSS.')] });
    expect(r.patient.markers['KRAS G12C']?.status).toBe('negative');
    // NRAS wild-type alone places the tumour in no RAS group it contradicts; KRAS stays open in the missing list.
    expect(r.missing).toContain(
      'KRAS: only KRAS G12C was tested (not detected), not the whole gene; the full status is not in the record.'
    );
  });
});
