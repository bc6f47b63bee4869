// Composes every tool's adapters (server/tools/<name>/adapters.ts) in one fixed order, so the planner, the findings,
// the write-back plan, the Provenance, the policy and the eval iterate tools instead of naming them. It imports no
// tool's executable code: the write-back plan and the eval load only these light adapters.
import type { WorkupResult, WorkupToolCall } from '../../common/contracts';
import { typedCall } from '../../common/contracts/tools';
import type { RecordFacts } from '../agent/record/facts';
import type { FindingDraft, KnowledgeSource, PlannerRule, ToolAdapters, WritebackBuilder } from './adapter';
import { assessResponseAdapters } from './assess_response/adapters';
import { clinicalScoreAdapters } from './clinical_score/adapters';
import { predictBiomarkersAdapters } from './predict_biomarkers/adapters';
import { pubmedSearchAdapters } from './pubmed_search/adapters';
import { radiologyReportAdapters } from './radiology_report/adapters';
import { segmentLesionAdapters } from './segment_lesion/adapters';
import { tnmStageAdapters } from './tnm_stage/adapters';
import { variantActionabilityAdapters } from './variant_actionability/adapters';
import { webSearchAdapters } from './web_search/adapters';

/**
 * Every tool's adapters, in the order that decides the plan and the write-back: imaging (measure, read, assess),
 * molecular (predict, look up), searches, scores, staging. The rules planner issues first-round calls and follow-ups
 * in this order, and the write-back plan lists each tool's items in it; reordering changes plans and bundles.
 */
const ADAPTERS: readonly ToolAdapters[] = [
  segmentLesionAdapters,
  radiologyReportAdapters,
  assessResponseAdapters,
  predictBiomarkersAdapters,
  variantActionabilityAdapters,
  pubmedSearchAdapters,
  webSearchAdapters,
  clinicalScoreAdapters,
  tnmStageAdapters,
] as ToolAdapters[];

const BY_NAME = new Map<string, ToolAdapters>(ADAPTERS.map((a) => [a.name, a]));

/**
 * The findings of one finished call, from its tool's adapter.
 * @param call - The call (failed calls and outputs that do not match the tool's contract give none).
 * @param facts - The record's facts.
 * @returns The findings, not yet cited.
 */
export function findingsOf(call: WorkupToolCall, facts: RecordFacts): FindingDraft[] {
  const typed = typedCall(call);
  const findings = typed && BY_NAME.get(typed.tool)?.findings;
  // The adapter of `typed.tool` takes exactly that tool's output; the map cannot carry the pairing in its type.
  return typed && findings
    ? (findings as (o: unknown, c: WorkupToolCall, f: RecordFacts) => FindingDraft[])(typed.output, call, facts)
    : [];
}

/**
 * Fresh planner rules for one workup, in plan order.
 * @returns One rule per tool that plans.
 */
export function plannerRules(): PlannerRule[] {
  return ADAPTERS.flatMap((a) => (a.planner ? [a.planner()] : []));
}

/**
 * The write-back builders, in the order their items appear in the plan.
 * @returns One builder per tool that writes back.
 */
export function writebackBuilders(): WritebackBuilder[] {
  return ADAPTERS.flatMap((a) => (a.writeback ? [a.writeback] : []));
}

/**
 * The knowledge sources the workup's tool calls used, tool by tool.
 * @param workup - The workup.
 * @returns The sources (duplicates included; the Provenance names each once).
 */
export function knowledgeSources(workup: WorkupResult): KnowledgeSource[] {
  return ADAPTERS.flatMap((a) => a.knowledge?.(workup) ?? []);
}

/**
 * Whether a tool reaches outside the record and the guidelines (it runs only when the question asks for it).
 * @param tool - The tool name.
 * @returns True for the external searches.
 */
export function isExternalTool(tool: string): boolean {
  return BY_NAME.get(tool)?.external === true;
}

/**
 * The eval's counting key of a call: calls of one tool with the same key count once.
 * @param call - Tool and arguments.
 * @returns The key, or undefined when every call counts.
 */
export function evalKeyOf(call: { tool: string; args: unknown }): string | undefined {
  return BY_NAME.get(call.tool)?.evalKey?.(call.args);
}
