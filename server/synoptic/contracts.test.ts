// Checks that the synoptic contracts accept a real extraction, its form view and its write-back input, and refuse a
// malformed result with a message that names the field.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SynopticInput, SynopticResult, SynopticView } from '../../common/contracts';
import { synopticObservations } from '../writeback/synoptic-observations';
import { extractOffline, loadTemplate, resultView, toQuestionnaireResponse } from '.';
import { LUNG } from './testdata/fixtures';

const wire = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const lung = loadTemplate('ajcc8-lung-resection');
const report = LUNG.find((x) => x.id === 'L-e')!;
const result = wire(extractOffline(lung, { text: report.text, key: report.id, subject: 'Patient/p1' }));

describe('synoptic contracts', () => {
  it('parse a real offline extraction and the view the form renders, unchanged', () => {
    expect(Object.keys(result.answers).length).toBeGreaterThan(3);
    expect(SynopticResult.parse(result)).toEqual(result);
    const view = wire(resultView(lung, result));
    expect(view.items.some((i) => i.value !== null)).toBe(true);
    expect(SynopticView.parse(view)).toEqual(view);
  });

  it('parse the approved form as the write-back takes it', () => {
    const questionnaireResponse = toQuestionnaireResponse(lung, result, { authored: '2026-03-04T05:06:07Z' });
    const { observations } = synopticObservations(lung.questionnaire, questionnaireResponse);
    const input = wire({ questionnaireResponse, observations });
    expect(observations.length).toBeGreaterThan(0);
    expect(SynopticInput.parse(input)).toEqual(input);
  });

  it('refuse a malformed result, naming the field', () => {
    const [linkId] = Object.keys(result.answers);
    const bad = { ...result, answers: { [linkId!]: { ...result.answers[linkId!], value: true } }, stop: 'bored' };
    const parsed = SynopticResult.safeParse(bad);
    expect(parsed.success).toBe(false);
    const message = parsed.success ? '' : z.prettifyError(parsed.error);
    expect(message).toContain(`at answers.${linkId}.value`);
    expect(message).toMatch(/at stop/);
  });
});
