// The offline extractor of the AJCC 8th lung resection template: pT, pN, M from the summary and clinical note, and
// the stage group looked up in the AJCC table from those three.

import type { Answers } from '../../../../common/contracts';
import { stageGroup } from '../../../tools/tnm_stage/stage-group';
import { type Doc, makeDoc, noAnswer, ruleAnswer } from '../../text/doc';
import { expandAbbreviations } from './abbreviations';
import { BENIGN_SITE, findM } from './m-category';
import { type CategoryFinding, findN } from './n-category';
import { unmaskNodeLabels } from './node-labels';
import { revisedCategory, statedCategory } from './stated-tnm';
import { findT, type TFinding } from './t-category';
import { correctSpelling } from './vocabulary';

/** A category the report states outright, used only where its descriptors are not given. */
function stated(doc: ReturnType<typeof makeDoc>, cat: 'T' | 'N' | 'M'): CategoryFinding | undefined {
  const s = statedCategory(doc, cat);
  return (
    s && { value: s.value, sentences: [s.s], reasons: [`the report states p${s.value}; its descriptors are not given`] }
  );
}

/** AJCC 8th stage IVB is M1c whatever T and N: a stated IVB gives M where the text names no metastasis. */
function stageIVB(doc: Doc): CategoryFinding | undefined {
  const s = doc.sentences.find((x) => /\bstage\s*(?:group\s*)?:?\s*IVB\b/i.test(x.masked));
  return (
    s && { value: 'M1c', sentences: [s], reasons: ['the report states stage IVB, which AJCC 8th gives only to M1c'] }
  );
}

/** A category an addendum revises: it replaces what the descriptors of the earlier report give. */
function revised<R>(doc: Doc, cat: 'T' | 'N' | 'M', as: (f: CategoryFinding) => R): R | undefined {
  const r = revisedCategory(doc, cat);
  return r && as({ value: r.value, sentences: [r.s], reasons: [`a revision of the report states p${r.value}`] });
}

/**
 * Extracts the lung template from a report.
 * @param report - The full report text.
 * @returns Answers by linkId and issues.
 */
export function extractLung(report: string): { answers: Answers; issues: string[] } {
  const made = makeDoc(report);
  // The rules match the shorthand written out and misspelt key words put right; the evidence quotes the sentence as
  // written.
  const doc = {
    ...made,
    sentences: made.sentences.map((s) => ({
      ...s,
      masked: expandAbbreviations(correctSpelling(unmaskNodeLabels(s.text, s.masked))),
    })),
  };
  if (
    !/\b(?:lung|lob(?:e|ectomy)|\w*lobectomy|pneumonectomy|segmentectomy|wedge|bronch\w*|pleura\w*|pulmonary|[RL][UML]L)\b/i.test(
      report
    )
  ) {
    return { answers: {}, issues: ['No lung resection summary was recognised in the text.'] };
  }
  const statedT = stated(doc, 'T');
  const t: TFinding | undefined =
    revised(doc, 'T', (r) => ({ t: r.value, ...r })) ?? findT(doc) ?? (statedT && { t: statedT.value, ...statedT });
  const n = revised(doc, 'N', (r) => r) ?? findN(doc) ?? stated(doc, 'N');
  const found = revised(doc, 'M', (r) => r) ?? findM(doc);
  // A stated M1 outranks an M0 the descriptors fall back to: the pathologist may stage spread the text does not detail.
  const statedM = stated(doc, 'M');
  // A clinical M1 (cM1b from imaging) does not stand against a benign biopsy of the distant site.
  const tissue = found.reasons[0] === BENIGN_SITE && statedM && /\bcM1/.test(statedM.sentences[0]?.masked ?? '');
  const m =
    (found.value === 'M0' &&
      statedM &&
      !tissue &&
      (found.sentences.length === 0 || statedM.value !== 'M0') &&
      statedM) ||
    (found.value === 'M0' && stageIVB(doc)) ||
    found;
  const answers: Answers = {
    pT: t
      ? ruleAnswer(t.t, t.sentences, `${t.reasons.join('; ')} → ${t.t}.`)
      : noAnswer('Neither tumor size nor T descriptors are given.'),
    pN: n
      ? ruleAnswer(n.value, n.sentences, `${n.reasons.join('; ')} → ${n.value}.`)
      : noAnswer('No lymph node findings are given.'),
    pM: ruleAnswer(m.value, m.sentences, `${m.reasons.join('; ')} → ${m.value}.`),
  };
  const stage = t && n ? stageGroup('lung', t.t, n.value, m.value) : undefined;
  if (stage?.ok) {
    answers['stage-group'] = ruleAnswer(
      stage.stage.stageGroup,
      [...(t?.sentences ?? []), ...(n?.sentences ?? []), ...m.sentences],
      stage.stage.rule
    );
  } else if (m.value !== 'M0') {
    // AJCC 8th: any T, any N with M1a or M1b is IVA, with M1c IVB, so T or N that cannot be assessed do not matter.
    const group = m.value === 'M1c' ? 'IVB' : 'IVA';
    answers['stage-group'] = ruleAnswer(group, m.sentences, `any T, any N, ${m.value} → stage ${group} (AJCC 8th).`);
  } else {
    answers['stage-group'] = noAnswer(stage && !stage.ok ? stage.message : 'The stage group needs pT and pN.');
  }
  return { answers, issues: [] };
}
