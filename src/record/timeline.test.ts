// Checks that the treatment timeline reads newest first with each entry's period and status.
import { describe, expect, it } from 'vitest';
import { buildTimeline } from './timeline';

const subject = { reference: 'Patient/p' };

describe('buildTimeline', () => {
  const timeline = buildTimeline({
    medicationRequests: [
      {
        resourceType: 'MedicationRequest',
        id: 'folfox',
        status: 'completed',
        intent: 'order',
        subject,
        medicationCodeableConcept: { text: 'FOLFOX' },
        authoredOn: '2023-06-01',
        dosageInstruction: [{ timing: { repeat: { boundsPeriod: { start: '2023-06-05', end: '2023-11-20' } } } }],
      },
    ],
    medicationStatements: [
      {
        resourceType: 'MedicationStatement',
        id: 'bev',
        status: 'active',
        subject,
        medicationCodeableConcept: { coding: [{ display: 'Bevacizumab' }] },
        effectivePeriod: { start: '2024-01-10' },
      },
    ],
    procedures: [
      {
        resourceType: 'Procedure',
        id: 'colectomy',
        status: 'completed',
        subject,
        code: { text: 'Sigmoid colectomy' },
        performedDateTime: '2023-05-20',
      },
      { resourceType: 'Procedure', id: 'undated', status: 'unknown', subject, code: { text: 'Port placement' } },
    ],
  });

  it('sorts newest first and puts undated entries last', () => {
    expect(timeline.map((e) => e.name)).toEqual(['Bevacizumab', 'FOLFOX', 'Sigmoid colectomy', 'Port placement']);
  });

  it('shows the period from the dosage bounds, and the status', () => {
    const folfox = timeline.find((e) => e.id === 'MedicationRequest/folfox');
    expect(folfox?.when).toBe('2023-06-05 – 2023-11-20');
    expect(folfox?.status).toBe('completed');
    expect(timeline[0]?.when).toBe('since 2024-01-10');
  });
});
