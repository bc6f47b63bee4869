// What the validator refuses: profile rules (AI label, slices, units), unknown codes and profiles, and plans that
// could not be committed safely (no conditional create, dangling references, two patients).
import type { Bundle, Observation, Resource } from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';
import type { WritebackPlan } from '../../common/contracts';
import { buildPlan } from './plan';
import { offlineWorkup } from './testing/offline-workup';
import { hasErrors, isPendingReference, validateAny, validateOne, validationCacheStats } from './validate';
import { validatePlan } from './validate-plan';

let plan: WritebackPlan;
beforeAll(async () => {
  plan = buildPlan({ workup: await offlineWorkup() });
});

const find = (code: string): Observation =>
  structuredClone(
    plan.bundle.entry!.map((e) => e.resource as Observation).find((r) => r.code?.coding?.some((c) => c.code === code))!
  );
const errors = (r: Resource): string[] =>
  validateOne(r)
    .filter((i) => i.severity === 'error')
    .map((i) => i.details?.text ?? '');

describe('validateOne', () => {
  it('accepts every resource the builders made from the tool outputs, each under its profile', () => {
    expect(plan.valid).toBe(true);
    for (const e of plan.bundle.entry!) expect(errors(e.resource!), e.resource!.resourceType).toEqual([]);
    const profiles = new Set(
      plan.bundle.entry!.flatMap((e) => e.resource!.meta?.profile ?? []).map((p) => p.split('/').pop())
    );
    expect([...profiles].sort()).toEqual([
      'mcode-tnm-distant-metastases-category',
      'mcode-tnm-primary-tumor-category',
      'mcode-tnm-regional-nodes-category',
      'mcode-tnm-stage-group',
      'oncoagent-device',
      'oncoagent-provenance',
      'oncoagent-recist-response',
      'oncoagent-therapeutic-implication',
      'oncoagent-tnm-category',
      'oncoagent-tnm-stage-group',
      'oncoagent-workup-report',
    ]);
  });

  it('refuses an output without the AI label, the stable identifier or a required slice, reporting each', () => {
    const recist = find('recist-response');
    recist.meta!.security = [];
    recist.identifier = [];
    recist.component = recist.component!.filter((c) => c.code.coding![0].code !== 'sum-diameters-nadir');
    const found = errors(recist);
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringContaining('oa-rr-ai not met'),
        expect.stringContaining('oa-rr-item not met'),
        expect.stringContaining("slice 'sumNadir': expected 1..1, but found 0"),
      ])
    );
  });

  it('answers a resource seen before from its content, and checks a changed one anew', () => {
    const recist = find('recist-response');
    const before = validationCacheStats();
    const first = validateOne(recist);
    const again = validateOne(structuredClone(recist));
    expect(validationCacheStats().hits).toBeGreaterThan(before.hits);
    expect(again).toEqual(first);
    // Each caller gets its own list: changing one answer cannot change the next.
    again.push({ severity: 'error', code: 'invalid' });
    expect(validateOne(recist)).toEqual(first);
    recist.meta!.security = [];
    expect(errors(recist)).toEqual(expect.arrayContaining([expect.stringContaining('oa-rr-ai not met')]));
  });

  it('refuses sizes in the wrong unit and a response category outside RECIST', () => {
    const recist = find('recist-response');
    recist.component![0].valueQuantity!.code = 'cm';
    recist.valueCodeableConcept!.coding![0].code = 'MR';
    const found = errors(recist);
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringContaining('oa-rr-units not met'),
        expect.stringContaining('oa-rr-value not met'),
        expect.stringContaining(
          'Code "MR" is not defined in https://oncoagent.example/fhir/CodeSystem/oncoagent-recist-response'
        ),
      ])
    );
  });

  it('requires the Genomics Reporting components of a therapeutic implication', () => {
    const therapy = find('therapeutic-implication');
    therapy.component = therapy.component!.filter((c) => c.code.coding![0].code !== '93044-6');
    expect(errors(therapy)).toEqual([expect.stringContaining("slice 'evidence-level': expected 1..1, but found 0")]);
  });

  it('refuses a final report without the signing clinician', () => {
    const report = structuredClone(
      plan.bundle.entry!.find((e) => e.resource!.resourceType === 'DiagnosticReport')!.resource!
    );
    expect(errors({ ...report, status: 'final' } as Resource)).toEqual([
      expect.stringContaining('oa-wr-signed not met'),
    ]);
  });

  it('names profiles it cannot check and refuses ours that do not exist', () => {
    const obs = find('recist-response');
    obs.meta!.profile = ['http://hl7.org/fhir/us/mcode/StructureDefinition/mcode-tumor-marker-test'];
    const issues = validateOne(obs);
    expect(issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(issues.map((i) => i.details?.text)).toContain(
      'Profile http://hl7.org/fhir/us/mcode/StructureDefinition/mcode-tumor-marker-test is not available here: checked against base R4 only'
    );
    obs.meta!.profile = ['https://oncoagent.example/fhir/StructureDefinition/oncoagent-nothing'];
    expect(errors(obs)).toEqual([expect.stringContaining('is not defined in fhir-profiles/')]);
  });

  it('validates plain R4 resources and each entry of any Bundle', () => {
    expect(hasErrors(validateAny({ resourceType: 'Patient', gender: 'male' }))).toBe(false);
    const outcome = validateAny({
      resourceType: 'Bundle',
      type: 'collection',
      entry: [
        { resource: { resourceType: 'Patient' } },
        { resource: { resourceType: 'Observation', status: 'final' } },
      ],
    });
    expect(outcome.issue?.[0]).toMatchObject({ severity: 'error', expression: ['Bundle.entry[1].resource.code'] });
    expect(validateAny({ foo: 1 }).issue?.[0].details?.text).toBe('Not a FHIR resource: resourceType is missing');
  });

  it('takes a urn:uuid reference between plan entries and still reports a reference that is none', () => {
    const observation = (reference: string): Observation => ({
      resourceType: 'Observation',
      status: 'final',
      code: { text: 'CEA' },
      subject: { reference },
    });
    expect(validateOne(observation('urn:uuid:2f1c6c36-4bd4-4b5e-9b0a-1f6a3c0e5d11'))).toEqual([]);
    const [only, ...rest] = validateOne(observation('not a reference'));
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ severity: 'warning', expression: ['Observation.subject'] });
    expect(isPendingReference(only!)).toBe(false);
    const text = only!.details!.text!.replace('not a reference', 'urn:uuid:2f1c6c36-4bd4-4b5e-9b0a-1f6a3c0e5d11');
    expect(isPendingReference({ ...only!, details: { text } })).toBe(true);
  });
});

describe('validatePlan', () => {
  const broken = (edit: (b: Bundle) => void): string[] => {
    const bundle = structuredClone(plan.bundle);
    edit(bundle);
    return (validatePlan(bundle).issue ?? []).filter((i) => i.severity === 'error').map((i) => i.details?.text ?? '');
  };

  it('passes the built plan, noting the mCODE profiles only `oncoagent validate --ig mcode` checks', () => {
    const issues = validatePlan(plan.bundle).issue ?? [];
    expect(issues.filter((i) => i.severity !== 'information')).toEqual([]);
    expect(issues.map((i) => i.details?.text)).toEqual(
      Array(4).fill(
        expect.stringMatching(/^Profile http:\/\/hl7\.org\/fhir\/us\/mcode\/.* checked against base R4 only$/)
      )
    );
  });

  it('requires conditional creates, urn:uuid fullUrls and references that resolve inside the plan', () => {
    expect(broken((b) => delete b.entry![1].request!.ifNoneExist)).toEqual([
      'Each entry is a conditional create: POST to its type with ifNoneExist',
    ]);
    expect(broken((b) => (b.entry![1].fullUrl = 'Observation/1'))).toContain('fullUrl must be a urn:uuid');
    const dropped = broken((b) => b.entry!.splice(0, 1));
    expect(dropped.some((t) => /^Reference urn:uuid:\S+ points at no entry of the plan$/.test(t))).toBe(true);
  });

  it('refuses a plan that writes about two patients', () => {
    const found = broken((b) => {
      (b.entry!.find((e) => e.resource!.resourceType === 'Observation')!.resource as Observation).subject = {
        reference: 'Patient/someone-else',
      };
    });
    expect(found).toContain(`The plan mixes patients (Patient/demo-colon-x, Patient/someone-else)`);
  });
});
