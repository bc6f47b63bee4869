// Node counts written in words ("two of fourteen", "one (1) of eight", "none of the five") turned into digits, so the
// count grammar reads one form: cardinals by the shared text/numbers module, the count idioms of node reports here.
import { digitize } from '../../text/numbers';

/**
 * Rewrites cardinal number words as digits and drops a repeated digit in brackets ("two (2)" → "2").
 * "None of the five" becomes "0 of 5"; words that are not numbers are left alone.
 * @param text - A sentence.
 * @returns The sentence with digits for number words.
 */
export function digitsForWords(text: string): string {
  return digitize(text)
    .replace(/\b(none|no)\s+of\s+(?:the\s+)?(?=\d)/gi, '0 of ')
    .replace(/\b(\d+)\s*\(\s*\1\s*\)/g, '$1')
    .replace(/\b(\d+)\s+of\s+(?:the\s+)?(\d+)\b/gi, '$1 of $2');
}
