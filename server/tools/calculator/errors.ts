// One error type for every calculator failure, so callers can show where in the expression it happened.

/** A calculator failure with the 0-based character offset it refers to. */
export class CalcError extends Error {
  constructor(
    readonly problem: string,
    readonly position: number,
    readonly expression: string
  ) {
    super(describe(problem, position, expression));
    this.name = 'CalcError';
  }
}

/** "Division by zero at position 3 (…1 / 0 ← here)": 1-based position plus a short excerpt so a model can fix its input. */
function describe(problem: string, position: number, expression: string): string {
  const start = Math.max(0, position - 15);
  const before = (start > 0 ? '…' : '') + expression.slice(start, position);
  const after = expression.slice(position, position + 15) + (position + 15 < expression.length ? '…' : '');
  return `${problem} at position ${position + 1} of the expression: "${before}⟨here⟩${after}"`;
}
