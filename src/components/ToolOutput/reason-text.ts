// A planner's reason for a tool call as a clinician reads it: the record items it rests on are named in the words
// around them, so references, tool-call ids and UUIDs in parentheses ("(Observation/…, Observation/…)", "(c2)") go,
// and any reference left in the sentence becomes words ("box from the report").
import { plainText } from '../../record/plain';

const REFERENCE =
  /^(?:[A-Z][A-Za-z]+\/[A-Za-z0-9\-.]+(?:\/_history\/[A-Za-z0-9\-.]+)?|urn:(?:uuid|oid):[A-Za-z0-9\-.]+)$/;
const CALL_ID = /^(?:tool:)?c\d{1,4}$/;
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
const CITATION = /\[(?:Record|Tool|record|tool):[^\]]*\]/g;

const isId = (part: string): boolean => REFERENCE.test(part) || CALL_ID.test(part);

/**
 * Cleans a planner's reason for display.
 * @param reason - The reason as the planner wrote it.
 * @returns The reason without references or ids; undefined when nothing is left.
 */
export function reasonText(reason: string | undefined): string | undefined {
  if (!reason) return undefined;
  const cleaned = reason
    .replace(CITATION, '')
    // A parenthesis listing ids: keep only its words, drop it when it held nothing else.
    .replace(/\s*\(([^()]*)\)/g, (whole, inner: string) => {
      const parts = inner.split(/\s*[,;]\s*/).filter(Boolean);
      if (!parts.some(isId)) return whole;
      const words = parts.filter((p) => !isId(p));
      return words.length ? ` (${words.join(', ')})` : '';
    });
  const text = plainText(cleaned)
    .replace(UUID, '')
    .replace(/\s+([,;:.)])/g, '$1')
    .replace(/\(\s*\)/g, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
  return text || undefined;
}
