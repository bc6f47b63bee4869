// Commits a validated plan with the caller's token and says plainly what was created, what was already there, and —
// when the token lacks write scopes — what it would need. Each entry's conditional-create query is looked up first
// (one batch), then the missing entries go in one atomic transaction of plain creates (see two-phase.ts).
import { forbidden, OperationOutcomeError, unauthorized } from '@medplum/core';
import type { Bundle, OperationOutcome, OperationOutcomeIssue, Resource } from '@medplum/fhirtypes';
import type { FhirResource } from 'fhir-kit-client';
import { type FhirClient, withRetries } from '../fhir/fhir-client';
import { isSigned } from './sign';
import { existenceBatch, pendingTransaction, readExistence } from './two-phase';
import { hasErrors } from './validate';
import { validatePlan } from './validate-plan';

export interface CommittedEntry {
  fullUrl: string;
  resourceType: string;
  /** `Type/id` on the server. */
  location: string;
}

export interface CommitResult {
  created: CommittedEntry[];
  /** Entries the server already had (an earlier commit of the same workup): nothing new was written for them. */
  existing: CommittedEntry[];
  outcome: OperationOutcome;
}

const note = (
  severity: OperationOutcomeIssue['severity'],
  code: OperationOutcomeIssue['code'],
  text: string
): OperationOutcomeIssue => ({ severity, code, details: { text } });

const typesOf = (bundle: Bundle): string[] =>
  [...new Set((bundle.entry ?? []).map((e) => e.resource?.resourceType ?? ''))].filter(Boolean);

/** Turns the server's refusal into a message that says what is missing; nothing was written in any case. */
function refusal(err: OperationOutcomeError, writing: Bundle, phase: 'check' | 'write'): OperationOutcomeError {
  const issue = err.outcome.issue?.[0];
  const detail = (issue?.details?.text ?? '').replace(/^The access token does not allow this request: /, '');
  if (issue?.code === 'forbidden') {
    const scope = /scope allowing '(\w)' on (\w+)/.exec(detail);
    const outside = /(\w+)\/\(new\) is outside the launch patient's compartment/.exec(detail);
    const what =
      phase === 'check'
        ? `the token cannot search the chart for an earlier commit of this plan (${detail})`
        : scope
          ? `the token has no write scope for ${scope[2]} (it needs e.g. user/${scope[2]}.c or patient/${scope[2]}.c)`
          : outside
            ? `the token's patient/ scopes cannot write ${outside[1]}, which is not in the patient's compartment (it needs user/${outside[1]}.c)`
            : `the token does not allow writing ${typesOf(writing).join(', ')}${detail ? ` (${detail})` : ''}`;
    return new OperationOutcomeError({
      ...forbidden,
      issue: [note('error', 'forbidden', `Nothing was written: ${what}`)],
    });
  }
  if (issue?.code === 'login') {
    const text = 'Nothing was written: the FHIR server rejected the access token (expired or invalid); sign in again';
    return new OperationOutcomeError({ ...unauthorized, issue: [note('error', 'login', text)] });
  }
  return new OperationOutcomeError({
    ...err.outcome,
    issue: [note('error', issue?.code ?? 'exception', `Nothing was written: ${detail || 'the request failed'}`)],
  });
}

async function send(fhir: FhirClient, body: Bundle, kind: 'batch' | 'transaction'): Promise<Bundle> {
  return (await withRetries(
    fhir,
    (signal) => fhir.client[kind]({ body: body as unknown as FhirResource, options: { signal } }),
    // A transaction is sent once: after a lost response it may have been applied already.
    { idempotent: kind === 'batch' }
  )) as unknown as Bundle;
}

const locationOf = (r: Resource): string => `${r.resourceType}/${r.id}`;

/**
 * Validates and commits a plan. Every entry is identified by a stable identifier (tag for Provenance), so committing
 * the same plan again, or retrying after a lost response, writes nothing new.
 * @param fhir - Client with the token to write with.
 * @param bundle - The plan (signed or not).
 * @returns Created and already-present entries; throws an OperationOutcomeError (400 invalid plan, 401, 403, 412…).
 */
export async function commitPlan(fhir: FhirClient, bundle: Bundle): Promise<CommitResult> {
  const validation = validatePlan(bundle);
  if (hasErrors(validation)) {
    throw new OperationOutcomeError({
      ...validation,
      issue: [note('error', 'invalid', 'The plan is not valid, so nothing was written'), ...(validation.issue ?? [])],
    });
  }
  let lookup: ReturnType<typeof readExistence>;
  try {
    lookup = readExistence(bundle, await send(fhir, existenceBatch(bundle), 'batch'));
  } catch (err) {
    throw err instanceof OperationOutcomeError ? refusal(err, bundle, 'check') : err;
  }
  if (lookup.failed.length) {
    const f = lookup.failed[0];
    const code = f.status === 403 ? 'forbidden' : f.status === 401 ? 'login' : 'exception';
    throw refusal(
      new OperationOutcomeError({ resourceType: 'OperationOutcome', issue: [note('error', code, f.text)] }),
      bundle,
      'check'
    );
  }
  if (lookup.ambiguous.length) {
    throw new OperationOutcomeError({
      resourceType: 'OperationOutcome',
      id: 'precondition-failed',
      issue: lookup.ambiguous.map((q) =>
        note('error', 'duplicate', `Nothing was written: more than one resource matches ${q}`)
      ),
    });
  }
  const found = lookup.found;
  const ids = new Map([...found].map(([fullUrl, r]) => [fullUrl, locationOf(r)]));
  const pending = pendingTransaction(bundle, ids);
  let response: Bundle = { resourceType: 'Bundle', type: 'transaction-response', entry: [] };
  if (pending.entry?.length) {
    try {
      response = await send(fhir, pending, 'transaction');
    } catch (err) {
      throw err instanceof OperationOutcomeError ? refusal(err, pending, 'write') : err;
    }
  }
  const created = (pending.entry ?? []).map((e, i) => ({
    fullUrl: e.fullUrl ?? '',
    resourceType: e.resource?.resourceType ?? '',
    location: (response.entry?.[i]?.response?.location ?? '').replace(/\/_history\/.*$/, ''),
  }));
  const existing = (bundle.entry ?? [])
    .filter((e) => found.has(e.fullUrl ?? ''))
    .map((e) => ({
      fullUrl: e.fullUrl ?? '',
      resourceType: e.resource?.resourceType ?? '',
      location: ids.get(e.fullUrl ?? '') ?? '',
    }));
  const issues = [
    note(
      'information',
      'informational',
      `Created ${created.length} resources; ${existing.length} were already present`
    ),
  ];
  const stale = existing.filter((e) => (found.get(e.fullUrl) as { status?: string }).status === 'preliminary');
  if (isSigned(bundle) && stale.length) {
    issues.push(
      note(
        'warning',
        'business-rule',
        `${stale.length} resources were written earlier as preliminary and were not changed by this signed commit: ${stale.map((e) => e.location).join(', ')}`
      )
    );
  }
  return { created, existing, outcome: { resourceType: 'OperationOutcome', issue: issues } };
}
