// Accuracy and macro-F1 per template variable: a categorical variable's F1 is averaged over its classes; a number
// counts as right within 0.05 cm, and an unanswered item is wrong (it lowers recall, not precision).
import type { AnswerValue } from '../../../common/contracts';

export interface Pair {
  want: AnswerValue;
  got: AnswerValue | null;
}

export interface VariableScore {
  n: number;
  correct: number;
  accuracy: number;
  macroF1: number;
}

/** Whether an answer matches the truth (numbers within 0.05 cm). */
export function matches(want: AnswerValue, got: AnswerValue | null): boolean {
  if (typeof want === 'number') return typeof got === 'number' && Math.abs(want - got) <= 0.05;
  return typeof got === 'string' && got.toLowerCase() === want.toLowerCase();
}

const r3 = (x: number) => Math.round(x * 1000) / 1000;

/**
 * Scores one variable.
 * @param pairs - Truth and answer per case.
 * @returns n, accuracy and macro-F1 (for numbers: F1 of right answers, precision over answered, recall over all).
 */
export function scoreVariable(pairs: Pair[]): VariableScore {
  const n = pairs.length;
  const correct = pairs.filter((p) => matches(p.want, p.got)).length;
  let f1: number;
  if (pairs.some((p) => typeof p.want === 'number')) {
    const answered = pairs.filter((p) => p.got !== null).length;
    const precision = answered ? correct / answered : 0;
    const recall = n ? correct / n : 0;
    f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  } else {
    const classes = new Set(pairs.flatMap((p) => [String(p.want), ...(p.got === null ? [] : [String(p.got)])]));
    const f1s = [...classes].map((c) => {
      const tp = pairs.filter((p) => p.want === c && p.got === c).length;
      const fp = pairs.filter((p) => p.want !== c && p.got === c).length;
      const fn = pairs.filter((p) => p.want === c && p.got !== c).length;
      return tp ? (2 * tp) / (2 * tp + fp + fn) : 0;
    });
    f1 = f1s.length ? f1s.reduce((a, b) => a + b, 0) / f1s.length : 0;
  }
  return { n, correct, accuracy: n ? r3(correct / n) : 0, macroF1: r3(f1) };
}

/** Mean of a list, rounded to 3 decimals. */
export const mean = (xs: number[]): number => (xs.length ? r3(xs.reduce((a, b) => a + b, 0) / xs.length) : 0);
