// Every tool the agent and the CLI can call, by stable name (DESIGN §3 tool registry). Their adapters (planner
// rules, findings, write-back) are composed in adapter-registry.ts.
import type { z } from 'zod';
import { assessResponseTool } from './assess_response';
import { calculatorTool } from './calculator';
import { clinicalScoreTool } from './clinical_score';
import { predictBiomarkersTool } from './predict_biomarkers';
import { pubmedSearchTool } from './pubmed_search';
import { radiologyReportTool } from './radiology_report';
import { segmentLesionTool } from './segment_lesion';
import { tnmStageTool } from './tnm_stage';
import type { Tool } from './types';
import { variantActionabilityTool } from './variant_actionability';
import { webSearchTool } from './web_search';

/** Erases a tool's specific parameter and output types so tools can share one list (runTool re-parses arguments). */
function entry<P extends z.ZodType, O>(tool: Tool<P, O>): Tool {
  return tool as unknown as Tool;
}

/** The tools, in the order they are offered to a model. */
export const TOOLS: readonly Tool[] = [
  entry(radiologyReportTool),
  entry(segmentLesionTool),
  entry(assessResponseTool),
  entry(predictBiomarkersTool),
  entry(variantActionabilityTool),
  entry(pubmedSearchTool),
  entry(webSearchTool),
  entry(calculatorTool),
  entry(clinicalScoreTool),
  entry(tnmStageTool),
];

/** The tool with this name, if any. */
export function findTool(name: string): Tool | undefined {
  return TOOLS.find((t) => t.name === name);
}
