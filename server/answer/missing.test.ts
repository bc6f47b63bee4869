// What is missing and what to do next: tools that could not run with their reasons, tests the tumour type needs,
// predictions standing in for tests, unmeasured response; conflicts resolved first.
import { describe, expect, it } from 'vitest';
import { missingInformation, offlineSuggestions } from './missing';
import { parseSummary } from './summary';
import { CRC_INPUT, ICC_INPUT } from './testing/inputs';
import type { AnswerInput } from './types';

const missing = (input: AnswerInput) => missingInformation(input, parseSummary(input.patientSummary));

describe('missingInformation', () => {
  it('names each tool that could not run, with its reason and its call', () => {
    const items = missing(CRC_INPUT);
    expect(items).toContainEqual(
      expect.objectContaining({
        text: 'radiology_report could not run here: No vision model configured (ONCOAGENT_VISION_MODEL is not set)',
        citations: ['tool:c4'],
      })
    );
    // KRAS-mutant colorectal cancer: HER2 is not asked for; RAS, BRAF and MSI are.
    expect(items.map((i) => i.text)).toEqual([
      'NRAS status is not in the record.',
      'BRAF status is not in the record.',
      expect.stringMatching(/^radiology_report could not run/),
    ]);
  });

  it('asks for the biliary targets and for images when only report text is there', () => {
    const texts = missing(ICC_INPUT).map((i) => i.text);
    expect(texts).toEqual([
      'IDH1 status is not in the record.',
      'FGFR2 status is not in the record.',
      'HER2 status is not in the record.',
      'Only the text of the imaging reports is in the record (no images), so the response was not measured.',
    ]);
  });

  it('says when a result is only predicted, citing the prediction, and when stage and ECOG are absent', () => {
    const input: AnswerInput = {
      question: 'Is MSI known?',
      patientSummary:
        'Patient: 58-year-old male\nPrimary cancer: Adenocarcinoma of colon (colorectal cancer) [Condition/c]',
      findings: [
        {
          kind: 'biomarker',
          text: 'Predicted from histology: MSS (MSI probability 0.02, threshold 0.5); demo model, not clinically validated.',
          sources: ['tool:c1'],
        },
      ],
      toolCalls: [{ id: 'c1', tool: 'predict_biomarkers', args: {}, status: 'ok', ms: 5 }],
    };
    const items = missing(input);
    expect(items[0]).toMatchObject({
      text: expect.stringMatching(/^MSI\/MMR: no test result in the record, only a histology prediction/),
      citations: ['tool:c1'],
    });
    expect(items.map((i) => i.text)).toContain('No TNM stage in the record.');
    expect(items.map((i) => i.text)).toContain('No ECOG performance status in the record.');
  });
});

describe('offlineSuggestions', () => {
  it('puts resolving the conflict first, then the missing tests and matched therapies', () => {
    const s = offlineSuggestions(ICC_INPUT.findings, missing(ICC_INPUT));
    expect(s[0]).toMatch(/^Repeat MSI\/MMR testing/);
    expect(s.slice(1, 4)).toEqual([
      'Test IDH1 on tumour tissue before the treatment decision.',
      'Test FGFR2 on tumour tissue before the treatment decision.',
      'Test HER2 on tumour tissue before the treatment decision.',
    ]);
    expect(s).toContain(
      'Check eligibility for dabrafenib + trametinib (level 1) for BRAF V600E in Cholangiocarcinoma.'
    );
    expect(s.length).toBeLessThanOrEqual(6);
  });

  it('never says a test is not in the record when only a lab value holds it (a HER2 IHC score as a number)', () => {
    const input: AnswerInput = {
      question: 'Options?',
      patientSummary: [
        'Patient: 61-year-old female',
        'Primary cancer: Adenocarcinoma of stomach (gastric cancer) [Condition/c]; stage: IV',
        'Labs (latest): HER2 IHC score 3 {score} (2026-10-01) [Observation/h]',
      ].join('\n'),
      findings: [],
      toolCalls: [],
    };
    const texts = missing(input).map((i) => i.text);
    expect(texts.some((t) => /^HER2/.test(t))).toBe(false);
    expect(texts).toContain('MSI/MMR status is not in the record.');
  });
});
