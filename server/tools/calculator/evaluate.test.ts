// The calculator the agent uses gets precedence, powers, functions and rounding right, never returns -0, and names
// the problem and position of a bad or overlong expression.
import { describe, expect, it } from 'vitest';
import { CalcError } from './errors';
import { calculate } from './evaluate';

/** The CalcError a call throws (fails the test if it does not throw one). */
function errorOf(expression: string): CalcError {
  try {
    calculate(expression);
  } catch (err) {
    if (err instanceof CalcError) return err;
    throw err;
  }
  throw new Error(`expected ${expression} to fail`);
}

describe('calculate: values', () => {
  it.each([
    ['1 + 2 * 3', 7],
    ['(1 + 2) * 3', 9],
    ['10 - 4 - 3', 3],
    ['100 / 10 / 5', 2],
    ['2 * 3 / 4', 1.5],
    ['7 % 3', 1],
    ['-7 % 3', -1],
    ['2 + 7 % 3 * 2', 4],
    ['2 ^ 3 ^ 2', 512],
    ['2 ** 3', 8],
    ['-2^2', -4],
    ['(-2)^2', 4],
    ['2^-1', 0.5],
    ['-2^-2', -0.25],
    ['--3', 3],
    ['+4 - -4', 8],
    ['3 * -2', -6],
    ['2 * 3^2', 18],
    ['.5 + 1.', 1.5],
    ['1.2e3 + 4E-1', 1200.4],
    ['2.5e+2', 250],
    ['sqrt(180 * 80 / 3600)', 2],
    ['abs(-3.5)', 3.5],
    ['ln(e)', 1],
    ['log10(1000)', 3],
    ['exp(0)', 1],
    ['round(2.5)', 3],
    ['round(-2.5)', -3],
    ['round(1.005, 2)', 1.01],
    ['round(1234.5, -2)', 1200],
    ['min(3, -1, 2)', -1],
    ['max(3, -1, 2)', 3],
    ['max(4)', 4],
    ['PI', Math.PI],
    ['2 * pi * 1', 2 * Math.PI],
    ['((140 - 60) * 72) / (72 * 1.0)', 80],
    ['(45 - 60) / 60 * 100', -25],
    ['  1\t+\n1 ', 2],
    ['0 * -1', 0],
  ])('%s = %d', (expression, value) => {
    expect(calculate(expression)).toBeCloseTo(value, 12);
  });

  it('never returns negative zero', () => {
    expect(Object.is(calculate('0 * -1'), 0)).toBe(true);
    expect(Object.is(calculate('-0'), 0)).toBe(true);
  });
});

describe('calculate: errors name the problem and position', () => {
  it.each([
    ['1 +', /Expected a number.*end of the expression at position 4/],
    ['(1 + 2', /Expected "\)" to close the "\(" at position 1 at position 7/],
    ['1 + 2)', /Unexpected "\)".*at position 6/],
    ['2 3', /Unexpected "3".*at position 3/],
    ['2e', /Unexpected "e".*at position 2/],
    ['', /The expression is empty at position 1/],
    ['   ', /The expression is empty/],
    ['1 # 2', /Unexpected character "#" at position 3/],
    ['1,2', /Unexpected ",".*at position 2/],
    ['* 3', /Expected a number.*"\*" at position 1/],
    ['foo + 1', /Unknown identifier "foo".*known: sqrt.*at position 1/],
    ['log(10)', /Unknown identifier "log" \(use ln \(natural logarithm\) or log10\)/],
    ['sqrt 4', /Function "sqrt" needs its arguments in parentheses at position 1/],
    ['sqrt(1, 2)', /sqrt takes 1 argument\(s\), got 2/],
    ['round()', /round takes 1–2 argument\(s\), got 0/],
    ['max()', /max takes at least 1 argument\(s\), got 0/],
    ['sqrt(4', /Expected "," or "\)" in the arguments of sqrt/],
    ['round(2.5, 0.5)', /round digits must be a whole number/],
    ['1 / 0', /Division by zero at position 3/],
    ['1 / (2 - 2)', /Division by zero at position 3/],
    ['5 % 0', /Remainder \(%\) by zero at position 3/],
    ['0 ^ -1', /Division by zero \(0 raised to a negative power\) at position 3/],
    ['1 + sqrt(-4)', /sqrt of a negative number \(-4\) is not a real number at position 5/],
    ['ln(0)', /ln is only defined for positive numbers \(got 0\)/],
    ['log10(-1)', /log10 is only defined for positive numbers/],
    ['(-8) ^ (1/3)', /-8\^0.333.* is not a real number at position 6/],
    ['10 ^ 400', /overflows/],
    ['exp(1000)', /exp\(1000\) overflows/],
    ['1e308 * 10', /The product overflows \(result is not finite\) at position 7/],
    ['1e400', /Number 1e400 is too large at position 1/],
  ])('%s', (expression, message) => {
    expect(errorOf(expression).message).toMatch(message);
  });

  it('rejects expressions over 500 characters before parsing them', () => {
    const long = `${'1+'.repeat(250)}1`;
    expect(long.length).toBe(501);
    const err = errorOf(long);
    expect(err.message).toMatch(/too long \(501 characters, limit 500\)/);
    expect(calculate(long.slice(2))).toBe(250);
  });

  it('reports a 0-based offset on the error object and an excerpt in the message', () => {
    const err = errorOf('12 + 3 / 0 - 1');
    expect(err.position).toBe(7);
    expect(err.message).toContain('"12 + 3 ⟨here⟩/ 0 - 1"');
  });
});
