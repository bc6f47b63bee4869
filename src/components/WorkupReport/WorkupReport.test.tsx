// Renders the report to static HTML (no DOM library) to check what the clinician and the e2e test rely on: cited
// findings, overlays, labels, and that hostile answer text stays text.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { WorkupToolCall } from '../../../common/contracts';
import { emptyRecord, type PatientRecord } from '../../../common/record/patient-record';
import { EVENTS, RESULT } from '../../workup/fixtures';
import { INITIAL_VIEW, reduceWorkup, type WorkupAction } from '../../workup/reducer';
import { reportOf } from '../../workup/report';
import { WorkupProgress } from '../WorkupProgress/WorkupProgress';
import { WorkupReport } from './WorkupReport';

const record: PatientRecord = {
  ...emptyRecord({ resourceType: 'Patient', id: 'p1' }),
  observations: [{ resourceType: 'Observation', id: 'o1', status: 'final', code: { text: 'MSI' } }],
};
const demo: WorkupToolCall = {
  id: 'c6',
  tool: 'predict_biomarkers',
  args: {},
  status: 'ok',
  output: {
    predictions: [{ target: 'MSI', label: 'MSI-H', probability: 0.81 }],
    model: { id: 'demo', validation: 'demo-not-clinically-validated' },
  },
  ms: 30,
};
const count = (html: string, text: string): number => html.split(text).length - 1;

function render(overrides: Partial<typeof RESULT> = {}): string {
  const actions: WorkupAction[] = [
    { type: 'start', question: '', at: 0 },
    { type: 'started', id: 'w1' },
    { type: 'event', event: { type: 'done', result: { ...RESULT, ...overrides } }, at: 1 },
  ];
  const report = reportOf(actions.reduce(reduceWorkup, INITIAL_VIEW))!;
  return renderToStaticMarkup(<WorkupReport report={report} record={record} />);
}

describe('WorkupReport', () => {
  it('shows cited findings by kind, overlays, therapies with levels, suggestions and usage', () => {
    const html = render();
    expect(html).toContain('data-testid="workup-report"');
    expect(count(html, 'data-testid="finding"')).toBe(3);
    expect(html).toContain('data-kind="conflict"');
    expect(count(html, 'data-testid="overlay"')).toBe(2);
    expect(html).toContain('src="data:image/png;base64,iVBORw0KGgo="');
    expect(html).toMatch(/data-testid="level-badge"[^>]*>Level 1</);
    expect(count(html, 'data-testid="citation"')).toBeGreaterThanOrEqual(6);
    expect(html).toContain('Machine-generated, preliminary — not reviewed');
    expect(html).toContain('Repeat MSI testing by IHC.');
    expect(html).toMatch(/data-testid="workup-usage"[^>]*>Mode: offline rules, no language model · 0 LLM calls/);
    expect(html).toContain('data-testid="missing-item"');
    expect(html).toContain('data-testid="unsupported"');
    expect(html).toContain('aria-label="Record: Observation: MSI"');
    expect(html).not.toContain('data-kind="missing"');
    expect(html).not.toContain('demo-model-label');
  });

  it('labels demo-model predictions and the findings resting on them', () => {
    const html = render({
      toolCalls: [...RESULT.toolCalls, demo],
      findings: [{ kind: 'biomarker', text: 'Predicted MSI-H.', sources: ['tool:c6'] }],
    });
    expect(count(html, 'data-testid="demo-model-label"')).toBe(2);
    expect(html).toContain('Demo model — not clinically validated');
  });

  it('keeps HTML in the answer as text and marks citations that resolve to nothing', () => {
    const html = render({ answer: { markdown: 'Bad <script>alert(1)</script> [7]', statements: [] } });
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('data-kind="missing"');
  });
});

describe('WorkupProgress', () => {
  it('shows one row per tool call with status, duration and the reason a tool is unavailable', () => {
    const actions: WorkupAction[] = [
      { type: 'start', question: '', at: 0 },
      { type: 'started', id: 'w1' },
      ...EVENTS.slice(0, 6).map((event): WorkupAction => ({ type: 'event', event, at: 1 })),
    ];
    const html = renderToStaticMarkup(<WorkupProgress view={actions.reduce(reduceWorkup, INITIAL_VIEW)} />);
    expect(count(html, 'data-testid="progress-item"')).toBe(5);
    expect(html).toContain('data-status="ok"');
    expect(html).toContain('data-status="running"');
    expect(html).toContain('done · 42 ms');
    expect(html).toContain('aria-live="polite"');
    expect(html).toContain('1 of 5 tool calls finished');
  });
});
