// The workflow's rules across tools, applied to what the tools' own rules planned (server/tools/<name>/planner.ts
// plans each tool alone): read the report beside a segmentation, no RECIST without a treatment and two comparable
// scans, the dose multiplication after the body surface area, no BSA for a fitness question. Each added call states
// why; each call left out leaves a note saying why.
import type { PlannedCall } from '../../../common/contracts';
import { assessResponseContract, calculatorContract } from '../../../common/contracts/tools';
import type { FollowUp, RuleNext } from '../../tools/adapter';
import type { RecordFacts } from '../record/facts';
import { bsaNotAsked, doseCall, doseToCalculate } from './workflow-dose';
import { oneReading, recistBlocked, reportReadingCall } from './workflow-imaging';

export interface Reviewed {
  calls: PlannedCall[];
  followUps: FollowUp[];
  notes: string[];
}

/** Leaves out the calls the workflow does not want, with a note for each kind. */
function leaveOut(
  calls: PlannedCall[],
  facts: RecordFacts,
  question: string
): { kept: PlannedCall[]; notes: string[] } {
  const notes: string[] = [];
  const recist = calls.some((c) => c.tool === assessResponseContract.name) ? recistBlocked(facts) : undefined;
  const kept = calls.filter((c) => {
    if (recist && c.tool === assessResponseContract.name) {
      notes.push(`${assessResponseContract.name} not run: ${recist}`);
      return false;
    }
    if (bsaNotAsked(c, question, facts)) {
      notes.push('Body surface area not computed: the question asks about fitness for a drug, not its dose');
      return false;
    }
    return true;
  });
  return { kept, notes };
}

/**
 * Adds the workflow's first-round calls due after one tool's rule has planned (so that they keep the registry's
 * order and their ids follow it): the report reading beside a segmentation.
 * @param calls - The first-round calls planned so far.
 * @param facts - The record's facts.
 * @param question - The clinician's question.
 * @param nextId - Issues ids for added calls.
 * @returns The calls, with at most one reading.
 */
export function afterRule(calls: PlannedCall[], facts: RecordFacts, question: string, nextId: () => string) {
  const reading = reportReadingCall(facts, question, calls, nextId);
  return oneReading(reading ? [...calls, reading] : calls);
}

/**
 * Reviews the first round the tools' rules planned.
 * @param planned - The first-round calls and follow-ups.
 * @param facts - The record's facts.
 * @param question - The clinician's question.
 * @returns The calls and follow-ups to run, with notes on what was left out.
 */
export function reviewStart(
  planned: { calls: PlannedCall[]; followUps: FollowUp[] },
  facts: RecordFacts,
  question: string
): Reviewed {
  const { kept: calls, notes } = leaveOut(planned.calls, facts, question);
  const recist = recistBlocked(facts);
  const followUps = planned.followUps.filter((f) => !(recist && f.tool === assessResponseContract.name));
  const dose = doseToCalculate(facts, question, calls);
  if (dose)
    followUps.push({
      tool: calculatorContract.name,
      reason: `dose = ${dose.mgPerM2} mg/m² × body surface area, once the BSA is computed`,
    });
  return { calls, followUps, notes };
}

/**
 * Reviews the calls the tools' rules added after a round, and adds the workflow's own follow-ups.
 * @param added - The calls the tools' rules planned this round.
 * @param input - The facts, question, planned and finished calls.
 * @returns The calls to run, with notes.
 */
export function reviewNext(added: PlannedCall[], input: RuleNext): { calls: PlannedCall[]; notes: string[] } {
  const { kept, notes } = leaveOut(added, input.facts, input.question);
  const dose = doseCall(input.facts, input.question, [...input.planned, ...kept], input.calls, input.nextId);
  if (typeof dose === 'string') notes.push(dose);
  else if (dose) kept.push(dose);
  return { calls: kept, notes };
}
