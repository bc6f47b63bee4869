// Sentence-level units of a report: the evidence an answer quotes is always one of these, verbatim.

export interface Sentence {
  text: string;
  start: number;
  end: number;
}

const ABBREVIATIONS = /\b(?:approx|e\.g|i\.e|no|nos|dr|vs|fig|ca|cf|resp|incl|max|min)\.$/i;
/** "c." (circa) before a number: "c. 4 cm" is one sentence. */
const CIRCA = /\bc\.$/i;

/**
 * Splits text into sentences at `.`, `!`, `?` followed by a capital, digit or quote, and at line breaks; decimals
 * ("4.2 cm") and common abbreviations do not split.
 * @param text - The report text.
 * @returns Trimmed, non-empty sentences with their offsets in `text`.
 */
export function splitSentences(text: string): Sentence[] {
  const out: Sentence[] = [];
  let start = 0;
  const push = (end: number) => {
    const raw = text.slice(start, end);
    const lead = raw.length - raw.trimStart().length;
    const trimmed = raw.trim();
    if (trimmed) out.push({ text: trimmed, start: start + lead, end: start + lead + trimmed.length });
    start = end;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\n') {
      push(i + 1);
      continue;
    }
    if (c !== '.' && c !== '!' && c !== '?') continue;
    const next = text.slice(i + 1, i + 3);
    if (!/^\s/.test(next)) continue;
    const after = text.slice(i + 1).trimStart()[0];
    if (after !== undefined && !/[A-Z0-9("'“‘[]/.test(after)) continue;
    if (c === '.' && ABBREVIATIONS.test(text.slice(Math.max(0, i - 6), i + 1))) continue;
    if (c === '.' && CIRCA.test(text.slice(Math.max(0, i - 3), i + 1)) && /^\s*\d/.test(text.slice(i + 1, i + 6)))
      continue;
    push(i + 1);
  }
  push(text.length);
  return out;
}

/**
 * Replaces short quoted labels (container labels such as 'right colon') and the word after "designated" with spaces,
 * keeping offsets: a label names what the surgeon sent, not where the tumor is.
 * @param text - The text.
 * @returns Text of the same length with labels blanked.
 */
export function maskLabels(text: string): string {
  const blank = (m: string) => ' '.repeat(m.length);
  return text
    .replace(/(?<=[\s(:,]|^)(['"‘“])([^'"’”\n]{1,40})(['"’”])(?=[\s,.;:)]|$)/g, blank)
    .replace(/\b(?:designated|labell?ed|marked)\s+(?:as\s+)?[a-z]+(?:\s+[a-z]+)?(?=,)/gi, blank);
}

/** Words that name a tumor. */
export const TUMOR_NOUN =
  /\b(?:tumou?rs?|mass(?:es)?|lesions?|carcinomas?|adenocarcinomas?|neoplasms?|growths?|ulcers?|cancers?)\b/i;

/** Negation cues in the words before a finding. */
export const NEGATION = /\b(?:no|not|nor|none|without|absent|absence|negative|free|never|neither|cannot|n't)\b/i;
