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
    expect(within(score).getByText('ECOG 0.', { selector: 'li' })).toBeTruthy();
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

  it('falls back to the raw output when a result does not fit its tool contract', () => {
    render(<ToolOutput call={call('clinical_score', { score: 'bclc' })} />);
    expect(screen.queryByTestId('score')).toBeNull();
    expect(screen.getByText('Output')).toBeTruthy();
  });
});
