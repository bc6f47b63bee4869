// The kept profile schema gives what @medplum/core's own validateResource(resource, { profile }) gives — on the
// resources of a real plan and on many broken variants of each — except where validateResource is blind: a value of a
// type the profile does not allow, which it takes without a word.
import {
  getAllDataTypes,
  getResourceTypes,
  normalizeOperationOutcome,
  OperationOutcomeError,
  parseStructureDefinition,
  validateResource,
} from '@medplum/core';
import type { OperationOutcomeIssue, Resource, StructureDefinition } from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildPlan } from '../writeback/plan';
import { ensureProfiles } from '../writeback/profiles';
import { offlineWorkup } from '../writeback/testing/offline-workup';
import { validateAgainst } from './profile-validation';

vi.mock('@medplum/core', async (original) => {
  const core = await original<typeof import('@medplum/core')>();
  return { ...core, parseStructureDefinition: vi.fn(core.parseStructureDefinition) };
});

function medplumEachCall(resource: Resource, profile: StructureDefinition): OperationOutcomeIssue[] {
  try {
    return validateResource(resource, { profile });
  } catch (err) {
    return (err instanceof OperationOutcomeError ? err.outcome : normalizeOperationOutcome(err)).issue ?? [];
  }
}

const sorted = (issues: OperationOutcomeIssue[]): string[] => issues.map((i) => JSON.stringify(i)).sort();
/** A value of each other type an Observation's value[x] may take in base R4. */
const OTHER_VALUES: Record<string, unknown> = {
  valueString: 'x',
  valueBoolean: true,
  valueQuantity: { value: 1 },
  valueInteger: 1,
};

/** The resource, each top-level element left out or replaced by values of wrong shapes, and a few additions. */
function variants(r: Resource): Resource[] {
  const record = r as unknown as Record<string, unknown>;
  const out: Resource[] = [r];
  for (const key of Object.keys(record)) {
    if (key === 'resourceType') continue;
    const { [key]: _dropped, ...rest } = record;
    out.push(rest as unknown as Resource);
    for (const bad of ['x', 1, true, [], {}, [{}], [1], { foo: 1 }]) out.push({ ...record, [key]: bad } as never);
  }
  out.push({ ...record, foo: 1 } as never, { ...record, status: 'bogus' } as never);
  out.push({ ...record, effectiveDateTime: 'yesterday' } as never);
  return out;
}

let plan: Resource[];
let profiles: Map<string, StructureDefinition>;
beforeAll(async () => {
  profiles = ensureProfiles().profiles;
  plan = buildPlan({ workup: await offlineWorkup() }).bundle.entry!.map((e) => e.resource!);
});

/** Each plan resource with each of our profiles it declares. */
const profiled = (): [Resource, StructureDefinition][] =>
  plan.flatMap((r) =>
    (r.meta?.profile ?? []).flatMap((url) => (profiles.has(url) ? [[r, profiles.get(url)!] as const] : []))
  ) as [Resource, StructureDefinition][];

describe('validateAgainst', () => {
  it('reports what validateResource with the profile reports, on every variant of every profiled resource', () => {
    let compared = 0;
    let refused = 0;
    for (const [resource, profile] of profiled()) {
      for (const variant of variants(resource)) {
        const expected = sorted(medplumEachCall(variant, profile));
        expect(sorted(validateAgainst(variant, profile)), `${profile.id}: ${Object.keys(variant)}`).toEqual(expected);
        compared++;
        if (expected.some((i) => i.includes('"severity":"error"'))) refused++;
      }
    }
    // The corpus is broad and mostly broken: the comparison covers refusals, not only clean resources.
    expect(profiled().length).toBeGreaterThanOrEqual(8);
    expect(refused).toBeGreaterThan(compared / 2);
  });

  it('refuses a value of a type the profile does not allow, which validateResource takes', () => {
    const pairs = profiled().filter(([r, p]) => 'valueCodeableConcept' in r && p.type === 'Observation');
    expect(pairs.length).toBeGreaterThan(0);
    for (const [resource, profile] of pairs) {
      const { valueCodeableConcept: _, ...rest } = resource as unknown as Record<string, unknown>;
      for (const [other, value] of Object.entries(OTHER_VALUES)) {
        const wrong = { ...rest, [other]: value } as unknown as Resource;
        const texts = validateAgainst(wrong, profile).map((i) => `${i.severity} ${i.details?.text}`);
        expect(texts, `${profile.id} ${other}`).toContain(`error Invalid additional property "${other}"`);
      }
    }
  });

  it("leaves the profile out of Medplum's types once the call returns (it would pass for a resource type)", () => {
    const before = { resources: getResourceTypes().sort(), types: Object.keys(getAllDataTypes()).length };
    // Copies: profiles not validated with before (the plan's own validation used the originals).
    for (const [resource, profile] of profiled()) validateAgainst(resource, structuredClone(profile));
    expect(getResourceTypes().sort()).toEqual(before.resources);
    expect(Object.keys(getAllDataTypes())).toHaveLength(before.types);
  });

  it('parses each profile once, however many resources it validates', () => {
    const [resource, profile] = profiled()[0]!;
    const copy = structuredClone(profile);
    const parse = vi.mocked(parseStructureDefinition);
    parse.mockClear();
    for (let i = 0; i < 5; i++) validateAgainst(structuredClone(resource), copy);
    expect(parse).toHaveBeenCalledTimes(1);
    // Another object with the same URL (a changed definition) is parsed anew, never answered from the first.
    validateAgainst(resource, { ...copy, snapshot: { element: copy.snapshot!.element.slice(0, 1) } });
    expect(parse).toHaveBeenCalledTimes(2);
  });
});
