// A plan's entries as run output: ids from the fullUrls, references rewritten, and one id per device across patients.
import type { Bundle, Observation } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { planResources } from './job';

const plan = (device: string, obs: string): Bundle => ({
  resourceType: 'Bundle',
  type: 'transaction',
  entry: [
    {
      fullUrl: `urn:uuid:${device}`,
      resource: {
        resourceType: 'Device',
        identifier: [{ system: 'https://oncoagent.example/fhir/identifier/device', value: 'oncoagent-agent@1.0.0' }],
      },
      request: { method: 'POST', url: 'Device' },
    },
    {
      fullUrl: `urn:uuid:${obs}`,
      resource: {
        resourceType: 'Observation',
        status: 'preliminary',
        code: { text: 'x' },
        device: { reference: `urn:uuid:${device}` },
        subject: { reference: 'Patient/p1' },
      },
      request: { method: 'POST', url: 'Observation' },
    },
  ],
});

describe('planResources', () => {
  it('gives each resource its fullUrl id and rewrites references inside the plan', () => {
    const [, obs] = planResources(plan('11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'));
    expect(obs!.id).toBe('22222222-2222-4222-8222-222222222222');
    expect((obs as Observation).subject?.reference).toBe('Patient/p1');
    expect((obs as Observation).device?.reference).toMatch(/^Device\/[0-9a-f-]{36}$/);
  });

  it('gives the same device the same id in every patient’s plan', () => {
    const a = planResources(plan('11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'));
    const b = planResources(plan('33333333-3333-4333-8333-333333333333', '44444444-4444-4444-8444-444444444444'));
    expect(a[0]!.id).toBe(b[0]!.id);
    expect((b[1] as Observation).device?.reference).toBe(`Device/${a[0]!.id}`);
  });
});
