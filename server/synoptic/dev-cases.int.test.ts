// The synoptic outputs for the development cases (../shared/cases/gross, present beside the repo in CI and on team
// machines, absent for users — then skipped) are valid FHIR: QuestionnaireResponses and the lung TNM Observations.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { validateResource } from '@medplum/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureDefinitions } from '../fhir/definitions';
import { synopticObservations } from '../writeback/synoptic-observations';
import { extractOffline, toQuestionnaireResponse } from '.';
import { readEvalCases } from './eval/cases';
import { loadTemplate } from './template';

const DIR = resolve(import.meta.dirname, '../../../shared/cases/gross');

describe.skipIf(!existsSync(DIR))('synoptic outputs of the development cases', () => {
  beforeAll(() => ensureDefinitions());

  it('validate as FHIR R4 (QuestionnaireResponse, and TNM Observations for lung)', () => {
    const cases = readEvalCases(DIR);
    expect(cases.length).toBeGreaterThan(0);
    for (const c of cases) {
      const template = loadTemplate(c.template);
      const qr = toQuestionnaireResponse(template, extractOffline(template, { text: c.text, key: c.id }));
      expect(
        validateResource(qr).filter((i) => i.severity === 'error'),
        c.id
      ).toEqual([]);
      if (c.template === 'ajcc8-lung-resection') {
        const { observations } = synopticObservations(template.questionnaire, qr, {
          subject: { reference: 'Patient/x' },
        });
        expect(observations.length, c.id).toBeGreaterThan(0);
        for (const o of observations)
          expect(
            validateResource(o).filter((i) => i.severity === 'error'),
            c.id
          ).toEqual([]);
      }
    }
  });
});
