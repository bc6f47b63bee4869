// Therapy lines for the charts: a regimen's drugs become one band named as prescribed, ongoing while active; chronic
// and supportive drugs stay out; surgery, radiotherapy and local treatments come from Procedures.
import type { MedicationRequest, MedicationStatement, Procedure } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { therapyLines } from './therapy-lines';

const request = (drug: string, group: string, label: string, status: MedicationRequest['status'] = 'active') =>
  ({
    resourceType: 'MedicationRequest',
    status,
    intent: 'order',
    groupIdentifier: { value: group },
    medicationCodeableConcept: { text: drug },
    subject: { reference: 'Patient/p' },
    authoredOn: '2026-08-31',
    note: [{ text: label }],
  }) satisfies MedicationRequest;
const statement = (drug: string, label: string, start: string, end?: string): MedicationStatement => ({
  resourceType: 'MedicationStatement',
  status: end ? 'completed' : 'active',
  medicationCodeableConcept: { text: drug },
  subject: { reference: 'Patient/p' },
  effectivePeriod: { start, ...(end ? { end } : {}) },
  note: [{ text: label }],
});
const procedure = (text: string, performed: Partial<Procedure>): Procedure => ({
  resourceType: 'Procedure',
  status: 'completed',
  subject: { reference: 'Patient/p' },
  code: { text },
  ...performed,
});

describe('therapyLines', () => {
  it('groups a regimen into one ongoing band named by its label, and leaves chronic and supportive drugs out', () => {
    const label = 'mFOLFOX6 + bevacizumab, first line, every 14 days (cycle 1 on 2026-08-31)';
    const lines = therapyLines({
      medicationRequests: [
        request('oxaliplatin', 'r1', label),
        request('fluorouracil', 'r1', label),
        request('bevacizumab', 'r1', label),
        request('doxycycline', 'r2', 'Supportive care for panitumumab toxicities'),
      ],
      medicationStatements: [statement('metformin', 'Long-term medication for type 2 diabetes', '2019-01-01')],
      procedures: [],
    });
    expect(lines).toEqual([
      {
        key: 'med:r1',
        name: 'mFOLFOX6 + bevacizumab',
        kind: 'systemic',
        start: '2026-08-31',
        end: undefined,
        ongoing: true,
        when: '31 Aug 2026 – ongoing',
        drugs: ['oxaliplatin', 'fluorouracil', 'bevacizumab'],
      },
    ]);
  });

  it('gives a finished line its period, and orders lines by start', () => {
    const lines = therapyLines({
      medicationRequests: [],
      medicationStatements: [
        statement('liposomal irinotecan', 'Liposomal irinotecan + fluorouracil/leucovorin, second line', '2026-03-01'),
        statement('gemcitabine', 'Gemcitabine + nab-paclitaxel, first line', '2025-06-01', '2026-01-20'),
        statement('nab-paclitaxel', 'Gemcitabine + nab-paclitaxel, first line', '2025-06-01', '2026-01-27'),
      ],
      procedures: [],
    });
    expect(lines.map((l) => [l.name, l.when])).toEqual([
      ['Gemcitabine + nab-paclitaxel', '1 Jun 2025 – 27 Jan 2026'],
      ['Liposomal irinotecan + fluorouracil/leucovorin', '1 Mar 2026 – ongoing'],
    ]);
  });

  it('draws surgery as a day, radiotherapy over its period, and skips diagnostic or cancelled procedures', () => {
    const lines = therapyLines({
      medicationRequests: [],
      medicationStatements: [],
      procedures: [
        procedure('Right hemicolectomy', { performedDateTime: '2026-02-02' }),
        procedure('Short-course radiotherapy 5 x 5 Gy', {
          performedPeriod: { start: '2026-01-05', end: '2026-01-09' },
        }),
        procedure('Colonoscopy with biopsy', { performedDateTime: '2025-12-01' }),
        procedure('Microwave ablation of liver metastasis', { performedDateTime: '2026-04-01', status: 'not-done' }),
      ],
    });
    expect(lines.map((l) => [l.kind, l.name, l.when])).toEqual([
      ['radiotherapy', 'Short-course radiotherapy 5 x 5 Gy', '5 Jan 2026 – 9 Jan 2026'],
      ['surgery', 'Right hemicolectomy', '2 Feb 2026'],
    ]);
  });
});
