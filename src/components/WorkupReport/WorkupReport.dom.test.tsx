// What a clinician sees on the workup report in a DOM: machine-made sections labelled preliminary, a partial report
// marked as such, and a citation that opens its source beside the report and closes again.
// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyRecord } from '../../../common/record/patient-record';
import { WORKUP_ITEM_SYSTEM } from '../../../common/writeback/systems';
import { EVENTS, RESULT } from '../../workup/fixtures';
import { INITIAL_VIEW, reduceWorkup, type WorkupAction } from '../../workup/reducer';
import { reportOf } from '../../workup/report';
import { WorkupReport } from './WorkupReport';

const record = emptyRecord({ resourceType: 'Patient', id: 'p1' });
afterEach(cleanup);

function show(events: WorkupAction[], shown = record): void {
  const actions: WorkupAction[] = [{ type: 'start', question: '', at: 0 }, { type: 'started', id: 'w1' }, ...events];
  render(<WorkupReport report={reportOf(actions.reduce(reduceWorkup, INITIAL_VIEW))!} record={shown} workupId="w1" />);
}
const finished = (): void => show([{ type: 'event', event: { type: 'done', result: RESULT }, at: 1 }]);
const heading = (name: string): HTMLElement => screen.getByRole('heading', { name: new RegExp(`^${name}`) });
const PRELIMINARY = 'Machine-generated, preliminary — not reviewed';

describe('WorkupReport (DOM)', () => {
  it('labels the report, its answer and its suggestions as machine-made and unreviewed, not the tool results', () => {
    finished();
    expect(screen.getByTestId('workup-report').getAttribute('data-complete')).toBe('true');
    expect(within(heading('Workup report')).getByText(PRELIMINARY)).toBeTruthy();
    expect(within(heading('Answer')).getByText(PRELIMINARY)).toBeTruthy();
    expect(within(heading('Suggestions for the tumor board')).getByText(PRELIMINARY)).toBeTruthy();
    expect(within(heading('Measurements and tool results')).queryByText(PRELIMINARY)).toBeNull();
    expect(screen.queryByText('Partial report: the workup has not finished.')).toBeNull();
  });

  it('says a report is partial while the workup runs', () => {
    // Every event but the last ("done"): findings and an answer have arrived, the run has not finished.
    show(EVENTS.slice(0, -1).map((event): WorkupAction => ({ type: 'event', event, at: 1 })));
    expect(screen.getByTestId('workup-report').getAttribute('data-complete')).toBe('false');
    expect(screen.getByText('Partial report: the workup has not finished.')).toBeTruthy();
    expect(within(heading('Workup report')).getByText(PRELIMINARY)).toBeTruthy();
  });

  it('opens what a citation names beside the report, marks it open, and closes it again', () => {
    finished();
    expect(screen.queryByTestId('citation-panel')).toBeNull();
    const cite = within(screen.getByTestId('report-answer')).getAllByTestId('citation')[0]!;
    fireEvent.click(cite);
    const panel = screen.getByTestId('citation-panel');
    expect(cite.getAttribute('aria-expanded')).toBe('true');
    expect(within(panel).getByTestId('citation-tool')).toBeTruthy();
    fireEvent.click(within(panel).getByTestId('citation-close'));
    expect(screen.queryByTestId('citation-panel')).toBeNull();
    expect(cite.getAttribute('aria-expanded')).toBe('false');
  });

  it('says who signed, by name and date, once the chart holds the workup’s signed report', () => {
    const signed = {
      ...record,
      diagnosticReports: [
        {
          resourceType: 'DiagnosticReport' as const,
          status: 'final' as const,
          code: { text: 'Tumor board workup' },
          identifier: [{ system: WORKUP_ITEM_SYSTEM, value: 'w1:report' }],
          issued: '2026-12-01T10:00:00Z',
          resultsInterpreter: [{ reference: 'Practitioner/sandbox-clinician', display: 'Dr. Alex Sandbox' }],
        },
      ],
    };
    show([{ type: 'event', event: { type: 'done', result: RESULT }, at: 1 }], signed);
    const report = screen.getByTestId('workup-report');
    expect(report.getAttribute('data-signed')).toBe('true');
    expect(screen.getByTestId('report-status').textContent).toBe(
      'Reviewed and signed by Dr. Alex Sandbox on 2026-12-01'
    );
    expect(report.textContent).not.toContain('not reviewed');
    expect(report.textContent).not.toContain('Practitioner/');
  });

  it('states each finding once: an answer line that restates a finding leaves the answer, its heading too', () => {
    const restating = [
      '### Options',
      '- Sotorasib + panitumumab [1]',
      '### Imaging and response',
      ...RESULT.findings.map((f) => `- ${f.text} [${f.sources[0]?.replace(/^tool:/, 'Tool:')}]`),
    ].join('\n');
    const result = { ...RESULT, answer: { ...RESULT.answer!, markdown: restating } };
    show([{ type: 'event', event: { type: 'done', result }, at: 1 }]);
    const text = screen.getByTestId('workup-report').textContent ?? '';
    for (const finding of RESULT.findings) {
      expect(text.split(finding.text).length - 1, finding.text).toBe(1);
    }
    const answer = screen.getByTestId('report-answer');
    expect(within(answer).queryByText(/Imaging and response/)).toBeNull();
    expect(within(within(answer).getByTestId('answer')).getByText(/Sotorasib \+ panitumumab/)).toBeTruthy();
    expect(screen.getByTestId('answer-restated')).toBeTruthy();
    expect(screen.getAllByTestId('finding')).toHaveLength(RESULT.findings.length);
  });

  it('prints through the browser and copies the report as plain text', async () => {
    finished();
    const print = vi.fn();
    Object.defineProperty(window, 'print', { value: print, configurable: true });
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fireEvent.click(screen.getByTestId('print-report'));
    expect(print).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByTestId('copy-report'));
    await screen.findByText('Copied to the clipboard.');
    const text = writeText.mock.calls[0]?.[0] ?? '';
    expect(text).toContain('Workup report');
    expect(text).not.toContain('Print / Save as PDF');
  });
});
