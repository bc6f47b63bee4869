// Findings about the bowel wall at the tumor: perforation through the tumor (not one elsewhere) and the deepest
// level of invasion the gross description states.
import type { Doc } from '../../text/doc';
import { NEGATION } from '../../text/sentences';
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

const LEVELS: [RegExp, string][] = [
  [
    /\b(?:invad\w*|infiltrat\w*|adheren\w*|adherent to|involv\w*)\s+(?:into\s+)?(?:the\s+)?(?:\w+\s+)?(?:bladder|uterus|vagina|prostate|seminal vesicles?|small bowel|abdominal wall|ovary|spleen|stomach|kidney|ureter|sacrum|pelvic (?:side ?)?wall|adjacent (?:organs?|structures?))\b/i,
    'Directly invades or adheres to adjacent structures',
  ],
  [
    /\b(?:penetrat\w*|perforat\w*|breach\w*|involv\w*|through|invad\w*)\s+(?:the\s+)?(?:serosa|serosal surface|visceral peritoneum|peritoneal surface)\b/i,
    'Penetrates visceral peritoneum (serosa)',
  ],
  [
    /\bthrough (?:the )?(?:muscularis propria|muscle wall|muscular wall|bowel wall|wall)\b|\b(?:into|in)(?: the)? (?:pericolic|pericolonic|perirectal|mesorectal|mesocolic|subserosal|retroperitoneal|mesenteric) (?:fat|adipose tissue|soft tissue|tissue)\b/i,
    'Invades through muscularis propria into pericolorectal tissue',
  ],
  [
    /\b(?:into\s+|invad\w*\s+(?:into\s+)?|confined to\s+|within\s+)(?:but not through\s+)?(?:the\s+)?muscularis propria\b/i,
    'Invades muscularis propria',
  ],
  [/\b(?:into\s+|invad\w*\s+(?:into\s+)?|confined to\s+)(?:the\s+)?submucosa\b/i, 'Invades submucosa'],
];
const INVASION_VERB = /\b(?:invad\w*|infiltrat\w*|extend\w*|penetrat\w*|grow\w*|through|adheren\w*|adherent)\b/i;

/**
 * The deepest level of invasion the report states (gross impression), deepest first.
 * @param doc - The gross description.
 * @returns The level with evidence, or undefined when the report does not describe it.
 */
export function findExtent(doc: Doc): Finding<string> | undefined {
  for (const [re, value] of LEVELS) {
    for (const s of doc.sentences) {
      const t = s.masked;
      if (!INVASION_VERB.test(t)) continue;
      const m = re.exec(t);
      if (!m) continue;
      const before = t.slice(Math.max(0, m.index - 25), m.index + 4);
      if (NEGATION.test(before) || /\bnot\s+$/i.test(t.slice(0, m.index))) continue;
      return {
        value,
        sentences: [s],
        explanation: 'The gross description states the depth of invasion (to be confirmed microscopically).',
      };
    }
  }
  return undefined;
}
