// Splits an arithmetic expression into tokens with their positions; the parser never looks at raw characters.
import { CalcError } from './errors';

export type Token =
  | { kind: 'number'; value: number; text: string; pos: number }
  | { kind: 'name'; text: string; pos: number }
  | { kind: 'op'; text: '+' | '-' | '*' | '/' | '%' | '^'; pos: number }
  | { kind: 'lparen' | 'rparen' | 'comma'; text: string; pos: number }
  | { kind: 'end'; text: ''; pos: number };

// Digits with an optional fraction, or a bare fraction; then an optional exponent with digits.
// Sticky (y) patterns match at lastIndex, so the input is never re-sliced.
const NUMBER = /(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/y;
const NAME = /[A-Za-z_][A-Za-z0-9_]*/y;
const at = (pattern: RegExp, text: string, index: number): string | undefined => {
  pattern.lastIndex = index;
  return pattern.exec(text)?.[0];
};

/**
 * Tokenizes an expression.
 * @param expression - The raw expression.
 * @returns Tokens ending with an `end` token; throws CalcError on a character that cannot start a token.
 */
export function tokenize(expression: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < expression.length) {
    const ch = expression[i]!;
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    const num = at(NUMBER, expression, i);
    if (num) {
      const value = Number(num);
      if (!Number.isFinite(value)) throw new CalcError(`Number ${num} is too large`, i, expression);
      tokens.push({ kind: 'number', value, text: num, pos: i });
      i += num.length;
      continue;
    }
    const name = at(NAME, expression, i);
    if (name) {
      tokens.push({ kind: 'name', text: name, pos: i });
      i += name.length;
      continue;
    }
    // `**` is accepted as a spelling of `^` because models often write Python-style powers.
    if (expression.startsWith('**', i)) {
      tokens.push({ kind: 'op', text: '^', pos: i });
      i += 2;
      continue;
    }
    if ('+-*/%^'.includes(ch)) {
      tokens.push({ kind: 'op', text: ch as '+' | '-' | '*' | '/' | '%' | '^', pos: i });
    } else if (ch === '(') {
      tokens.push({ kind: 'lparen', text: ch, pos: i });
    } else if (ch === ')') {
      tokens.push({ kind: 'rparen', text: ch, pos: i });
    } else if (ch === ',') {
      tokens.push({ kind: 'comma', text: ch, pos: i });
    } else {
      throw new CalcError(`Unexpected character "${ch}"`, i, expression);
    }
    i++;
  }
  tokens.push({ kind: 'end', text: '', pos: expression.length });
  return tokens;
}
