// Runs one export: walks the store type by type, keeps what the level, `_since`, the transaction time and the caller's
// scopes allow, and appends it to NDJSON files, yielding to the server between batches so it stays responsive.
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { normalizeOperationOutcome, OperationOutcomeError } from '@medplum/core';
import type { OperationOutcome, Resource } from '@medplum/fhirtypes';
import { compartmentReferences } from '../fhir/compartment';
import type { ScopedRepository } from '../fhir/scoped-repository';
import type { BulkJob, BulkJobStore } from './job-store';
import type { IgnoredParameter } from './params';
import { NdjsonWriter } from './writer';

/** Which patients' compartments an export covers: every patient's, or those of a Group's members. */
export type Members = { kind: 'all' } | { kind: 'patients'; ids: ReadonlySet<string> };

/** Everything a job needs to run, decided at kick-off. */
export interface ExportPlan {
  types: string[];
  /** Undefined for a system-level export (no compartment filter). */
  members?: Members;
  since?: string;
  ignored: IgnoredParameter[];
  maxLinesPerFile?: number;
}

const BATCH = 200;
const PATIENT_REF = /(?:^|\/)Patient\/([^/]+)$/;

/** True when the resource belongs to a covered patient's compartment (Patient: is one of them). */
export function inMembers(resource: Resource, members: Members): boolean {
  if (resource.resourceType === 'Patient') return members.kind === 'all' || members.ids.has(resource.id ?? '');
  return compartmentReferences(resource).some((ref) => {
    const id = PATIENT_REF.exec(ref)?.[1];
    return id !== undefined && (members.kind === 'all' || members.ids.has(id));
  });
}

function updatedIn(resource: Resource, since: number | undefined, until: number): boolean {
  const at = Date.parse(resource.meta?.lastUpdated ?? '');
  if (Number.isNaN(at)) return since === undefined;
  return at <= until && (since === undefined || at > since);
}

/** The OperationOutcome that reports one parameter a lenient kick-off had ignored. */
function ignoredOutcome(p: IgnoredParameter): OperationOutcome {
  return {
    resourceType: 'OperationOutcome',
    issue: [{ severity: 'warning', code: 'not-supported', details: { text: `Ignored ${p.name}: ${p.reason}` } }],
  };
}

/**
 * Runs a job to the end and records the result in the store (never throws). A cancelled job stops at the next
 * resource and leaves the cleanup to whoever cancelled it.
 * @param job - The queued job.
 * @param plan - What to export.
 * @param view - The store as the kick-off's caller sees it.
 * @param store - Where the result is recorded.
 * @param startSignal - Awaited before the job starts (a test seam; resolved at once normally).
 */
export async function runExport(
  job: BulkJob,
  plan: ExportPlan,
  view: ScopedRepository,
  store: BulkJobStore,
  startSignal: Promise<unknown> = Promise.resolve()
): Promise<void> {
  const signal = job.controller.signal;
  const output = new NdjsonWriter(job.dir, { maxLines: plan.maxLinesPerFile });
  const errors = new NdjsonWriter(job.dir, { prefix: 'error-' });
  try {
    await startSignal;
    if (signal.aborted) throw signal.reason;
    job.state = 'running';
    const since = plan.since ? Date.parse(plan.since) : undefined;
    const until = Date.parse(job.transactionTime);
    let written = 0;
    for (const [index, type] of plan.types.entries()) {
      job.progress = `${written} resources written; exporting ${type} (type ${index + 1} of ${plan.types.length})`;
      let seen = 0;
      for (const resource of view.store.matching({ resourceType: type as never })) {
        if (++seen % BATCH === 0) await yieldToLoop();
        if (signal.aborted) throw signal.reason;
        if (!updatedIn(resource, since, until)) continue;
        if (plan.members && !inMembers(resource, plan.members)) continue;
        if (!(await view.canRead(resource))) continue;
        await output.write(resource);
        written++;
      }
      await yieldToLoop();
    }
    for (const p of plan.ignored) await errors.write(ignoredOutcome(p));
    store.finish(job, { output: await output.close(), error: await errors.close() });
  } catch (err) {
    output.abort();
    errors.abort();
    if (signal.aborted) return;
    // File-system messages name server paths: report only what a client can act on.
    const failure: OperationOutcome =
      err instanceof OperationOutcomeError
        ? normalizeOperationOutcome(err)
        : {
            resourceType: 'OperationOutcome',
            issue: [{ severity: 'error', code: 'exception', details: { text: 'The export failed; start a new one' } }],
          };
    store.finish(job, { failure });
  }
}
