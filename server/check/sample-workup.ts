// The write test's payload: a real workup result about the synthetic test patient, made by running the TNM staging
// tool in-process (no record, no model), so the write test commits exactly the kind of Bundle a clinician's sign does:
// Devices, staging Observations, the workup DiagnosticReport and the Provenance.
import type { WorkupResult } from '../../common/contracts';
import { readToolConfig } from '../tools/config';
import { runTool } from '../tools/run-tool';
import { tnmStageTool } from '../tools/tnm_stage';
import type { Tool } from '../tools/types';

/**
 * Stages a synthetic colorectal cancer and wraps the call as a finished workup.
 * @param patientId - The test patient's id on the server.
 * @param fhirBase - The server.
 * @param id - The workup id (unique per run, so conditional creates never match an earlier test's results).
 * @returns The workup.
 */
export async function sampleWorkup(patientId: string, fhirBase: string, id: string): Promise<WorkupResult> {
  const args = { site: 'colorectal', t: 'pT3', n: 'pN1a', m: 'cM0' };
  const run = await runTool(tnmStageTool as unknown as Tool, args, { config: readToolConfig({}) });
  if (run.status !== 'ok') throw new Error(`The staging tool failed: ${run.message ?? run.status}`);
  return {
    id,
    patient: { id: patientId, name: 'OncoAgent check (synthetic)' },
    fhirBase,
    question: 'Self-test of the write-back (synthetic patient)',
    mode: 'none',
    createdAt: new Date().toISOString(),
    toolCalls: [{ id: 't1', tool: 'tnm_stage', args, status: run.status, output: run.output, ms: run.ms }],
    findings: [{ kind: 'stage', text: 'Stage IIIB (synthetic self-test)', sources: ['tool:t1'] }],
    evidence: [],
    answer: { markdown: 'Synthetic self-test of the write-back: stage IIIB.', statements: [] },
    suggestions: [],
    usage: { llmCalls: 0, promptTokens: 0, completionTokens: 0 },
    timings: {},
  };
}
