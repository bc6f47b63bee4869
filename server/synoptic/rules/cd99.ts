// The offline extractor of the CD99 pattern template: localization and distribution read from the CD99 clause only,
// so statements about other markers in the same sentence do not leak in.
import { type DocSentence, makeDoc, noAnswer, ruleAnswer } from '../text/doc';
import type { Answers } from '../types';

/** Other immunostains whose name ends the CD99 clause. */
const OTHER_MARKER =
  /\b(?:CD(?!99\b)\d+[a-z]?|FLI-?1|NKX2\.?2|desmin|myogenin|MyoD1|S-?100|synaptophysin|chromogranin|keratins?|cytokeratins?|AE1\/AE3|TLE1|WT-?1|BCOR|SOX10|vimentin|TdT|INI-?1)\b/i;

function cd99Clause(s: DocSentence): string | undefined {
  const t = s.masked;
  const at = t.search(/\bCD\s?99\b/i);
  if (at < 0) return undefined;
  const before = t.slice(0, at);
  const prev = [...before.matchAll(new RegExp(OTHER_MARKER.source, 'gi'))].at(-1);
  // "negative for CD99, S100 and desmin": the words before CD99 belong to it unless another marker or a `;` stands between.
  const start = Math.max(prev ? prev.index + prev[0].length : 0, before.lastIndexOf(';') + 1);
  const nextAt = t.slice(at + 4).search(OTHER_MARKER);
  return t.slice(start, nextAt < 0 ? t.length : at + 4 + nextAt);
}

/**
 * Extracts the CD99 pattern.
 * @param report - The report text.
 * @returns Answers by linkId and issues.
 */
export function extractCd99(report: string): { answers: Answers; issues: string[] } {
  const doc = makeDoc(report);
  const hit = doc.sentences.map((s) => ({ s, c: cd99Clause(s) })).find((x) => x.c !== undefined);
  if (!hit) return { answers: {}, issues: ['The report does not mention CD99.'] };
  const c = hit.c!;
  const positive = /\bpositiv\w*|\bstain\w*|\breactiv\w*|\bexpress\w*|\bmembran\w*|\bcytoplasm\w*/i.test(c);
  const negative =
    /\bnegativ\w*|\bno (?:staining|expression|reactivity)\b|\bnot (?:express|stain)\w*/i.test(c) &&
    !/\bpositiv\w*/i.test(c);
  const ev = [hit.s];
  if (negative) {
    const why = 'CD99 is negative in the tumor.';
    return {
      answers: {
        'cd99-localization': ruleAnswer('Negative (no staining)', ev, why),
        'cd99-distribution': ruleAnswer('Not applicable', ev, `${why} Distribution does not apply.`),
      },
      issues: [],
    };
  }
  const membrane = /\bmembran\w*|\bmembrane\b/i.test(c);
  const cytoplasm = /\bcytoplasm\w*/i.test(c);
  const localization =
    membrane && cytoplasm
      ? 'Membranous and cytoplasmic'
      : membrane
        ? 'Membranous'
        : cytoplasm
          ? 'Cytoplasmic'
          : undefined;
  const pct = /(?:more than|over|>|≥|about|approximately|~)?\s*(\d{1,3})\s*%/i.exec(c);
  let distribution: string | undefined;
  let why = '';
  if (/\bdiffuse\w*/i.test(c)) distribution = 'Diffuse';
  else if (/\bpatch\w*/i.test(c)) distribution = 'Patchy';
  else if (/\bfocal\w*|\brare\b|\bscattered\b|\bisolated\b|\bfew\b|\bsingle cells\b/i.test(c)) distribution = 'Focal';
  else if (pct) {
    const p = Number(pct[1]);
    distribution = p > 50 ? 'Diffuse' : p >= 10 ? 'Patchy' : 'Focal';
    why = ` (${p}% of cells: under 10% focal, 10-50% patchy, over 50% diffuse)`;
  }
  return {
    answers: {
      'cd99-localization': localization
        ? ruleAnswer(localization, ev, `The CD99 staining is described as ${localization.toLowerCase()}.`)
        : noAnswer(
            positive
              ? 'CD99 is positive but the staining pattern is not described.'
              : 'The CD99 result is not described.'
          ),
      'cd99-distribution': distribution
        ? ruleAnswer(distribution, ev, `The CD99 staining is ${distribution.toLowerCase()}${why}.`)
        : noAnswer('The extent of CD99 staining is not described.'),
    },
    issues: [],
  };
}
