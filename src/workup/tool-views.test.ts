// Checks that tool outputs are read defensively: right numbers when well-formed, nothing invented when not.
import { describe, expect, it } from 'vitest';
import type { WorkupToolCall } from '../../common/contracts';
import { TOOL_CALLS } from './fixtures';
import { actionabilityOf, predictionsOf, responseOf, segmentationOf } from './tool-views';

const call = (tool: string, output: unknown, status: WorkupToolCall['status'] = 'ok'): WorkupToolCall => ({
  id: 'x',
  tool,
  args: {},
  status,
  output,
  ms: 1,
});

describe('tool views', () => {
  it('reads measurements and makes a data URL only from plain base64', () => {
    expect(segmentationOf(TOOL_CALLS[0]!)).toMatchObject({
      overlaySrc: 'data:image/png;base64,iVBORw0KGgo=',
      longestDiameterMm: 20,
      shortAxisMm: 16,
    });
    const hostile = segmentationOf(call('segment_lesion', { overlayPng: 'x" onerror="alert(1)', areaMm2: 'big' }));
    expect(hostile).toMatchObject({ overlaySrc: undefined, areaMm2: undefined });
  });

  it('returns null for other tools, failed calls and malformed outputs', () => {
    expect(segmentationOf(TOOL_CALLS[2]!)).toBeNull();
    expect(responseOf(call('assess_response', { category: 'PD' }, 'error'))).toBeNull();
    expect(responseOf(call('assess_response', { rule: 'no category' }))).toBeNull();
    expect(predictionsOf(call('predict_biomarkers', 'text'))).toBeNull();
  });

  it('labels demo and unknown models, but not validated ones', () => {
    const view = (validation?: string) =>
      predictionsOf(call('predict_biomarkers', { predictions: [], model: validation ? { validation } : undefined }));
    expect(view('demo-not-clinically-validated')).toMatchObject({
      demo: true,
      validationLabel: 'Demo model — not clinically validated',
    });
    expect(view()).toMatchObject({ demo: true, validationLabel: 'Demo model — not clinically validated' });
    expect(view('research-use-only')).toMatchObject({ demo: false, validationLabel: /Research use only/ });
    expect(view('clinically-validated')).toMatchObject({ demo: false, validationLabel: undefined });
  });

  it('keeps only well-formed therapies', () => {
    const view = actionabilityOf(
      call('variant_actionability', { summary: 's', therapies: [{ drugs: ['A'], level: '1' }, { level: '2' }, 'x'] })
    );
    expect(view?.therapies).toHaveLength(1);
    expect(view?.resistance).toEqual([]);
  });
});
