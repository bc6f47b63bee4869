// The functions and constants the calculator knows, with their arity and domain checks.

export interface CalcFunction {
  minArgs: number;
  maxArgs: number;
  /** Returns the value, or a string describing why the arguments are outside the function's domain. */
  apply(args: number[]): number | string;
}

export const CONSTANTS: Record<string, number> = { pi: Math.PI, e: Math.E };

/**
 * Rounds half away from zero to `digits` decimals (negative digits round to tens, hundreds…).
 * A relative nudge of one epsilon keeps values such as 1.005 (stored as 1.00499…) rounding the way they are written.
 */
export function roundHalfAwayFromZero(x: number, digits: number): number {
  const factor = 10 ** digits;
  const scaled = Math.abs(x) * factor * (1 + Number.EPSILON);
  return (Math.sign(x) * Math.round(scaled)) / factor;
}

export const FUNCTIONS: Record<string, CalcFunction> = {
  sqrt: {
    minArgs: 1,
    maxArgs: 1,
    apply: ([x]) => (x! < 0 ? `sqrt of a negative number (${x}) is not a real number` : Math.sqrt(x!)),
  },
  abs: { minArgs: 1, maxArgs: 1, apply: ([x]) => Math.abs(x!) },
  ln: {
    minArgs: 1,
    maxArgs: 1,
    apply: ([x]) => (x! <= 0 ? `ln is only defined for positive numbers (got ${x})` : Math.log(x!)),
  },
  log10: {
    minArgs: 1,
    maxArgs: 1,
    apply: ([x]) => (x! <= 0 ? `log10 is only defined for positive numbers (got ${x})` : Math.log10(x!)),
  },
  exp: { minArgs: 1, maxArgs: 1, apply: ([x]) => Math.exp(x!) },
  round: {
    minArgs: 1,
    maxArgs: 2,
    apply: ([x, digits = 0]) =>
      Number.isInteger(digits) && Math.abs(digits) <= 15
        ? roundHalfAwayFromZero(x!, digits)
        : `round digits must be a whole number between -15 and 15 (got ${digits})`,
  },
  min: { minArgs: 1, maxArgs: Number.POSITIVE_INFINITY, apply: (xs) => Math.min(...xs) },
  max: { minArgs: 1, maxArgs: Number.POSITIVE_INFINITY, apply: (xs) => Math.max(...xs) },
};

/** Names people (and models) often try, with the hint that fixes them. */
export const NAME_HINTS: Record<string, string> = {
  log: 'use ln (natural logarithm) or log10',
  pow: 'use ^, e.g. 2^3',
  power: 'use ^, e.g. 2^3',
  mod: 'use %, e.g. 7 % 3',
};
