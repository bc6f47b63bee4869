// Live progress of a workup: one row per planned, running or finished tool call, and the agent's status lines.

import type { ReactNode } from 'react';
import { countsText } from '../../record/counts';
import { plainText } from '../../record/plain';
import { callDetail, formatMs, toolTitle } from '../../workup/labels';
import type { ItemState, ProgressItem, WorkupView } from '../../workup/reducer';
import { reasonText } from '../ToolOutput/reason-text';

const STATES: Record<ItemState, { icon: string; text: string }> = {
  planned: { icon: '○', text: 'planned' },
  running: { icon: '◌', text: 'running' },
  ok: { icon: '✓', text: 'done' },
  error: { icon: '✕', text: 'failed' },
  unavailable: { icon: '⊘', text: 'unavailable' },
  stopped: { icon: '–', text: 'not run' },
};

function Item({ item }: { item: ProgressItem }): ReactNode {
  const state = STATES[item.state];
  const detail = callDetail(item.tool, item.args);
  return (
    <li
      className={`progress-item progress-${item.state}`}
      data-testid="progress-item"
      data-tool={item.tool}
      data-status={item.state}
    >
      <span className="progress-icon" aria-hidden="true">
        {state.icon}
      </span>
      <span className="progress-name">
        {toolTitle(item.tool)}
        {detail && <span className="muted"> · {detail}</span>}
      </span>
      <span className="progress-state">
        {state.text}
        {item.ms !== undefined && item.state !== 'running' && ` · ${formatMs(item.ms)}`}
      </span>
      {item.message && (item.state === 'error' || item.state === 'unavailable') && (
        <p className="progress-message">{plainText(item.message)}</p>
      )}
      {reasonText(item.reason) && <p className="progress-reason">{reasonText(item.reason)}</p>}
    </li>
  );
}

/** The line a screen reader hears as the run advances: counts, not every row. */
function summary(view: WorkupView): string {
  const finished = view.items.filter((i) => i.state === 'ok' || i.state === 'error' || i.state === 'unavailable');
  const calls = view.items.length ? `${finished.length} of ${view.items.length} tool calls finished` : '';
  if (view.phase === 'starting') {
    return 'Starting the workup…';
  }
  if (view.phase === 'running') {
    return [calls, view.statusLines.at(-1) ?? 'Working…'].filter(Boolean).join(' · ');
  }
  if (view.phase === 'done') {
    return `Workup finished${calls ? `: ${calls}` : ''}.`;
  }
  if (view.phase === 'cancelled') {
    return 'Workup cancelled.';
  }
  return view.phase === 'failed' ? 'Workup stopped.' : '';
}

/**
 * Shows the workup's progress.
 * @param props - The workup view.
 * @returns The progress block.
 */
export function WorkupProgress({ view }: { view: WorkupView }): ReactNode {
  const counts = countsText(view.counts);
  return (
    <div className="workup-progress" data-testid="workup-progress" data-phase={view.phase}>
      <p className="workup-summary" role="status" aria-live="polite" data-testid="workup-status">
        {summary(view)}
      </p>
      {view.patient && (
        <p className="muted">
          Record of {view.patient.name} read
          {counts && `: ${counts}`}.
        </p>
      )}
      {view.items.length > 0 && (
        <ol className="progress-list" aria-label="Tool calls">
          {view.items.map((item) => (
            <Item key={item.id} item={item} />
          ))}
        </ol>
      )}
      {view.unreadable > 0 && (
        <p className="notice">
          {view.unreadable} progress message(s) from the server could not be read and were skipped.
        </p>
      )}
      {view.statusLines.length > 1 && (
        <details className="report-text">
          <summary>Activity ({view.statusLines.length})</summary>
          <ul className="status-lines">
            {view.statusLines.map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: an append-only log
              <li key={i}>{line}</li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
