// Transaction Bundles, run by Medplum's Bundle processor (entry ordering, urn:uuid references, conditional
// identities) over the caller's view of the store, in the way the emulated server runs them:
// - default (spec): atomic whatever its size; the first failing entry fails the whole Bundle and nothing is kept;
// - Medplum, atomic transactions on: atomic, with Medplum's limits (more than 50 updates, or a conditional entry in a
//   Bundle of more than 8 entries, is refused 400 before anything is written);
// - Medplum, atomic transactions off (Medplum's default): entries run one by one as in a batch; each refused entry
//   gets its own status inside a 200 `transaction-response`, and the entries before it stay written.
import { badRequest, getStatus, OperationOutcomeError } from '@medplum/core';
import type { Bundle, OperationOutcome } from '@medplum/fhirtypes';
import { type Emulation, isMedplum } from '../emulation';
import type { Access } from './access';
import type { FhirResult, FhirService } from './fhir-service';
import { classify, type HttpMethod } from './interaction';

const ENTRY_KINDS = new Set(['search', 'create', 'read', 'vread', 'history', 'update', 'patch', 'delete']);

/**
 * Refuses entries that are not plain REST interactions on a resource type: a nested Bundle would escape the entry
 * limit (a thousand Bundles of a thousand entries each), and operations such as `$graphql` are not served.
 * @param bundle - The transaction.
 */
function checkEntries(bundle: Bundle): void {
  for (const [index, entry] of (bundle.entry ?? []).entries()) {
    const method = entry.request?.method as HttpMethod | undefined;
    const path = (entry.request?.url ?? '').replace(/^\/+/, '').split('?')[0] ?? '';
    const kind = method ? classify(method, path)?.kind : undefined;
    if (!kind || !ENTRY_KINDS.has(kind)) {
      const what = `${method ?? '(no method)'} ${entry.request?.url ?? '(no url)'}`;
      throw new OperationOutcomeError(badRequest(`Bundle.entry[${index}]: unsupported request ${what}`));
    }
  }
}

/**
 * Runs a transaction Bundle.
 * @param service - The FHIR service.
 * @param bundle - A transaction Bundle with at least one entry.
 * @param access - The caller.
 * @param emulation - Whose transaction semantics apply (undefined: the spec's).
 * @returns A transaction-response (200), or the failure as an OperationOutcome error.
 */
export function runTransaction(
  service: FhirService,
  bundle: Bundle,
  access: Access,
  emulation: Emulation | undefined
): Promise<FhirResult> {
  checkEntries(bundle);
  const view = service.view(access);
  const request = { method: 'POST' as const, path: '', params: new URLSearchParams(), body: bundle };
  const repo = service.repo;
  if (isMedplum(emulation) && !emulation?.atomicTransactions) {
    return repo.exclusive(() => service.route(request, view, { transactions: false }));
  }
  const atomicInRouter = isMedplum(emulation);
  return repo.exclusive(() =>
    repo.withTransaction(async () => {
      // Default mode runs the entries as the router's batch (no Medplum limits) and fails on the first refusal.
      const result = await service.route(request, view, { transactions: atomicInRouter });
      if (result.status >= 400) throw new OperationOutcomeError(result.body as OperationOutcome);
      const failure = firstFailure(result.body as Bundle);
      if (failure) throw new OperationOutcomeError(failure);
      return result;
    })
  );
}

/** The outcome of the first refused entry, its text prefixed with the entry's position. */
function firstFailure(response: Bundle): OperationOutcome | undefined {
  for (const [index, entry] of (response.entry ?? []).entries()) {
    const outcome = entry.response?.outcome;
    if (!outcome || getStatus(outcome) < 400) continue;
    const where = `Bundle.entry[${index}]`;
    return {
      ...outcome,
      issue: (outcome.issue ?? []).map((issue) => ({
        ...issue,
        details: { ...issue.details, text: `${where}: ${issue.details?.text ?? issue.diagnostics ?? 'failed'}` },
        expression: issue.expression?.length ? issue.expression : [where],
      })),
    };
  }
  return undefined;
}
