// `oncoagent workup --write`: builds the write-back plan of a finished workup and commits it with the same
// credentials (one atomic, idempotent transaction), then says what was created and what was already there.
import type { WorkupResult } from '../agent/workup-result';
import type { FhirClient } from '../fhir/fhir-client';
import { buildPlan, commitPlan } from '../writeback';
import { CliError } from './cli-error';

/** SMART scopes the CLI asks for when it will write: read and search everything, create the outputs. */
export const WRITE_SCOPE = 'system/*.rs system/*.c';

export interface WriteSummary {
  created: number;
  existing: number;
  /** Findings the plan could not turn into resources, with the reason. */
  notWritten: string[];
}

/**
 * Plans and commits the workup's outputs (preliminary, AI-asserted resources until a clinician signs).
 * @param fhir - The client the workup read with (its token must allow creates).
 * @param result - The workup; its `writeBack` is set to the committed Bundle.
 * @returns Counts; throws CliError when the plan is not valid, or the server's OperationOutcomeError.
 */
export async function writeWorkup(fhir: FhirClient, result: WorkupResult): Promise<WriteSummary> {
  const plan = buildPlan({ workup: result });
  if (!plan.valid) {
    const errors = (plan.outcome.issue ?? []).filter((i) => i.severity === 'error' || i.severity === 'fatal');
    throw new CliError(
      `The write-back plan is not valid, nothing was written: ${errors.map((i) => i.details?.text ?? i.diagnostics).join('; ')}`
    );
  }
  result.writeBack = plan.bundle;
  const committed = await commitPlan(fhir, plan.bundle);
  return {
    created: committed.created.length,
    existing: committed.existing.length,
    notWritten: plan.notWritten.map((n) => `${n.text}: ${n.reason}`),
  };
}

/** One line for the terminal. */
export function writeLine(s: WriteSummary): string {
  const skipped = s.notWritten.length ? `; not written: ${s.notWritten.join('; ')}` : '';
  return `Written to the chart: ${s.created} resources created, ${s.existing} already present${skipped}\n`;
}
