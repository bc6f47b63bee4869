// Composes every tool's contract: labels by name, the output type of each tool (ToolOutputs) and one typed accessor,
// so a reader of a tool call neither names a shape by hand nor casts.
import type { z } from 'zod';
import { assessResponseContract } from './assess-response';
import { clinicalScoreContract } from './clinical-score';
import type { ToolContract } from './contract';
import { predictBiomarkersContract } from './predict-biomarkers';
import { radiologyReportContract } from './radiology-report';
import { calculatorContract, guidelineSearchContract, pubmedSearchContract, webSearchContract } from './searches';
import { segmentLesionContract } from './segment-lesion';
import { tnmStageContract } from './tnm-stage';
import { variantActionabilityContract } from './variant-actionability';

export * from './assess-response';
export * from './clinical-score';
export type { ToolContract } from './contract';
export * from './predict-biomarkers';
export * from './radiology-report';
export * from './searches';
export * from './segment-lesion';
export * from './tnm-stage';
export * from './variant-actionability';

/** Every tool's contract by registry name (guideline_search is the agent's own retrieval, labelled like a tool). */
export const TOOL_CONTRACTS = {
  radiology_report: radiologyReportContract,
  segment_lesion: segmentLesionContract,
  assess_response: assessResponseContract,
  predict_biomarkers: predictBiomarkersContract,
  variant_actionability: variantActionabilityContract,
  pubmed_search: pubmedSearchContract,
  web_search: webSearchContract,
  calculator: calculatorContract,
  clinical_score: clinicalScoreContract,
  tnm_stage: tnmStageContract,
  guideline_search: guidelineSearchContract,
} as const;

type Contracts = typeof TOOL_CONTRACTS;

/** Tool name → output type, for the tools whose output is declared. */
export type ToolOutputs = {
  [N in keyof Contracts as Contracts[N]['output'] extends z.ZodType
    ? N
    : never]: Contracts[N]['output'] extends z.ZodType ? z.infer<Contracts[N]['output']> : never;
};

/** A tool name with a declared output. */
export type TypedToolName = keyof ToolOutputs;

/** A finished call of one tool with its typed output: switch on `tool` to narrow `output`. */
export type TypedToolCall = {
  [N in TypedToolName]: { id: string; tool: N; args: unknown; output: ToolOutputs[N] };
}[TypedToolName];

/** The part of a workup tool call the accessor reads. */
export interface ToolCallLike {
  id?: string;
  tool: string;
  status: string;
  args?: unknown;
  output?: unknown;
}

/**
 * The contract of a tool, if it has one.
 * @param name - The registry name.
 * @returns The contract, or undefined for an unknown tool.
 */
export function toolContract(name: string): ToolContract | undefined {
  return Object.hasOwn(TOOL_CONTRACTS, name) ? (TOOL_CONTRACTS as Record<string, ToolContract>)[name] : undefined;
}

/**
 * The typed output of a finished call of one tool.
 * @param call - A workup tool call.
 * @param name - The tool the caller expects.
 * @returns The parsed output when the call is of this tool, succeeded and its output matches the tool's schema; else null.
 */
export function toolOutput<N extends TypedToolName>(call: ToolCallLike | undefined, name: N): ToolOutputs[N] | null {
  if (!call || call.tool !== name || call.status !== 'ok') {
    return null;
  }
  // The mapped type and the schema table are the same table read two ways; zod cannot see that through an index.
  const schema: z.ZodType = TOOL_CONTRACTS[name].output;
  const parsed = schema.safeParse(call.output);
  return parsed.success ? (parsed.data as ToolOutputs[N]) : null;
}

/**
 * The call narrowed to its tool's typed output, for readers that handle several tools in one switch.
 * @param call - A workup tool call.
 * @returns The typed call, or null when the tool has no declared output, failed, or its output does not parse.
 */
export function typedCall(call: ToolCallLike & { id: string }): TypedToolCall | null {
  const contract = toolContract(call.tool);
  if (!contract?.output || call.status !== 'ok') {
    return null;
  }
  const parsed = contract.output.safeParse(call.output);
  return parsed.success
    ? ({ id: call.id, tool: call.tool, args: call.args, output: parsed.data } as TypedToolCall)
    : null;
}
