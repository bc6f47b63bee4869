// The Labs card shows units as a clinician writes them, not as UCUM codes.
import { describe, expect, it } from 'vitest';
import { formatQuantity } from './format';
import { readableUnit, withUnit } from './units';

describe('readableUnit', () => {
  it('renders powers of ten and micro as a clinician writes them', () => {
    expect(readableUnit('10*3/uL')).toBe('×10³/µL');
    expect(readableUnit('10*9/L')).toBe('×10⁹/L');
    expect(readableUnit('10^6/uL')).toBe('×10⁶/µL');
    expect(readableUnit('umol/L')).toBe('µmol/L');
    expect(readableUnit('ug/L')).toBe('µg/L');
  });

  it('drops unit-less annotations and keeps plain units', () => {
    expect(readableUnit('{INR}')).toBe('');
    expect(readableUnit('{cells}/uL')).toBe('/µL');
    expect(readableUnit('mg/dL')).toBe('mg/dL');
    expect(readableUnit('U/mL')).toBe('U/mL');
    expect(readableUnit('mmol/L')).toBe('mmol/L');
    expect(readableUnit('[iU]/L')).toBe('IU/L');
    expect(readableUnit(undefined)).toBe('');
  });

  it('writes values with their unit, or alone when there is none', () => {
    expect(withUnit(1.3, '{INR}')).toBe('1.3');
    expect(withUnit(212, '10*3/uL')).toBe('212 ×10³/µL');
    expect(formatQuantity({ value: 4.2, unit: '10*3/uL', code: '10*3/uL' })).toBe('4.2 ×10³/µL');
    expect(formatQuantity({ value: 1.1, code: '{INR}' })).toBe('1.1');
    expect(formatQuantity({ value: 0.9, comparator: '<', unit: 'mg/dL' })).toBe('<0.9 mg/dL');
  });
});
