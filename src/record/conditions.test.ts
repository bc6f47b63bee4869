// Checks that the banner names the right primary cancer and the problem list flags metastases.
import type { Condition } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { isCancer, isMetastasis, PRIMARY_CANCER_PROFILE, primaryCancer, sortProblems } from './conditions';

function condition(text: string, extra: Partial<Condition> = {}): Condition {
  return { resourceType: 'Condition', subject: { reference: 'Patient/p' }, code: { text }, ...extra };
}

const diabetes = condition('Type 2 diabetes mellitus', { onsetDateTime: '2015-01-01' });
const liverMets = condition('Secondary malignant neoplasm of liver', {
  code: { coding: [{ system: 'http://hl7.org/fhir/sid/icd-10-cm', code: 'C78.7' }] },
});
const colon = condition('Adenocarcinoma of sigmoid colon', { onsetDateTime: '2023-05-01' });

describe('primaryCancer', () => {
  it('prefers the mCODE primary cancer profile', () => {
    const profiled = condition('Neoplasm', { meta: { profile: [PRIMARY_CANCER_PROFILE] } });
    expect(primaryCancer([diabetes, colon, profiled])).toBe(profiled);
  });

  it('falls back to the first active cancer that is not a metastasis', () => {
    expect(primaryCancer([diabetes, liverMets, colon])).toBe(colon);
  });

  it('skips resolved cancers and returns undefined when there is none', () => {
    const resolved = condition('Breast cancer', { clinicalStatus: { coding: [{ code: 'resolved' }] } });
    expect(primaryCancer([diabetes, resolved])).toBeUndefined();
  });
});

describe('classification', () => {
  it('recognises cancers by ICD-10 code and by wording', () => {
    expect(isCancer(liverMets)).toBe(true);
    expect(isCancer(colon)).toBe(true);
    expect(isCancer(diabetes)).toBe(false);
  });

  it('marks metastases', () => {
    expect(isMetastasis(liverMets)).toBe(true);
    expect(isMetastasis(colon)).toBe(false);
  });

  it('lists the primary cancer first and other problems last', () => {
    expect(sortProblems([diabetes, liverMets, colon])).toEqual([colon, liverMets, diabetes]);
  });
});
