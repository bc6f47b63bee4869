// A score or stage reads as a result with what it rests on: a BCLC stage that depends on a clinical judgement shows
// that assumption beside the value, not only inside the raw output.
// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { WorkupToolCall } from '../../../common/contracts';
import { ToolOutput } from './ToolOutput';

afterEach(cleanup);

const call = (tool: string, output: unknown): WorkupToolCall => ({
  id: 'c1',
  tool,
  args: {},
  status: 'ok',
  output,
  ms: 3,
});

const bclc = {
  score: 'bclc',
  title: 'BCLC stage',
  inputs: [{ name: 'childPughClass', value: 'B' }],
  value: 'A or D',
  interpretation: 'Stage not assigned: Child-Pugh B needs a judgement of liver function.',
  source: 'Reig M et al., J Hepatol 2022',
  assumptions: ['Whether liver function is preserved was not stated: preserved would give A, end-stage D.'],
  notes: ['ECOG 0.'],
};

describe('ToolOutput', () => {
  it('shows a score with its interpretation and its assumptions next to the value', () => {
    render(<ToolOutput call={call('clinical_score', bclc)} />);
    const score = screen.getByTestId('score');
    expect(within(score).getByText('BCLC stage: A or D')).toBeTruthy();
    expect(within(score).getByText(/needs a judgement of liver function/, { selector: 'p' })).toBeTruthy();
    expect(within(score).getByTestId('assumption').textContent).toContain('preserved would give A');
    expect(within(score).getByText(/ECOG 0\./, { selector: 'li' })).toBeTruthy();
    // The inputs in words, and nothing folded away as raw output.
    expect(within(score).getByTestId('score-inputs').textContent).toContain('childPughClassB');
    expect(screen.queryByText('Output')).toBeNull();
    expect(score.textContent).not.toContain('{');
  });

  it('says the BCLC assumption as a judgement in words, never the tool’s flag name', () => {
    const server = {
      ...bclc,
      assumptions: [
        'Needed: a clinical judgement of liver function for Child-Pugh B. liverFunctionPreserved: true would stage ' +
          'this patient A; liverFunctionPreserved: false would stage D.',
      ],
    };
    render(<ToolOutput call={call('clinical_score', server)} />);
    const assumption = screen.getByTestId('assumption').textContent ?? '';
    expect(assumption).not.toMatch(/liverFunctionPreserved|true|false/);
    expect(assumption).toContain('Liver function judged preserved would stage this patient A');
    expect(assumption).toContain('liver function judged end-stage would stage D');
  });

  it('draws the RECIST sums of diameters by time point beside the response category', () => {
    const response = call('assess_response', {
      category: 'PD',
      baselineSumMm: 44.8,
      followUpSumMm: 58.6,
      nadirSumMm: 44.8,
      changeFromBaselinePct: 30.8,
      rule: 'PD: sum rose 30.8 % above the nadir',
    });
    const recist = {
      callId: 'c1',
      category: 'PD',
      points: [
        { label: 'Baseline' as const, sumMm: 44.8, date: '2026-08-18' },
        { label: 'Follow-up' as const, sumMm: 58.6, date: '2026-11-17' },
      ],
      progressionMm: 53.76,
      partialResponseMm: 31.36,
    };
    render(<ToolOutput call={response} recist={recist} />);
    const chart = screen.getByTestId('recist-chart');
    expect(within(chart).getAllByTestId('recist-point')).toHaveLength(2);
    expect(within(chart).getByTestId('chart-summary').textContent).toBe(
      'Sum of target-lesion diameters: baseline 44.8 mm (18 Aug 2026), follow-up 58.6 mm (17 Nov 2026). ' +
        'Progression from 53.8 mm, partial response at or below 31.4 mm.'
    );
    cleanup();
    render(<ToolOutput call={response} />);
    expect(screen.queryByTestId('recist-chart')).toBeNull();
  });

  it('shows a tool warning in words above the result', () => {
    render(<ToolOutput call={{ ...call('clinical_score', bclc), warnings: ['Ascites grade was estimated.'] }} />);
    const warning = screen.getByTestId('tool-warning');
    expect(warning.textContent).toBe('Warning: Ascites grade was estimated.');
    const order = warning.compareDocumentPosition(screen.getByTestId('score'));
    expect(order & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows a stage group with its categories and the rule that decided it', () => {
    const stage = {
      site: 'lung',
      edition: 'AJCC 8th',
      t: 'T2a',
      n: 'N1',
      m: 'M0',
      prefixes: { t: 'p', n: 'p', m: 'c' },
      stageGroup: 'IIB',
      rule: 'T2a N1 M0 → IIB',
    };
    render(<ToolOutput call={call('tnm_stage', stage)} />);
    const shown = screen.getByTestId('stage');
    expect(within(shown).getByText('Stage IIB')).toBeTruthy();
    expect(within(shown).getByText(/pT2a pN1 cM0/)).toBeTruthy();
  });

  it('shows a result that fits no view as labelled values, not JSON', () => {
    render(
      <ToolOutput call={call('clinical_score', { score: 'bclc', liverFunction: 'not judged', nodules: [1, 2] })} />
    );
    expect(screen.queryByTestId('score')).toBeNull();
    const shown = screen.getByTestId('readable-output');
    expect(shown.textContent).toContain('Liver functionnot judged');
    expect(shown.textContent).toContain('Nodules1; 2');
    expect(shown.textContent).not.toMatch(/[{}"]/);
  });
});
