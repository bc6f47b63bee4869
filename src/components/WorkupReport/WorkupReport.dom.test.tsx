// What a clinician sees on the workup report in a DOM: machine-made sections labelled preliminary, a partial report
// marked as such, and a citation that opens its source beside the report and closes again.
// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyRecord } from '../../../common/record/patient-record';
import { EVENTS, RESULT } from '../../workup/fixtures';
import { INITIAL_VIEW, reduceWorkup, type WorkupAction } from '../../workup/reducer';
import { reportOf } from '../../workup/report';
import { WorkupReport } from './WorkupReport';

const record = emptyRecord({ resourceType: 'Patient', id: 'p1' });
afterEach(cleanup);

function show(events: WorkupAction[]): void {
  const actions: WorkupAction[] = [{ type: 'start', question: '', at: 0 }, { type: 'started', id: 'w1' }, ...events];
  render(<WorkupReport report={reportOf(actions.reduce(reduceWorkup, INITIAL_VIEW))!} record={record} />);
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
});
