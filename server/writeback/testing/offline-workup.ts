// Test fixture without any server: a WorkupResult from real in-process runs of the tools that need no record
// (RECIST from given diameters, a prediction on an inline synthetic bag, offline variant knowledge, TNM).
import type { WorkupResult, WorkupToolCall } from '../../../common/contracts';
import { assessResponseTool } from '../../tools/assess_response';
import { readToolConfig } from '../../tools/config';
import { predictBiomarkersTool } from '../../tools/predict_biomarkers';
import { makeSyntheticBag } from '../../tools/predict_biomarkers/synthetic-bag';
import { runTool } from '../../tools/run-tool';
import { tnmStageTool } from '../../tools/tnm_stage';
import type { Tool } from '../../tools/types';
import { variantActionabilityTool } from '../../tools/variant_actionability';

export const OFFLINE_PATIENT = 'demo-colon-x';

/**
 * Runs the tools and assembles the workup.
 * @param id - Workup id.
 * @returns The workup (createdAt fixed, so plans are reproducible).
 */
export async function offlineWorkup(id = 'wk-offline-1'): Promise<WorkupResult> {
  const config = readToolConfig({});
  const calls: WorkupToolCall[] = [];
  const call = async (tool: Tool, args: unknown): Promise<string> => {
    const run = await runTool(tool, args, { config });
    const callId = `t${calls.length + 1}`;
    calls.push({
      id: callId,
      tool: tool.name,
      args,
      status: run.status,
      output: run.output,
      message: run.message,
      ms: run.ms,
    });
    if (run.status !== 'ok') throw new Error(`${tool.name} ${run.status}: ${run.message}`);
    return callId;
  };
  const recist = await call(assessResponseTool as unknown as Tool, {
    baseline: [
      { id: 'liver-seg7', site: 'liver', diameterMm: 28.5 },
      { id: 'liver-seg4a', site: 'liver', diameterMm: 16.3 },
    ],
    followUp: [
      { id: 'liver-seg7', site: 'liver', diameterMm: 36.7 },
      { id: 'liver-seg4a', site: 'liver', diameterMm: 21.9 },
    ],
    newLesions: false,
  });
  const bag = makeSyntheticBag({ seed: 5, n: 48, d: 64, positive: { BRAF: true } });
  const predicted = await call(predictBiomarkersTool as unknown as Tool, {
    features: { shape: bag.shape, data: Array.from(bag.data) },
  });
  const braf = await call(variantActionabilityTool as unknown as Tool, {
    gene: 'BRAF',
    alteration: 'V600E',
    tumorType: 'colorectal cancer',
  });
  const stage = await call(tnmStageTool as unknown as Tool, { site: 'colorectal', t: 'pT3', n: 'pN1a', m: 'cM0' });
  return {
    id,
    patient: { id: OFFLINE_PATIENT, name: 'Test Patient' },
    fhirBase: 'http://127.0.0.1:9/fhir',
    question: 'Which first-line therapy?',
    mode: 'none',
    createdAt: '2026-11-20T08:00:00Z',
    toolCalls: calls,
    findings: [
      { kind: 'response', text: 'Progressive disease', sources: [`tool:${recist}`] },
      { kind: 'biomarker', text: 'BRAF V600E predicted (demo model)', sources: [`tool:${predicted}`] },
      {
        kind: 'therapy',
        text: 'BRAF V600E: encorafenib + cetuximab',
        sources: [`tool:${braf}`, `record:Observation/${OFFLINE_PATIENT}-braf`],
      },
      { kind: 'stage', text: 'Stage IIIB', sources: [`tool:${stage}`, `record:Condition/${OFFLINE_PATIENT}-primary`] },
    ],
    evidence: [],
    answer: { markdown: 'Progressive disease; BRAF V600E: encorafenib + cetuximab.', statements: [] },
    suggestions: [],
    usage: { llmCalls: 0, promptTokens: 0, completionTokens: 0 },
    timings: {},
  };
}
