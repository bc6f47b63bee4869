// @vitest-environment happy-dom
// The treatment timeline puts cancer treatment first, a regimen as one line with its drugs, and folds chronic
// medication (metformin) and diagnostic procedures away instead of mixing them in.
import type { MedicationRequest, MedicationStatement, Procedure } from '@medplum/fhirtypes';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TreatmentTimeline } from './TreatmentTimeline';

afterEach(cleanup);

const order = (id: string, drug: string): MedicationRequest => ({
  resourceType: 'MedicationRequest',
  id,
  status: 'active',
  intent: 'order',
  subject: { reference: 'Patient/p' },
  groupIdentifier: { value: 'folfox' },
  medicationCodeableConcept: { text: drug },
  authoredOn: '2026-08-31',
  note: [{ text: 'mFOLFOX6 + bevacizumab, first line' }],
});
const metformin: MedicationStatement = {
  resourceType: 'MedicationStatement',
  id: 'm1',
  status: 'active',
  subject: { reference: 'Patient/p' },
  medicationCodeableConcept: { text: 'metformin' },
  effectivePeriod: { start: '2019-01-01' },
};
const procedure = (id: string, text: string, date: string): Procedure => ({
  resourceType: 'Procedure',
  id,
  status: 'completed',
  subject: { reference: 'Patient/p' },
  code: { text },
  performedDateTime: date,
});

describe('TreatmentTimeline', () => {
  it('lists cancer treatments newest first and folds other medication and procedures away', () => {
    render(
      <TreatmentTimeline
        record={{
          medicationRequests: [order('o1', 'oxaliplatin'), order('o2', 'bevacizumab')],
          medicationStatements: [metformin],
          procedures: [
            procedure('s1', 'Sigmoid resection', '2026-03-02'),
            procedure('c1', 'Colonoscopy', '2026-02-01'),
          ],
        }}
      />
    );
    const entries = screen.getAllByTestId('timeline-entry');
    expect(entries.map((e) => [e.dataset.kind, e.querySelector('.row-title')?.textContent])).toEqual([
      ['systemic', 'mFOLFOX6 + bevacizumab'],
      ['surgery', 'Sigmoid resection'],
    ]);
    expect(entries[0]!.textContent).toContain('oxaliplatin, bevacizumab');
    const other = screen.getByTestId('timeline-other');
    expect(other.hasAttribute('open')).toBe(false);
    expect(
      within(other)
        .getAllByTestId('timeline-other-entry')
        .map((e) => e.querySelector('.row-title')?.textContent)
    ).toEqual(['Colonoscopy', 'metformin']);
  });
});
