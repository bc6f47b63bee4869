// @vitest-environment happy-dom
// The history in a DOM: earlier workups newest first, preliminary ones marked "not reviewed" with sign and discard,
// a discard needs a reason, discarded results leave the list, and a refused action says why instead of "done".
import type { DiagnosticReport, Observation } from '@medplum/fhirtypes';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OBSERVATION_REPLACES } from '../../../common/writeback/systems';
import type { SavedActionReport } from '../../writeback/saved-commit';
import { History } from './History';
import type { SavedActions } from './useSavedActions';

afterEach(cleanup);

const obs = (id: string, text: string, status: Observation['status'] = 'preliminary'): Observation => ({
  resourceType: 'Observation',
  id,
  status,
  code: { text },
  valueString: `${text} value`,
});
const report = (
  id: string,
  issued: string,
  results: string[],
  status: DiagnosticReport['status']
): DiagnosticReport => ({
  resourceType: 'DiagnosticReport',
  id,
  status,
  issued,
  code: { text: 'Oncology workup' },
  conclusion: `Conclusion ${id}\nmore`,
  result: results.map((r) => ({ reference: `Observation/${r}` })),
  ...(status === 'final' ? { resultsInterpreter: [{ reference: 'Practitioner/p', display: 'Dr. Alex Sandbox' }] } : {}),
});

function actions(report: Partial<SavedActionReport> = {}): SavedActions & { apply: ReturnType<typeof vi.fn> } {
  return {
    actor: async () => ({ reference: 'Practitioner/p', display: 'Dr. Alex Sandbox' }),
    apply: vi.fn(async () => ({
      ok: true,
      done: [obs('a', 'A')],
      refused: [],
      provenance: true,
      message: 'Signed 2 items.',
      ...report,
    })),
  };
}

const REPORTS = [
  report('old', '2026-11-01T09:00:00Z', ['a'], 'final'),
  report('new', '2026-11-20T10:30:00Z', ['b', 'c'], 'preliminary'),
];
const OBS = [obs('a', 'RECIST response', 'final'), obs('b', 'Predicted MSI'), obs('c', 'Therapy match')];

describe('History', () => {
  it('lists workups newest first; only the unreviewed one offers sign and discard', () => {
    render(<History reports={REPORTS} observations={OBS} actions={actions()} onChanged={async () => undefined} />);
    const groups = screen.getAllByTestId('history-group');
    expect(groups.map((g) => g.getAttribute('data-pending'))).toEqual(['true', 'false']);
    expect(within(groups[0]!).getByTestId('not-reviewed').textContent).toBe('not reviewed');
    expect(
      within(groups[0]!)
        .getAllByTestId('history-result')
        .map((r) => r.textContent)
    ).toEqual(['Predicted MSIPredicted MSI valueNot reviewed', 'Therapy matchTherapy match valueNot reviewed']);
    expect(within(groups[1]!).getByText('signed by Dr. Alex Sandbox')).toBeTruthy();
    expect(within(groups[1]!).queryByTestId('history-review')).toBeNull();
    expect(screen.getByTestId('history').textContent).not.toMatch(/Observation\/|DiagnosticReport\/|Practitioner\//);
  });

  it('signs the whole group as the named clinician and reloads', async () => {
    const a = actions();
    const onChanged = vi.fn(async () => undefined);
    render(<History reports={REPORTS} observations={OBS} actions={a} onChanged={onChanged} />);
    fireEvent.click(screen.getByTestId('history-review'));
    await waitFor(() => expect(screen.getByTestId('history-sign').textContent).toBe('Sign as Dr. Alex Sandbox'));
    expect(screen.getByTestId('history-sign-panel').textContent).toMatch(/3 machine-made items/);
    fireEvent.click(screen.getByTestId('history-sign'));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    const [resources, action] = a.apply.mock.calls[0]!;
    expect(action).toBe('sign');
    expect((resources as { id: string }[]).map((r) => r.id)).toEqual(['new', 'b', 'c']);
    expect(screen.getByTestId('history-outcome').getAttribute('data-ok')).toBe('true');
  });

  it('needs a reason to discard, passes it on, and keeps Cancel', async () => {
    const a = actions({ message: 'Discarded 3 items.' });
    const { rerender } = render(
      <History reports={REPORTS} observations={OBS} actions={a} onChanged={async () => undefined} />
    );
    fireEvent.click(screen.getByTestId('history-discard'));
    const confirm = screen.getByTestId('discard-confirm') as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Why are these results discarded?'), { target: { value: 'Wrong series' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(a.apply).toHaveBeenCalled());
    expect(a.apply.mock.calls[0]!.slice(1)).toEqual(['discard', 'Wrong series']);
    // After the reload the discarded group is gone; what was done is still said.
    const withdrawn = [{ ...REPORTS[1]!, status: 'cancelled' as const }, REPORTS[0]!];
    const results = OBS.map((o) => (o.id === 'a' ? o : { ...o, status: 'entered-in-error' as const }));
    rerender(<History reports={withdrawn} observations={results} actions={a} onChanged={async () => undefined} />);
    expect(screen.getAllByTestId('history-group')).toHaveLength(1);
    expect(screen.getByTestId('history-outcome').textContent).toBe('Discarded 3 items.');
  });

  it('shows a refusal as an alert and keeps the actions', async () => {
    const a = actions({
      ok: false,
      done: [],
      message: 'Nothing was signed. Could not sign one result: the EHR refused it (status 403).',
    });
    render(<History reports={REPORTS} observations={OBS} actions={a} onChanged={async () => undefined} />);
    fireEvent.click(screen.getByTestId('history-review'));
    fireEvent.click(screen.getByTestId('history-sign'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/refused it \(status 403\)/);
    expect(screen.getByTestId('history-sign')).toBeTruthy();
  });

  it('leaves discarded results out of the active list and counts them', () => {
    const gone = [report('new', '2026-11-20T10:30:00Z', ['b'], 'cancelled'), REPORTS[0]!];
    const results = [OBS[0]!, { ...OBS[1]!, status: 'entered-in-error' as const }, OBS[2]!];
    render(<History reports={gone} observations={results} actions={actions()} onChanged={async () => undefined} />);
    // The old signed workup, then the one result no active report lists any more.
    expect(screen.getAllByTestId('history-result').map((r) => r.getAttribute('data-status'))).toEqual([
      'final',
      'preliminary',
    ]);
    expect(screen.queryByText('Conclusion new')).toBeNull();
    expect(screen.getByTestId('history-withdrawn').textContent).toMatch(/^2 discarded items/);
  });

  it('is the one card for saved results: it marks a result a later signed result replaced', () => {
    const later = {
      ...obs('d', 'RECIST response', 'final'),
      extension: [{ url: OBSERVATION_REPLACES, valueReference: { reference: 'Observation/a' } }],
    };
    const reports = [...REPORTS, report('latest', '2026-11-28T10:00:00Z', ['d'], 'final')];
    render(
      <History reports={reports} observations={[...OBS, later]} actions={actions()} onChanged={async () => undefined} />
    );
    expect(screen.getByRole('heading', { name: /^Saved by OncoAgent/ })).toBeTruthy();
    const rows = screen.getAllByTestId('history-result');
    expect(rows.map((r) => r.getAttribute('data-superseded'))).toEqual(['false', 'false', 'false', 'true']);
    expect(within(rows[3]!).getByTestId('superseded-mark').textContent).toBe('replaced by a later signed result');
  });
});
