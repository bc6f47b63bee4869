// The operation inputs: $populate names its patient and report as SDC Parameters, $extract takes the response alone
// or wrapped; anything else is a 400 naming the parameter at fault.
import type { OperationOutcomeError } from '@medplum/core';
import type { Parameters, QuestionnaireResponse, QuestionnaireResponseItem } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { checkBody } from '../http/parse';
import { ExtractInput, MAX_ITEM_DEPTH, PopulateInput, populateRequest, responseOf, shallow } from './parameters';

const populate = (content: unknown, name = 'clinical'): Parameters =>
  ({
    resourceType: 'Parameters',
    parameter: [
      { name: 'subject', valueReference: { reference: 'Patient/p1' } },
      {
        name: 'context',
        part: [
          { name: 'name', valueString: name },
          { name: 'content', ...(content as object) },
        ],
      },
    ],
  }) as Parameters;

const failure = (fn: () => unknown): string => {
  try {
    fn();
  } catch (err) {
    return (err as OperationOutcomeError).outcome.issue?.map((i) => i.details?.text).join(' ') ?? '';
  }
  return 'no error';
};

describe('$populate parameters', () => {
  it('reads the subject and the report reference', () => {
    const body = checkBody(populate({ valueReference: { reference: 'DocumentReference/d-1' } }), PopulateInput);
    expect(populateRequest(body)).toEqual({ subject: 'Patient/p1', report: 'DocumentReference/d-1' });
  });

  it('refuses a context of another name, a report of another type and an inline resource', () => {
    const ref = { valueReference: { reference: 'DiagnosticReport/r1' } };
    expect(failure(() => populateRequest(checkBody(populate(ref, 'patient'), PopulateInput)))).toMatch(/"clinical"/);
    const observation = { valueReference: { reference: 'Observation/o1' } };
    expect(failure(() => populateRequest(checkBody(populate(observation), PopulateInput)))).toMatch(
      /DiagnosticReport\/<id> or DocumentReference\/<id>/
    );
    const inline = { resource: { resourceType: 'DiagnosticReport' } };
    expect(failure(() => populateRequest(checkBody(populate(inline), PopulateInput)))).toMatch(/one valueReference/);
    const noSubject = { resourceType: 'Parameters', parameter: [] };
    expect(failure(() => populateRequest(checkBody(noSubject, PopulateInput)))).toMatch(/subject must be/);
  });
});

describe('$extract input', () => {
  const qr = { resourceType: 'QuestionnaireResponse', status: 'in-progress' };
  it('takes the QuestionnaireResponse alone or as the questionnaire-response parameter', () => {
    expect(responseOf(checkBody(qr, ExtractInput))).toEqual(qr);
    const wrapped = { resourceType: 'Parameters', parameter: [{ name: 'questionnaire-response', resource: qr }] };
    expect(responseOf(checkBody(wrapped, ExtractInput))).toEqual(qr);
  });

  it('refuses another resource and a parameter without a response', () => {
    expect(failure(() => checkBody({ resourceType: 'Observation' }, ExtractInput))).not.toBe('no error');
    const empty = { resourceType: 'Parameters', parameter: [{ name: 'questionnaire-response' }] };
    expect(failure(() => responseOf(checkBody(empty, ExtractInput)))).toMatch(/must hold a QuestionnaireResponse/);
  });

  it('refuses items nested deeper than any form has, before anything walks them', () => {
    const form = (depth: number): QuestionnaireResponse => {
      let item: QuestionnaireResponseItem = { linkId: 'x' };
      for (let i = 0; i < depth; i++) item = { linkId: 'x', item: [item] };
      return { resourceType: 'QuestionnaireResponse', status: 'in-progress', item: [item] };
    };
    expect(shallow(form(MAX_ITEM_DEPTH - 1))).toBeTruthy();
    expect(failure(() => shallow(form(100_000)))).toMatch(/deeper than 32/);
  });
});
