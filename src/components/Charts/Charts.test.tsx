// @vitest-environment happy-dom
// The Trends card in a DOM: one chart per test with two or more values, its therapy bands, the upper limit of normal,
// the same in words (the chart's accessible name) and every value in a table; nothing to chart says so.
import type { MedicationRequest, Observation } from '@medplum/fhirtypes';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Charts } from './Charts';

afterEach(cleanup);

const LAB = [{ coding: [{ code: 'laboratory' }] }];
const cea = (date: string, value: number): Observation => ({
  resourceType: 'Observation',
  status: 'final',
  category: LAB,
  code: { coding: [{ system: 'http://loinc.org', code: '2039-6', display: 'Carcinoembryonic Ag' }] },
  effectiveDateTime: date,
  valueQuantity: { value, unit: 'ng/mL', code: 'ng/mL' },
  interpretation: [{ coding: [{ code: value > 5 ? 'H' : 'N' }] }],
  referenceRange: [{ high: { value: 5, unit: 'ng/mL', code: 'ng/mL' } }],
});
const magnesium = (date: string, value: number): Observation => ({
  resourceType: 'Observation',
  status: 'final',
  category: LAB,
  code: { coding: [{ system: 'http://loinc.org', code: '19123-9', display: 'Magnesium' }] },
  effectiveDateTime: date,
  valueQuantity: { value, unit: 'mg/dL', code: 'mg/dL' },
});
const folfox: MedicationRequest = {
  resourceType: 'MedicationRequest',
  status: 'active',
  intent: 'order',
  subject: { reference: 'Patient/p' },
  medicationCodeableConcept: { text: 'oxaliplatin' },
  authoredOn: '2026-07-06',
  note: [{ text: 'mFOLFOX6 + panitumumab, first line, every 14 days' }],
};
const record = { medicationRequests: [folfox], medicationStatements: [], procedures: [] };

describe('Charts', () => {
  it('draws one chart per followed test, the marker first, with the regimen as a band', () => {
    render(
      <Charts
        observations={[
          magnesium('2026-07-20', 1.9),
          cea('2026-11-09', 8.9),
          cea('2026-06-29', 186),
          magnesium('2026-10-12', 1.3),
          cea('2026-08-17', 74.5),
        ]}
        record={record}
      />
    );
    const charts = screen.getAllByTestId('trend-chart');
    expect(charts.map((c) => [c.dataset.series, c.dataset.points])).toEqual([
      ['CEA', '3'],
      ['Magnesium', '2'],
    ]);
    const [ceaChart] = charts;
    expect(
      within(ceaChart!)
        .getAllByTestId('therapy-band')
        .map((b) => b.dataset.kind)
    ).toEqual(['systemic']);
    expect(ceaChart!.querySelector('.chart-band-label')?.textContent).toContain('mFOLFOX6 + panitumumab');
    expect(within(ceaChart!).getByTestId('upper-limit').textContent).toBe('upper limit 5');
    expect(ceaChart!.querySelectorAll('circle.chart-point-flagged')).toHaveLength(3);
  });

  it('names each chart in words: trend, first and last values with dates and unit, limit, treatment', () => {
    render(<Charts observations={[cea('2026-06-29', 186), cea('2026-11-09', 8.9)]} record={record} />);
    const svg = screen.getByRole('img');
    const summary = screen.getByTestId('chart-summary');
    expect(svg.getAttribute('aria-labelledby')).toBe(summary.id);
    expect(summary.textContent).toBe(
      'CEA: 2 values from 29 Jun 2026 to 9 Nov 2026, fell 95 % from 186 ng/mL to 8.9 ng/mL. ' +
        'Every value above the upper limit of normal (5 ng/mL). ' +
        'Treatment over this time: mFOLFOX6 + panitumumab (6 Jul 2026 – ongoing).'
    );
  });

  it('lists every value oldest first in a table with its unit in the header', () => {
    render(<Charts observations={[cea('2026-11-09', 8.9), cea('2026-06-29', 186)]} record={record} />);
    const table = within(screen.getByTestId('trend-values'));
    expect(table.getByRole('columnheader', { name: 'CEA (ng/mL)' })).toBeTruthy();
    expect(table.getAllByTestId('trend-value').map((r) => r.textContent)).toEqual([
      '29 Jun 2026186high',
      '9 Nov 20268.9high',
    ]);
  });

  it('says when no test has two values, and draws nothing', () => {
    render(<Charts observations={[cea('2026-11-14', 6.8)]} record={record} />);
    expect(screen.queryByTestId('trend-chart')).toBeNull();
    expect(screen.getByTestId('trends').textContent).toContain(
      'No tumour marker or laboratory test has two or more values'
    );
  });

  it('draws the RECIST sums from a signed response assessment dated by its two studies', () => {
    const mm = (code: string, value: number) => ({
      code: { coding: [{ code }] },
      valueQuantity: { value, unit: 'mm' },
    });
    const assessment: Observation = {
      resourceType: 'Observation',
      id: 'r1',
      status: 'final',
      code: { coding: [{ code: 'recist-response' }] },
      derivedFrom: [{ reference: 'ImagingStudy/ct2' }, { reference: 'ImagingStudy/ct1' }],
      component: [mm('sum-diameters-baseline', 44.8), mm('sum-diameters-follow-up', 58.6)],
    };
    const studies = [
      {
        resourceType: 'ImagingStudy' as const,
        id: 'ct1',
        status: 'available' as const,
        subject: {},
        started: '2026-08-18',
      },
      {
        resourceType: 'ImagingStudy' as const,
        id: 'ct2',
        status: 'available' as const,
        subject: {},
        started: '2026-11-17',
      },
    ];
    render(<Charts observations={[]} record={{ ...record, imagingStudies: studies }} saved={[assessment]} />);
    const chart = screen.getByTestId('recist-chart');
    expect(within(chart).getAllByTestId('recist-point')).toHaveLength(2);
    expect(within(chart).getByTestId('chart-summary').textContent).toMatch(
      /^Sum of target-lesion diameters: baseline 44.8 mm \(18 Aug 2026\), follow-up 58.6 mm \(17 Nov 2026\)\./
    );
    expect(screen.queryByText(/No tumour marker/)).toBeNull();
  });
});
