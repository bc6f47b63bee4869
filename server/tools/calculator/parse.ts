// Recursive-descent parser: tokens → syntax tree, checking names and function arity before anything is computed.
import { CalcError } from './errors';
import { CONSTANTS, FUNCTIONS, NAME_HINTS } from './functions';
import { type Token, tokenize } from './tokenize';

export type Node =
  | { type: 'number'; value: number; pos: number }
  | { type: 'constant'; name: string; pos: number }
  | { type: 'unary'; op: '+' | '-'; arg: Node; pos: number }
  | { type: 'binary'; op: '+' | '-' | '*' | '/' | '%' | '^'; left: Node; right: Node; pos: number }
  | { type: 'call'; name: string; args: Node[]; pos: number };

/**
 * Parses an expression. Precedence, lowest first: + -, then * / % (left-associative), then unary minus,
 * then ^ (right-associative, binds tighter than a leading minus so -2^2 = -4, but 2^-1 = 0.5).
 * @param expression - The raw expression.
 * @returns The syntax tree; throws CalcError with the position of the first problem.
 */
export function parse(expression: string): Node {
  const tokens = tokenize(expression);
  let at = 0;
  const peek = (): Token => tokens[at]!;
  const next = (): Token => tokens[at++]!;
  const fail = (problem: string, token: Token = peek()): never => {
    throw new CalcError(problem, token.pos, expression);
  };
  const describeToken = (t: Token): string => (t.kind === 'end' ? 'the end of the expression' : `"${t.text}"`);

  function additive(): Node {
    let left = term();
    for (let t = peek(); t.kind === 'op' && (t.text === '+' || t.text === '-'); t = peek()) {
      next();
      left = { type: 'binary', op: t.text, left, right: term(), pos: t.pos };
    }
    return left;
  }

  function term(): Node {
    let left = unary();
    for (let t = peek(); t.kind === 'op' && (t.text === '*' || t.text === '/' || t.text === '%'); t = peek()) {
      next();
      left = { type: 'binary', op: t.text, left, right: unary(), pos: t.pos };
    }
    return left;
  }

  function unary(): Node {
    const t = peek();
    if (t.kind === 'op' && (t.text === '-' || t.text === '+')) {
      next();
      return { type: 'unary', op: t.text, arg: unary(), pos: t.pos };
    }
    return power();
  }

  function power(): Node {
    const base = primary();
    const t = peek();
    if (t.kind === 'op' && t.text === '^') {
      next();
      return { type: 'binary', op: '^', left: base, right: unary(), pos: t.pos };
    }
    return base;
  }

  function primary(): Node {
    const t = next();
    if (t.kind === 'number') return { type: 'number', value: t.value, pos: t.pos };
    if (t.kind === 'lparen') {
      const inner = additive();
      if (peek().kind !== 'rparen') fail(`Expected ")" to close the "(" at position ${t.pos + 1}`);
      next();
      return inner;
    }
    if (t.kind === 'name') return named(t);
    return fail(`Expected a number, name or "(" but found ${describeToken(t)}`, t);
  }

  function named(t: Token): Node {
    const name = t.text.toLowerCase();
    if (peek().kind !== 'lparen') {
      if (name in CONSTANTS) return { type: 'constant', name, pos: t.pos };
      if (name in FUNCTIONS) fail(`Function "${t.text}" needs its arguments in parentheses`, t);
      return unknown(t);
    }
    const fn = FUNCTIONS[name];
    if (!fn) return unknown(t);
    next();
    const args: Node[] = [];
    if (peek().kind !== 'rparen') {
      args.push(additive());
      while (peek().kind === 'comma') {
        next();
        args.push(additive());
      }
    }
    if (peek().kind !== 'rparen')
      fail(`Expected "," or ")" in the arguments of ${name} but found ${describeToken(peek())}`);
    next();
    if (args.length < fn.minArgs || args.length > fn.maxArgs) {
      const wanted =
        fn.maxArgs === fn.minArgs
          ? `${fn.minArgs}`
          : Number.isFinite(fn.maxArgs)
            ? `${fn.minArgs}–${fn.maxArgs}`
            : `at least ${fn.minArgs}`;
      fail(`${name} takes ${wanted} argument(s), got ${args.length}`, t);
    }
    return { type: 'call', name, args, pos: t.pos };
  }

  function unknown(t: Token): never {
    const hint = NAME_HINTS[t.text.toLowerCase()];
    const known = `known: ${Object.keys(FUNCTIONS).join(', ')}, ${Object.keys(CONSTANTS).join(', ')}`;
    return fail(`Unknown identifier "${t.text}" (${hint ?? known})`, t);
  }

  if (peek().kind === 'end') fail('The expression is empty');
  const tree = additive();
  if (peek().kind !== 'end') fail(`Unexpected ${describeToken(peek())}; expected an operator or the end`);
  return tree;
}
