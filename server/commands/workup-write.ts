// `oncoagent workup --write`: builds the write-back plan of a finished workup and commits it with the same
// credentials (conditional creates, every entry of the answer checked), then says exactly what is in the chart now
// and what the EHR refused. Anything short of a complete write is exit code 1.

import type { WorkupResult } from '../../common/contracts';
import { CLI_WRITE_SCOPE } from '../../common/smart/scopes';
import type { FhirClient } from '../fhir/fhir-client';
import { buildPlan, type CommitReport, commitPlan } from '../writeback';
import { CliError } from './cli-error';

/** SMART scopes the CLI asks for when it will write: explicit per type (no wildcard; see common/smart/scopes.ts). */
export const WRITE_SCOPE = CLI_WRITE_SCOPE;

export interface WriteSummary {
  created: number;
  existing: number;
  /** Earlier results marked superseded, earlier preliminary copies signed. */
  superseded: number;
  /** Findings the plan could not turn into resources, with the reason. */
  notWritten: string[];
  report: CommitReport;
}

/** A commit that did not write everything: the CLI prints the details and exits 1. */
export class IncompleteWriteError extends CliError {
  constructor(readonly report: CommitReport) {
    super(`${report.message}\n${writeDetails(report)}`);
  }
}

/**
 * Plans and commits the workup's outputs (preliminary, AI-asserted resources until a clinician signs).
 * @param fhir - The client the workup read with (its token must allow creates).
 * @param result - The workup; its `writeBack` is set to the committed Bundle.
 * @param signal - Cancellation.
 * @returns Counts; throws CliError when the plan is not valid, IncompleteWriteError when the EHR refused anything.
 */
export async function writeWorkup(fhir: FhirClient, result: WorkupResult, signal?: AbortSignal): Promise<WriteSummary> {
  const plan = buildPlan({ workup: result });
  if (!plan.valid) {
    const errors = (plan.outcome.issue ?? []).filter((i) => i.severity === 'error' || i.severity === 'fatal');
    throw new CliError(
      `The write-back plan is not valid, nothing was written: ${errors.map((i) => i.details?.text ?? i.diagnostics).join('; ')}`
    );
  }
  result.writeBack = plan.bundle;
  const report = await commitPlan(fhir, plan.bundle, signal);
  if (!report.ok) throw new IncompleteWriteError(report);
  return {
    created: report.created.length,
    existing: report.existing.length,
    superseded: report.superseded.length,
    notWritten: plan.notWritten.map((n) => `${n.text}: ${n.reason}`),
    report,
  };
}

/** Every entry by outcome, one per line, for the terminal. */
export function writeDetails(r: CommitReport): string {
  const lines = [
    ...r.created.map((e) => `  created   ${e.location}`),
    ...r.existing.map((e) => `  present   ${e.location}`),
    ...r.signedOff.map((e) => `  signed    ${e.location}`),
    ...r.superseded.map((e) => `  replaced  ${e.location} (tagged superseded)`),
    ...r.refused.map((e) => `  REFUSED   ${e.resourceType}${e.status ? ` ${e.status}` : ''}: ${e.text}`),
    ...r.undone.map((e) => `  undone    ${e.location} (written, then taken back)`),
    ...r.left.map((e) => `  LEFT      ${e.resourceType}: ${e.text}`),
  ];
  return lines.join('\n');
}

/** One line for the terminal. */
export function writeLine(s: WriteSummary): string {
  const skipped = s.notWritten.length ? `; not written: ${s.notWritten.join('; ')}` : '';
  const replaced = s.superseded ? `, ${s.superseded} earlier results superseded` : '';
  return `Written to the chart: ${s.created} resources created, ${s.existing} already present${replaced}${skipped}\n`;
}
