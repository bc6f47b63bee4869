// The structural pre-check refuses a value where a list belongs (and the reverse) with one issue, at once.
import { OperationOutcomeError } from '@medplum/core';
import type { Observation } from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureDefinitions } from '../../fhir/definitions';
import { checkShape } from './shape';

beforeAll(() => ensureDefinitions());

const obs = (extra: Record<string, unknown>) =>
  ({ resourceType: 'Observation', status: 'final', code: { text: 'x' }, ...extra }) as unknown as Observation;

describe('checkShape', () => {
  it('refuses a long string where a list of codings belongs with one issue', () => {
    const err = (() => {
      try {
        checkShape(obs({ category: [{ coding: 'A'.repeat(200_000) }] }));
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(err).toBeInstanceOf(OperationOutcomeError);
    const issues = (err as OperationOutcomeError).outcome.issue ?? [];
    expect(issues).toHaveLength(1);
    expect(issues[0]?.details?.text).toBe('Observation.category.coding must be an array');
  });

  it('refuses a list where one value belongs, in backbone elements too', () => {
    expect(() => checkShape(obs({ code: [{ text: 'x' }] }))).toThrow(/Observation.code must be a single value/);
    expect(() => checkShape(obs({ component: [{ code: { text: 'c' }, interpretation: 'H' }] }))).toThrow(
      /Observation.component.interpretation must be an array/
    );
  });

  it('passes a well-formed resource', () => {
    expect(() =>
      checkShape(obs({ category: [{ coding: [{ system: 's', code: 'c' }] }], component: [{ code: { text: 'c' } }] }))
    ).not.toThrow();
  });
});
