// One reading of "KRAS G12C is ruled out": a KRAS (or RAS) wild-type result excludes it for the options table and for
// passage relevance alike, with that result as the reason; an NRAS-only result excludes nothing. Records go through
// the agent's reader and summary, as in a workup.
import type { Condition, DiagnosticReport, MedicationStatement, Patient } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { emptyRecord } from '../../common/record/patient-record';
import { buildFindings } from '../agent/findings';
import { readFacts } from '../agent/record/facts';
import { summariseRecord } from '../agent/record/summary';
import { selectOptions } from './options';
import { patientFacts } from './patient-facts';
import { passageRelevance } from './relevance';

const subject = { reference: 'Patient/p' };

/** Metastatic sigmoid cancer progressing on first-line FOLFOX (a G12C inhibitor would be a later-line option). */
function patientWith(ngs: string) {
  const record = emptyRecord({ resourceType: 'Patient', id: 'p', gender: 'female' } as Patient);
  record.conditions = [
    {
      resourceType: 'Condition',
      id: 'crc',
      subject,
      code: { text: 'Adenocarcinoma of sigmoid colon' },
      stage: [{ summary: { text: 'Stage IVA (cT3 cN1 cM1a)' } }],
    } as Condition,
    { resourceType: 'Condition', id: 'mets', subject, code: { text: 'Liver metastases' } } as Condition,
  ];
  record.diagnosticReports = [
    {
      resourceType: 'DiagnosticReport',
      id: 'ngs',
      status: 'final',
      subject,
      code: { text: 'Molecular pathology report' },
      conclusion: ngs,
    } as DiagnosticReport,
  ];
  record.medicationStatements = [
    {
      resourceType: 'MedicationStatement',
      id: 'ox',
      status: 'stopped',
      subject,
      medicationCodeableConcept: { text: 'oxaliplatin' },
      effectivePeriod: { start: '2026-02-01', end: '2026-08-01' },
      statusReason: [{ text: 'Progressive disease' }],
    } as MedicationStatement,
  ];
  const facts = readFacts(record);
  const p = patientFacts({
    question: 'What are the options for the tumor board?',
    patientSummary: summariseRecord(record, facts),
    findings: buildFindings(facts, []),
    toolCalls: [],
  });
  return {
    p,
    notFor: new Map(selectOptions(p).notFor.map((x) => [x.option.id, x.because])),
    g12cPassage: passageRelevance({ title: 'Metastatic colorectal cancer', section: 'KRAS G12C-mutant mCRC' }, p),
  };
}

describe('KRAS G12C ruled out by a wild-type result', () => {
  it('excludes G12C options and passages with the KRAS wild-type result as the reason', () => {
    const r = patientWith('KRAS wild-type. NRAS wild-type. BRAF V600E not detected. Microsatellite stable.');
    expect(r.p.markers['KRAS G12C']).toMatchObject({ status: 'negative', sources: ['record:DiagnosticReport/ngs'] });
    expect(r.notFor.get('crc-kras-g12c')).toMatch(/KRAS wild-type/);
    expect(r.g12cPassage).toMatchObject({ drop: false, against: r.notFor.get('crc-kras-g12c') });
  });

  it('excludes nothing on an NRAS-only result: KRAS G12C stays undecided in both readings', () => {
    const r = patientWith('NRAS wild-type. Microsatellite stable.');
    expect(r.p.markers['KRAS G12C']).toBeUndefined();
    expect(r.notFor.has('crc-kras-g12c')).toBe(false);
    expect(r.g12cPassage.against).toBeUndefined();
  });
});

describe('RAS wild-type needs KRAS and NRAS', () => {
  it('leaves anti-EGFR undecided on a KRAS-only wild-type result, naming NRAS', () => {
    const r = patientWith('KRAS wild-type. BRAF V600E not detected. Microsatellite stable.');
    expect(r.p.markers.RAS).toMatchObject({ status: 'partial', detail: 'KRAS wild-type; NRAS not in the record' });
    const sel = selectOptions(r.p);
    expect(sel.shown.some((o) => /panitumumab|cetuximab|EGFR/i.test(JSON.stringify(o)))).toBe(false);
    expect(sel.missing.join(' ')).toMatch(/RAS \(KRAS\/NRAS\) mutation status is incomplete \(KRAS wild-type; NRAS/);
    // KRAS G12C is still ruled out by the KRAS result.
    expect(r.p.markers['KRAS G12C']).toMatchObject({ status: 'negative' });
  });

  it('calls RAS wild-type when both genes are wild-type, and mutant when either is mutated', () => {
    expect(patientWith('KRAS wild-type. NRAS wild-type. Microsatellite stable.').p.markers.RAS).toMatchObject({
      status: 'negative',
      detail: 'RAS wild-type',
    });
    expect(patientWith('KRAS wild-type. NRAS Q61K mutation. Microsatellite stable.').p.markers.RAS).toMatchObject({
      status: 'positive',
    });
    expect(patientWith('RAS wild-type (extended RAS panel). Microsatellite stable.').p.markers.RAS).toMatchObject({
      status: 'negative',
    });
  });
});
