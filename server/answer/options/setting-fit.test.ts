// Options must fit the patient's setting, not only the stage and biomarkers: adjuvant therapy only with a resection on
// record, pre-operative options only before one, a later-line option only at its line, liver-directed surgery only for
// liver-limited spread. Records are built as FHIR resources and go through the agent's reader and summary.
import type {
  Condition,
  DiagnosticReport,
  DocumentReference,
  MedicationStatement,
  Patient,
  Procedure,
} from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { emptyRecord } from '../../../common/record/patient-record';
import { buildFindings } from '../../agent/findings';
import { readFacts } from '../../agent/record/facts';
import { summariseRecord } from '../../agent/record/summary';
import { patientFacts } from '../patient-facts';
import type { AnswerInput } from '../types';
import { selectOptions } from './select';

const subject = { reference: 'Patient/p' };
const condition = (id: string, text: string, stage?: string): Condition => ({
  resourceType: 'Condition',
  id,
  subject,
  code: { text },
  ...(stage ? { stage: [{ summary: { text: stage } }] } : {}),
});
const procedure = (id: string, text: string, status: Procedure['status'] = 'completed'): Procedure => ({
  resourceType: 'Procedure',
  id,
  status,
  subject,
  code: { text },
  performedDateTime: '2026-09-01',
});
const letter = (id: string, text: string): DocumentReference => ({
  resourceType: 'DocumentReference',
  id,
  status: 'current',
  subject,
  description: 'Clinic letter',
  content: [{ attachment: { contentType: 'text/plain', data: Buffer.from(text).toString('base64') } }],
});
const report = (id: string, title: string, conclusion: string): DiagnosticReport => ({
  resourceType: 'DiagnosticReport',
  id,
  status: 'final',
  subject,
  code: { text: title },
  conclusion,
});
const drug = (id: string, name: string, start: string, end?: string, why?: string): MedicationStatement => ({
  resourceType: 'MedicationStatement',
  id,
  status: end ? 'stopped' : 'active',
  subject,
  medicationCodeableConcept: { text: name },
  effectivePeriod: { start, ...(end ? { end } : {}) },
  ...(why ? { statusReason: [{ text: why }] } : {}),
});

interface Parts {
  conditions: Condition[];
  procedures?: Procedure[];
  notes?: DocumentReference[];
  reports?: DiagnosticReport[];
  meds?: MedicationStatement[];
  question?: string;
}

function answerFor(parts: Parts) {
  const record = emptyRecord({ resourceType: 'Patient', id: 'p', gender: 'male' } as Patient);
  record.conditions = parts.conditions;
  record.procedures = parts.procedures ?? [];
  record.documentReferences = parts.notes ?? [];
  record.diagnosticReports = parts.reports ?? [];
  record.medicationStatements = parts.meds ?? [];
  const facts = readFacts(record);
  const input: AnswerInput = {
    question: parts.question ?? 'What are the options for the tumor board?',
    patientSummary: summariseRecord(record, facts),
    findings: buildFindings(facts, []),
    toolCalls: [],
  };
  const patient = patientFacts(input);
  const selection = selectOptions(patient);
  return { patient, shown: selection.shown.map((o) => o.id), notFor: selection.notFor };
}

const sigmoid = (stage: string) => condition('crc', 'Adenocarcinoma of sigmoid colon', stage);
const adjuvant = (ids: string[]) => ids.filter((id) => /adjuvant/.test(id) && !/neoadjuvant/.test(id));

describe('options that need a resection on record', () => {
  const question = 'Surgery first or neoadjuvant chemotherapy?';

  it('offers surgery first, not adjuvant chemotherapy, for clinically staged stage III colon cancer', () => {
    const r = answerFor({
      question,
      conditions: [sigmoid('cT3 cN1 cM0 (stage IIIB)')],
      reports: [
        report('ct', 'CT chest abdomen pelvis', 'Sigmoid tumour with suspicious pericolic nodes. No metastases.'),
      ],
      notes: [letter('mdt', 'Planned sigmoid colectomy; surgery first versus neoadjuvant FOLFOX to be discussed.')],
    });
    expect(r.patient.resected).toBeUndefined();
    expect(r.shown).toContain('crc-colon-surgery-first');
    expect(adjuvant(r.shown)).toEqual([]);
    // Neoadjuvant chemotherapy is what the knowledge states for clinically T4 disease only.
    expect(r.shown).not.toContain('crc-colon-neoadjuvant-t4');
    const t4 = answerFor({ question, conditions: [sigmoid('cT4b cN1 cM0 (stage IIIC)')] });
    expect(t4.shown).toEqual(expect.arrayContaining(['crc-colon-surgery-first', 'crc-colon-neoadjuvant-t4']));
  });

  it('offers adjuvant chemotherapy, and no pre-operative option, once a Procedure records the colectomy', () => {
    const r = answerFor({
      conditions: [sigmoid('Stage IIIB')],
      procedures: [
        procedure('biopsy', 'Colonoscopic tumour biopsy'),
        procedure('op', 'Laparoscopic sigmoid colectomy'),
      ],
    });
    expect(r.patient).toMatchObject({ resected: true, resectionSource: 'record:Procedure/op' });
    expect(r.shown).toEqual(['crc-stage-iii-adjuvant']);
  });

  it('reads the resection from pathological staging or from a letter saying it was done, never from a plan', () => {
    const pT = answerFor({ conditions: [sigmoid('pT3 pN1b cM0 (stage IIIB)')] });
    expect(pT.patient.resected).toBe(true);
    const done = answerFor({
      conditions: [sigmoid('Stage IIIB')],
      notes: [letter('l1', 'She underwent a laparoscopic sigmoid colectomy in September; recovery was uneventful.')],
    });
    expect(done.patient).toMatchObject({ resected: true, resectionSource: 'record:DocumentReference/l1' });
    expect(done.shown).toContain('crc-stage-iii-adjuvant');
    for (const text of [
      'Candidate for sigmoid colectomy after staging.',
      'Status post biliary stent placement. Sigmoid colectomy is scheduled for next week.',
      'Resection of the liver metastasis was performed in 2025.',
    ]) {
      const planned = answerFor({ conditions: [sigmoid('Stage IIIB')], notes: [letter('l2', text)] });
      expect(planned.patient.resected, text).toBeUndefined();
      expect(adjuvant(planned.shown), text).toEqual([]);
    }
    // A completed procedure that is not an operation on the tumour, or an operation not yet done, is no resection.
    const notDone = answerFor({
      conditions: [sigmoid('Stage IIIB')],
      procedures: [procedure('op', 'Sigmoid colectomy', 'preparation')],
    });
    expect(notDone.patient.resected).toBeUndefined();
  });

  it('keeps total neoadjuvant therapy for rectal cancer before surgery only', () => {
    const rectum = condition('rc', 'Adenocarcinoma of the mid rectum', 'cT3 cN1 cM0 (stage IIIB)');
    const msi = report('mmr', 'MMR immunohistochemistry', 'pMMR (MLH1, PMS2, MSH2, MSH6 retained).');
    expect(answerFor({ conditions: [rectum], reports: [msi] }).shown).toContain('crc-rectal-tnt');
    const after = answerFor({
      conditions: [rectum],
      reports: [msi],
      procedures: [procedure('tme', 'Low anterior resection with total mesorectal excision')],
    });
    expect(after.patient.resected).toBe(true);
    expect(after.shown).not.toContain('crc-rectal-tnt');
  });

  it('offers pancreatic adjuvant chemotherapy after a Whipple procedure and the pre-operative choice before it', () => {
    const pdac = condition('pc', 'Adenocarcinoma of the pancreatic head', 'cT2 cN0 cM0 (stage IB)');
    expect(answerFor({ conditions: [pdac] }).shown).toEqual(['pdac-preoperative']);
    const whipple = answerFor({ conditions: [pdac], procedures: [procedure('w', 'Pancreatoduodenectomy (Whipple)')] });
    expect(whipple.shown).toEqual(['pdac-adjuvant']);
  });
});

describe('options that need the recorded line of therapy', () => {
  const pdac = condition('pc', 'Metastatic pancreatic adenocarcinoma', 'Stage IV (cT3 cN1 cM1)');
  const liver = condition('lm', 'Liver metastases');
  const second = (meds: MedicationStatement[]) =>
    answerFor({ conditions: [pdac, liver], meds }).shown.includes('pdac-2l');

  it('offers the NAPOLI-1 second line only after exactly one line', () => {
    expect(second([])).toBe(false);
    const gem = [
      drug('g', 'gemcitabine', '2026-01-05', '2026-06-01', 'Progressive disease'),
      drug('n', 'nab-paclitaxel', '2026-01-05', '2026-06-01', 'Progressive disease'),
    ];
    expect(second(gem)).toBe(true);
    const twoLines = [
      ...gem,
      drug('ff', 'liposomal irinotecan', '2026-06-20', '2026-10-01', 'Progressive disease'),
      drug('fu', 'fluorouracil', '2026-06-20', '2026-10-01', 'Progressive disease'),
    ];
    expect(second(twoLines)).toBe(false);
  });

  it('does not read "no evidence of progression" as progression on the running first line', () => {
    const r = answerFor({
      conditions: [pdac, liver],
      meds: [drug('f', 'FOLFIRINOX (oxaliplatin, irinotecan, fluorouracil)', '2026-05-01')],
      reports: [report('ct', 'CT restaging', 'Stable liver metastases, no evidence of disease progression.')],
    });
    expect(r.patient).toMatchObject({ progression: false, decisionLine: 1 });
    expect(r.shown).not.toContain('pdac-2l');
  });
});

describe('liver-directed surgery for colorectal liver metastases', () => {
  const crc = (stage: string) => condition('crc', 'Adenocarcinoma of sigmoid colon', stage);
  const liverOnly = (conditions: Condition[]) => answerFor({ conditions }).shown.includes('crc-liver-limited');

  it('is offered for liver-limited spread and left out when the record shows spread outside the liver', () => {
    expect(liverOnly([crc('Stage IVA (cT3 cN1 cM1a)'), condition('lm', 'Liver metastases')])).toBe(true);
    expect(
      liverOnly([
        crc('Stage IVC (cT3 cN1 cM1c)'),
        condition('lm', 'Liver metastases'),
        condition('pc', 'Peritoneal carcinomatosis'),
      ])
    ).toBe(false);
    // M1b: more than one organ, even when only the liver is named.
    expect(liverOnly([crc('Stage IVB (cT3 cN1 cM1b)'), condition('lm', 'Liver metastases')])).toBe(false);
  });
});
