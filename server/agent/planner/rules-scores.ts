// Score and staging rules: HCC with liver labs → Child-Pugh and ALBI, then BCLC once the Child-Pugh class is known;
// T, N and M in the record → the AJCC stage group.
import type { PlannedCall } from '../events';
import type { RecordFacts } from '../record/facts';
import type { Lab } from '../record/liver';
import type { WorkupToolCall } from '../workup-result';

const lab = (l: Lab) => ({ value: l.value, unit: l.unit });

export interface ScorePlan {
  calls: PlannedCall[];
  /** The child_pugh call BCLC waits for. */
  childPughCall?: string;
}

/**
 * Score and staging calls of the first round.
 * @param facts - The record's facts.
 * @param nextId - Issues call ids.
 * @returns The calls.
 */
export function planScores(facts: RecordFacts, nextId: () => string): ScorePlan {
  const plan: ScorePlan = { calls: [] };
  const { liver, primary, tnm } = facts;
  if (primary?.kind === 'hcc' && liver.bilirubin && liver.albumin) {
    const refs = [liver.bilirubin.ref, liver.albumin.ref];
    if (liver.inr && liver.ascites && liver.encephalopathy) {
      const call: PlannedCall = {
        id: nextId(),
        tool: 'clinical_score',
        args: {
          score: 'child_pugh',
          bilirubin: lab(liver.bilirubin),
          albumin: lab(liver.albumin),
          inr: liver.inr.value,
          ascites: liver.ascites.grade,
          encephalopathy: liver.encephalopathy.grade,
        },
        reason: `HCC with bilirubin, albumin, INR, ascites and encephalopathy in the record (${[...refs, liver.inr.ref, liver.ascites.ref, liver.encephalopathy.ref].join(', ')}): liver function by Child-Pugh`,
      };
      plan.calls.push(call);
      plan.childPughCall = call.id;
    }
    plan.calls.push({
      id: nextId(),
      tool: 'clinical_score',
      args: { score: 'albi', bilirubin: lab(liver.bilirubin), albumin: lab(liver.albumin) },
      reason: `HCC with bilirubin and albumin in the record (${refs.join(', ')}): ALBI grade`,
    });
  }
  if (primary?.tnmSite && tnm) {
    plan.calls.push({
      id: nextId(),
      tool: 'tnm_stage',
      args: { site: primary.tnmSite, t: tnm.t, n: tnm.n, m: tnm.m },
      reason:
        `T, N and M recorded for the ${primary.tumourType} (${tnm.sources.join(', ')}): AJCC 8th stage group` +
        (tnm.adjusted.length ? ` (read as ${tnm.adjusted.join(', ')}, the categories the AJCC table uses)` : ''),
    });
  }
  return plan;
}

/**
 * The BCLC call once Child-Pugh is known, when tumour burden and ECOG are in the record.
 * @param plan - The score plan.
 * @param call - The finished child_pugh call.
 * @param facts - The record's facts.
 * @param nextId - Issues the call id (only when a call is made).
 * @returns The call, a note why it cannot run, or undefined when BCLC was never in question.
 */
export function bclcAfterChildPugh(
  plan: ScorePlan,
  call: WorkupToolCall | undefined,
  facts: RecordFacts,
  nextId: () => string
): PlannedCall | string | undefined {
  if (!plan.childPughCall) return undefined;
  const cls = call?.status === 'ok' ? (call.output as { class?: string }).class : undefined;
  if (!cls) return 'BCLC not staged: the Child-Pugh score could not be computed';
  if (!facts.hccBurden || !facts.ecog) {
    return `BCLC not staged: the record does not state ${!facts.hccBurden ? 'the nodule count and size with TNM' : 'an ECOG performance status'}`;
  }
  return {
    id: nextId(),
    tool: 'clinical_score',
    args: { score: 'bclc', ...facts.hccBurden, ecog: facts.ecog.value, childPughClass: cls },
    reason: `BCLC stage from the tumour burden (${facts.primary?.ref}), ECOG ${facts.ecog.value} (${facts.ecog.ref}) and Child-Pugh class ${cls} (${call!.id})`,
  };
}
