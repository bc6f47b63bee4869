// The `calculator` tool: safe arithmetic for the agent (doses, areas, percentage changes) without eval.
import { z } from 'zod';
import type { CalculatorOutput } from '../../../common/contracts/tools/searches';
import { defineTool, failed, ok } from '../types';
import { CalcError } from './errors';
import { calculate, MAX_EXPRESSION_LENGTH } from './evaluate';

export type { CalculatorOutput } from '../../../common/contracts/tools/searches';
export { CalcError } from './errors';
export { calculate, MAX_EXPRESSION_LENGTH } from './evaluate';

const parameters = z.object({
  expression: z
    .string()
    .describe(
      `Arithmetic expression, at most ${MAX_EXPRESSION_LENGTH} characters. Numbers (3, 2.5, .5, 1.2e-3); ` +
        'operators + - * / ^ (power, right-associative; ** also accepted) and % (remainder, NOT percent: write 15/100 for 15%); ' +
        'unary minus (-2^2 = -4); parentheses; functions sqrt(x), abs(x), ln(x), log10(x), exp(x), ' +
        'round(x, digits) (half away from zero; digits defaults to 0), min(a, b, …), max(a, b, …); constants pi, e. ' +
        'No units or variables: convert units before writing the expression.'
    ),
});

export const calculatorTool = defineTool({
  name: 'calculator',
  description:
    'Evaluates an arithmetic expression exactly as written (no guessing) and returns its numeric value. Use it for any ' +
    'arithmetic a clinical answer depends on: percentage change of lesion sums, dose per m² or per kg, ratios, unit conversions. ' +
    'Errors name the problem and its position (bad syntax, unknown name, division by zero, non-real or overflowing results).',
  parameters,
  async execute({ expression }) {
    try {
      return ok<CalculatorOutput>({ expression, value: calculate(expression) });
    } catch (err) {
      if (err instanceof CalcError) return failed(err.message);
      throw err;
    }
  },
});
