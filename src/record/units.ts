// Turns UCUM unit codes into what a clinician writes: "10*3/uL" → "×10³/µL", "{INR}" → no unit, "umol/L" → "µmol/L".

/** Whole-unit replacements where the UCUM code is not what a clinician reads. */
const WHOLE: Record<string, string> = {
  '{INR}': '',
  '{ratio}': '',
  '{score}': '',
  '1': '',
  '%': '%',
  '[iU]/L': 'IU/L',
  '[iU]/mL': 'IU/mL',
  'm[iU]/mL': 'mIU/mL',
  "[arb'U]/mL": 'U/mL',
  '/[HPF]': '/HPF',
};

const SUPERSCRIPT: Record<string, string> = {
  '0': '⁰',
  '1': '¹',
  '2': '²',
  '3': '³',
  '4': '⁴',
  '5': '⁵',
  '6': '⁶',
  '7': '⁷',
  '8': '⁸',
  '9': '⁹',
  '-': '⁻',
};

const superscript = (digits: string): string => [...digits].map((d) => SUPERSCRIPT[d] ?? d).join('');

/**
 * Renders a UCUM unit code for reading: powers of ten as "×10³", micro as "µ", annotations dropped.
 * @param unit - A UCUM code or a unit as recorded (e.g. "10*3/uL", "{INR}", "mg/dL", "umol/L").
 * @returns The readable unit; "" when the quantity has no unit worth showing (INR, ratios).
 */
export function readableUnit(unit: string | undefined): string {
  const raw = (unit ?? '').trim();
  if (raw in WHOLE) return WHOLE[raw] ?? '';
  return (
    raw
      // 10*3, 10^9 → ×10³, ×10⁹ (a leading power of ten is a count multiplier).
      .replace(/10[*^](-?\d+)/g, (_, p: string) => `×10${superscript(p)}`)
      // Micro: "u" before a base unit (uL, umol, ug, um, uU) is µ.
      .replace(/(^|[^A-Za-z])u(?=(?:L|l|mol|g|m|U|IU|kat)\b)/g, '$1µ')
      // Curly-brace annotations ({cells}, {copies}) carry no unit: drop them, keep a bare "/".
      .replace(/\{[^}]*\}/g, '')
      .replace(/\[([A-Za-z]+)\]/g, '$1')
      .replace(/\/$/, '')
      .trim()
  );
}

/**
 * A value with its readable unit, e.g. "4.2 ×10³/µL", "1.3" for an INR.
 * @param value - The number or text of the value (with comparator if any).
 * @param unit - The UCUM code or recorded unit.
 * @returns The text.
 */
export function withUnit(value: string | number, unit: string | undefined): string {
  const shown = readableUnit(unit);
  return shown ? `${value} ${shown}` : String(value);
}
