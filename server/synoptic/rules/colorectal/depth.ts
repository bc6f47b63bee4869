// The depth item of the whole report (CAP "tumor extent", AJCC 8 pT): what outranks what. A complete response after
// neoadjuvant therapy (ypT0) and an explicit pT decide; else the microscopic depth (microscopy, diagnosis, synoptic
// summary) outranks the gross impression; a perforation through the tumor is at least T4a (AJCC 8: gross perforation
// of the bowel through the tumor is visceral peritoneal penetration).
import type { Doc, DocSentence } from '../../text/doc';
import { isNegated } from '../../text/negation';
import type { Finding } from './anatomy';
import { EXTENT_LEVELS, findExtent } from './extent';

export const NO_PRIMARY = 'No evidence of primary tumor';

/** "pT3", "ypT4a", "(m)pT1", "pT2N0": the stated category (4 without a or b cannot choose between T4a and T4b). */
const STATED_PT = /(?<![A-Za-z])(?:y|r|yr|m)?[pP]T(is|0|1|2|3|4a|4b)(?![0-9a-z])/g;
const PT_LEVEL: Record<string, number> = { is: 0, '1': 1, '2': 2, '3': 3, '4a': 4, '4b': 5 };
/** A complete response: no viable tumor left in the bowel wall (acellular mucin and fibrosis are not tumor). */
const COMPLETE =
  /\b(?:complete (?:pathologic(?:al)? )?(?:response|regression)|pCR\b|(?:tumou?r )?regression grade:?\s*0\b|TRG:?\s*0\b|no (?:residual )?viable (?:tumou?r|carcinoma|adenocarcinoma|neoplas\w+|cancer)(?: cells)?|no residual (?:invasive )?(?:tumou?r|carcinoma|adenocarcinoma|malignancy|neoplas\w+|cancer))/i;
/** Not about the primary: "no residual tumour in the lymph nodes", "near-complete response". */
const COMPLETE_NOT =
  /^(?:\s+(?:is\s+)?(?:seen|identified|present|found))?\s+(?:in|within)\s+(?:the\s+|any\s+)?(?:\d+\s+)?(?:lymph|nodes?|regional|margins?)/i;

function statedPT(sentences: DocSentence[]): Finding<string> | undefined {
  let best: { level: number; s: DocSentence; t: string } | undefined;
  for (const s of sentences) {
    for (const m of s.masked.matchAll(STATED_PT)) {
      const code = m[1]!;
      const level = code === '0' ? -1 : PT_LEVEL[code]!;
      if (!best || level > best.level) best = { level, s, t: m[0] };
    }
  }
  if (!best) return undefined;
  const value = best.level < 0 ? NO_PRIMARY : EXTENT_LEVELS[best.level]!;
  return { value, sentences: [best.s], explanation: `The report states ${best.t} (AJCC 8).` };
}

function completeResponse(sentences: DocSentence[]): Finding<string> | undefined {
  for (const s of sentences) {
    const t = s.masked;
    const m = COMPLETE.exec(t);
    if (!m) continue;
    const before = t.slice(Math.max(0, m.index - 25), m.index);
    if (/\b(?:near(?:ly)?|almost|partial|not|no|without|incomplete)[\s-]+(?:a\s+)?$/i.test(before)) continue;
    if (COMPLETE_NOT.test(t.slice(m.index + m[0].length))) continue;
    if (/^complete|^pCR|regression|TRG/i.test(m[0]) && isNegated(t, m.index, m.index + m[0].length)) continue;
    return {
      value: NO_PRIMARY,
      sentences: [s],
      explanation:
        'No viable tumor remains after neoadjuvant therapy (ypT0); acellular mucin and fibrosis are not residual tumor.',
    };
  }
  return undefined;
}

const levelOf = (f: Finding<string> | undefined) => (f ? EXTENT_LEVELS.indexOf(f.value as never) : -1);

/**
 * The depth of invasion of a resection report.
 * @param gross - The gross description.
 * @param findings - Sentences of the findings sections (microscopy, diagnosis, synoptic summary, checklist lines).
 * @param perforation - The macroscopic tumor perforation item, when answered.
 * @returns The CAP tumor-extent answer with its evidence, or undefined when the report does not state the depth.
 */
export function findDepth(
  gross: Doc,
  findings: DocSentence[],
  perforation?: Finding<string>
): Finding<string> | undefined {
  const all = [...gross.sentences, ...findings];
  const stated = statedPT(all);
  if (stated) return stated;
  const response = completeResponse(all);
  if (response) return response;
  const micro = findExtent({ text: '', sentences: findings });
  const fromGross = findExtent(gross);
  const best =
    micro && levelOf(micro) >= 0
      ? {
          ...micro,
          explanation: micro.explanation.replace(
            /;.*$/,
            '; read from the microscopic findings, which outrank the gross impression.'
          ),
        }
      : fromGross;
  if (perforation?.value === 'Present' && levelOf(best) < 4)
    return {
      value: EXTENT_LEVELS[4],
      sentences: perforation.sentences,
      explanation: 'The tumor has perforated: AJCC 8 counts gross perforation through the tumor as T4a.',
    };
  return best;
}
