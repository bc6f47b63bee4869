// Extractive quotes for the offline answer: a passage split into sentences, the one or two that share most terms with
// the sub-query, cleaned of markdown; and the check that a quote really is in the passage it cites.
import { contentTerms } from '../rag/lexical';
import { plain } from './citations';

/** Longest quoted sentence; longer ones are cut at a word boundary (the cut part must still be in the passage). */
const MAX_SENTENCE = 320;
/** Shorter "sentences" are table rows or list fragments that say little alone. */
const MIN_SENTENCE = 40;
// Abbreviations after which a full stop does not end a sentence.
const ABBREVIATION = /\b(e\.g|i\.e|et al|vs|approx|ca|cf|Fig|No|Dr|incl|resp)\.$/i;

/** Text as compared for containment: plain, lowercase, without punctuation differences or line breaks. */
export function normalise(text: string): string {
  return plain(text)
    .toLowerCase()
    .replace(/[^a-z0-9%+/<>=≥≤.-]+/g, ' ')
    .trim();
}

/**
 * Splits a passage into sentences: each line (list items are lines) at sentence ends, abbreviations kept whole.
 * Fragments cut by the chunk boundary (starting lowercase, or ending without a full stop) are flagged.
 * @param text - Passage text (markdown).
 * @returns The sentences as plain text, with whether each is complete.
 */
export function sentences(text: string): { text: string; complete: boolean; line: number }[] {
  const out: { text: string; complete: boolean; line: number }[] = [];
  const lines = text.split(/\n+/).map((l) => l.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '').trim());
  for (const [index, line] of lines.entries()) {
    if (!line) continue;
    const parts: string[] = [];
    let current = '';
    for (const piece of line.split(/(?<=[.!?])\s+(?=[A-Z0-9("“*])/)) {
      current = current ? `${current} ${piece}` : piece;
      if (!ABBREVIATION.test(current)) {
        parts.push(current);
        current = '';
      }
    }
    if (current) parts.push(current);
    for (const p of parts) out.push({ text: plain(p), complete: /^[("“]?[A-Z0-9]/.test(plain(p)), line: index });
  }
  // A chunk may start or end inside a sentence: a lowercase, digit or punctuation start, or no final stop, marks it.
  if (out.length) {
    const first = out[0]!;
    if (/^[a-z0-9,;:.)–-]/.test(first.text)) first.complete = false;
    const last = out[out.length - 1]!;
    if (!/[.!?:)]$/.test(last.text)) last.complete = false;
  }
  return out;
}

function cut(sentence: string): string {
  if (sentence.length <= MAX_SENTENCE) return sentence;
  return `${sentence.slice(0, MAX_SENTENCE).replace(/\s+\S*$/, '')} …`;
}

// Words every oncology query shares: a sentence matching only these is not about the query's subject.
const GENERIC = new Set(
  contentTerms(
    'treatment therapy therapies targeted option options management line first second third later systemic ' +
      'recommended recommendation mutation mutant alteration fusion tumour tumor board multidisciplinary metastatic ' +
      'advanced cancer carcinoma adenocarcinoma guideline guidelines'
  )
);

/**
 * The terms of a query that name its subject: not generic oncology words, not words of the tumour type.
 * @param query - The sub-query.
 * @param tumour - The tumour type as written (its words are not specific).
 * @returns The terms (stems).
 */
export function specificTerms(query: string, tumour = ''): Set<string> {
  const common = new Set(contentTerms(tumour));
  return new Set(contentTerms(query).filter((t) => !GENERIC.has(t) && !common.has(t) && !/^\d+$/.test(t)));
}

/**
 * The one or two sentences of a passage that best match a query (by shared content terms), in passage order.
 * @param text - The passage.
 * @param query - The sub-query.
 * @param options - `max` sentences (default 2; a second only when it also matches); `specific`: terms of which
 *   each chosen sentence must contain one (none required when empty).
 * @returns The quote, or undefined when no sentence matches.
 */
export function bestQuote(
  text: string,
  query: string,
  options: { max?: number; specific?: Set<string> } = {}
): string | undefined {
  const max = options.max ?? 2;
  const specific = options.specific ?? new Set<string>();
  const wanted = new Set(contentTerms(query));
  const scored = sentences(text).map((s, i) => {
    const terms = new Set(contentTerms(s.text));
    if (specific.size && ![...specific].some((t) => terms.has(t))) return { ...s, i, score: 0 };
    let shared = 0;
    for (const t of wanted) if (terms.has(t)) shared++;
    // Complete sentences first; among equals, the earlier one (passages open with their point).
    return { ...s, i, score: shared - (s.text.length > MAX_SENTENCE ? 0.25 : 0) };
  });
  // Fragments cut by the chunk boundary are never quoted: they misquote the guideline.
  const ranked = scored
    .filter((s) => s.complete && s.score >= 1 && s.text.length >= MIN_SENTENCE)
    .sort((a, b) => b.score - a.score || a.i - b.i);
  const chosen = ranked.slice(0, max).filter((s, k) => k === 0 || s.score >= 1.5);
  if (chosen.length === 0) return undefined;
  chosen.sort((a, b) => a.i - b.i);
  // Sentences that are not next to each other on one line of the passage are joined with an ellipsis.
  const apart = (k: number) => chosen[k - 1]!.i !== chosen[k]!.i - 1 || chosen[k - 1]!.line !== chosen[k]!.line;
  return chosen.map((s, k) => (k > 0 && apart(k) ? '… ' : '') + cut(s.text)).join(' ');
}

/**
 * Whether a quote appears in a passage: each part between ellipses (which mark a cut or a gap) word for word.
 * @param quote - The quote.
 * @param passage - The passage text.
 * @returns True when the passage contains the quote.
 */
export function quoteInPassage(quote: string, passage: string): boolean {
  const haystack = normalise(passage);
  return quote
    .split('…')
    .map(normalise)
    .filter(Boolean)
    .every((p) => haystack.includes(p));
}
