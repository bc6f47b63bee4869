// Evaluates a parsed expression in plain floating point, refusing anything that would not be a finite real number.
import { CalcError } from './errors';
import { CONSTANTS, FUNCTIONS } from './functions';
import { type Node, parse } from './parse';

export const MAX_EXPRESSION_LENGTH = 500;

/**
 * Parses and evaluates an arithmetic expression without eval.
 * @param expression - e.g. "(140 - 60) * 72 / (72 * 1.0)" or "round(sqrt(180*80/3600), 2)".
 * @returns The value (a finite number); throws CalcError naming the problem and its position.
 */
export function calculate(expression: string): number {
  if (expression.length > MAX_EXPRESSION_LENGTH) {
    throw new CalcError(
      `Expression is too long (${expression.length} characters, limit ${MAX_EXPRESSION_LENGTH})`,
      MAX_EXPRESSION_LENGTH,
      expression
    );
  }
  const value = evaluate(parse(expression), expression);
  return value === 0 ? 0 : value; // no "-0" in results
}

function evaluate(node: Node, expression: string): number {
  const fail = (problem: string): never => {
    throw new CalcError(problem, node.pos, expression);
  };
  const finite = (value: number, what: string): number =>
    Number.isFinite(value)
      ? value
      : fail(Number.isNaN(value) ? `${what} is not a real number` : `${what} overflows (result is not finite)`);

  switch (node.type) {
    case 'number':
      return node.value;
    case 'constant':
      return CONSTANTS[node.name]!;
    case 'unary': {
      const arg = evaluate(node.arg, expression);
      return node.op === '-' ? -arg : arg;
    }
    case 'call': {
      const args = node.args.map((a) => evaluate(a, expression));
      const result = FUNCTIONS[node.name]!.apply(args);
      return typeof result === 'string' ? fail(result) : finite(result, `${node.name}(${args.join(', ')})`);
    }
    case 'binary': {
      const left = evaluate(node.left, expression);
      const right = evaluate(node.right, expression);
      switch (node.op) {
        case '+':
          return finite(left + right, 'The sum');
        case '-':
          return finite(left - right, 'The difference');
        case '*':
          return finite(left * right, 'The product');
        case '/':
          return right === 0 ? fail('Division by zero') : finite(left / right, 'The quotient');
        case '%':
          return right === 0 ? fail('Remainder (%) by zero') : finite(left % right, 'The remainder');
        case '^':
          if (left === 0 && right < 0) return fail('Division by zero (0 raised to a negative power)');
          return finite(left ** right, `${left}^${right}`);
      }
    }
  }
}
