// Numbers as reports write them — digits or English words ("two of fourteen", "twenty-one", "a single", "none of the
// 12") — read into values, so count, ratio and extent rules match one form whatever the writer chose.

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fourty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const SCALES: Record<string, number> = { hundred: 100, thousand: 1000 };
/** Quantifier words that stand for a count ("no nodes", "a single focus"). */
const QUANTIFIERS: Record<string, number> = { no: 0, none: 0, nil: 0, single: 1, 'a single': 1, 'one single': 1 };

type Kind = 'ones' | 'tens' | 'scale' | 'and';

function kindOf(word: string): Kind | undefined {
  const w = word.toLowerCase();
  if (ONES.includes(w)) return 'ones';
  if (w in TENS) return 'tens';
  if (w in SCALES) return 'scale';
  return w === 'and' ? 'and' : undefined;
}

/** Which word kinds may follow which in a cardinal ("one hundred and twelve", "twenty-one", "two thousand"). */
const FOLLOWS: Record<Kind, Kind[]> = {
  ones: ['scale'],
  tens: ['ones', 'scale'],
  scale: ['ones', 'tens', 'and'],
  and: ['ones', 'tens'],
};

function valueOfWords(words: string[]): number {
  let total = 0;
  let current = 0;
  for (const raw of words) {
    const w = raw.toLowerCase();
    if (ONES.includes(w)) current += ONES.indexOf(w);
    else if (w in TENS) current += TENS[w]!;
    else if (w === 'hundred') current = (current || 1) * 100;
    else if (w === 'thousand') {
      total += (current || 1) * 1000;
      current = 0;
    }
  }
  return total + current;
}

export interface NumberSpan {
  start: number;
  end: number;
  text: string;
  value: number;
}

/**
 * Finds cardinal numbers written in words ("twenty-one", "one hundred and twelve"); digits are left to `findNumbers`.
 * @param text - Any text.
 * @returns The word numbers with their offsets and values, in text order.
 */
export function findWordNumbers(text: string): NumberSpan[] {
  const words = [...text.matchAll(/[A-Za-z]+/g)];
  const out: NumberSpan[] = [];
  for (let i = 0; i < words.length; i++) {
    const first = kindOf(words[i]![0]);
    if (first !== 'ones' && first !== 'tens') continue;
    let j = i;
    let kind: Kind = first;
    while (j + 1 < words.length) {
      const next = words[j + 1]!;
      const gap = text.slice(words[j]!.index + words[j]![0].length, next.index);
      const k = kindOf(next[0]);
      if (!/^(?:\s+|\s*-\s*)$/.test(gap) || !k || !FOLLOWS[kind].includes(k)) break;
      // "and" joins only when a number word follows it ("two hundred and five", not "one hundred and the rest").
      if (k === 'and' && !['ones', 'tens'].includes(kindOf(words[j + 2]?.[0] ?? '') ?? '')) break;
      kind = k;
      j++;
    }
    const start = words[i]!.index;
    const end = words[j]!.index + words[j]![0].length;
    out.push({ start, end, text: text.slice(start, end), value: valueOfWords(words.slice(i, j + 1).map((w) => w[0])) });
    i = j;
  }
  return out;
}

/**
 * Reads one phrase as a number: digits ("14", "2.5"), a cardinal in words ("twenty-one") or a quantifier that
 * stands for a count ("no", "none", "a single").
 * @param phrase - The phrase, nothing else around it.
 * @returns The value, or undefined when the phrase is not a number.
 */
export function parseNumber(phrase: string): number | undefined {
  const p = phrase.trim().toLowerCase().replace(/\s+/g, ' ');
  if (/^\d+(?:\.\d+)?$/.test(p)) return Number(p);
  if (p in QUANTIFIERS) return QUANTIFIERS[p];
  const spans = findWordNumbers(p);
  return spans.length === 1 && spans[0]!.start === 0 && spans[0]!.end === p.length ? spans[0]!.value : undefined;
}

/**
 * Finds every number, in digits or in words, with its offsets.
 * @param text - Any text.
 * @returns Numbers in text order.
 */
export function findNumbers(text: string): NumberSpan[] {
  const digits = [...text.matchAll(/(?<![\w.])\d+(?:\.\d+)?(?![\w]|\.\d)/g)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    text: m[0],
    value: Number(m[0]),
  }));
  return [...digits, ...findWordNumbers(text)].sort((a, b) => a.start - b.start);
}

/**
 * The text with every number written in words replaced by its digits, padded with spaces to the same length, so
 * digit patterns match both forms and offsets still point into the original ("two of fourteen" → "2   of 14      ").
 * @param text - Any text.
 * @returns Text of the same length.
 */
export function digitize(text: string): string {
  let out = text;
  for (const n of findWordNumbers(text)) {
    const digits = String(n.value);
    if (digits.length <= n.text.length) out = out.slice(0, n.start) + digits.padEnd(n.text.length) + out.slice(n.end);
  }
  return out;
}

export interface RatioSpan {
  start: number;
  end: number;
  text: string;
  /** The part ("3" of "3/12", 0 for "none of the 12"). */
  numerator: number;
  /** The whole. */
  denominator: number;
}

const PART = String.raw`(\d+|none|no)`;
/** "3/12", "3 / 12", "3 of 12", "two of fourteen", "one out of eight", "none of the 12"; not dates ("12/03/2024"). */
const RATIO = new RegExp(String.raw`(?<![\w/.])${PART}\s*(?:\/|(?:out\s+)?of(?:\s+the)?)\s*(\d+)(?![\w/]|\.\d)`, 'gi');

/**
 * Finds part-of-whole counts, in digits or words.
 * @param text - Any text.
 * @returns Ratios in text order, with offsets into `text`.
 */
export function findRatios(text: string): RatioSpan[] {
  const words = findWordNumbers(text);
  return [...digitize(text).matchAll(RATIO)].map((m) => {
    const last = m.index + m[0].length;
    // A whole written in words ends where its words end, not where its digits do.
    const end = words.find((w) => w.start < last && last <= w.end)?.end ?? last;
    return {
      start: m.index,
      end,
      text: text.slice(m.index, end),
      numerator: parseNumber(m[1]!) ?? 0,
      denominator: Number(m[2]),
    };
  });
}
