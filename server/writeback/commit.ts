// Commits a plan from the server side (CLI, API): validates it against base R4 and our profiles first (nothing invalid
// is ever sent), then runs the one shared commit (common/writeback/commit.ts) with the caller's token.
import { OperationOutcomeError } from '@medplum/core';
import type { Bundle, OperationOutcomeIssue } from '@medplum/fhirtypes';
import { type CommitReport, commitPlan as commitWith } from '../../common/writeback/commit';
import type { FhirClient } from '../fhir/fhir-client';
import { fhirTransport } from '../fhir/transport';
import { hasErrors } from './validate';
import { validatePlan } from './validate-plan';

export type { CommitReport, RefusedEntry, WrittenEntry } from '../../common/writeback/commit';

const note = (text: string): OperationOutcomeIssue => ({ severity: 'error', code: 'invalid', details: { text } });

/**
 * Validates and commits a plan.
 * @param fhir - Client with the token to write with.
 * @param bundle - The plan (signed or not).
 * @param signal - Cancellation.
 * @returns The commit report (`ok` only when every entry is in the chart); throws a 400 OperationOutcomeError when
 *   the plan is not valid, before anything is sent.
 */
export async function commitPlan(fhir: FhirClient, bundle: Bundle, signal?: AbortSignal): Promise<CommitReport> {
  const validation = validatePlan(bundle);
  if (hasErrors(validation)) {
    throw new OperationOutcomeError({
      ...validation,
      issue: [note('The plan is not valid, so nothing was written'), ...(validation.issue ?? [])],
    });
  }
  return commitWith(fhirTransport(fhir), bundle, signal);
}
