// Machine-written text reaches the clinician without references or URNs.
import { describe, expect, it } from 'vitest';
import { plainText } from './plain';

describe('plainText', () => {
  it('turns references into words', () => {
    expect(
      plainText('current and prior sizes in DiagnosticReport/0979127b-7ef5-5928-ab29-5d351f14b3d2; 2 targets')
    ).toBe('current and prior sizes in the report; 2 targets');
    expect(plainText('ImagingStudy/5bcd6057-ba84-50b5-881e-94cefbd1736c')).toBe('the imaging study');
    expect(plainText('Signed by Practitioner/sandbox-clinician')).toBe('Signed by the clinician');
    expect(plainText('item urn:uuid:5bcd6057-ba84-50b5-881e-94cefbd1736c')).toBe('item a new item');
  });

  it('leaves ordinary text alone', () => {
    expect(plainText('KRAS G12D/G13D and 5/10 nodes; T3/N1')).toBe('KRAS G12D/G13D and 5/10 nodes; T3/N1');
    expect(plainText('mg/dL and and/or')).toBe('mg/dL and and/or');
    expect(plainText(undefined)).toBeUndefined();
  });
});
