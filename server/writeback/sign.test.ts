// Sign-off turns a preliminary plan into the clinician's: final statuses, the clinician on the report and in the
// Provenance, and nothing else changed (so the same identifiers keep commits idempotent).
import type { DiagnosticReport, Observation, Provenance } from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';
import type { WritebackPlan } from '../../common/contracts';
import { buildPlan } from './plan';
import { isSigned, sign } from './sign';
import { offlineWorkup } from './testing/offline-workup';
import { hasErrors } from './validate';
import { validatePlan } from './validate-plan';

let plan: WritebackPlan;
beforeAll(async () => {
  plan = buildPlan({ workup: await offlineWorkup() });
});

describe('sign', () => {
  it('finalises statuses, names the clinician and stays valid', () => {
    const signed = sign(plan.bundle, 'Practitioner/dr-weber');
    expect(isSigned(plan.bundle)).toBe(false);
    expect(isSigned(signed)).toBe(true);
    expect(hasErrors(validatePlan(signed))).toBe(false);
    const resources = signed.entry!.map((e) => e.resource!);
    for (const o of resources.filter((r) => r.resourceType === 'Observation') as Observation[])
      expect(o.status).toBe('final');
    const report = resources.find((r) => r.resourceType === 'DiagnosticReport') as DiagnosticReport;
    expect(report).toMatchObject({ status: 'final', resultsInterpreter: [{ reference: 'Practitioner/dr-weber' }] });
    const provenance = resources.find((r) => r.resourceType === 'Provenance') as Provenance;
    expect(provenance.agent.at(-1)).toMatchObject({
      type: { coding: [{ code: 'verifier' }] },
      who: { reference: 'Practitioner/dr-weber' },
    });
    // The same conditional creates for the results (signing changes no finding's identity); the Provenance is a new
    // attestation, so a signed commit of results written earlier as preliminary records the sign-off.
    const requests = (b: typeof signed) => b.entry!.map((e) => e.request);
    const types = signed.entry!.map((e) => e.resource!.resourceType);
    expect(requests(signed).filter((_, i) => types[i] !== 'Provenance')).toEqual(
      requests(plan.bundle).filter((_, i) => types[i] !== 'Provenance')
    );
    const provenanceRequest = (b: typeof signed) =>
      b.entry!.find((e) => e.resource!.resourceType === 'Provenance')!.request;
    expect(provenanceRequest(signed)?.ifNoneExist).not.toBe(provenanceRequest(plan.bundle)?.ifNoneExist);
  });

  it('gives the same result when signed twice and does not change the plan it was given', () => {
    const before = structuredClone(plan.bundle);
    const once = sign(plan.bundle, 'Practitioner/dr-weber');
    expect(sign(once, 'Practitioner/dr-weber')).toEqual(once);
    expect(plan.bundle).toEqual(before);
  });

  it('is what buildPlan returns with signAs', async () => {
    const signed = buildPlan({ workup: await offlineWorkup(), signAs: 'PractitionerRole/r1' });
    expect(signed.signed).toBe(true);
    expect(signed.valid).toBe(true);
    expect(signed.bundle).toEqual(sign(plan.bundle, 'PractitionerRole/r1'));
  });

  it('refuses a signer that is not a Practitioner or PractitionerRole', () => {
    expect(() => sign(plan.bundle, 'Patient/demo-colon-x')).toThrow(
      /must be a Practitioner\/<id> or PractitionerRole\/<id>/
    );
    expect(() => sign(plan.bundle, 'Practitioner/../x')).toThrow(/must be a Practitioner/);
  });
});
