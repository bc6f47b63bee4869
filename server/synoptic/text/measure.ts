// Lengths in reports: numbers with cm/mm units, dimension groups ("4.2 x 3.8 x 1.2 cm"), converted to centimetres.

/** A number with an optional decimal part (point or comma directly followed by digits). */
export const NUM = String.raw`(\d+(?:[.,]\d+)?)`;
export const UNIT = String.raw`(cm|mm|centimet(?:er|re)s?|millimet(?:er|re)s?)\b`;
/** A dimension group: numbers joined by x/×/by, each with an optional unit, ending with a unit. */
export const DIMS = String.raw`(\d+(?:[.,]\d+)?(?:\s*(?:cm|mm))?(?:\s*(?:x|×|by)\s*\d+(?:[.,]\d+)?(?:\s*(?:cm|mm))?)*\s*(?:cm|mm|centimet(?:er|re)s?|millimet(?:er|re)s?)\b)`;

/**
 * Converts a number and unit to centimetres, rounded to 0.01 cm.
 * @param value - The number as written ("4.2", "4,2").
 * @param unit - cm, mm or their spelled-out forms.
 * @returns Centimetres.
 */
export function toCm(value: string, unit: string): number {
  const n = Number.parseFloat(value.replace(',', '.'));
  const cm = /^mm|^milli/i.test(unit) ? n / 10 : n;
  return Math.round(cm * 100) / 100;
}

/**
 * The dimensions of a dimension group, in cm (a unit applies to the numbers before it that have none).
 * @param group - E.g. "4.2 x 3.8 x 1.2 cm" or "38 x 25 mm".
 * @returns The dimensions in cm, in order.
 */
export function dimensionsCm(group: string): number[] {
  const parts = [...group.matchAll(/(\d+(?:[.,]\d+)?)\s*(cm|mm|centimet(?:er|re)s?|millimet(?:er|re)s?)?/gi)];
  const out: number[] = [];
  let pending: string[] = [];
  for (const p of parts) {
    pending.push(p[1]!);
    if (p[2]) {
      for (const v of pending) out.push(toCm(v, p[2]));
      pending = [];
    }
  }
  return out;
}

/**
 * Formats centimetres the way reports write them ("4.2", "0.6", "12").
 * @param cm - Centimetres.
 * @returns Text without trailing zeros.
 */
export function formatCm(cm: number): string {
  return String(Math.round(cm * 100) / 100);
}
