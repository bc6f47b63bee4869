// The direct answer to a specific question, from the findings (growth → response, a score, the stage, a biomarker, a
// matched therapy), or for growth from the imaging reports' conclusions when nothing was measured; and whether the
// question asks for the tumour board's options.
import type { Finding } from '../../common/contracts';
import type { SummaryFacts } from './summary';

const FOCUS: [RegExp, Finding['kind'][]][] = [
  [/grow|progress|respon|shrink|bigger|smaller|size|recist|measur|lesion|stable/i, ['response']],
  [/score|child|pugh|albi|bclc|meld|ecog|liver function/i, ['score']],
  [/\bstag(e|ing)\b|\btnm\b/i, ['stage']],
  [
    /\bmsi\b|mmr|mismatch|biomarker|mutat|kras|nras|braf|her2|erbb2|variant|alteration|fusion|molecular/i,
    ['conflict', 'biomarker', 'alteration'],
  ],
  [/matched|targeted|actionab|eligib/i, ['therapy']],
];
const OPTIONS =
  /option|what next|next step|treat|therap|manag|recommend|plan\b|tumou?r board|\bline\b|what (should|can) (we|be) do/i;
const CHANGE = /progress|enlarg|grow|increas|decreas|shrink|respon|stable|new (lesion|metasta)/i;

export interface QuestionFocus {
  /** Finding kinds that answer the question directly (empty for a general question). */
  kinds: Finding['kind'][];
  /** Whether the question asks what to do (an empty question is a general workup: it does). */
  options: boolean;
}

/**
 * What a question asks.
 * @param question - The clinician's question.
 * @returns The finding kinds that answer it and whether it asks for options.
 */
export function questionFocus(question: string): QuestionFocus {
  const q = question.trim();
  if (!q) return { kinds: [], options: true };
  const kinds = [...new Set(FOCUS.flatMap(([re, k]) => (re.test(q) ? k : [])))];
  return { kinds, options: OPTIONS.test(q) || kinds.length === 0 };
}

/**
 * The findings that answer the question, or for a growth question without a measurement the conclusions of the
 * imaging reports that state a change (cited to the report).
 * @param focus - What the question asks.
 * @param findings - The findings.
 * @param facts - The record summary's facts.
 * @returns Findings that answer it, and report lines (text with a record citation).
 */
export function directAnswer(
  focus: QuestionFocus,
  findings: Finding[],
  facts: SummaryFacts
): { findings: Finding[]; reports: { text: string; ref: string }[] } {
  const answering = findings.filter((f) => focus.kinds.includes(f.kind));
  const measured = answering.some((f) => f.kind === 'response');
  const reports =
    focus.kinds.includes('response') && !measured
      ? facts.reports
          .filter((r) => /\b(CT|MRI?|PET|imaging)\b/i.test(r.title) && CHANGE.test(r.conclusion))
          .slice(-2)
          .map((r) => ({ text: `${r.title}: ${r.conclusion}`, ref: `record:${r.ref}` }))
      : [];
  return { findings: answering, reports };
}
