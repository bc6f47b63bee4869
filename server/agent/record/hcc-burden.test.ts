// HCC burden for BCLC from the imaging report when the problem list does not state it; invasion and spread must be
// stated (by TNM or in words) or the burden stays unknown.
import type { Condition } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { readHccBurden } from './hcc-burden';
import type { RecordTnm } from './staging';

const hcc: Condition = { resourceType: 'Condition', subject: {}, code: { text: 'Hepatocellular carcinoma' } };
const report = (text: string, date = '2026-01-10') => ({ ref: 'DiagnosticReport/mri', text, date });

describe('readHccBurden', () => {
  it('reads count, largest size, invasion and spread from a liver MRI report written in words', () => {
    const text =
      'MRI liver: two arterially enhancing lesions in segments VI and VIII, the larger 4.2 x 3.8 cm. ' +
      'Portal vein patent, no tumour thrombus. No extrahepatic disease.';
    expect(readHccBurden(hcc, undefined, [report(text)])).toEqual({
      tumourCount: 2,
      largestTumourCm: 4.2,
      vascularInvasion: false,
      extrahepaticSpread: false,
    });
  });
  it('takes a portal vein tumour thrombus as macrovascular invasion', () => {
    const text = 'Solitary 61 mm HCC in segment VII with portal vein tumour thrombus; no extrahepatic spread.';
    expect(readHccBurden(hcc, undefined, [report(text)])?.vascularInvasion).toBe(true);
  });
  it('leaves the burden unknown when invasion and spread are not stated and TNM is missing', () => {
    expect(readHccBurden(hcc, undefined, [report('Liver: single 3 cm nodule in segment IV.')])).toBeUndefined();
    const tnm: RecordTnm = { t: 'T1b', n: 'N0', m: 'M0', sources: [], adjusted: [] };
    expect(readHccBurden(hcc, tnm, [report('Liver: single 3 cm nodule in segment IV.')])).toMatchObject({
      tumourCount: 1,
      largestTumourCm: 3,
    });
  });
  it('counts tumours named one by one with an article when no number is written', () => {
    const one =
      'CT liver: a 4.6 cm arterially enhancing mass in segment VI with washout. No portal vein thrombus. No extrahepatic disease.';
    expect(readHccBurden(hcc, undefined, [report(one)])).toMatchObject({ tumourCount: 1, largestTumourCm: 4.6 });
    const two =
      'MRI: a 3.1 cm lesion in segment II and another 1.8 cm lesion in segment VII, both LI-RADS 5. ' +
      'A 6 mm lung nodule. No vascular invasion. No extrahepatic spread.';
    expect(readHccBurden(hcc, undefined, [report(two)])).toMatchObject({ tumourCount: 2, largestTumourCm: 3.1 });
    // A negated mention counts nothing.
    const none =
      'CT: a cirrhotic liver without focal lesion, a 2 cm mass at the splenic flexure. No extrahepatic disease.';
    expect(readHccBurden(hcc, undefined, [report(none)])).toBeUndefined();
    // Plural without a number: the count is not stated, so the burden stays unknown.
    const many =
      'MRI: multiple arterially enhancing lesions, the largest 5 cm. No portal vein thrombus. No extrahepatic disease.';
    expect(readHccBurden(hcc, undefined, [report(many)])).toBeUndefined();
  });

  it('returns invasion or spread without a count when either is stated, as they stage the tumour whatever its burden', () => {
    const infiltrative =
      'MRI: infiltrative hypervascular tumour of the right lobe, about 9 cm, with tumour thrombus in the right portal vein.';
    expect(readHccBurden(hcc, undefined, [report(infiltrative)])).toEqual({
      vascularInvasion: true,
      extrahepaticSpread: false,
    });
    const listed = 'CT: Target 1: hepatic segment V, 41 mm. Non-target: osseous metastases in the pelvis.';
    expect(readHccBurden(hcc, undefined, [report(listed)])).toMatchObject({ extrahepaticSpread: true });
    expect(readHccBurden(hcc, undefined, [report('MRI: infiltrative tumour of the right lobe, about 9 cm.')])).toBe(
      undefined
    );
  });

  it('takes the largest tumour, not an organ or a total measured in the same report', () => {
    const text =
      'CT: a 3.4 cm arterially enhancing lesion in segment VIII. Spleen 15 cm. Left kidney 11.5 cm. ' +
      'Sum of target diameters 34 mm. No portal vein thrombus. No extrahepatic disease.';
    expect(readHccBurden(hcc, undefined, [report(text)])).toMatchObject({ tumourCount: 1, largestTumourCm: 3.4 });
  });
});
