// Checks that the event stream folds into what the clinician sees: rows per call, partial then final report, errors.
import { describe, expect, it } from 'vitest';
import { EVENTS, RESULT } from './fixtures';
import { INITIAL_VIEW, reduceWorkup, type WorkupAction, type WorkupView } from './reducer';
import { reportOf } from './report';

const run = (actions: WorkupAction[], from: WorkupView = INITIAL_VIEW): WorkupView =>
  actions.reduce(reduceWorkup, from);
const started: WorkupAction[] = [
  { type: 'start', question: 'Did it grow?', at: 1000 },
  { type: 'started', id: 'w1' },
];
const events = (n = EVENTS.length): WorkupAction[] =>
  EVENTS.slice(0, n).map((event) => ({ type: 'event', event, at: 2000 }));

describe('reduceWorkup', () => {
  it('shows planned calls, then running, then their outcome, one row per call id', () => {
    const planned = run([...started, ...events(3)]);
    expect(planned.items.map((i) => i.state)).toEqual(['planned', 'planned', 'planned', 'planned', 'planned']);
    expect(planned.items[0]?.reason).toBe('r');
    const running = run(events(4).slice(3), planned);
    expect(running.items[0]?.state).toBe('running');
    expect(running.items[0]?.reason).toBe('r');
    const finished = run([...started, ...events(13)]);
    expect(finished.items.map((i) => i.state)).toEqual(['ok', 'ok', 'ok', 'ok', 'unavailable']);
    expect(finished.items[4]?.message).toBe('No histology features.');
    expect(finished.statusLines).toEqual(['Reading the record']);
    expect(finished.patient?.name).toBe('Anna Test');
  });

  it('builds a partial report from streamed findings, then the final one from the result', () => {
    const partial = run([...started, ...events(EVENTS.length - 1)]);
    expect(partial.phase).toBe('running');
    expect(reportOf(partial)).toMatchObject({ complete: false, findings: RESULT.findings, suggestions: [] });
    const done = run([...started, ...events()]);
    expect(done.phase).toBe('done');
    const report = reportOf(done)!;
    expect(report).toMatchObject({ complete: true, suggestions: ['Repeat MSI testing by IHC.'] });
    expect(report.usage).toEqual({ mode: 'none', llmCalls: 0, promptTokens: 0, completionTokens: 0, ms: 850 });
    expect(report.unsupported.map((s) => s.text)).toEqual(['Sotorasib + panitumumab.']);
    expect(report.missing).toEqual([
      { id: 'c5', tool: 'predict_biomarkers', status: 'unavailable', message: 'No histology features.' },
    ]);
  });

  it('has no report before anything reportable arrives', () => {
    expect(reportOf(run([...started, ...events(3)]))).toBeNull();
  });

  it('turns an error event into a plain-language failure and stops open rows', () => {
    const failed = run([
      ...started,
      ...events(4),
      {
        type: 'event',
        event: {
          type: 'error',
          outcome: { resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'login' }] },
        },
        at: 3000,
      },
    ]);
    expect(failed.phase).toBe('failed');
    expect(failed.error?.kind).toBe('expired');
    expect(failed.items.map((i) => i.state)).toEqual(['stopped', 'stopped', 'stopped', 'stopped', 'stopped']);
  });

  it('ignores events after cancel, and a new start clears the old run', () => {
    const cancelled = run([...started, ...events(4), { type: 'cancelled', at: 5 }, ...events()]);
    expect(cancelled.phase).toBe('cancelled');
    expect(cancelled.result).toBeUndefined();
    const again = reduceWorkup(cancelled, { type: 'start', question: '', at: 9 });
    expect(again).toMatchObject({ phase: 'starting', items: [], startedAt: 9 });
  });

  it('ignores event types it does not know', () => {
    const view = run(started);
    const unknown = { type: 'event', event: { type: 'telemetry' }, at: 1 } as unknown as WorkupAction;
    expect(reduceWorkup(view, unknown)).toBe(view);
  });
});
