// Proportions as reports write them — "> 90 %", "10-20 %", "ninety percent", "approximately half", "two thirds" —
// read into a range of percentages, so extent rules compare numbers instead of listing phrasings.
import { digitize, parseNumber } from './numbers';

export interface Proportion {
  start: number;
  end: number;
  text: string;
  /** Lowest percentage the phrase allows. */
  low: number;
  /** Highest percentage the phrase allows. */
  high: number;
}

const NUM = String.raw`(\d+(?:\.\d+)?)`;
const PERCENT = String.raw`\s*(?:%|per\s?cent\b)`;
const BELOW = '<|≤|=<|less than|fewer than|under|below|up to|at most|no more than';
const ABOVE = '>|≥|>=|more than|greater than|over|above|at least|no less than|exceeding';
const PERCENT_RE = new RegExp(
  String.raw`(?:(${BELOW})|(${ABOVE}))?\s*${NUM}(?:${PERCENT})?\s*(?:-|–|to)\s*${NUM}${PERCENT}|(?:(${BELOW})|(${ABOVE}))?\s*${NUM}${PERCENT}`,
  'gi'
);

const DENOMINATORS: Record<string, number> = {
  half: 2,
  halves: 2,
  third: 3,
  thirds: 3,
  quarter: 4,
  quarters: 4,
  fourth: 4,
  fourths: 4,
  fifth: 5,
  fifths: 5,
  tenth: 10,
  tenths: 10,
};
const FRACTION_RE =
  /\b(?:(a|an|one|two|three|four|five|six|seven|eight|nine)[\s-]+)?(half|halves|thirds?|quarters?|fourths?|fifths?|tenths?)\b/gi;
const LESS = /(?:<|less than|fewer than|under|below|up to|at most)\s*$/i;
const MORE = /(?:>|more than|greater than|over|above|at least)\s*$/i;

function bounded(start: number, end: number, text: string, low: number, high: number): Proportion {
  return { start, end, text: text.slice(start, end), low: Math.max(0, low), high: Math.min(100, high) };
}

/**
 * Finds percentages, with comparators and ranges ("< 10 %", "10-20%", "over ninety percent").
 * @param text - Any text.
 * @returns Each percentage as the range it allows, in text order.
 */
export function findPercents(text: string): Proportion[] {
  return [...digitize(text).matchAll(PERCENT_RE)].map((m) => {
    const start = m.index + (m[0].length - m[0].trimStart().length);
    const end = m.index + m[0].trimEnd().length;
    if (m[3] !== undefined) return bounded(start, end, text, Number(m[3]), Number(m[4]));
    const v = Number(m[7]);
    if (m[5]) return bounded(start, end, text, 0, v);
    if (m[6]) return bounded(start, end, text, v, 100);
    return bounded(start, end, text, v, v);
  });
}

/**
 * Finds proportions written as fractions in words ("approximately half", "about one third", "less than half").
 * @param text - Any text.
 * @returns Each fraction as the range of percentages it allows, in text order.
 */
export function findFractions(text: string): Proportion[] {
  return [...text.matchAll(FRACTION_RE)].map((m) => {
    const den = DENOMINATORS[m[2]!.toLowerCase()]!;
    const num = m[1] ? (/^an?$/i.test(m[1]) ? 1 : (parseNumber(m[1]) ?? 1)) : 1;
    const v = Math.round((100 * num) / den);
    const before = text.slice(Math.max(0, m.index - 20), m.index);
    if (LESS.test(before)) return bounded(m.index, m.index + m[0].length, text, 0, v);
    if (MORE.test(before)) return bounded(m.index, m.index + m[0].length, text, v, 100);
    return bounded(m.index, m.index + m[0].length, text, v, v);
  });
}

/**
 * All proportions of a text, percentages and fractions.
 * @param text - Any text.
 * @returns Proportions in text order.
 */
export function findProportions(text: string): Proportion[] {
  return [...findPercents(text), ...findFractions(text)].sort((a, b) => a.start - b.start);
}
