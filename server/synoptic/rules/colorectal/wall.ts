// Perforation through the tumor (not one of the bowel elsewhere); the depth of invasion lives in extent.ts.
import type { Doc } from '../../text/doc';
import type { Finding } from './anatomy';

const ELSEWHERE =
  /\b(?:proximal|distal) to the (?:tumou?r|mass|lesion)\b|\baway from the (?:tumou?r|mass|lesion)\b|\bseparate from the (?:tumou?r|mass|lesion)\b|\bdiverticul\w*|\bunrelated to\b|\bremote from\b/i;

/**
 * Macroscopic tumor perforation.
 * @param doc - The gross description.
 * @returns Present or Not identified with evidence, or undefined when the report does not say.
 */
export function findPerforation(doc: Doc): Finding<string> | undefined {
  let elsewhere: Finding<string> | undefined;
  for (const s of doc.sentences) {
    const t = s.masked;
    for (const m of t.matchAll(/\bperforat\w*/gi)) {
      const start = t.lastIndexOf(';', m.index) + 1;
      const endRel = t.slice(m.index).search(/;/);
      const before = t.slice(Math.max(start, m.index - 40), m.index);
      const after = t.slice(m.index + m[0].length, endRel < 0 ? t.length : m.index + endRel);
      const clause = t.slice(start, endRel < 0 ? t.length : m.index + endRel);
      if (
        /\b(?:no|without|absence of|negative for|nor|free of)\b/i.test(before) ||
        /^\W*(?:\w+\s+){0,2}?(?:is|was|are|:)?\s*(?:not\b|no\b|absent|none|negative)/i.test(after) ||
        /\bnot\s+(?:\w+\s+)?$/i.test(before)
      )
        return {
          value: 'Not identified',
          sentences: [s],
          explanation: 'The report states that there is no perforation.',
        };
      if (ELSEWHERE.test(clause)) {
        elsewhere ??= {
          value: 'Not identified',
          sentences: [s],
          explanation: 'The perforation described lies away from the tumor; it is not a tumor perforation.',
        };
        continue;
      }
      return { value: 'Present', sentences: [s], explanation: 'The report describes a perforation at the tumor.' };
    }
  }
  return elsewhere;
}
