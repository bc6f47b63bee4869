// The offline extractor of the AJCC 8th lung resection template: pT, pN, M from the summary and clinical note, and
// the stage group looked up in the AJCC table from those three.

import type { Answers } from '../../../../common/contracts';
import { stageGroup } from '../../../tools/tnm_stage/stage-group';
import { makeDoc, noAnswer, ruleAnswer } from '../../text/doc';
import { findM } from './m-category';
import { type CategoryFinding, findN } from './n-category';
import { statedCategory } from './stated-tnm';
import { findT, type TFinding } from './t-category';

/** A category the report states outright, used only where its descriptors are not given. */
function stated(doc: ReturnType<typeof makeDoc>, cat: 'T' | 'N' | 'M'): CategoryFinding | undefined {
  const s = statedCategory(doc, cat);
  return (
    s && { value: s.value, sentences: [s.s], reasons: [`the report states p${s.value}; its descriptors are not given`] }
  );
}

/**
 * Extracts the lung template from a report.
 * @param report - The full report text.
 * @returns Answers by linkId and issues.
 */
export function extractLung(report: string): { answers: Answers; issues: string[] } {
  const doc = makeDoc(report);
  if (!/\b(?:lung|lob(?:e|ectomy)|pneumonectomy|segmentectomy|wedge|bronch\w*|pleura\w*)\b/i.test(report)) {
    return { answers: {}, issues: ['No lung resection summary was recognised in the text.'] };
  }
  const statedT = stated(doc, 'T');
  const t: TFinding | undefined = findT(doc) ?? (statedT && { t: statedT.value, ...statedT });
  const n = findN(doc) ?? stated(doc, 'N');
  const found = findM(doc);
  // A stated M1 outranks an M0 the descriptors fall back to: the pathologist may stage spread the text does not detail.
  const statedM = stated(doc, 'M');
  const m =
    (found.value === 'M0' && statedM && (found.sentences.length === 0 || statedM.value !== 'M0') && statedM) || found;
  const answers: Answers = {
    pT: t
      ? ruleAnswer(t.t, t.sentences, `${t.reasons.join('; ')} → ${t.t}.`)
      : noAnswer('Neither tumor size nor T descriptors are given.'),
    pN: n
      ? ruleAnswer(n.value, n.sentences, `${n.reasons.join('; ')} → ${n.value}.`)
      : noAnswer('No lymph node findings are given.'),
    pM: ruleAnswer(m.value, m.sentences, `${m.reasons.join('; ')} → ${m.value}.`),
  };
  if (t && n) {
    const stage = stageGroup('lung', t.t, n.value, m.value);
    answers['stage-group'] = stage.ok
      ? ruleAnswer(stage.stage.stageGroup, [...t.sentences, ...n.sentences, ...m.sentences], stage.stage.rule)
      : noAnswer(stage.message);
  } else {
    answers['stage-group'] = noAnswer('The stage group needs pT and pN.');
  }
  return { answers, issues: [] };
}
