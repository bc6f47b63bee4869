// Planner reasons without references or ids: what a clinician reads beside each planned tool call.
import { describe, expect, it } from 'vitest';
import { reasonText } from './reason-text';

const O1 = 'Observation/a53341be-38f8-50ec-a0c8-f64b5d606102';
const O2 = 'Observation/8045513e-1a06-5468-a4ff-09c6b614e661';

describe('reasonText', () => {
  it('drops parentheses that only list the record items or tool calls a reason rests on', () => {
    expect(reasonText(`HCC with bilirubin and albumin in the record (${O1}, ${O2}): ALBI grade`)).toBe(
      'HCC with bilirubin and albumin in the record: ALBI grade'
    );
    expect(
      reasonText(`BCLC stage from the tumour burden (Condition/x1), ECOG 0 (${O1}) and Child-Pugh class B (c2)`)
    ).toBe('BCLC stage from the tumour burden, ECOG 0 and Child-Pugh class B');
  });

  it('keeps the words of a mixed parenthesis and says a reference in the sentence in words', () => {
    expect(reasonText('Histology is available (DocumentReference/d1, a tile-feature bag)')).toBe(
      'Histology is available (a tile-feature bag)'
    );
    expect(reasonText('Measure the lesion on CT 2026-08-18 (box from DiagnosticReport/r9)')).toBe(
      'Measure the lesion on CT 2026-08-18 (box from the report)'
    );
  });

  it('removes citation tokens and bare UUIDs, and leaves plain reasons alone', () => {
    expect(reasonText(`KRAS G12D [Record:${O1}] in a53341be-38f8-50ec-a0c8-f64b5d606102 the record`)).toBe(
      'KRAS G12D in the record'
    );
    expect(reasonText('RECIST 1.1 once the paired lesions are measured')).toBe(
      'RECIST 1.1 once the paired lesions are measured'
    );
    expect(reasonText(undefined)).toBeUndefined();
  });
});
